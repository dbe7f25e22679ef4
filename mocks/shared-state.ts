// Demo mode, in-page: the fake Firebase's state, shared by every tab of the origin. It runs in each
// tab's own Web Worker (mocks/worker.ts); the page forwards its Firebase requests there
// (mocks/browser.ts).
//
// Every tab of the origin shares one backend state, kept in the fake's own IndexedDB database
// (`fake-firebase`): one record per document (key = document path), one per account and one per
// Storage object (key = object name, the bytes as a Blob), a meta
// record with a `revision` counter, and a bounded change log `revision → {paths, accounts, full}`.
// Each tab holds a copy in memory (the handlers are synchronous over it) and keeps it honest:
// - every request runs under one cross-tab Web Lock (`fake-firebase:state`): first the tab catches
//   up with what other tabs wrote (the log since its own revision, or everything when the log no
//   longer reaches back that far), then the handlers run, then exactly the documents and accounts
//   this request changed are written with the log entry and the new revision in ONE transaction,
//   and only then is the answer released, so an acknowledged write is durable and no stale copy in
//   another tab can undo it;
// - after each commit `{revision, paths}` goes out on a BroadcastChannel; the other tabs catch up at
//   once and emit the store's change events, so `fake.onChange` listeners fire in every tab.
// Injected latency is waited out before the lock, so a slow tab does not slow down the others.
// Faults (failNext, lost acknowledgements, latency) stay per tab. Until the saved state is loaded
// no request is answered: answering from an empty store would look like a wiped backend.
import { delay, getResponse } from 'msw';
import { z } from 'zod';
import { isOffline } from './faults';
import { accountSchema, savedDocumentSchema } from './saved-state';
import { Slice } from './slices';
import { store, type StoredDocument, type StoredObject } from './store';
import { isFsFields, nextServerTime, timestampToIso, type FsFields } from './values';
import { fake, handlers, reseedInSlices } from './index';

/** The fake's own database; never LearningCenterDB, which belongs to the app. */
export const FAKE_DB_NAME = 'fake-firebase';
/**
 * Layout version of FAKE_DB_NAME. 1: one record per top-level collection in `state`. 2: one record
 * per document and per account, a revision and a change log. 3: adds `blobs`, one record per Storage
 * object (an empty store is created; everything else stays as it is). Never change the layout
 * without a migration in `openFakeDb`.
 */
export const FAKE_DB_VERSION = 3;
/** The Web Lock every tab holds while it reads, changes and persists the shared state. */
export const FAKE_LOCK_NAME = 'fake-firebase:state';
/** The BroadcastChannel that carries `{revision, paths}` after each commit. */
export const FAKE_CHANNEL_NAME = 'fake-firebase';
/** Log entries kept; a tab further behind than this reloads everything. */
export const CHANGE_LOG_LIMIT = 500;

const LEGACY_STATE_STORE = 'state';
export const DOCUMENTS_STORE = 'documents';
export const ACCOUNTS_STORE = 'accounts';
export const BLOBS_STORE = 'blobs';
const META_STORE = 'meta';
const CHANGES_STORE = 'changes';
const META_KEY = 'meta';
const LEGACY_ACCOUNTS_KEY = 'accounts';

const storedDocumentSchema = savedDocumentSchema(
  z.custom<FsFields>(isFsFields, 'Invalid stored fields'),
);
const storedObjectSchema = z.object({
  bucket: z.string(),
  name: z.string(),
  bytes: z.instanceof(Blob),
  size: z.number(),
  contentType: z.string(),
  uploadedBy: z.string(),
  metadata: z.record(z.string()),
  md5Hash: z.string(),
  downloadTokens: z.string(),
  generation: z.string(),
  timeCreated: z.string(),
  updated: z.string(),
}) satisfies z.ZodType<StoredObject>;
const metaSchema = z.object({
  layout: z.literal(2),
  revision: z.number().int().nonnegative(),
  seededAt: z.number(),
  /** A server time issued after every write of this revision (see `catchUp`). */
  serverTime: z.string().optional(),
});
type Meta = z.infer<typeof metaSchema>;
const changeSchema = z.object({
  paths: z.array(z.string()),
  accounts: z.array(z.string()).optional(),
  /** Storage object names written or deleted (layout 3). */
  objects: z.array(z.string()).optional(),
  full: z.boolean().optional(),
});
const broadcastSchema = z.object({ revision: z.number(), paths: z.array(z.string()) });
const legacyMetaSchema = z.object({ version: z.literal(1) });
const legacyCollectionSchema = z.array(z.tuple([z.string(), z.unknown()]));

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function completion(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/**
 * Layout 1 → 2 inside the upgrade transaction, so it happens once and atomically: the whole-
 * collection records become one record per document, accounts one per uid. Saved state that layout
 * 1 itself would have refused (no meta, unreadable accounts) is dropped, and the tab reseeds.
 */
function migrateFromLayout1(tx: IDBTransaction, db: IDBDatabase): void {
  const legacy = tx.objectStore(LEGACY_STATE_STORE);
  const keysRequest = legacy.getAllKeys();
  const valuesRequest = legacy.getAll();
  valuesRequest.onsuccess = () => {
    const keys = keysRequest.result;
    const values: unknown[] = valuesRequest.result;
    const byKey = new Map<IDBValidKey, unknown>(keys.map((key, i) => [key, values[i]]));
    const accounts = z.array(accountSchema).safeParse(byKey.get(LEGACY_ACCOUNTS_KEY));
    if (legacyMetaSchema.safeParse(byKey.get(META_KEY)).success && accounts.success) {
      const documents = tx.objectStore(DOCUMENTS_STORE);
      for (const [key, value] of byKey) {
        if (typeof key !== 'string' || !key.startsWith('collection:')) continue;
        const parsed = legacyCollectionSchema.safeParse(value);
        if (!parsed.success) continue;
        for (const [path, raw] of parsed.data) {
          const doc = storedDocumentSchema.safeParse(raw);
          if (doc.success) documents.put(doc.data, path);
        }
      }
      const accountStore = tx.objectStore(ACCOUNTS_STORE);
      for (const account of accounts.data) accountStore.put(account, account.uid);
      const meta: Meta = { layout: 2, revision: 0, seededAt: Date.now() };
      tx.objectStore(META_STORE).put(meta, META_KEY);
    }
    db.deleteObjectStore(LEGACY_STATE_STORE);
  };
}

/** Opens (creating or migrating if needed) the fake's own database. */
export function openFakeDb(name: string = FAKE_DB_NAME): Promise<IDBDatabase> {
  const req = indexedDB.open(name, FAKE_DB_VERSION);
  req.onupgradeneeded = () => {
    const db = req.result;
    for (const storeName of [
      DOCUMENTS_STORE,
      ACCOUNTS_STORE,
      META_STORE,
      CHANGES_STORE,
      BLOBS_STORE,
    ]) {
      if (!db.objectStoreNames.contains(storeName)) db.createObjectStore(storeName);
    }
    const tx = req.transaction;
    if (tx && db.objectStoreNames.contains(LEGACY_STATE_STORE)) migrateFromLayout1(tx, db);
  };
  return request(req);
}

/** Runs `fn` holding the cross-tab lock; one tab at a time where Web Locks are missing. */
type LockRunner = <T>(fn: () => Promise<T>) => Promise<T>;

let localTail: Promise<unknown> = Promise.resolve();
function defaultLock(): LockRunner {
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (locks) {
      // Wrapped so the lock manager's Promise<Promise<T>> typing flattens without a cast.
      const result = await locks.request(FAKE_LOCK_NAME, async () => ({ value: await fn() }));
      return result.value;
    }
    // No Web Locks: other tabs cannot be held off, but this tab's requests still run one by one.
    const run = localTail.then(fn, fn);
    localTail = run.catch(() => undefined);
    return run;
  };
}

function sameDocument(a: StoredDocument | undefined, b: StoredDocument | undefined): boolean {
  if (!a || !b) return a === b;
  return a.updateTime === b.updateTime && a.createTime === b.createTime;
}

function parseDocument(path: string, raw: unknown): StoredDocument | undefined {
  if (raw === undefined) return undefined;
  const doc = storedDocumentSchema.safeParse(raw);
  // One unreadable document is skipped, not a reason to throw away every demo change.
  if (!doc.success) console.warn(`[fake-firebase] skipped an unreadable stored document: ${path}`);
  return doc.success ? doc.data : undefined;
}

/** Stored documents read per request at a load: each page is parsed in its own task. */
const LOAD_PAGE_SIZE = 500;

/** Every stored document with its key, a page per request (one getAll would be one long task). */
async function readAllDocuments(
  documents: IDBObjectStore,
): Promise<Array<readonly [string, unknown]>> {
  const out: Array<readonly [string, unknown]> = [];
  let range: IDBKeyRange | undefined;
  for (;;) {
    // Chained from the previous page's success, so the transaction stays active.
    const [keys, values] = await Promise.all([
      request(documents.getAllKeys(range, LOAD_PAGE_SIZE)),
      request(documents.getAll(range, LOAD_PAGE_SIZE)),
    ]);
    keys.forEach((key, i) => {
      if (typeof key === 'string') out.push([key, values[i]]);
    });
    const last = keys.at(-1);
    if (keys.length < LOAD_PAGE_SIZE || last === undefined) return out;
    range = IDBKeyRange.lowerBound(last, true);
  }
}

/** Each stored record parsed (undefined: unreadable or absent), yielding between slices. */
async function parseInSlices(
  records: ReadonlyArray<readonly [string, unknown]>,
  slice: Slice,
): Promise<Array<StoredDocument | undefined>> {
  const out: Array<StoredDocument | undefined> = [];
  for (const [path, raw] of records) {
    out.push(parseDocument(path, raw));
    await slice.check();
  }
  return out;
}

/**
 * Queues the writes on their (readwrite) transaction a slice at a time. A transaction accepts
 * requests only while it is active, which a yield to the event loop would end; so each next slice
 * is queued from the success callback of the previous slice's last request, and the page gets the
 * thread in between. The structured clone of each put is the cost being spread.
 */
function writeInSlices(writes: ReadonlyArray<() => IDBRequest>, slice: Slice): Promise<void> {
  return new Promise((resolve, reject) => {
    let next = 0;
    const queueSlice = () => {
      try {
        let last: IDBRequest | null = null;
        while (next < writes.length) {
          const write = writes[next];
          next += 1;
          if (write) last = write();
          if (slice.spent) break;
        }
        if (next >= writes.length || !last) {
          resolve();
          return;
        }
        last.addEventListener('success', () => {
          slice.resumeAfterYield();
          queueSlice();
        });
        // A failed request aborts the transaction; `completion` reports it.
        last.addEventListener('error', () => resolve());
      } catch (error) {
        reject(error);
      }
    };
    queueSlice();
  });
}

export interface SharedStateOptions {
  dbName?: string;
  /** Cross-tab mutual exclusion; by default `navigator.locks`, or one tab at a time without it. */
  lock?: LockRunner;
  /** Send and hear the change feed (default true; tests turn it off to make a tab stale). */
  broadcast?: boolean;
}

/**
 * This tab's view of the shared state: catches up, runs work under the lock, persists and
 * announces. It drives the module's `store`, `handlers` and `fake`.
 */
export class SharedFakeState {
  /** The revision this tab's memory reflects; -1 until the first load. */
  private revision = -1;
  private seededAt = Date.now();
  private readonly db: Promise<IDBDatabase>;
  private readonly lock: LockRunner;
  private readonly channel: BroadcastChannel | null;
  /** Inside `transact`: changes are persisted at its end, not by the out-of-band timer. */
  private busy = false;
  private strayTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: SharedStateOptions = {}) {
    this.db = openFakeDb(options.dbName);
    this.lock = options.lock ?? defaultLock();
    this.channel =
      typeof BroadcastChannel === 'undefined' || options.broadcast === false
        ? null
        : new BroadcastChannel(FAKE_CHANNEL_NAME);
    this.channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
      const message = broadcastSchema.safeParse(event.data);
      // Before the first load there is nothing to catch up: the load reads everything.
      if (!message.success || this.revision < 0 || message.data.revision <= this.revision) return;
      this.transact(async () => undefined).catch((error: unknown) =>
        console.warn('[fake-firebase] could not catch up with another tab', error),
      );
    });
    store.latencyAppliedByCaller = true;
    shareControl(this);
    store.setInitializer(() => this.transact(async () => undefined));
    // Handlers only write inside `transact`; a write from elsewhere (a test poking the store) is
    // still persisted, soon, under the lock.
    store.onDirty(() => {
      if (this.busy || this.strayTimer !== null) return;
      this.strayTimer = setTimeout(() => {
        this.strayTimer = null;
        void this.transact(async () => undefined).catch(() => undefined);
      }, 20);
    });
  }

  /** The revision this tab's memory reflects (tests). */
  get currentRevision(): number {
    return this.revision;
  }

  /**
   * Runs `work` holding the cross-tab lock: catch up, work, persist what it changed in one
   * transaction, announce. Resolves only once the changes are durable.
   */
  transact<T>(work: () => Promise<T>): Promise<T> {
    return this.lock(async () => {
      this.busy = true;
      try {
        await this.catchUp();
        const accountsBefore = snapshotAccounts();
        let outcome: { ok: true; value: T } | { ok: false; error: unknown };
        try {
          outcome = { ok: true, value: await work() };
        } catch (error) {
          outcome = { ok: false, error };
        }
        try {
          await this.persist(changedAccounts(accountsBefore));
        } catch (error) {
          // Not durable, so not done: forget this tab's copy; the next request reloads it.
          store.takeChanges();
          this.revision = -1;
          throw error;
        }
        if (!outcome.ok) throw outcome.error;
        return outcome.value;
      } finally {
        this.busy = false;
      }
    });
  }

  /** Answers one Firebase request from the shared state. */
  async handle(req: Request): Promise<Response> {
    // Offline, a request fails at once, as a real one does: it does not wait for the saved state
    // to load (Firebase Auth's restore of a session asks accounts:lookup first, and the offline
    // cold start waited for the whole state to be read only to be told "no network").
    if (isOffline()) {
      store.requestLog.push({ method: req.method, url: req.url, at: Date.now() });
      return Response.error();
    }
    await store.ready;
    // Outside the lock: 300 ms of injected latency must not hold up every other tab.
    const latency = store.latencyFor(req.url);
    if (latency > 0 && !isOffline()) await delay(latency);
    // The page times each commit (`fake-firebase:commit`, mocks/browser.ts): this runs in a worker.
    return this.transact(async () => (await getResponse(handlers, req)) ?? Response.error());
  }

  /** Closes the database and the channel (tests, and a tab being torn down). */
  async dispose(): Promise<void> {
    if (this.strayTimer !== null) clearTimeout(this.strayTimer);
    this.channel?.close();
    (await this.db).close();
  }

  /** Brings this tab's memory up to the stored revision (inside the lock). */
  private async catchUp(): Promise<void> {
    const db = await this.db;
    const tx = db.transaction([
      META_STORE,
      CHANGES_STORE,
      DOCUMENTS_STORE,
      ACCOUNTS_STORE,
      BLOBS_STORE,
    ]);
    const meta = metaSchema.safeParse(await request(tx.objectStore(META_STORE).get(META_KEY)));
    if (!meta.success) {
      // A new (or wiped) database: seed it; `persist` writes everything as one full revision.
      await reseedInSlices('demo');
      this.seededAt = Date.now();
      this.revision = 0;
      return;
    }
    this.seededAt = meta.data.seededAt;
    const target = meta.data.revision;
    if (target === this.revision) return;
    // The service never hands out the same updateTime twice, and later writes get later times
    // (preconditions and "changed since" reads rely on it): move this tab's clock past the other
    // tabs' last issued time (by at most a millisecond).
    if (meta.data.serverTime !== undefined)
      nextServerTime(Date.parse(timestampToIso(meta.data.serverTime)) + 1);

    let paths: string[] | null = null;
    let uids: string[] = [];
    let objects: string[] = [];
    if (this.revision >= 0 && target > this.revision) {
      const range = IDBKeyRange.bound(this.revision + 1, target);
      const changes = tx.objectStore(CHANGES_STORE);
      const [keys, values] = await Promise.all([
        request(changes.getAllKeys(range)),
        request(changes.getAll(range)),
      ]);
      const entries = values.map((value: unknown) => changeSchema.safeParse(value));
      const complete =
        keys.length === target - this.revision &&
        entries.every((entry) => entry.success && entry.data.full !== true);
      if (complete) {
        const pathSet = new Set<string>();
        const uidSet = new Set<string>();
        const objectSet = new Set<string>();
        for (const entry of entries) {
          if (!entry.success) continue;
          for (const path of entry.data.paths) pathSet.add(path);
          for (const uid of entry.data.accounts ?? []) uidSet.add(uid);
          for (const name of entry.data.objects ?? []) objectSet.add(name);
        }
        paths = [...pathSet];
        uids = [...uidSet];
        objects = [...objectSet];
      }
    }
    const emitting = this.revision >= 0;
    if (paths === null) await this.reloadAll(tx, emitting);
    else await this.reloadSome(tx, paths, uids, objects);
    this.revision = target;
  }

  private async reloadSome(
    tx: IDBTransaction,
    paths: string[],
    uids: string[],
    objects: string[],
  ): Promise<void> {
    const documents = tx.objectStore(DOCUMENTS_STORE);
    const accounts = tx.objectStore(ACCOUNTS_STORE);
    const blobs = tx.objectStore(BLOBS_STORE);
    const [docs, accountRecords, objectRecords] = await Promise.all([
      Promise.all(paths.map((path) => request<unknown>(documents.get(path)))),
      Promise.all(uids.map((uid) => request<unknown>(accounts.get(uid)))),
      Promise.all(objects.map((name) => request<unknown>(blobs.get(name)))),
    ]);
    objects.forEach((name, i) => {
      const object = storedObjectSchema.safeParse(objectRecords[i]);
      store.applyStoredObject(name, object.success ? object.data : undefined);
    });
    // Parsed in slices, then applied in one step: no reader sees half of another tab's commit.
    const parsed = await parseInSlices(
      paths.map((path, i) => [path, docs[i]] as const),
      new Slice('catch-up'),
    );
    const events: Array<{ path: string; kind: 'set' | 'delete' }> = [];
    paths.forEach((path, i) => {
      const doc = parsed[i];
      const had = store.get(path);
      store.applyStored(path, doc);
      if (!sameDocument(had, doc)) events.push({ path, kind: doc ? 'set' : 'delete' });
    });
    uids.forEach((uid, i) => {
      const account = accountSchema.safeParse(accountRecords[i]);
      if (account.success) store.accounts.set(uid, account.data);
      else store.accounts.delete(uid);
    });
    for (const event of events) store.emit(event);
  }

  /** Replaces memory with everything stored: getAll, not one get per key, to keep loads fast. */
  private async reloadAll(tx: IDBTransaction, emitting: boolean): Promise<void> {
    const [records, accounts, objects] = await Promise.all([
      readAllDocuments(tx.objectStore(DOCUMENTS_STORE)),
      request(tx.objectStore(ACCOUNTS_STORE).getAll()),
      // Blobs from IndexedDB are handles: their bytes stay on disk until a download reads them.
      request(tx.objectStore(BLOBS_STORE).getAll()),
    ]);
    // The transaction is done with: parse in slices, then replace memory in one step.
    const parsed = await parseInSlices(records, new Slice('load'));
    const before = emitting ? new Map(store.allDocuments()) : new Map<string, StoredDocument>();
    store.clearDocuments();
    store.takeChanges();
    const events: Array<{ path: string; kind: 'set' | 'delete' }> = [];
    records.forEach(([key], i) => {
      const doc = parsed[i];
      if (!doc) return;
      store.applyStored(key, doc);
      if (emitting && !sameDocument(before.get(key), doc)) events.push({ path: key, kind: 'set' });
      before.delete(key);
    });
    for (const path of before.keys()) events.push({ path, kind: 'delete' });
    store.objects.clear();
    for (const raw of objects) {
      const object = storedObjectSchema.safeParse(raw);
      if (object.success) store.applyStoredObject(object.data.name, object.data);
    }
    store.accounts.clear();
    for (const raw of accounts) {
      const account = accountSchema.safeParse(raw);
      if (account.success) store.accounts.set(account.data.uid, account.data);
    }
    for (const event of events) store.emit(event);
  }

  /** Writes what changed since the last persist as the next revision, in one transaction. */
  private async persist(accountChanges: string[]): Promise<void> {
    const { paths, full, objects } = store.takeChanges();
    if (!full && paths.length === 0 && accountChanges.length === 0 && objects.length === 0) return;
    const db = await this.db;
    const tx = db.transaction(
      [META_STORE, CHANGES_STORE, DOCUMENTS_STORE, ACCOUNTS_STORE, BLOBS_STORE],
      'readwrite',
    );
    const documents = tx.objectStore(DOCUMENTS_STORE);
    const accounts = tx.objectStore(ACCOUNTS_STORE);
    const blobs = tx.objectStore(BLOBS_STORE);
    const revision = this.revision + 1;
    // The documents last, in slices (`writeInSlices`); everything else is queued first.
    let documentWrites: Array<() => IDBRequest>;
    if (full) {
      documents.clear();
      accounts.clear();
      blobs.clear();
      documentWrites = store.allDocuments().map(
        ([path, doc]) =>
          () =>
            documents.put(doc, path),
      );
      for (const account of store.accounts.values()) accounts.put(account, account.uid);
      for (const object of store.objects.values()) blobs.put(object, object.name);
    } else {
      // What is written is what memory holds now (the caller holds the lock: nothing changes it).
      documentWrites = paths.map((path) => {
        const doc = store.get(path);
        return doc ? () => documents.put(doc, path) : () => documents.delete(path);
      });
      for (const uid of accountChanges) {
        const account = store.accounts.get(uid);
        if (account) accounts.put(account, uid);
        else accounts.delete(uid);
      }
      for (const name of objects) {
        const object = store.objects.get(name);
        if (object) blobs.put(object, name);
        else blobs.delete(name);
      }
    }
    const changes = tx.objectStore(CHANGES_STORE);
    const entry: z.infer<typeof changeSchema> = full
      ? { paths: [], full: true }
      : { paths, accounts: accountChanges, objects };
    changes.put(entry, revision);
    if (revision > CHANGE_LOG_LIMIT)
      changes.delete(IDBKeyRange.upperBound(revision - CHANGE_LOG_LIMIT));
    const meta: Meta = {
      layout: 2,
      revision,
      seededAt: this.seededAt,
      serverTime: nextServerTime(),
    };
    tx.objectStore(META_STORE).put(meta, META_KEY);
    const done = completion(tx);
    const written = writeInSlices(documentWrites, new Slice('persist')).catch((error: unknown) => {
      // Nothing of a revision that could not be written whole.
      tx.abort();
      throw error;
    });
    await Promise.all([written, done]);
    this.revision = revision;
    this.channel?.postMessage({ revision, paths });
  }
}

/** Each account as JSON, to see afterwards which ones a request changed (handlers mutate them). */
function snapshotAccounts(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [uid, account] of store.accounts) out.set(uid, JSON.stringify(account));
  return out;
}

function changedAccounts(before: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [uid, account] of store.accounts) {
    if (before.get(uid) !== JSON.stringify(account)) changed.push(uid);
  }
  for (const uid of before.keys()) if (!store.accounts.has(uid)) changed.push(uid);
  return changed;
}

/**
 * Routes the console control's writes through the shared state: a reset, setDocument and
 * deleteDocument are persisted and announced before their promise resolves.
 */
export function shareControl(shared: SharedFakeState): void {
  const { reset, setDocument, deleteDocument } = fake;
  fake.reset = async (options) => {
    // Outside the lock first: the initial load takes the lock itself.
    await store.ready;
    await shared.transact(() => reset(options));
  };
  fake.setDocument = (path, data) => shared.transact(async () => setDocument(path, data));
  fake.deleteDocument = (path) => shared.transact(async () => deleteDocument(path));
}
