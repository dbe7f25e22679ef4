import { describe, expect, it } from 'vitest';
import { cachedCollections } from '~/data/collections';
import {
  CACHED_COLLECTION_NAMES,
  cachedCollectionOf,
  nextPatchVersion,
  versionBumpWrites,
} from './versions';

const ctx = (doc: Record<string, unknown> | null) => ({
  today: '2025-03-03',
  get: (path: string) => (path === 'system/collectionVersions' ? doc : null),
  list: () => [],
});

describe('collection versions', () => {
  it('knows exactly the cached collections of the client registry, by their names there', () => {
    const registry = cachedCollections().map((d) => [d.remoteName, d.name]);
    expect(Object.entries(CACHED_COLLECTION_NAMES).sort()).toEqual(registry.sort());
  });

  it('names the collection of a path, a subcollection by its own id', () => {
    expect(cachedCollectionOf('Members/u1')).toBe('members');
    expect(cachedCollectionOf('conversations/c1/messages/m1')).toBe('messages');
    expect(cachedCollectionOf('Notifications/n1')).toBeNull();
    expect(cachedCollectionOf('students')).toBeNull();
  });

  it('bumps the patch, starting over from 1.0.0 when there is nothing to bump', () => {
    expect(nextPatchVersion('1.2.9')).toBe('1.2.10');
    expect(nextPatchVersion(undefined)).toBe('1.0.1');
    expect(nextPatchVersion('v2')).toBe('1.0.1');
  });

  it('writes each collection once, as a merge that keeps the others', () => {
    const now = '2025-03-03T12:00:00.000Z';
    const writes = versionBumpWrites(
      ['students/a', 'students/b', 'Members/u', 'Notifications/n'],
      ctx({ collections: { students: { version: '2.0.4' } } }),
      now,
    );
    expect(writes).toEqual([
      {
        path: 'system/collectionVersions',
        merge: true,
        data: {
          collections: {
            members: { version: '1.0.1', updatedAt: new Date(now) },
            students: { version: '2.0.5', updatedAt: new Date(now) },
          },
          lastUpdated: new Date(now),
        },
      },
    ]);
    expect(versionBumpWrites(['Notifications/n'], ctx(null), now)).toEqual([]);
  });
});
