// Serves the production build (build/client) on localhost with a single-page-app fallback: a path
// that is not a file gets index.html, and the client router decides (including the 404 page). A
// missing file with an extension (/assets/gone.js) is a real 404, so a stale chunk never receives
// HTML. sirv does the file serving (ETags, ranges, content types); this file sets caching rules.
import { createServer } from 'node:http';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

const NO_STORE = new Set(['/connectivity-check']);
const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest']);

function setHeaders(res, pathname) {
  if (NO_STORE.has(pathname)) res.setHeader('Cache-Control', 'no-store');
  else if (NO_CACHE.has(pathname)) res.setHeader('Cache-Control', 'no-cache');
  else if (pathname.startsWith('/assets/'))
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

export function createStaticServer(root) {
  const files = sirv(root, { etag: true, setHeaders });
  const spa = sirv(root, { single: true, etag: true, setHeaders });
  return createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const notFound = () => {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not found');
    };
    if (extname(pathname) !== '' || NO_STORE.has(pathname)) files(req, res, notFound);
    else spa(req, res, notFound);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 4173);
  const host = process.env.HOST ?? '127.0.0.1';
  const buildDir = process.env.BUILD_DIR ?? 'build';
  const root = fileURLToPath(new URL(`../${buildDir}/client`, import.meta.url));
  createStaticServer(root).listen(port, host, () => {
    console.log(`Learning Centre (production build) on http://${host}:${port}/`);
  });
}
