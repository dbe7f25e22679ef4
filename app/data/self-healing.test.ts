// Issue 10, "a self-healing cache" and "validated replay": damage to the local data is dropped,
// refetched and reported; stamps follow the schema; queued changes are checked before they are sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DAMAGED_DATA_MESSAGE } from '~/config/constants';
import { showDamageNotice } from '~/features/sync/damage-notice';
import { INVALID_DATA_CODE } from './change-validation';
import { getCollectionDefinition } from './collections';
import { chunkOf, openDatabase, readMetadata, writeQueue, type PendingChange } from './db';
import { createMemoryBackend } from './memory-backend';
import { createStore, type Store } from './store';
import { createSyncEngine } from './sync-engine';
import type { Connectivity } from './connectivity';

let counter = 0;
const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
  vi.restoreAllMocks();
});

const studentV1 = z.object({
  id: z.string().optional(),
  firstName: z.string(),
  lastName: z.string(),
  classroomIds: z.array(z.string()).default([]),
});
/** A later release: every student now needs a status. */
const studentV2 = studentV1.extend({ status: z.enum(['enrolled', 'withdrawn']) });
const campus = z.object({ id: z.string().optional(), name: z.string() });

const online: Connectivity = {
  isOnline: () => true,
  subscribe: () => () => {},
  check: async () => true,
  start: () => {},
  stop: () => {},
};

function open(dbName: string, schemas: Record<string, z.ZodType<unknown>>) {
  const { store, outbox } = createStore({ dbName, schemaFor: (c) => schemas[c] });
  disposers.push(() => store.dispose());
  return { store, outbox };
}

function students(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `stu-${String(i).padStart(5, '0')}`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    classroomIds: [],
  }));
}

/** A store whose students were refreshed from a backend (stamped chunks), and that backend. */
async function seeded(
  n = 300,
  schemas: Record<string, z.ZodType<unknown>> = { students: studentV1 },
) {
  const dbName = `healing-${++counter}`;
  const remote = createMemoryBackend();
  for (const s of students(n)) remote.documents('students').set(s.id, s);
  const { store, outbox } = open(dbName, schemas);
  await store.init({ uid: 'u1' });
  await store.applyRefresh(getCollectionDefinition('students'), students(n), '1.0.0', false, {
    validated: true,
  });
  return { dbName, store, outbox, remote };
}

/** A second tab (or a reload) on the same database, with the sync engine running. */
async function reopen(
  dbName: string,
  remote: ReturnType<typeof createMemoryBackend>,
  schemas: Record<string, z.ZodType<unknown>>,
) {
  const { store, outbox } = open(dbName, schemas);
  await store.init({ uid: 'u1' });
  const engine = createSyncEngine({ store, outbox, backend: remote.backend, connectivity: online });
  engine.start();
  disposers.push(() => engine.stop());
  return { store, outbox, engine };
}

async function allStudents(store: Store) {
  return store.list('students', { limit: Infinity });
}

describe('a self-healing cache', () => {
  it('drops a damaged chunk, refetches the collection at once and shows the notice once', async () => {
    const { dbName, remote } = await seeded();
    const db = await openDatabase(dbName);
    await db.collections.setItem('students::3', 'garbage');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const { store, engine } = await reopen(dbName, remote, { students: studentV1 });
    const first = await allStudents(store);
    expect(first.length).toBeLessThan(300);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('1 chunk(s)'));
    expect((await readMetadata(db, 'students'))?.needsRefetch).toBe(true);

    // No scheduled refresh needed: the damage itself starts a sync, and every student is back.
    await vi.waitFor(async () => expect(await allStudents(store)).toHaveLength(300), {
      timeout: 5000,
    });
    expect((await readMetadata(db, 'students'))?.needsRefetch).toBeUndefined();
    expect(engine.getStatus().syncError).toBeNull();

    const notify = vi.fn();
    expect(showDamageNotice(store, notify)).toBe(true);
    expect(notify).toHaveBeenCalledWith(DAMAGED_DATA_MESSAGE, 'warning');
    // Once per damage event: nothing new, no second notice.
    expect(showDamageNotice(store, notify)).toBe(false);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('refetches a collection when a write lands in a chunk that had become unreadable', async () => {
    const { dbName, remote } = await seeded();
    const { store, engine } = await reopen(dbName, remote, { students: studentV1 });
    expect(await allStudents(store)).toHaveLength(300);
    // Damage after the tab has read the collection: the next write into that chunk replaces it.
    const db = await openDatabase(dbName);
    const victim = students(300).find((s) => chunkOf(s.id) === 3);
    if (!victim) throw new Error('no student in chunk 3');
    await db.collections.setItem('students::3', 'garbage');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const damaged = vi.fn();
    store.subscribe((event) => {
      if (event.damaged) damaged(event.collections);
    });
    await store.save('students', { ...victim, firstName: 'Edited' });
    expect(damaged).toHaveBeenCalledWith(['students']);
    // The chunk's other records come back from the backend, not silently lost.
    await vi.waitFor(
      async () => {
        const fresh = await reopen(dbName, remote, { students: studentV1 });
        expect(await allStudents(fresh.store)).toHaveLength(300);
      },
      { timeout: 5000 },
    );
    expect(engine.getStatus().syncError).toBeNull();
  });

  it('heals a damaged chunk that a cold page from the list index needed, as any other', async () => {
    const { dbName, remote } = await seeded(800);
    // The record at position 600 of the index's order (name, then id) lies beyond its head.
    const order = students(800).sort(
      (a, b) =>
        (a.lastName < b.lastName ? -1 : a.lastName > b.lastName ? 1 : 0) ||
        (a.firstName < b.firstName ? -1 : a.firstName > b.firstName ? 1 : 0) ||
        (a.id < b.id ? -1 : 1),
    );
    const wanted = order[600];
    if (!wanted) throw new Error('no 600th student');
    const db = await openDatabase(dbName);
    await db.collections.setItem(`students::${chunkOf(wanted.id)}`, 'garbage');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const { store } = await reopen(dbName, remote, { students: studentV1 });
    const page = await store.list('students', {
      sort: [{ field: 'lastName' }, { field: 'firstName' }],
      offset: 600,
      limit: 1,
    });
    // The index could not vouch for the page: the collection was read, the damage found.
    expect(page).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('1 chunk(s)'));
    await vi.waitFor(async () => expect(await allStudents(store)).toHaveLength(800), {
      timeout: 5000,
    });
  });

  it('catches a record edited by hand inside a chunk stamped as validated', async () => {
    const { dbName, remote } = await seeded();
    const db = await openDatabase(dbName);
    const id = 'stu-00007';
    const key = `students::${chunkOf(id)}`;
    const chunk = z
      .object({ items: z.record(z.record(z.unknown())), validated: z.string(), digest: z.string() })
      .passthrough()
      .parse(await db.collections.getItem(key));
    // The stamp and digest stay as they were; only the record changes.
    await db.collections.setItem(key, {
      ...chunk,
      items: { ...chunk.items, [id]: { ...chunk.items[id], firstName: 42 } },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    const { store } = await reopen(dbName, remote, { students: studentV1 });
    const first = await allStudents(store);
    expect(first.find((s) => s.id === id)).toBeUndefined();
    expect(first).toHaveLength(299);
    await vi.waitFor(
      async () => expect((await store.get('students', id))?.firstName).toBe('First7'),
      { timeout: 5000 },
    );
    expect(store.takeDamageReports()).toBe(1);
  });

  it('validates chunks stamped by an older schema again, and stamps them anew', async () => {
    const { dbName } = await seeded(40);
    const db = await openDatabase(dbName);
    const stampOf = async () =>
      z
        .object({ validated: z.string().optional() })
        .passthrough()
        .parse(await db.collections.getItem(`students::${chunkOf('stu-00001')}`)).validated;
    const oldStamp = await stampOf();
    expect(oldStamp).toBeDefined();
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    // The same records read by a release whose schema requires `status`: none of them passes now,
    // which shows they were parsed again instead of trusted on an old stamp.
    const { store: newer } = open(dbName, { students: studentV2 });
    await newer.init({ uid: 'u1' });
    expect(await allStudents(newer)).toEqual([]);
    expect((await readMetadata(db, 'students'))?.needsRefetch).toBe(true);

    // A compatible change (a new optional field) keeps the records and re-stamps their chunks.
    const { store: refreshed } = await seeded(40);
    const widened = studentV1.extend({ nickname: z.string().optional() });
    const { store: reader } = open(refreshed.dbName, { students: widened });
    await reader.init({ uid: 'u1' });
    expect(await allStudents(reader)).toHaveLength(40);
    const db2 = await openDatabase(refreshed.dbName);
    const restamped = z
      .object({ validated: z.string() })
      .passthrough()
      .parse(await db2.collections.getItem(`students::${chunkOf('stu-00001')}`)).validated;
    expect(restamped).not.toBe(oldStamp);
    expect(reader.takeDamageReports()).toBe(0);
  });
});

describe('validated replay', () => {
  it('holds back a queued change whose data does not match the schema, and sends the others', async () => {
    const schemas = { students: studentV1, campuses: campus };
    const { dbName, remote } = await seeded(5, schemas);
    const { store, outbox } = open(dbName, schemas);
    await store.init({ uid: 'u1' });
    await store.save('students', { id: 'stu-00001', firstName: 'Before' });
    // A queued update damaged after it was validated (an old release wrote it, or a hand edit).
    const db = await openDatabase(dbName);
    const [queued] = await outbox.pendingIn('students');
    if (!queued) throw new Error('nothing queued');
    const bad: PendingChange = {
      ...queued,
      id: 'damaged-change',
      itemId: 'stu-00002',
      data: { firstName: 7, classroomIds: 'not-an-array' },
    };
    await writeQueue(db, 'students', [bad, { ...queued, timestamp: queued.timestamp + 1 }]);
    await store.save('campuses', { name: 'North' });

    const engine = createSyncEngine({
      store,
      outbox,
      backend: remote.backend,
      connectivity: online,
    });
    disposers.push(() => engine.stop());
    const report = await engine.sync();

    expect(report.replay?.failedPermanently).toBe(1);
    expect(remote.documents('students').get('stu-00001')).toMatchObject({ firstName: 'Before' });
    expect(remote.documents('students').get('stu-00002')).toMatchObject({ firstName: 'First2' });
    expect(remote.documents('campuses').size).toBe(1);
    const left = await outbox.pendingChanges();
    expect(left).toEqual([
      expect.objectContaining({ itemId: 'stu-00002', errorCode: INVALID_DATA_CODE }),
    ]);
    expect(left[0]?.error).toBe(
      'Not sent, the data is not valid: First name: expected text; Classroom ids: expected a list',
    );
    expect(engine.getStatus().failedChanges).toHaveLength(1);
    // The cached record stays as the backend has it, not as the invalid change would make it.
    expect((await store.get('students', 'stu-00002'))?.firstName).toBe('First2');
  });

  it('drops a damaged queue entry with a warning and a notice, and refetches its collection', async () => {
    const { dbName, store, outbox } = await seeded(5);
    await store.save('students', { id: 'stu-00001', firstName: 'Kept' });
    const db = await openDatabase(dbName);
    const [queued] = await outbox.pendingIn('students');
    await db.pendingChanges.setItem('students', {
      collectionName: 'students',
      changes: [queued, { id: 'x', operation: 'explode' }],
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    expect(await outbox.pendingChanges()).toEqual([queued]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Dropped damaged pending change'));
    expect((await readMetadata(db, 'students'))?.needsRefetch).toBe(true);
    expect(store.takeDamageReports()).toBe(1);
    // The entry is gone from IndexedDB too: it is reported once, not on every read.
    expect(await outbox.pendingChanges()).toEqual([queued]);
    expect(store.takeDamageReports()).toBe(0);
  });
});
