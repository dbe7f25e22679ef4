// Names shared by the service worker (app/entry.worker.ts), the script that writes its precache list
// after the build (scripts/sw-precache.ts) and the page that removes it when the PWA flag is off
// (app/pwa/service-worker.ts). Imports nothing, so the worker bundle stays small.

/** One precached file: its URL from the site root and a hash of its content. */
export interface PrecacheEntry {
  url: string;
  revision: string;
}

/**
 * Every cache the worker creates starts with this. It must not match the sign-out clean-up of
 * app/backend/local-traces.ts (`/^lc-|runtime|data/i`): the shell holds no one's data, and deleting
 * it at sign-out would leave the next person unable to start offline.
 */
export const SHELL_CACHE_PREFIX = 'learning-centre-shell-';

/** The cache of one build; the version is a hash of its precache list, so a new list is a new cache. */
export function shellCacheName(version: string): string {
  return `${SHELL_CACHE_PREFIX}${version}`;
}

export function isShellCache(name: string): boolean {
  return name.startsWith(SHELL_CACHE_PREFIX);
}

/**
 * String literals in the worker source that scripts/sw-precache.ts replaces in the built sw.js.
 * Strings survive bundling and minifying; until they are replaced the worker precaches nothing.
 * The worker spells them out instead of importing these (an import would put each literal in the
 * bundle where the replacement could not tell the declaration from a comparison).
 */
export const PRECACHE_LIST_PLACEHOLDER = '__LC_PRECACHE_LIST__';
export const PRECACHE_VERSION_PLACEHOLDER = '__LC_PRECACHE_VERSION__';

/** Reads the list the build wrote; anything unexpected gives an empty list rather than a crash. */
export function parsePrecacheList(json: string): PrecacheEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item: unknown) =>
    typeof item === 'object' &&
    item !== null &&
    'url' in item &&
    'revision' in item &&
    typeof item.url === 'string' &&
    typeof item.revision === 'string'
      ? [{ url: item.url, revision: item.revision }]
      : [],
  );
}

/**
 * Paths the worker must never answer, even for a navigation: the connectivity probe (it must reach
 * the network to mean anything), the build's version files, the fake backend's server-mode paths
 * and Firebase Hosting's reserved `/__/` paths.
 */
const NEVER_HANDLED = [
  '/connectivity-check',
  '/builds/',
  '/__fake/',
  '/__/',
  '/identitytoolkit.googleapis.com/',
  '/securetoken.googleapis.com/',
  '/v1/',
  '/emulator/',
];

export function isNeverHandledPath(pathname: string): boolean {
  return NEVER_HANDLED.some((prefix) =>
    prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix,
  );
}
