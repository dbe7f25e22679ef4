// Serves the production build (build/client) on localhost with a single-page-app fallback: a path
// that is not a file gets index.html, and the client router decides (including the 404 page). A
// missing file with an extension (/assets/gone.js) is a real 404, so a stale chunk never receives
// HTML. sirv does the file serving (ETags, ranges, content types, and the `.br`/`.gz` copies that
// scripts/compress-build.ts writes at build time, chosen by Accept-Encoding with `Vary`); this file
// sets the caching rules: hashed /assets/* are immutable for a year; index.html (and every SPA
// fallback), sw.js, the web manifest and /builds/* (the version files) are revalidated on every
// load; /connectivity-check is never stored. Those rules and the security headers (the
// Content-Security-Policy and the others, decision 049) come from scripts/security-headers.mjs, the
// module firebase/firebase.json is written from too; the headers of a build are the ones its build
// wrote to <build>/security-headers.json (its inline-script hashes and its Firebase hosts), sent on
// every response.
//
// Server mode (the default for a demo build, decision 033): the fake Firebase bundled at build time
// (<build>/fake-firebase/server.mjs) answers the Emulator Suite paths on the same port, and
// index.html is marked `<html data-fake-firebase="server">` so the page connects the
// SDK's emulators to its own origin. `--fake=in-page` (or FAKE_FIREBASE=in-page) serves the plain
// static build, as a static host would. `--fresh` reseeds the fake's saved state.
//
// The fence (issue 28): it listens on 127.0.0.1 unless HOST is set, and with the fake on another
// address it prints a warning that anyone on the network can read and change the demo data. The
// fake itself refuses other origins and Host names it does not know (FAKE_FIREBASE_ALLOWED_HOSTS
// adds names besides IP addresses and localhost), and its console control wants a per-start secret
// (mocks/server.ts).
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import sirv from 'sirv';
import {
  cacheControlFor,
  CACHE_RULES,
  parseSecurityHeaders,
  SECURITY_HEADERS_FILE,
} from './security-headers.mjs';

const NO_STORE = new Set(CACHE_RULES.noStorePaths);
/**
 * An attribute on <html>, not an element: React hydrates the whole document, and an element it did
 * not render would fail the hydration (an attribute is not compared in production builds).
 */
const SERVER_MODE_MARK = ' data-fake-firebase="server"';

function setHeaders(res, pathname) {
  const cacheControl = cacheControlFor(pathname);
  if (cacheControl) res.setHeader('Cache-Control', cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

/**
 * The security headers a build wrote (<build>/security-headers.json, beside client/), or null for
 * a build made before there were any: it is served without them, and says so.
 */
export function readSecurityHeaders(buildDir) {
  const file = join(buildDir, SECURITY_HEADERS_FILE);
  if (!existsSync(file)) return null;
  return parseSecurityHeaders(readFileSync(file, 'utf8'), file);
}

/** The encoding to send a generated body in: brotli, then gzip, as the client accepts. */
export function pickEncoding(acceptEncoding) {
  const accepted = String(acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * index.html with the server-mode mark; read per request, so a rebuild in place is picked up. It
 * is compressed here (a few KiB, well under a millisecond) because the mark makes it differ from
 * the precompressed copies on disk.
 */
async function sendMarkedIndex(root, req, res) {
  const html = await readFile(join(root, 'index.html'), 'utf8');
  const marked = Buffer.from(html.replace(/<html\b/i, (tag) => `${tag}${SERVER_MODE_MARK}`));
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const body =
    encoding === 'br'
      ? brotliCompressSync(marked, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : encoding === 'gzip'
        ? gzipSync(marked, { level: 9 })
        : marked;
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(body.length));
  setHeaders(res, '/index.html');
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The static server; with `fakeFirebase` (a connect-style middleware from mocks/server.ts) the
 * fake answers its own paths first and every page is marked for server mode. `securityHeaders`
 * (from readSecurityHeaders) go on every response, the fake's included.
 */
export function createStaticServer(root, { fakeFirebase, securityHeaders } = {}) {
  const options = { etag: true, brotli: true, gzip: true, setHeaders };
  const files = sirv(root, options);
  // Every path the SPA fallback answers is index.html, whatever the URL says.
  const spa = sirv(root, {
    ...options,
    single: true,
    setHeaders: (res) => setHeaders(res, '/index.html'),
  });
  const serveStatic = (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const notFound = () => {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not found');
    };
    if (extname(pathname) !== '' && pathname !== '/index.html') files(req, res, notFound);
    else if (NO_STORE.has(pathname)) files(req, res, notFound);
    else if (fakeFirebase) {
      sendMarkedIndex(root, req, res).catch(() => {
        if (!res.headersSent) notFound();
      });
    } else spa(req, res, notFound);
  };
  const security = Object.entries(securityHeaders ?? {});
  return createServer((req, res) => {
    for (const [name, value] of security) res.setHeader(name, value);
    if (fakeFirebase) fakeFirebase(req, res, () => serveStatic(req, res));
    else serveStatic(req, res);
  });
}

/**
 * The address to listen on: 127.0.0.1 unless HOST names another (issue 28). An empty HOST would
 * make Node listen on every address, so it counts as unset.
 * @param {Record<string, string | undefined>} [env]
 */
export function listenHost(env = process.env) {
  return env.HOST || '127.0.0.1';
}

/**
 * The fake's middleware from the build and the warning to print for `host` (null on a loopback
 * address), or null (a production build has none; or in-page asked).
 */
export async function loadFakeFirebase(buildDir, { mode, stateFile, fresh, host }) {
  if (mode === 'in-page') return null;
  const bundle = fileURLToPath(new URL(`../${buildDir}/fake-firebase/server.mjs`, import.meta.url));
  if (!existsSync(bundle)) {
    console.log(
      `No fake Firebase server in ${buildDir}/ (a build with a real Firebase project, or an old ` +
        'build): serving the static app only.',
    );
    return null;
  }
  const fake = await import(pathToFileURL(bundle).href);
  const allowedHosts = [
    ...(process.env.FAKE_FIREBASE_ALLOWED_HOSTS ?? '').split(',').map((name) => name.trim()),
    host,
  ].filter((name) => name !== '');
  // A bundle built before the fence has no warning of its own: any address but 127.0.0.1 warns.
  const warning = fake.networkExposureWarning
    ? fake.networkExposureWarning(host)
    : host === '127.0.0.1'
      ? null
      : `WARNING: the demo server listens on ${host}: anyone on the network can read and change the demo data.`;
  return {
    middleware: fake.createFakeFirebaseMiddleware({ stateFile, fresh, allowedHosts }),
    warning,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const fakeArg = args.find((arg) => arg.startsWith('--fake='))?.slice('--fake='.length);
  const mode = fakeArg ?? process.env.FAKE_FIREBASE ?? 'server';
  if (mode !== 'server' && mode !== 'in-page') {
    console.error(`--fake must be server or in-page, not ${mode}`);
    process.exit(2);
  }
  const port = Number(process.env.PORT ?? 4173);
  const host = listenHost();
  const buildDir = process.env.BUILD_DIR ?? 'build';
  const root = fileURLToPath(new URL(`../${buildDir}/client`, import.meta.url));
  const securityHeaders = readSecurityHeaders(
    fileURLToPath(new URL(`../${buildDir}`, import.meta.url)),
  );
  if (!securityHeaders) {
    console.warn(
      `No ${SECURITY_HEADERS_FILE} in ${buildDir}/ (a build older than its security headers): ` +
        'serving without a Content-Security-Policy. Build again to get one.',
    );
  }
  const fake = await loadFakeFirebase(buildDir, {
    mode,
    stateFile: process.env.FAKE_FIREBASE_STATE ?? '.fake-firebase/state.json',
    fresh: args.includes('--fresh'),
    host,
  });
  const fakeFirebase = fake?.middleware ?? null;
  createStaticServer(root, { fakeFirebase, securityHeaders }).listen(port, host, () => {
    const where = fakeFirebase ? 'with the demo backend on the same port' : 'static';
    console.log(`Learning Centre (production build, ${where}) on http://${host}:${port}/`);
    if (fake?.warning) console.warn(`\n${fake.warning}\n`);
    else if (fakeFirebase) {
      console.log(
        'Other devices on the network: HOST=0.0.0.0 npm start (anyone on the network can then ' +
          'read and change the demo data)',
      );
    }
  });
}
