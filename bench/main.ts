// The cache benchmark page (scripts/bench-cache.mjs drives it in Chromium). Each function measures
// one thing once and returns milliseconds; the script repeats them and takes medians.
import localforage from 'localforage';
import { signInWithEmail } from '~/backend/auth';
import { getCollectionDefinition } from '~/data/collections';
import { createStore, type CachedRecord } from '~/data/store';
import { createSyncEngine } from '~/data/sync-engine';
import { installFakeFirebase } from '../mocks/browser';

const N = 10_000;
let run = 0;

function students(n: number, tag = 'Bench'): CachedRecord[] {
  const statuses = ['enrolled', 'waitlisted', 'withdrawn', 'graduated'];
  return Array.from({ length: n }, (_, i) => ({
    id: `stu-bench-${i}`,
    firstName: `First${i}`,
    lastName: `${tag}${String((i * 7919) % n).padStart(5, '0')}`,
    dateOfBirth: `201${i % 10}-0${(i % 9) + 1}-1${i % 10}`,
    familyId: `fam-${i % 3000}`,
    campusId: `cam-${i % 2}`,
    classroomIds: [`cls-${i % 40}`],
    status: statuses[i % 4] ?? 'enrolled',
    notes: '',
  }));
}

const data = students(N);

/** (cache) Full-collection write through the store's bulk path (a refresh). */
async function writeCache(): Promise<number> {
  const { store: cache } = createStore({ dbName: `bench-cache-${++run}` });
  await cache.init({ uid: 'bench' });
  const definition = getCollectionDefinition('students');
  const t0 = performance.now();
  // The sync path: records the backend already parsed with the schema.
  const ok = await cache.applyRefresh(definition, data, '1.0.0', false, { validated: true });
  const ms = performance.now() - t0;
  if (!ok) throw new Error('applyRefresh failed');
  cache.dispose();
  return ms;
}

/** (a) Raw IndexedDB: every record `put` in one transaction. */
async function writeRawIdb(): Promise<number> {
  const name = `bench-raw-${++run}`;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore('collections', { keyPath: 'id' });
      store.createIndex('collectionName', 'collectionName');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('collections', 'readwrite');
    const store = tx.objectStore('collections');
    for (const item of data) store.put({ ...item, collectionName: 'students' });
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  const ms = performance.now() - t0;
  db.close();
  return ms;
}

/** (b) localforage `setItem` per item (the naïve layout). */
async function writeLocalforagePerItem(): Promise<number> {
  const store = localforage.createInstance({ name: `bench-lf-${++run}`, storeName: 'collections' });
  await store.ready();
  const t0 = performance.now();
  await Promise.all(
    data.map((item) => store.setItem(item.id, { ...item, collectionName: 'students' })),
  );
  return performance.now() - t0;
}

let readDb: string | null = null;

/**
 * Read back, filter, sort and take the first 50 of 10,000 — from a cold tab: the store answers from
 * the collection's list index (app/data/list-index.ts) and validates the 50 records.
 */
async function readFilterSortCold(): Promise<number> {
  if (!readDb) {
    readDb = `bench-read-${++run}`;
    const { store: writer } = createStore({ dbName: readDb });
    await writer.init({ uid: 'bench' });
    await writer.applyRefresh(getCollectionDefinition('students'), data, '1.0.0', false, {
      validated: true,
    });
    writer.dispose();
  }
  const { store: cache } = createStore({ dbName: readDb });
  await cache.init({ uid: 'bench' });
  const t0 = performance.now();
  const top = await cache.list('students', {
    filters: [{ field: 'status', op: '==', value: 'enrolled' }],
    sort: [{ field: 'lastName' }, { field: 'firstName' }],
    limit: 50,
  });
  const ms = performance.now() - t0;
  if (top.length !== 50) throw new Error(`expected 50 rows, got ${top.length}`);
  cache.dispose();
  return ms;
}

/**
 * The same query from a cold tab that reads the whole collection first (what a page that needs every
 * student pays, and what the first page cost before the list index): the baseline of the cold read.
 */
async function readFilterSortColdWhole(): Promise<number> {
  if (!readDb) await readFilterSortCold();
  const { store: cache } = createStore({ dbName: readDb ?? '' });
  await cache.init({ uid: 'bench' });
  const t0 = performance.now();
  const all = await cache.list('students', { limit: Infinity });
  const top = await cache.list('students', {
    filters: [{ field: 'status', op: '==', value: 'enrolled' }],
    sort: [{ field: 'lastName' }, { field: 'firstName' }],
    limit: 50,
  });
  const ms = performance.now() - t0;
  if (all.length !== N || top.length !== 50) throw new Error(`expected 50 rows, got ${top.length}`);
  cache.dispose();
  return ms;
}

const { store: warm } = createStore({ dbName: 'bench-warm' });
let warmReady: Promise<void> | null = null;

/** The same query once the collection is in memory (every later navigation). */
async function readFilterSortWarm(): Promise<number> {
  warmReady ??= (async () => {
    await warm.init({ uid: 'bench' });
    await warm.applyRefresh(getCollectionDefinition('students'), data, '1.0.0');
  })();
  await warmReady;
  const t0 = performance.now();
  const top = await warm.list('students', {
    filters: [{ field: 'status', op: '==', value: 'enrolled' }],
    sort: [{ field: 'lastName' }, { field: 'firstName' }],
    limit: 50,
  });
  const ms = performance.now() - t0;
  if (top.length !== 50) throw new Error(`expected 50 rows, got ${top.length}`);
  return ms;
}

let signedIn: Promise<unknown> | null = null;

/** Replays 1,000 pending creates against the in-page fake Firebase. */
async function replay(): Promise<{ ms: number; commits: number; created: number }> {
  const fake = await installFakeFirebase();
  signedIn ??= signInWithEmail('admin@demo-learning.example', 'demo-password', {
    remember: false,
  }).catch((error: unknown) => {
    signedIn = null;
    const cause = error instanceof Error ? error.cause : undefined;
    throw new Error(`Sign-in failed: ${String(error)}; cause: ${String(cause)}`);
  });
  await signedIn;
  const { store: cache, outbox } = createStore({ dbName: `bench-replay-${++run}` });
  await cache.init({ uid: 'bench' });
  const tag = `Replay${run}`;
  const items = students(1000, tag).map(({ id: _id, ...fields }) => fields);
  await cache.batch(
    items.slice(0, 500).map((item) => ({ type: 'save', collection: 'students', item })),
  );
  await cache.batch(
    items.slice(500).map((item) => ({ type: 'save', collection: 'students', item })),
  );
  const engine = createSyncEngine({
    store: cache,
    outbox,
    scopeFor: () => null, // measure the replay only, not refreshes
    connectivity: {
      isOnline: () => true,
      subscribe: () => () => {},
      check: async () => true,
      start() {},
      stop() {},
    },
  });
  await fake.clearRequestLog();
  const t0 = performance.now();
  await engine.sync();
  const ms = performance.now() - t0;
  const commits = (await fake.requests(/documents:commit/)).length;
  const created = (await fake.listDocuments('students')).filter((d) =>
    String(d.data.lastName).startsWith(tag),
  ).length;
  cache.dispose();
  return { ms, commits, created };
}

declare global {
  interface Window {
    bench?: Record<string, () => Promise<unknown>>;
  }
}

window.bench = {
  writeCache,
  writeRawIdb,
  writeLocalforagePerItem,
  readFilterSortCold,
  readFilterSortColdWhole,
  readFilterSortWarm,
  replay,
};
document.getElementById('state')!.textContent = 'ready';
