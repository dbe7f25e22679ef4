// Writes firebase/firebase.json's hosting headers from a build (decision 049):
// `npm run headers` (BUILD_DIR, default build) after `npm run build` with the production
// environment, before `firebase deploy`. The Content-Security-Policy holds the build's inline-script
// hashes and exactly the Firebase hosts of its configuration, so it is taken from the header set
// that build wrote (<build>/security-headers.json, made by scripts/security-headers.mjs, the module
// scripts/serve.mjs sends from too), never typed by hand. The caching rules come from that module as
// well. Everything else in firebase.json is kept as it is. The committed firebase.json holds what
// this writes for the demo build.
//
// `--check` compares instead of writing and exits 1 when firebase.json differs from the build.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHE_RULES, parseSecurityHeaders, SECURITY_HEADERS_FILE } from './security-headers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const FIREBASE_JSON = join(root, 'firebase', 'firebase.json');

const header = (key, value) => ({ key, value });

/**
 * The `hosting.headers` list for a header set. Firebase Hosting applies every rule whose source
 * matches, in order, a later rule replacing an earlier one's value for the same header (firebase-
 * tools #9467), and matches the request path before the SPA rewrite: the catch-all first (security
 * headers on every response, and `no-cache` for the client routes that are index.html), then the
 * specific caching rules, the same as scripts/serve.mjs's cacheControlFor.
 */
/** @param {Record<string, string>} securityHeaders */
export function hostingHeaders(securityHeaders) {
  const cache = (source, value) => ({ source, headers: [header('Cache-Control', value)] });
  return [
    {
      source: '**',
      headers: [
        ...Object.entries(securityHeaders).map(([key, value]) => header(key, value)),
        header('Cache-Control', CACHE_RULES.revalidate),
      ],
    },
    ...CACHE_RULES.immutablePrefixes.map((prefix) => cache(`${prefix}**`, CACHE_RULES.immutable)),
    ...CACHE_RULES.revalidatePaths.map((path) => cache(path, CACHE_RULES.revalidate)),
    ...CACHE_RULES.revalidatePrefixes.map((prefix) => cache(`${prefix}**`, CACHE_RULES.revalidate)),
    ...CACHE_RULES.noStorePaths.map((path) => cache(path, CACHE_RULES.never)),
  ];
}

/** The security headers a hosting header list sends on `path` (for tests and --check). */
/**
 * @param {{ source: string; headers: { key: string; value: string }[] }[]} headers
 * @param {string} path
 * @returns {Record<string, string>}
 */
export function headersForPath(headers, path) {
  const matches = (source) =>
    source === '**' ||
    source === path ||
    (source.endsWith('/**') && path.startsWith(source.slice(0, -2)));
  const result = {};
  for (const rule of headers) {
    if (!matches(rule.source)) continue;
    for (const { key, value } of rule.headers) result[key] = value;
  }
  return result;
}

/** firebase.json's text with its hosting headers replaced; the rest of the file as it was. */
export function withHostingHeaders(firebaseJsonText, securityHeaders) {
  const config = JSON.parse(firebaseJsonText);
  if (!config.hosting || typeof config.hosting !== 'object' || Array.isArray(config.hosting)) {
    throw new Error('firebase/firebase.json has no hosting object to write the headers into');
  }
  config.hosting.headers = hostingHeaders(securityHeaders);
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** The text formatted as `prettier --write` would, so writing it leaves nothing to reformat. */
async function formatted(text, file) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

export function readBuildHeaders(buildDir) {
  const file = join(buildDir, SECURITY_HEADERS_FILE);
  if (!existsSync(file)) {
    throw new Error(
      `${file} does not exist: build first (npm run build, with the production environment), ` +
        'then write the headers.',
    );
  }
  return parseSecurityHeaders(readFileSync(file, 'utf8'), file);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const buildDir = join(
    root,
    args.find((arg) => !arg.startsWith('--')) ?? process.env.BUILD_DIR ?? 'build',
  );
  try {
    const current = readFileSync(FIREBASE_JSON, 'utf8');
    const next = withHostingHeaders(current, readBuildHeaders(buildDir));
    if (check) {
      // Compared as data: formatting is prettier's business, not the headers'.
      if (JSON.stringify(JSON.parse(next)) !== JSON.stringify(JSON.parse(current))) {
        console.error(
          'firebase/firebase.json does not hold the headers of this build: run npm run headers.',
        );
        process.exit(1);
      }
      console.log('firebase/firebase.json holds the headers of this build.');
    } else {
      writeFileSync(FIREBASE_JSON, await formatted(next, FIREBASE_JSON));
      const csp = readBuildHeaders(buildDir)['Content-Security-Policy'];
      console.log(`Wrote the hosting headers of ${buildDir} to firebase/firebase.json:\n${csp}`);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
