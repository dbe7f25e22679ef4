// The list index (issue 29, "phone budgets"): a cold tab answers a page of a large collection from
// one small record beside the chunks, and gets exactly what reading the whole collection gives,
// however the collection was written since, by this tab or another.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getCollectionDefinition } from './collections';
import { chunkOf, openDatabase, readLayout } from './db';
import { LIST_INDEX_HEAD } from './list-index';
import { createStore, type CachedRecord, type Store } from './store';
import type { ListOptions } from './list-query';

let counter = 0;
const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
  vi.restoreAllMocks();
});

const studentSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    status: z.enum(['enrolled', 'waitlisted', 'withdrawn']),
    classroomIds: z.array(z.string()),
  })
  .passthrough();
const schemas: Record<string, z.ZodType<unknown>> = { students: studentSchema };

function tab(dbName: string): Store {
  const { store } = createStore({ dbName, schemaFor: (c) => schemas[c] });
  stores.push(store);
  return store;
}

const STATUSES = ['enrolled', 'waitlisted', 'withdrawn'] as const;
function students(n: number): CachedRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `stu-${i}`,
    firstName: `First${i % 7}`,
    // Repeated surnames: the order then also rests on first names and ids.
    lastName: `Last${String((i * 7919) % Math.ceil(n / 3)).padStart(5, '0')}`,
    status: STATUSES[i % 3] ?? 'enrolled',
    classroomIds: [`cls-${i % 5}`],
  }));
}

/** A tab whose cache holds `n` students from a refresh (which writes the index). */
async function seeded(n: number): Promise<string> {
  const dbName = `list-index-${++counter}`;
  const writer = tab(dbName);
  await writer.init({ uid: 'u1' });
  await writer.applyRefresh(getCollectionDefinition('students'), students(n), '1.0.0', false, {
    validated: true,
  });
  return dbName;
}

/** A new tab on the database: nothing in memory yet. */
async function coldTab(dbName: string): Promise<Store> {
  const store = tab(dbName);
  await store.init({ uid: 'u1' });
  return store;
}

/** What reading the whole collection gives for `options` (ties in the order broken by id). */
async function fullRead(dbName: string, options: ListOptions): Promise<CachedRecord[]> {
  const store = await coldTab(dbName);
  const all = await store.list('students', { ...options, limit: Infinity, offset: 0 });
  // The index's order is total: equal names are ordered by id, which the full read leaves as found.
  const sorted = [...all].sort(
    (a, b) =>
      String(a.lastName).localeCompare(String(b.lastName)) ||
      String(a.firstName).localeCompare(String(b.firstName)) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const offset = options.offset ?? 0;
  return sorted.slice(offset, offset + (options.limit ?? 10));
}

/** The students chunks (`students::<n>`) and the index IndexedDB was asked for while `run` ran. */
async function keysRead<T>(run: () => Promise<T>): Promise<{ result: T; keys: string[] }> {
  const get = vi.spyOn(IDBObjectStore.prototype, 'get');
  try {
    const result = await run();
    const keys = get.mock.calls
      .map(([key]) => String(key))
      .filter((k) => k.startsWith('students::'));
    return { result, keys };
  } finally {
    get.mockRestore();
  }
}

const byName = [{ field: 'lastName' }, { field: 'firstName' }] as const;
const enrolledFirst50: ListOptions = {
  filters: [{ field: 'status', op: '==', value: 'enrolled' }],
  sort: [...byName],
  limit: 50,
};

describe('the list index', () => {
  it('answers a cold first page from the index alone, as reading the whole collection would', async () => {
    const dbName = await seeded(3000);
    const cold = await coldTab(dbName);
    const { result, keys } = await keysRead(() => cold.list('students', enrolledFirst50));
    expect(keys).toEqual(['students::index']);
    expect(result).toHaveLength(50);
    expect(result).toEqual(await fullRead(dbName, enrolledFirst50));
  });

  it('reads only the chunks holding the records of a page beyond its head', async () => {
    const dbName = await seeded(3000);
    const options: ListOptions = { sort: [...byName], offset: LIST_INDEX_HEAD + 100, limit: 3 };
    const cold = await coldTab(dbName);
    const { result, keys } = await keysRead(() => cold.list('students', options));
    expect(keys[0]).toBe('students::index');
    expect(new Set(keys.slice(1)).size).toBeLessThanOrEqual(3);
    expect(result).toEqual(await fullRead(dbName, options));
  });

  it('leaves the queries it cannot answer to the whole collection', async () => {
    const dbName = await seeded(600);
    const queries: ListOptions[] = [
      { sort: { field: 'firstName' }, limit: 5 },
      { filters: [{ field: 'id', op: '!=', value: 'stu-1' }], sort: [...byName], limit: 5 },
      { sort: [...byName], limit: Infinity },
    ];
    for (const options of queries) {
      const cold = await coldTab(dbName);
      const { result, keys } = await keysRead(() => cold.list('students', options));
      expect(keys.filter((k) => k !== 'students::index')).toHaveLength(16);
      expect(result.length).toBeGreaterThan(0);
    }
  });

  it('follows saves and deletes, of this tab and of another, in the order and the filters', async () => {
    const dbName = await seeded(1200);
    const a = await coldTab(dbName);
    const b = await coldTab(dbName);
    // Deterministic pseudo-random writes: new students, renames that move a student through the
    // order, status changes that move one in or out of a filter, deletes; from both tabs.
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let step = 0; step < 60; step++) {
      const writer = step % 2 ? a : b;
      const id = `stu-${random(1200)}`;
      const kind = random(4);
      if (kind === 0) {
        await writer.save('students', {
          firstName: `New${step}`,
          lastName: `Last${String(random(400)).padStart(5, '0')}`,
          status: STATUSES[random(3)],
          classroomIds: ['cls-1'],
        });
      } else if (kind === 1) {
        if (await writer.get('students', id)) {
          await writer.save('students', {
            id,
            lastName: `Last${String(random(60)).padStart(5, '0')}`,
          });
        }
      } else if (kind === 2) {
        if (await writer.get('students', id)) {
          await writer.save('students', { id, status: STATUSES[random(3)] });
        }
      } else if (await writer.get('students', id)) {
        await writer.delete('students', id);
      }
      if (step % 10 === 9) {
        for (const options of [
          enrolledFirst50,
          { sort: [...byName], limit: 20 },
          {
            filters: [{ field: 'classroomIds', op: 'array-contains', value: 'cls-1' } as const],
            sort: [...byName],
            offset: 10,
            limit: 30,
          },
        ] satisfies ListOptions[]) {
          const cold = await coldTab(dbName);
          const { result, keys } = await keysRead(() => cold.list('students', options));
          // Answered by the index: not every chunk was read.
          expect(keys.filter((k) => k !== 'students::index').length).toBeLessThan(16);
          expect(result).toEqual(await fullRead(dbName, options));
        }
      }
    }
  });

  it('is never believed when it disagrees with its records: the page is read again and it goes', async () => {
    const dbName = await seeded(800);
    const db = await openDatabase(dbName);
    const index = await db.collections.getItem<{ head: Record<string, unknown>[] }>(
      'students::index',
    );
    expect(index?.head.length).toBe(LIST_INDEX_HEAD);
    // Edited by hand: the first record of the head no longer is a student.
    await db.collections.setItem('students::index', {
      ...index,
      head: [{ id: 'nobody', collectionName: 'students' }, ...(index?.head.slice(1) ?? [])],
    });
    const cold = await coldTab(dbName);
    expect(await cold.list('students', enrolledFirst50)).toEqual(
      await fullRead(dbName, enrolledFirst50),
    );
    expect(await db.collections.getItem('students::index')).toBeNull();

    // An index record that does not read as one at all is ignored too.
    await db.collections.setItem('students::index', 'garbage');
    const other = await coldTab(dbName);
    expect(await other.list('students', enrolledFirst50)).toEqual(
      await fullRead(dbName, enrolledFirst50),
    );
  });

  it('is dropped when a release that did not keep it in step has had the database', async () => {
    const dbName = await seeded(300);
    const db = await openDatabase(dbName);
    // What an older release leaves when it opens the database: its layout record, without the flag.
    await db.metadata.setItem('__layout', { layoutVersion: 1, uid: 'u1' });
    // …and a write that did not follow the index.
    const chunk = await db.collections.getItem<{ items: Record<string, unknown> }>(
      `students::${chunkOf('stu-0')}`,
    );
    delete chunk?.items['stu-0'];
    await db.collections.setItem(`students::${chunkOf('stu-0')}`, chunk);

    const cold = await coldTab(dbName);
    const page = await cold.list('students', { sort: [...byName], limit: Infinity });
    expect(page.map((s) => s.id)).not.toContain('stu-0');
    expect(await db.collections.getItem('students::index')).toBeNull();
    expect(await cold.list('students', enrolledFirst50)).toEqual(
      await fullRead(dbName, enrolledFirst50),
    );
    expect(await readLayout(db)).toMatchObject({ listIndexes: true });
  });

  it('is written again by the next refresh, and removed with its collection', async () => {
    const dbName = await seeded(300);
    const db = await openDatabase(dbName);
    await db.collections.removeItem('students::index');
    const writer = await coldTab(dbName);
    await writer.applyRefresh(getCollectionDefinition('students'), students(300), '1.0.0');
    expect(await db.collections.getItem('students::index')).not.toBeNull();
    await writer.applyRefresh(getCollectionDefinition('students'), students(10), '2.0.0', true);
    const cold = await coldTab(dbName);
    const { result, keys } = await keysRead(() => cold.list('students', enrolledFirst50));
    expect(keys).toEqual(['students::index']);
    expect(result).toEqual(await fullRead(dbName, enrolledFirst50));
    expect(result).toHaveLength(4);
  });
});
