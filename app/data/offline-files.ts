// Files a person chose to "keep offline" on this device (resources, issue 14): each file's bytes sit
// in Cache Storage, in the cache 'lc-offline-files', under a same-origin URL made from its storage
// path (`/__offline-files/<storagePath>`). Cache Storage holds large blobs without reading them into
// memory, and the service worker never answers these URLs (they are only read here, by key).
// The cache holds one person's files: sign-out deletes it (userDataLifecycle.stop, and the `lc-`
// prefix also makes deleteFirebaseLocalTraces remove it). Do not rename the cache or the URL prefix
// without deleting the old cache: files kept under the old names would outlive a sign-out.

/** The Cache Storage cache that holds the files kept offline. */
export const OFFLINE_FILES_CACHE = 'lc-offline-files';
/** The URL path under which a file's storage path is the key. */
export const OFFLINE_FILES_PREFIX = '/__offline-files/';

/** The part of CacheStorage this module uses (a fake one in tests). */
export type CacheStorageLike = Pick<CacheStorage, 'open' | 'delete'>;

export interface OfflineFiles {
  /** Stores the file's bytes; resolves once stored (rejects when the device refuses, e.g. full). */
  keepOffline(storagePath: string, blob: Blob): Promise<void>;
  /** The kept copy, or null when this device holds none. */
  offlineBlob(storagePath: string): Promise<Blob | null>;
  forgetOffline(storagePath: string): Promise<void>;
  /** Storage paths of every file kept on this device. */
  offlinePaths(): Promise<Set<string>>;
  /** Deletes every kept file (sign-out). */
  clearOfflineFiles(): Promise<void>;
}

function keyUrl(origin: string, storagePath: string): string {
  const encoded = storagePath.split('/').map(encodeURIComponent).join('/');
  return new URL(`${OFFLINE_FILES_PREFIX}${encoded}`, origin).href;
}

function pathOfKey(url: string): string | null {
  const { pathname } = new URL(url);
  if (!pathname.startsWith(OFFLINE_FILES_PREFIX)) return null;
  return pathname.slice(OFFLINE_FILES_PREFIX.length).split('/').map(decodeURIComponent).join('/');
}

/** Offline files over a CacheStorage (null when the browser has none: nothing can be kept). */
export function createOfflineFiles(
  storage: CacheStorageLike | null,
  origin: string = globalThis.location?.origin ?? 'http://localhost',
): OfflineFiles {
  const open = () => {
    if (!storage) throw new Error('This browser cannot keep files offline.');
    return storage.open(OFFLINE_FILES_CACHE);
  };
  return {
    async keepOffline(storagePath, blob) {
      const cache = await open();
      const headers = new Headers({ 'Content-Length': String(blob.size) });
      if (blob.type) headers.set('Content-Type', blob.type);
      await cache.put(keyUrl(origin, storagePath), new Response(blob, { headers }));
    },
    async offlineBlob(storagePath) {
      if (!storage) return null;
      const cache = await open();
      const response = await cache.match(keyUrl(origin, storagePath));
      if (!response) return null;
      const blob = await response.blob();
      // Some engines drop the type when reading a cached body back; the header still has it.
      const type = response.headers.get('Content-Type') ?? '';
      return blob.type || !type ? blob : new Blob([blob], { type });
    },
    async forgetOffline(storagePath) {
      if (!storage) return;
      const cache = await open();
      await cache.delete(keyUrl(origin, storagePath));
    },
    async offlinePaths() {
      if (!storage) return new Set();
      const cache = await open();
      const requests = await cache.keys();
      const paths = new Set<string>();
      for (const request of requests) {
        const path = pathOfKey(request.url);
        if (path) paths.add(path);
      }
      return paths;
    },
    async clearOfflineFiles() {
      if (!storage) return;
      await storage.delete(OFFLINE_FILES_CACHE);
    },
  };
}

/** The app's offline files, in the browser's Cache Storage. */
export const offlineFiles: OfflineFiles = createOfflineFiles(
  typeof caches === 'undefined' ? null : caches,
);

/** Deletes every file kept offline; failures are logged, never thrown (sign-out must complete). */
export async function clearOfflineFiles(): Promise<void> {
  try {
    await offlineFiles.clearOfflineFiles();
  } catch (error) {
    console.warn('Could not delete the files kept offline', error);
  }
}
