// Writes the service worker's precache list into the built sw.js (decision 040). It runs in
// vite.config's buildEnd, after Remix has written the whole of <build>/client: in SPA mode
// index.html is written last, so a list made by a plugin during the build misses it
// (react-router #14268), and remix-pwa's own asset list misses Remix's manifest-*.js (remix-pwa #240).
// Listing the files actually on disk has neither gap. With the PWA flag off the build ships no
// worker at all, and the page removes any that an earlier build left (app/pwa/service-worker.ts).
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { parseRuntimeConfig } from '../app/config/env';
import {
  PRECACHE_LIST_PLACEHOLDER,
  PRECACHE_VERSION_PLACEHOLDER,
  type PrecacheEntry,
} from '../app/pwa/shell-cache';

const WORKER_FILE = 'sw.js';

/**
 * Files of build/client the worker must not hold: itself, the version files it must always fetch
 * fresh (builds/), the connectivity probe, compressed copies and source maps (scripts/compress-build.ts
 * writes .br/.gz after this runs; a rerun must not pick up old ones), and remix-pwa's worker chunks.
 */
export function isPrecached(path: string): boolean {
  if (path === WORKER_FILE || path === 'connectivity-check') return false;
  if (
    path.startsWith('builds/') ||
    path.startsWith('_shared/') ||
    path.startsWith('fake-firebase/')
  )
    return false;
  if (path.split('/').some((segment) => segment.startsWith('.'))) return false;
  return !/\.(br|gz|map)$/.test(path);
}

function hash(content: string | Buffer, length = 16): string {
  return createHash('sha256').update(content).digest('hex').slice(0, length);
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** The list for the files of `clientDir`, sorted so the same build always gives the same worker. */
export async function precacheList(clientDir: string): Promise<PrecacheEntry[]> {
  const files = (await listFiles(clientDir)).filter(isPrecached).sort();
  return Promise.all(
    files.map(async (file) => ({
      url: `/${file}`,
      revision: hash(await readFile(join(clientDir, file))),
    })),
  );
}

function pwaEnabled(env: Record<string, string | undefined>): boolean {
  try {
    return parseRuntimeConfig(env).pwaEnabled;
  } catch {
    return false; // An invalid configuration builds the error page only: no worker for it.
  }
}

/** Replaces a quoted placeholder that must occur exactly once, or fails the build. */
function replaceOnce(source: string, placeholder: string, value: string): string {
  const quoted = new RegExp(`(["'\`])${placeholder}\\1`, 'g');
  const count = source.match(quoted)?.length ?? 0;
  if (count !== 1) {
    throw new Error(`${WORKER_FILE}: expected the placeholder ${placeholder} once, found ${count}`);
  }
  return source.replace(quoted, () => JSON.stringify(value));
}

export async function finalizeServiceWorker({
  clientDir,
  env,
}: {
  clientDir: string;
  env: Record<string, string | undefined>;
}): Promise<void> {
  const workerPath = join(clientDir, WORKER_FILE);
  if (!pwaEnabled(env)) {
    await rm(workerPath, { force: true });
    return;
  }
  let source: string;
  try {
    source = await readFile(workerPath, 'utf8');
  } catch {
    throw new Error(`${workerPath} is missing: the remixPWA plugin did not build the worker`);
  }
  const list = await precacheList(clientDir);
  const listJson = JSON.stringify(list);
  source = replaceOnce(source, PRECACHE_LIST_PLACEHOLDER, listJson);
  source = replaceOnce(source, PRECACHE_VERSION_PLACEHOLDER, hash(listJson));
  await writeFile(workerPath, source);
}
