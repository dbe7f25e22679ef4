import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { attendanceSchema } from '~/domain/records';
import { allowConsoleErrors } from '../../test/console';
import { getCollectionDefinition } from './collections';
import { CHUNK_COUNT, chunkOf, openDatabase, readLayout, readMetadata, writeMetadata } from './db';
import { createStore, type Store } from './store';
import type { Outbox } from './outbox';

let counter = 0;
const stores: Store[] = [];
/** The outbox of each store a test opened, so a test can look at what a write queued. */
const outboxes = new Map<Store, Outbox>();

/** One tab's store; a second one on the same database name is a second tab (or a reload). */
function newStore(
  dbName = `cache-test-${++counter}`,
  schemas: Record<string, z.ZodType<unknown>> = {},
) {
  const { store, outbox } = createStore({ dbName, schemaFor: (c) => schemas[c] });
  stores.push(store);
  outboxes.set(store, outbox);
  return store;
}

function pendingOf(store: Store) {
  const outbox = outboxes.get(store);
  if (!outbox) throw new Error('not a store of this test');
  return outbox.pendingChanges();
}

afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
  outboxes.clear();
});

const studentSchema = z
  .object({ id: z.string(), firstName: z.string(), lastName: z.string() })
  .passthrough();

describe('the store', () => {
  it('refuses every operation with the spec message until a user has initialised it', async () => {
    const cache = newStore();
    await expect(cache.list('students')).rejects.toThrow('Cache service not initialized');
    await expect(cache.save('students', { firstName: 'A' })).rejects.toThrow(
      'Cache service not initialized',
    );
  });

  it('rejects a collection that is not in the cache configuration', async () => {
    const cache = newStore();
    await cache.init({ uid: 'u1' });
    await expect(cache.get('nope', 'x')).rejects.toThrow(
      'Collection not found in cache configuration',
    );
  });

  it('gives a new item a temp_ id, stores it and its pending change before resolving', async () => {
    const cache = newStore();
    await cache.init({ uid: 'u1' });
    const saved = await cache.save('students', { firstName: 'Ada', lastName: 'Lovelace' });
    expect(saved?.id).toMatch(/^temp_[0-9a-f-]{36}$/);

    // A second service on the same database is a reloaded tab: nothing may live only in memory.
    const reloaded = newStore(cache.dbName);
    await reloaded.init({ uid: 'u1' });
    expect(await reloaded.get('students', saved?.id ?? '')).toMatchObject({ firstName: 'Ada' });
    const pending = await pendingOf(reloaded);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      collectionName: 'students',
      itemId: saved?.id,
      operation: 'create',
      retryCount: 0,
    });
  });

  it('coalesces a create followed by updates into one create, and anything followed by a delete into a delete', async () => {
    const cache = newStore();
    await cache.init({ uid: 'u1' });
    const a = await cache.save('students', { firstName: 'A', lastName: 'One' });
    await cache.save('students', { id: a?.id, lastName: 'Uno' });
    let pending = await pendingOf(cache);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      operation: 'create',
      data: { firstName: 'A', lastName: 'Uno' },
    });

    await cache.delete('students', a?.id ?? '');
    pending = await pendingOf(cache);
    expect(pending).toHaveLength(1);
    expect(pending[0]?.operation).toBe('delete');
    expect(await cache.get('students', a?.id ?? '')).toBeNull();
  });

  it('lists with filters, multi-field sort and the default limit of 10', async () => {
    const cache = newStore();
    await cache.init({ uid: 'u1' });
    const ops = Array.from({ length: 30 }, (_, i) => ({
      type: 'save' as const,
      collection: 'students',
      item: { firstName: `S${String(i).padStart(2, '0')}`, lastName: 'X', grade: i % 3 },
    }));
    expect(await cache.batch(ops)).toBe(30);
    expect(await cache.list('students')).toHaveLength(10);
    const grade2 = await cache.list('students', {
      filters: [{ field: 'grade', op: '==', value: 2 }],
      sort: { field: 'firstName', direction: 'desc' },
      limit: Infinity,
    });
    expect(grade2).toHaveLength(10);
    expect(grade2[0]?.firstName).toBe('S29');
    expect(grade2[9]?.firstName).toBe('S02');
  });

  it('refuses a batch of more than 500 operations with the spec message', async () => {
    const cache = newStore();
    await cache.init({ uid: 'u1' });
    const ops = Array.from({ length: 501 }, () => ({
      type: 'save' as const,
      collection: 'students',
      item: { firstName: 'x' },
    }));
    await expect(cache.batch(ops)).rejects.toThrow(
      'Batch operations exceed the maximum limit of 500 operations',
    );
  });

  it('logs and returns false when deleting an item that is not cached', async () => {
    allowConsoleErrors();
    const cache = newStore();
    await cache.init({ uid: 'u1' });
    expect(await cache.delete('students', 'missing')).toBe(false);
    expect(console.error).toHaveBeenCalledWith(
      '[cache] Failed to delete item',
      expect.objectContaining({ message: 'Item not found with ID: missing' }),
    );
  });

  it('discards a corrupted cached record without crashing and marks the collection for refetch', async () => {
    const cache = newStore(undefined, { students: studentSchema });
    await cache.init({ uid: 'u1' });
    const good = await cache.save('students', { firstName: 'Good', lastName: 'Record' });
    await cache.applyRefresh(
      {
        name: 'students',
        remoteName: 'students',
        cached: true,
        syncFrequencyMs: 1,
        cacheDurationMs: 1,
        prioritySync: true,
        requiresAuth: true,
        version: '1.0.0',
      },
      [{ id: good?.id ?? '', firstName: 'Good', lastName: 'Record' }],
      '1.0.0',
    );
    // Corrupt the stored data behind the service's back: a wrong type, and a non-object entry.
    const db = await openDatabase(cache.dbName);
    for (let chunk = 0; chunk < CHUNK_COUNT; chunk++) {
      await db.collections.setItem(`students::${chunk}`, {
        collectionName: 'students',
        chunk,
        items:
          chunk === 0
            ? { bad1: { id: 'bad1', collectionName: 'students', firstName: 42 }, bad2: 'garbage' }
            : {},
      });
    }
    const chunkOfGood = (await import('./db')).chunkOf(good?.id ?? '');
    await db.collections.setItem(`students::${chunkOfGood}`, {
      collectionName: 'students',
      chunk: chunkOfGood,
      items: {
        ...(chunkOfGood === 0
          ? { bad1: { id: 'bad1', collectionName: 'students', firstName: 42 }, bad2: 'garbage' }
          : {}),
        [good?.id ?? '']: {
          id: good?.id,
          collectionName: 'students',
          firstName: 'Good',
          lastName: 'Record',
        },
      },
    });

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reader = newStore(cache.dbName, { students: studentSchema });
    await reader.init({ uid: 'u1' });
    const items = await reader.list('students', { limit: Infinity });
    expect(items.map((i) => i.id)).toEqual([good?.id]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Discarded 2 students record(s)'));
    expect((await readMetadata(db, 'students'))?.needsRefetch).toBe(true);
  });

  it('leaves no cached record in IndexedDB after clearCache', async () => {
    const cache = newStore();
    await cache.init({ uid: 'u1' });
    await cache.save('students', { firstName: 'A' });
    await cache.save('families', { familyName: 'F' });
    expect(await cache.clear()).toBe(true);
    const db = await openDatabase(cache.dbName);
    expect(await db.collections.length()).toBe(0);
    expect(await db.pendingChanges.length()).toBe(0);
    expect(await db.metadata.length()).toBe(0);
    await expect(cache.list('students')).rejects.toThrow('Cache service not initialized');
  });

  it("wipes the previous user's cache when a different user signs in", async () => {
    const cache = newStore();
    await cache.init({ uid: 'alice' });
    await cache.save('students', { firstName: 'Alice-only' });
    await cache.init({ uid: 'bob' });
    expect(await cache.list('students')).toEqual([]);
    expect(await pendingOf(cache)).toEqual([]);
    expect((await readLayout(await openDatabase(cache.dbName)))?.uid).toBe('bob');
  });

  it('migrates the one-record-per-item layout 0 into chunk and queue records', async () => {
    const dbName = `cache-test-${++counter}`;
    const legacy = await openDatabase(dbName);
    await legacy.collections.setItem('s1', {
      id: 's1',
      collectionName: 'students',
      firstName: 'Old',
    });
    await legacy.pendingChanges.setItem('c1', {
      id: 'c1',
      collectionName: 'students',
      operation: 'update',
      data: { id: 's1', firstName: 'Old' },
      timestamp: 1,
      retryCount: 2,
    });
    const cache = newStore(dbName);
    await cache.init({ uid: 'u1' });
    expect(await cache.get('students', 's1')).toMatchObject({ firstName: 'Old' });
    expect(await pendingOf(cache)).toEqual([
      expect.objectContaining({ id: 'c1', itemId: 's1', operation: 'update', retryCount: 2 }),
    ]);
    expect(await legacy.collections.getItem('s1')).toBeNull();
    expect((await readLayout(legacy))?.layoutVersion).toBe(1);
  });

  it("lets a second tab see the first tab's write without a reload", async () => {
    const tabA = newStore();
    const tabB = newStore(tabA.dbName);
    await tabA.init({ uid: 'u1' });
    await tabB.init({ uid: 'u1' });
    expect(await tabB.list('students')).toEqual([]); // B now holds a (stale) memory copy
    const heard = new Promise((resolve) => tabB.subscribe(resolve));
    await tabA.save('students', { firstName: 'From A' });
    await expect(heard).resolves.toMatchObject({ collections: ['students'], source: 'other-tab' });
    expect(await tabB.list('students')).toEqual([expect.objectContaining({ firstName: 'From A' })]);
  });

  it('serialises concurrent writes from two tabs so that no pending change is lost', async () => {
    const tabA = newStore();
    const tabB = newStore(tabA.dbName);
    await tabA.init({ uid: 'u1' });
    await tabB.init({ uid: 'u1' });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? tabA : tabB).save('students', { firstName: `N${i}` }),
      ),
    );
    expect(await pendingOf(tabA)).toHaveLength(20);
    expect(await tabB.count('students')).toBe(20);
  });

  it('keeps metadata readable through the typed helpers', async () => {
    const cache = newStore();
    await cache.init({ uid: 'u1' });
    const db = await openDatabase(cache.dbName);
    await writeMetadata(db, {
      name: 'students',
      version: '1.0.0',
      lastSynced: 5,
      syncFrequency: 1,
      requiresAuth: true,
      cacheDuration: 2,
      prioritySync: true,
    });
    expect(await cache.getMetadata('students')).toMatchObject({ lastSynced: 5 });
  });
});

describe('field paths in writes', () => {
  const AT = '2026-01-05T08:00:00.000Z';
  const absent = { status: 'absent', at: AT, by: 'fac' };
  const late = { status: 'late', note: 'Bus', at: AT, by: 'fac' };
  const present = { status: 'present', at: AT, by: 'admin' };
  const base = { id: 'c1_2026-01-05', classroomId: 'c1', date: '2026-01-05' };

  async function openAttendance() {
    const cache = newStore(undefined, { attendance: attendanceSchema.extend({ id: z.string() }) });
    await cache.init({ uid: 'u1' });
    return cache;
  }

  it('sets only the named student in the cached record and queues the path, not a literal key', async () => {
    const cache = await openAttendance();
    await cache.save('attendance', { ...base, 'entries.s1': absent, 'entries.s2': late });
    const saved = await cache.save('attendance', { id: base.id, 'entries.s2': present });
    expect(saved).toEqual({ ...base, entries: { s1: absent, s2: present } });
    expect(await cache.get('attendance', base.id)).toEqual(saved);
    expect(await pendingOf(cache)).toEqual([
      expect.objectContaining({
        operation: 'create',
        data: {
          classroomId: 'c1',
          date: '2026-01-05',
          'entries.s1': absent,
          'entries.s2': present,
        },
      }),
    ]);
  });

  it('refuses an entry that does not match the schema before anything is stored', async () => {
    const cache = await openAttendance();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    allowConsoleErrors();
    expect(
      await cache.save('attendance', { ...base, 'entries.s1': { status: 'asleep' } }),
    ).toBeNull();
    expect(await cache.get('attendance', base.id)).toBeNull();
    expect(await pendingOf(cache)).toEqual([]);
  });

  it('lays pending field paths over a refresh without hiding the other students fetched', async () => {
    const cache = await openAttendance();
    const definition = {
      name: 'attendance',
      remoteName: 'attendance',
      cached: true,
      syncFrequencyMs: 1,
      cacheDurationMs: 1,
      prioritySync: true,
      requiresAuth: true,
      version: '1.0.0',
    };
    await cache.applyRefresh(definition, [{ ...base, entries: { s1: absent } }], '1.0.0');
    await cache.save('attendance', { id: base.id, 'entries.s2': late });
    // Someone else marked s3 meanwhile: the refresh brings it, and the pending s2 stays on top.
    await cache.applyRefresh(
      definition,
      [{ ...base, entries: { s1: absent, s3: present } }],
      '1.0.0',
    );
    expect(await cache.get('attendance', base.id)).toEqual({
      ...base,
      entries: { s1: absent, s2: late, s3: present },
    });
  });
});

describe('defaults that fill only what is missing (ifMissing)', () => {
  const AT = '2026-01-05T08:00:00.000Z';
  const absent = { status: 'absent', at: AT, by: 'fac' };
  const late = { status: 'late', at: AT, by: 'admin' };
  const present = { status: 'present', at: AT, by: 'fac' };
  const base = { id: 'c1_2026-01-05', classroomId: 'c1', date: '2026-01-05' };
  const definition = {
    name: 'attendance',
    remoteName: 'attendance',
    cached: true,
    syncFrequencyMs: 1,
    cacheDurationMs: 1,
    prioritySync: true,
    requiresAuth: true,
    version: '1.0.0',
  };

  async function openAttendance() {
    const cache = newStore(undefined, { attendance: attendanceSchema.extend({ id: z.string() }) });
    await cache.init({ uid: 'u1' });
    return cache;
  }

  it('fills a default only where the cached record has no value, and queues it apart from the data', async () => {
    const cache = await openAttendance();
    await cache.applyRefresh(definition, [{ ...base, entries: { s2: late } }], '1.0.0');
    const saved = await cache.save(
      'attendance',
      { id: base.id, 'entries.s1': absent },
      { ifMissing: { 'entries.s1': present, 'entries.s2': present, 'entries.s3': present } },
    );
    expect(saved).toEqual({ ...base, entries: { s1: absent, s2: late, s3: present } });
    expect(await pendingOf(cache)).toEqual([
      expect.objectContaining({
        operation: 'update',
        data: { 'entries.s1': absent },
        // s1 is written explicitly, so it is no default; s2 stays a default, for the backend.
        ifMissing: { 'entries.s2': present, 'entries.s3': present },
      }),
    ]);
  });

  it('applies defaults in a batch save too', async () => {
    const cache = await openAttendance();
    await cache.batch([
      {
        type: 'save',
        collection: 'attendance',
        item: { ...base, 'entries.s1': absent },
        options: { ifMissing: { 'entries.s2': present } },
      },
    ]);
    expect(await cache.get('attendance', base.id)).toEqual({
      ...base,
      entries: { s1: absent, s2: present },
    });
  });

  it('lays pending defaults over a refresh only where the fresh record has no value', async () => {
    const cache = await openAttendance();
    await cache.save(
      'attendance',
      { ...base, 'entries.s1': absent },
      { ifMissing: { 'entries.s2': present, 'entries.s3': present } },
    );
    // Someone else marked s2 late meanwhile: the refresh shows their mark, not this default.
    await cache.applyRefresh(definition, [{ ...base, entries: { s2: late } }], '1.0.0');
    expect(await cache.get('attendance', base.id)).toEqual({
      ...base,
      entries: { s1: absent, s2: late, s3: present },
    });
    // A slice of today's roll calls does the same.
    await cache.applySlice(definition, [{ ...base, entries: { s3: late } }]);
    expect(await cache.get('attendance', base.id)).toEqual({
      ...base,
      entries: { s1: absent, s2: present, s3: late },
    });
  });
});

describe('what a write reads (issue 29, phone budgets)', () => {
  const schemas = { students: studentSchema };
  const roster = Array.from({ length: 200 }, (_, i) => ({
    id: `stu-${i}`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
  }));

  /** The students chunks (`students::<n>`) that IndexedDB was asked for while `run` ran. */
  async function chunkReads(run: () => Promise<unknown>): Promise<string[]> {
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    try {
      await run();
      return get.mock.calls
        .map(([key]) => String(key))
        .filter((key) => /^students::\d+$/.test(key));
    } finally {
      get.mockRestore();
    }
  }

  it("re-reads only the changed record's chunk, and still keeps another tab's change to it", async () => {
    const tabA = newStore(undefined, schemas);
    const tabB = newStore(tabA.dbName, schemas);
    await tabA.init({ uid: 'u1' });
    await tabB.init({ uid: 'u1' });
    await tabA.applyRefresh(getCollectionDefinition('students'), roster, '1.0.0', false, {
      validated: true,
    });
    expect(await tabA.count('students')).toBe(200);
    // Tab A stops hearing other tabs, so its copy in memory stays stale: only the re-read inside
    // the write lock can know what tab B wrote.
    tabA.dispose();
    await tabB.save('students', { id: 'stu-7', lastName: 'Changed in B' });

    const reads = await chunkReads(() => tabA.save('students', { id: 'stu-7', firstName: 'A' }));
    // Once: the write hands the chunk it read to the flush, which does not read it again.
    expect(reads).toEqual([`students::${chunkOf('stu-7')}`]);
    const reloaded = newStore(tabA.dbName, schemas);
    await reloaded.init({ uid: 'u1' });
    expect(await reloaded.get('students', 'stu-7')).toMatchObject({
      firstName: 'A',
      lastName: 'Changed in B',
    });
    expect(await reloaded.count('students')).toBe(200);
  });
});
