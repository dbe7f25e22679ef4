// The chunk-reload guard (spec §8: "A chunk loading error reloads the page once per path within a
// 10000 ms window"). After a deploy, a tab that is still running the old build asks for chunks that
// no longer exist; a reload fetches the new index.html and its chunks. The guard remembers, per
// path, when it last reloaded (in sessionStorage, so it survives the reload it causes): a second
// failure on the same path within the window is a real problem, not a stale tab, and reloading
// again would loop forever — then the error is left to the route's error page.
//
// Remix itself reloads the page when a route module fails to import (its own code, unguarded); this
// guard covers everything else: Vite's `vite:preloadError` and failed dynamic imports anywhere.
import { CHUNK_RELOAD_GUARD_MS } from '~/config/constants';

/** sessionStorage key: path → the time (ms) of the last reload the guard made for it. */
export const CHUNK_RELOAD_STORAGE_KEY = 'chunk-reload-guard';

/** The stored history, checked by hand: zod would be the only reason for it on the first load. */
function readHistory(value: unknown): Record<string, number> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const history: Record<string, number> = {};
  for (const [path, at] of Object.entries(value)) {
    if (typeof at === 'number' && Number.isFinite(at)) history[path] = at;
  }
  return history;
}

type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface ChunkReloadGuardOptions {
  /** Where the last reload per path is kept; without one the guard never reloads (no loops). */
  storage: GuardStorage | null;
  now: () => number;
  reload: () => void;
  windowMs?: number;
}

/** Returns `handle(path)`: reloads and returns true, unless this path reloaded within the window. */
export function createChunkReloadGuard({
  storage,
  now,
  reload,
  windowMs = CHUNK_RELOAD_GUARD_MS,
}: ChunkReloadGuardOptions): (path: string) => boolean {
  function read(): Record<string, number> {
    try {
      return readHistory(JSON.parse(storage?.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? '{}'));
    } catch {
      return {};
    }
  }

  return (path) => {
    if (!storage) return false;
    const time = now();
    const history = read();
    const last = history[path];
    if (last !== undefined && time - last < windowMs) return false;
    // Entries older than the window can never block a reload again; keep the record small.
    const kept = Object.fromEntries(
      Object.entries(history).filter(([, at]) => time - at < windowMs),
    );
    try {
      storage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify({ ...kept, [path]: time }));
    } catch {
      return false; // Without a record of this reload the next one could loop.
    }
    reload();
    return true;
  };
}

const CHUNK_ERROR_MESSAGES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /Importing a module script failed/i, // Safari
  /error loading dynamically imported module/i, // Firefox
  /Unable to preload CSS/i, // Vite's preload helper
];

/** True for the errors browsers (and Vite) raise when a chunk of the build cannot be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return message !== undefined && CHUNK_ERROR_MESSAGES.some((pattern) => pattern.test(message));
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Listens for chunk-load failures on the window for the life of the page. Installed by
 * entry.client.tsx before anything else loads. Returns a clean-up (for tests).
 */
export function installChunkReloadGuard(): () => void {
  const handle = createChunkReloadGuard({
    storage: sessionStorageOrNull(),
    now: () => Date.now(),
    reload: () => window.location.reload(),
  });
  const onFailure = (error: unknown) => {
    if (!isChunkLoadError(error)) return;
    if (handle(window.location.pathname)) {
      console.warn('A part of the app failed to load; reloading once.', error);
    }
  };
  // The error still propagates either way: the page is about to reload, or it is a real failure
  // that the route's error page should show.
  const onPreloadError = (event: Event) => {
    onFailure('payload' in event ? event.payload : undefined);
  };
  const onRejection = (event: PromiseRejectionEvent) => onFailure(event.reason);
  const onError = (event: ErrorEvent) => onFailure(event.error ?? event.message);
  window.addEventListener('vite:preloadError', onPreloadError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('error', onError);
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('error', onError);
  };
}
