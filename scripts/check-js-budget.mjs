// The JavaScript budget of the first load (issue 11, Goal P4): `node scripts/check-js-budget.mjs
// [buildDir] [--path /login] [--budget-kib 120]` reads the build's Remix manifest
// (<buildDir>/client/assets/manifest-*.js, the one index.html loads through its boot script
// /assets/boot-*.js, decision 049), works out what a first visit of the path downloads before it can
// run — the boot script, the manifest itself, the client entry, and the modules
// of every matched route with their static imports — gzips each file (level 9, like the
// precompressed `.gz` copies) and prints a table. It exits 1 when the total is over the budget.
// Dynamic imports are not counted: they are what the budget pushes out of the first load. The
// entry's own dynamic imports (the demo backend, loaded in parallel in demo mode) are listed
// separately. `npm run test:e2e` runs it right after the build.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const DEFAULT_BUDGET_KIB = 120;

/** The Remix manifest object from the text of manifest-*.js (`window.__remixManifest={…};`). */
export function parseRemixManifest(source) {
  const start = source.indexOf('{');
  const end = source.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('No manifest object in manifest-*.js');
  return JSON.parse(source.slice(start, end + 1));
}

function segments(path) {
  return (path ?? '').split('/').filter(Boolean);
}

/** A route's full path pattern, from the root down (pathless layouts add nothing). */
function fullSegments(manifest, id) {
  const chain = [];
  for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) {
    chain.unshift(...segments(route.path));
    if (!route.parentId) break;
  }
  return chain;
}

function matches(pattern, parts) {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '*') return true;
    if (i >= parts.length) return false;
    if (pattern[i].startsWith(':')) continue;
    if (pattern[i] !== parts[i]) return false;
  }
  return pattern.length === parts.length;
}

/**
 * The route ids a path matches, root first: the most specific leaf (static segments beat params,
 * params beat a splat; an index route is the leaf of its parent's path) and its ancestors.
 */
export function matchRoutes(manifest, pathname) {
  const parts = segments(pathname);
  const routes = Object.values(manifest.routes);
  const parents = new Set(routes.map((route) => route.parentId).filter(Boolean));
  // Most specific first: no splat before a splat, then static segments before parameters, then
  // an index route before its layout.
  const splat = (pattern) => (pattern.includes('*') ? 1 : 0);
  const score = (pattern) => pattern.reduce((sum, s) => sum + (s.startsWith(':') ? 1 : 100), 0);
  const leaves = routes
    .filter((route) => route.index || !parents.has(route.id))
    .map((route) => ({ route, pattern: fullSegments(manifest, route.id) }))
    .filter(({ pattern }) => matches(pattern, parts))
    .sort(
      (a, b) =>
        splat(a.pattern) - splat(b.pattern) ||
        score(b.pattern) - score(a.pattern) ||
        Number(Boolean(b.route.index)) - Number(Boolean(a.route.index)),
    );
  const leaf = leaves[0]?.route;
  if (!leaf) throw new Error(`No route matches ${pathname}`);
  const chain = [];
  for (let route = leaf; route; route = manifest.routes[route.parentId]) {
    chain.unshift(route.id);
    if (!route.parentId) break;
  }
  return chain;
}

/** The files a first visit of `pathname` needs before it runs (URLs as the manifest names them). */
export function firstLoadFiles(manifest, pathname, manifestUrl) {
  const files = new Set(manifestUrl ? [manifestUrl] : []);
  files.add(manifest.entry.module);
  for (const file of manifest.entry.imports ?? []) files.add(file);
  const routeIds = matchRoutes(manifest, pathname);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return { routeIds, files: [...files] };
}

/** The chunks the entry imports dynamically (Vite's __vite__mapDeps list), minus `exclude`. */
export function entryDynamicFiles(entrySource, exclude) {
  const list = /__vite__mapDeps=[^[]*\[([^\]]*)\]/.exec(entrySource)?.[1] ?? '';
  const files = [...list.matchAll(/"([^"]+\.js)"/g)].map((m) => `/${m[1]}`);
  const skip = new Set(exclude);
  return [...new Set(files)].filter((file) => !skip.has(file));
}

/**
 * The page's boot: the external module script the build moved Remix's inline one into
 * (/assets/boot-*.js), or null for a page that still has it inline; and the text that names the
 * manifest (the boot file, else the page itself).
 */
export function readBoot(clientDir, html) {
  const bootUrl =
    /<script\b[^>]*\btype="module"[^>]*\bsrc="(\/assets\/boot-[\w-]+\.js)"/.exec(html)?.[1] ?? null;
  return { bootUrl, source: bootUrl ? readFileSync(join(clientDir, bootUrl), 'utf8') : html };
}

/** Reads a build folder: the manifest index.html loads, and a gzip size per file. */
export function measureFirstLoad(buildDir, pathname) {
  const clientDir = join(buildDir, 'client');
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const { bootUrl, source } = readBoot(clientDir, html);
  const named = /\/assets\/manifest-[\w-]+\.js/.exec(source)?.[0];
  const manifestUrl =
    named ??
    `/assets/${readdirSync(join(clientDir, 'assets')).find((f) => /^manifest-[\w-]+\.js$/.test(f))}`;
  const manifest = parseRemixManifest(readFileSync(join(clientDir, manifestUrl), 'utf8'));
  const { routeIds, files: routeFiles } = firstLoadFiles(manifest, pathname, manifestUrl);
  const files = bootUrl ? [bootUrl, ...routeFiles] : routeFiles;
  const gzipSize = (file) => gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;
  const rows = files.map((file) => ({ file, gzip: gzipSize(file) }));
  const entrySource = readFileSync(join(clientDir, manifest.entry.module), 'utf8');
  const parallel = entryDynamicFiles(entrySource, files).map((file) => ({
    file,
    gzip: gzipSize(file),
  }));
  return { routeIds, rows, parallel, total: rows.reduce((sum, row) => sum + row.gzip, 0) };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const at = args.indexOf(name);
    return at >= 0 ? args.splice(at, 2)[1] : undefined;
  };
  const pathname = option('--path') ?? '/login';
  const budgetKib = Number(option('--budget-kib') ?? DEFAULT_BUDGET_KIB);
  const buildDir = args[0] ?? process.env.BUILD_DIR ?? 'build';
  const { routeIds, rows, parallel, total } = measureFirstLoad(buildDir, pathname);
  console.log(`First load of ${pathname} (${buildDir}; routes: ${routeIds.join(' > ')})`);
  for (const row of [...rows].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${kib(row.gzip).padStart(10)}  ${row.file}`);
  }
  console.log(`  ${kib(total).padStart(10)}  total gzip JavaScript in ${rows.length} files`);
  if (parallel.length > 0) {
    console.log('Loaded by the entry on demand (the demo backend in demo mode), not counted:');
    for (const row of parallel.sort((a, b) => b.gzip - a.gzip)) {
      console.log(`  ${kib(row.gzip).padStart(10)}  ${row.file}`);
    }
  }
  const budget = budgetKib * 1024;
  if (total > budget) {
    console.error(`Over budget: ${kib(total)} > ${budgetKib} KiB for ${pathname}.`);
    process.exit(1);
  }
  console.log(`Within budget: ${kib(total)} ≤ ${budgetKib} KiB.`);
}
