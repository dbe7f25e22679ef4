// @vitest-environment node
// Node's own Blob and Response, as in a browser (jsdom's Blob is not one Response can read).
import { describe, expect, it } from 'vitest';
import { createOfflineFiles, OFFLINE_FILES_CACHE, type CacheStorageLike } from './offline-files';

/** An in-memory Cache Storage: enough of put/match/delete/keys for the module. */
function fakeCacheStorage() {
  const caches = new Map<string, Map<string, { body: Blob; headers: Headers }>>();
  const storage = {
    open: async (name: string) => {
      let entries = caches.get(name);
      if (!entries) caches.set(name, (entries = new Map()));
      const cache = {
        put: async (url: string, response: Response) => {
          entries.set(url, { body: await response.blob(), headers: response.headers });
        },
        match: async (url: string) => {
          const entry = entries.get(url);
          return entry ? new Response(entry.body, { headers: entry.headers }) : undefined;
        },
        delete: async (url: string) => entries.delete(url),
        keys: async () => [...entries.keys()].map((url) => new Request(url)),
      };
      // The module uses only these four methods of Cache.
      return cache as unknown as Cache;
    },
    delete: async (name: string) => caches.delete(name),
  } satisfies CacheStorageLike;
  return { storage, caches };
}

describe('offline files', () => {
  it('keeps a file and gives the same bytes and type back', async () => {
    const { storage } = fakeCacheStorage();
    const files = createOfflineFiles(storage, 'http://app.test');
    const blob = new Blob(['%PDF-1.4 hello'], { type: 'application/pdf' });
    await files.keepOffline('resources/res-1/notes.pdf', blob);
    const back = await files.offlineBlob('resources/res-1/notes.pdf');
    expect(back?.size).toBe(blob.size);
    expect(back?.type).toBe('application/pdf');
    expect(await back?.text()).toBe('%PDF-1.4 hello');
  });

  it('lists the kept paths, even with spaces and unusual characters in the name', async () => {
    const { storage } = fakeCacheStorage();
    const files = createOfflineFiles(storage, 'http://app.test');
    await files.keepOffline('resources/res-1/week 1 (draft) %.pdf', new Blob(['a']));
    await files.keepOffline('resources/res-2/photo.png', new Blob(['b'], { type: 'image/png' }));
    expect(await files.offlinePaths()).toEqual(
      new Set(['resources/res-1/week 1 (draft) %.pdf', 'resources/res-2/photo.png']),
    );
  });

  it('forgets one file and answers null for a file it does not hold', async () => {
    const { storage } = fakeCacheStorage();
    const files = createOfflineFiles(storage, 'http://app.test');
    await files.keepOffline('resources/res-1/a.pdf', new Blob(['a']));
    await files.forgetOffline('resources/res-1/a.pdf');
    expect(await files.offlineBlob('resources/res-1/a.pdf')).toBeNull();
    expect(await files.offlinePaths()).toEqual(new Set());
  });

  it('deletes the whole cache when cleared (sign-out)', async () => {
    const { storage, caches } = fakeCacheStorage();
    const files = createOfflineFiles(storage, 'http://app.test');
    await files.keepOffline('resources/res-1/a.pdf', new Blob(['a']));
    expect(caches.has(OFFLINE_FILES_CACHE)).toBe(true);
    await files.clearOfflineFiles();
    expect(caches.has(OFFLINE_FILES_CACHE)).toBe(false);
  });

  it('holds nothing and refuses to keep a file where the browser has no Cache Storage', async () => {
    const files = createOfflineFiles(null, 'http://app.test');
    expect(await files.offlinePaths()).toEqual(new Set());
    expect(await files.offlineBlob('resources/res-1/a.pdf')).toBeNull();
    await expect(files.keepOffline('resources/res-1/a.pdf', new Blob(['a']))).rejects.toThrow(
      'cannot keep files offline',
    );
  });
});
