// A load reads IndexedDB outside the write lock. A write that lands while it reads (this tab's own,
// or another tab's, announced) must not leave the load's older copy in memory for good: the
// two-tab soak saw a tab keep an old name, and a tab lose a record, until it was reloaded.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getCollectionDefinition } from './collections';
import { createStore, type Store } from './store';
import type * as db from './db';

/** Runs once, after the next collection read has read but before it hands back what it read. */
let duringRead: (() => Promise<void>) | null = null;

vi.mock('./db', async (importOriginal) => {
  const actual = await importOriginal<typeof db>();
  return {
    ...actual,
    readCollectionWithStamps: async (
      ...args: Parameters<typeof actual.readCollectionWithStamps>
    ) => {
      const read = await actual.readCollectionWithStamps(...args);
      const hook = duringRead;
      duringRead = null;
      if (hook) await hook();
      return read;
    },
  };
});

const studentSchema = z
  .object({ id: z.string(), firstName: z.string(), lastName: z.string() })
  .passthrough();
const stores: Store[] = [];
let counter = 0;

function newStore(dbName = `load-race-${++counter}`): Store {
  const { store } = createStore({
    dbName,
    schemaFor: (c) => (c === 'students' ? studentSchema : undefined),
  });
  stores.push(store);
  return store;
}

afterEach(() => {
  duringRead = null;
  for (const store of stores.splice(0)) store.dispose();
});

const roster = [
  { id: 'stu-1', firstName: 'Ishaan', lastName: 'Haddad' },
  { id: 'stu-2', firstName: 'Leo', lastName: 'Whitfield' },
];

async function openedWithRoster(): Promise<Store> {
  const cache = newStore();
  await cache.init({ uid: 'u1' });
  await cache.applyRefresh(getCollectionDefinition('students'), roster, '1.0.0', false, {
    validated: true,
  });
  cache.invalidate();
  return cache;
}

describe('a load that a write overtakes', () => {
  it("does not keep what it read before this tab's own write", async () => {
    const cache = await openedWithRoster();
    duringRead = async () => {
      await cache.save('students', { id: 'stu-1', firstName: 'Ishaan (renamed)' });
    };
    expect((await cache.get('students', 'stu-1'))?.firstName).toBe('Ishaan (renamed)');
    expect((await cache.list('students', { limit: Infinity })).map((s) => s.firstName)).toEqual([
      'Ishaan (renamed)',
      'Leo',
    ]);
  });

  it("does not keep what it read before another tab's write it was told of", async () => {
    const cache = await openedWithRoster();
    const other = newStore(cache.dbName);
    await other.init({ uid: 'u1' });
    duringRead = async () => {
      await other.applySlice(getCollectionDefinition('students'), [
        { id: 'stu-3', firstName: 'Maya', lastName: 'Okafor' },
      ]);
      // The other tab's announcement (a BroadcastChannel message) arrives while the load reads.
      await new Promise((resolve) => setTimeout(resolve, 50));
    };
    await cache.get('students', 'stu-1');
    expect((await cache.list('students', { limit: Infinity })).map((s) => s.id).sort()).toEqual([
      'stu-1',
      'stu-2',
      'stu-3',
    ]);
  });
});
