// The cache service: the only way routes and the sync engine read and write LearningCenterDB.
// It owns three pieces of state: the open database, an in-memory copy of each collection that has
// been read (the source of fast lists), and the set of listeners told about changes. The memory copy
// is only a read cache: every write re-reads the records it changes from IndexedDB inside a
// cross-tab lock, because another tab may have written them since.
import { z } from 'zod';
import { BATCH_MAX_OPERATIONS, LIST_DEFAULT_LIMIT, LOCAL_DB_NAME } from '~/config/constants';
import { getCollectionDefinition, recordSchemaFor, type CollectionDefinition } from './collections';
import {
  cachedItemSchema,
  clearDatabase,
  migrateLayout,
  openDatabase,
  LAYOUT_VERSION,
  patchCollection,
  readCollectionChunks,
  readCollectionWithStamps,
  readLayout,
  readMetadata,
  readQueue,
  queuedCollections,
  removeCollection,
  replaceCollection,
  writeMetadata,
  writeQueue,
  type CollectionMetadata,
  type LocalDatabase,
  type PendingChange,
  type StoredItem,
} from './db';
import { defaultLocks, type LockProvider } from './locks';
import { backoffDelay, enqueueChange, isSameRevision, sendableChanges } from './pending-changes';

export const NOT_INITIALIZED_MESSAGE = 'Cache service not initialized';
export const ITEM_NOT_FOUND_MESSAGE = 'Item not found with ID';
export const BATCH_LIMIT_MESSAGE = `Batch operations exceed the maximum limit of ${BATCH_MAX_OPERATIONS} operations`;

/** A cached record as routes see it: an id plus the collection's fields. */
export type CachedRecord = { id: string } & Record<string, unknown>;

export type FilterOperator =
  '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not-in' | 'array-contains';
export interface ListFilter {
  field: string;
  op: FilterOperator;
  value: unknown;
}
export interface ListSort {
  field: string;
  direction?: 'asc' | 'desc';
}
export interface ListOptions {
  filters?: readonly ListFilter[];
  sort?: ListSort | readonly ListSort[];
  /** Default 10 (spec §9). Pass Infinity for every match. */
  limit?: number;
  offset?: number;
}

export type BatchOperation =
  | { type: 'save'; collection: string; item: Record<string, unknown> }
  | { type: 'delete'; collection: string; id: string };

export interface DataChangeEvent {
  /** Collections whose cached items or pending changes changed. */
  collections: string[];
  /** Where the change came from: this tab's writes, another tab, or the sync engine. */
  source: 'local' | 'other-tab' | 'sync';
}
export type DataChangeListener = (event: DataChangeEvent) => void;

/** Looks up the zod schema of a collection's records (RECORD_SCHEMAS by default). */
export type SchemaLookup = (collection: string) => z.ZodType<unknown> | undefined;

export interface CacheServiceOptions {
  dbName?: string;
  locks?: LockProvider;
  schemaFor?: SchemaLookup;
  now?: () => number;
}

export interface FailureReport {
  permanent: boolean;
  message: string;
  code?: string;
}

const genericRecordSchema = z.object({ id: z.string() }).passthrough();
const broadcastSchema = z.object({
  type: z.enum(['changed', 'cleared']),
  collections: z.array(z.string()),
});

function logFailure(message: string, error: unknown): void {
  console.error(`[cache] ${message}`, error);
}

function newId(): string {
  return crypto.randomUUID();
}

export function createCacheService(options: CacheServiceOptions = {}) {
  const dbName = options.dbName ?? LOCAL_DB_NAME;
  const locks = options.locks ?? defaultLocks();
  const now = options.now ?? (() => Date.now());
  let schemaFor: SchemaLookup = options.schemaFor ?? recordSchemaFor;
  const writeLockName = `${dbName}:write`;

  let db: LocalDatabase | null = null;
  let uid: string | null = null;
  const memory = new Map<string, Map<string, CachedRecord>>();
  const listeners = new Set<DataChangeListener>();
  let channel: BroadcastChannel | null = null;

  function emit(event: DataChangeEvent): void {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        logFailure('A data-change listener failed', error);
      }
    }
  }

  function changed(collections: string[], source: 'local' | 'sync'): void {
    emit({ collections, source });
    channel?.postMessage({ type: 'changed', collections });
  }

  function openChannel(): void {
    if (channel || typeof BroadcastChannel === 'undefined') return;
    channel = new BroadcastChannel(`${dbName}:changes`);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const message = broadcastSchema.safeParse(event.data);
      if (!message.success) return;
      // Another tab wrote these collections: our memory copy is stale; the next read reloads it.
      if (message.data.type === 'cleared') memory.clear();
      for (const collection of message.data.collections) memory.delete(collection);
      emit({ collections: message.data.collections, source: 'other-tab' });
    };
  }

  function requireDb(): LocalDatabase {
    if (!db || uid === null) throw new Error(NOT_INITIALIZED_MESSAGE);
    return db;
  }

  function requireCollection(name: string): CollectionDefinition {
    return getCollectionDefinition(name);
  }

  /** The shape check for entries validated when they were written (see db.ts `validated`). */
  function trustedRecord(collection: string, raw: unknown): CachedRecord | null {
    if (!isStoredItem(raw) || raw.collectionName !== collection) return null;
    const { collectionName: _ignored, ...fields } = raw;
    return { ...fields, id: raw.id };
  }

  /** Validates a stored entry against the envelope and the collection's schema. */
  function parseStored(collection: string, raw: unknown): CachedRecord | null {
    const envelope = cachedItemSchema.safeParse(raw);
    if (!envelope.success || envelope.data.collectionName !== collection) return null;
    const schema = schemaFor(collection) ?? genericRecordSchema;
    const { collectionName: _ignored, ...fields } = envelope.data;
    const parsed = schema.safeParse(fields);
    if (!parsed.success) return null;
    const record = genericRecordSchema.safeParse(parsed.data);
    return record.success ? { ...record.data, id: envelope.data.id } : null;
  }

  /** The validation stamp of a collection's chunks, or undefined when it has no record schema. */
  function stampOf(collection: string): string | undefined {
    if (!schemaFor(collection)) return undefined;
    return `${LAYOUT_VERSION}:${getCollectionDefinition(collection).version}`;
  }

  function toStored(collection: string, record: CachedRecord): StoredItem {
    return { ...record, id: record.id, collectionName: collection };
  }

  /** Loads a collection into memory, discarding (and scheduling a refetch for) corrupted entries. */
  async function loadCollection(collection: string): Promise<Map<string, CachedRecord>> {
    const cached = memory.get(collection);
    if (cached) return cached;
    const database = requireDb();
    const { items: raw, trusted } = await readCollectionWithStamps(
      database,
      collection,
      stampOf(collection),
    );
    const items = new Map<string, CachedRecord>();
    const corrupted: string[] = [];
    for (const [id, entry] of raw) {
      // Items of a chunk stamped as validated by this schema version get a shape check only.
      const record = trusted.has(id)
        ? trustedRecord(collection, entry)
        : parseStored(collection, entry);
      if (record && record.id === id) items.set(id, record);
      else corrupted.push(id);
    }
    if (corrupted.length > 0) {
      console.warn(
        `[cache] Discarded ${corrupted.length} ${collection} record(s) that failed validation; the collection will be fetched again.`,
      );
      await locks.exclusive(writeLockName, async () => {
        await patchCollection(database, collection, [], corrupted);
        const metadata = await readMetadata(database, collection);
        if (metadata) await writeMetadata(database, { ...metadata, needsRefetch: true });
      });
    }
    memory.set(collection, items);
    return items;
  }

  /** Working copy of the records touched by one write (or batch), flushed inside the write lock. */
  async function mutate<T>(
    run: (tx: {
      item(collection: string, id: string): Promise<CachedRecord | null>;
      put(collection: string, record: CachedRecord): void;
      remove(collection: string, id: string): void;
      enqueue(change: Parameters<typeof enqueueChange>[1]): Promise<void>;
    }) => Promise<T>,
  ): Promise<T> {
    const database = requireDb();
    return locks.exclusive(writeLockName, async () => {
      const queues = new Map<string, PendingChange[]>();
      const puts = new Map<string, Map<string, CachedRecord>>();
      const removes = new Map<string, Set<string>>();
      const fresh = new Map<string, Map<string, unknown>>();
      const result = await run({
        async item(collection, id) {
          const put = puts.get(collection)?.get(id);
          if (put) return put;
          if (removes.get(collection)?.has(id)) return null;
          // Read from IndexedDB, not memory: another tab may have written it since we loaded.
          let raw = fresh.get(collection);
          if (!raw) fresh.set(collection, (raw = await readCollectionChunks(database, collection)));
          return raw.has(id) ? parseStored(collection, raw.get(id)) : null;
        },
        put(collection, record) {
          removes.get(collection)?.delete(record.id);
          if (!puts.has(collection)) puts.set(collection, new Map());
          puts.get(collection)?.set(record.id, record);
        },
        remove(collection, id) {
          puts.get(collection)?.delete(id);
          if (!removes.has(collection)) removes.set(collection, new Set());
          removes.get(collection)?.add(id);
        },
        async enqueue(change) {
          let queue = queues.get(change.collectionName);
          if (!queue) queue = (await readQueue(database, change.collectionName)).changes;
          queues.set(change.collectionName, enqueueChange(queue, change, now(), newId));
        },
      });
      // The pending change is written first: if the tab dies between the two writes, the change is
      // still replayed, and the cache is corrected by the next refresh.
      await Promise.all(
        [...queues].map(([collection, queue]) => writeQueue(database, collection, queue)),
      );
      const touched = new Set([...puts.keys(), ...removes.keys()]);
      await Promise.all(
        [...touched].map((collection) =>
          patchCollection(
            database,
            collection,
            [...(puts.get(collection)?.values() ?? [])].map((r) => toStored(collection, r)),
            [...(removes.get(collection) ?? [])],
            stampOf(collection),
          ),
        ),
      );
      for (const collection of touched) {
        const items = memory.get(collection);
        if (!items) continue;
        for (const id of removes.get(collection) ?? []) items.delete(id);
        for (const record of puts.get(collection)?.values() ?? []) items.set(record.id, record);
      }
      const all = new Set([...touched, ...queues.keys()]);
      if (all.size > 0) changed([...all], 'local');
      return result;
    });
  }

  async function saveInTx(
    tx: Parameters<Parameters<typeof mutate>[0]>[0],
    collection: string,
    input: Record<string, unknown>,
  ): Promise<CachedRecord> {
    const definition = requireCollection(collection);
    const { id: rawId, collectionName: _ignored, ...fields } = input;
    const givenId = typeof rawId === 'string' && rawId.length > 0 ? rawId : null;
    const id = givenId ?? `temp_${newId()}`;
    const existing = givenId && definition.cached ? await tx.item(collection, givenId) : null;
    const record: CachedRecord = { ...(existing ?? {}), ...fields, id };
    const schema = schemaFor(collection);
    if (schema && definition.cached) {
      const checked = schema.safeParse(record);
      if (!checked.success)
        throw new Error(`Invalid ${collection} record: ${checked.error.message}`);
    }
    // With no cached copy, a write with a caller-chosen id (attendance's `${classroomId}_${date}`)
    // is a create too: it is sent as a merging set, which is idempotent.
    const operation = existing || (givenId && !definition.cached) ? 'update' : 'create';
    await tx.enqueue({ collectionName: collection, itemId: id, operation, data: fields });
    if (definition.cached) tx.put(collection, record);
    return record;
  }

  async function deleteInTx(
    tx: Parameters<Parameters<typeof mutate>[0]>[0],
    collection: string,
    id: string,
  ): Promise<void> {
    const definition = requireCollection(collection);
    if (definition.cached && !(await tx.item(collection, id))) {
      throw new Error(`${ITEM_NOT_FOUND_MESSAGE}: ${id}`);
    }
    await tx.enqueue({ collectionName: collection, itemId: id, operation: 'delete', data: null });
    tx.remove(collection, id);
  }

  function matches(record: CachedRecord, filter: ListFilter): boolean {
    const value = record[filter.field];
    const target = filter.value;
    switch (filter.op) {
      case '==':
        return value === target;
      case '!=':
        return value !== target;
      case '<':
      case '<=':
      case '>':
      case '>=': {
        if (value === undefined || value === null) return false;
        const c = compareValues(value, target);
        return filter.op === '<'
          ? c < 0
          : filter.op === '<='
            ? c <= 0
            : filter.op === '>'
              ? c > 0
              : c >= 0;
      }
      case 'in':
        return Array.isArray(target) && target.includes(value);
      case 'not-in':
        return Array.isArray(target) && !target.includes(value);
      case 'array-contains':
        return Array.isArray(value) && value.includes(target);
    }
  }

  const service = {
    get dbName() {
      return dbName;
    },
    get isInitialized() {
      return db !== null && uid !== null;
    },
    get uid() {
      return uid;
    },

    /** Drops the in-memory copies, so the next read comes from IndexedDB. */
    invalidate(collection?: string): void {
      if (collection) memory.delete(collection);
      else memory.clear();
    },

    /** The zod schema of a collection's records, if one is registered. */
    schemaOf(collection: string): z.ZodType<unknown> | undefined {
      return schemaFor(collection);
    },

    /** Supplies the record schemas (called once at start-up with RECORD_SCHEMAS). */
    setSchemaLookup(lookup: SchemaLookup): void {
      schemaFor = lookup;
      memory.clear();
    },

    /**
     * Opens the cache for a signed-in user. A cache left by another user is wiped first, so one
     * person's records never show up for the next one on a shared laptop.
     */
    async init({ uid: nextUid }: { uid: string }): Promise<boolean> {
      try {
        db ??= await openDatabase(dbName);
        const layout = await readLayout(db);
        if (layout?.uid && layout.uid !== nextUid) await clearDatabase(db);
        memory.clear();
        await migrateLayout(db, nextUid);
        uid = nextUid;
        openChannel();
        return true;
      } catch (error) {
        logFailure('Failed to initialise the cache', error);
        return false;
      }
    },

    /** Signs the cache out: every record of every store is removed. */
    async clear(): Promise<boolean> {
      memory.clear();
      uid = null;
      try {
        db ??= await openDatabase(dbName);
        const database = db;
        await locks.exclusive(writeLockName, () => clearDatabase(database));
        channel?.postMessage({ type: 'cleared', collections: [] });
        return true;
      } catch (error) {
        logFailure('Failed to clear the cache', error);
        return false;
      }
    },

    /** One item, or null when it is not cached (or the read failed, which is logged). */
    async get(collection: string, id: string): Promise<CachedRecord | null> {
      requireCollection(collection);
      requireDb();
      try {
        return (await loadCollection(collection)).get(id) ?? null;
      } catch (error) {
        logFailure('Failed to get data', error);
        return null;
      }
    },

    /** Filtered, sorted, limited items (limit 10 by default); [] when the read fails. */
    async list(collection: string, listOptions: ListOptions = {}): Promise<CachedRecord[]> {
      requireCollection(collection);
      requireDb();
      try {
        const items = await loadCollection(collection);
        const filters = listOptions.filters ?? [];
        let result = filters.length
          ? [...items.values()].filter((r) => filters.every((f) => matches(r, f)))
          : [...items.values()];
        const sorts = [listOptions.sort ?? []].flat();
        if (sorts.length > 0) {
          result.sort((a, b) => {
            for (const s of sorts) {
              const c = compareValues(a[s.field], b[s.field]);
              if (c !== 0) return s.direction === 'desc' ? -c : c;
            }
            return 0;
          });
        }
        const offset = listOptions.offset ?? 0;
        const limit = listOptions.limit ?? LIST_DEFAULT_LIMIT;
        result = result.slice(offset, Number.isFinite(limit) ? offset + limit : undefined);
        return result;
      } catch (error) {
        logFailure('Failed to get data', error);
        return [];
      }
    },

    /** Number of cached items of a collection (0 when the read fails). */
    async count(collection: string): Promise<number> {
      requireCollection(collection);
      requireDb();
      try {
        return (await loadCollection(collection)).size;
      } catch (error) {
        logFailure('Failed to get data', error);
        return 0;
      }
    },

    /**
     * Creates (no id → a `temp_<uuid>` id that the backend keeps) or updates an item. Resolves once
     * both the cache and the pending change are stored; null when that failed (logged).
     */
    async save(collection: string, item: Record<string, unknown>): Promise<CachedRecord | null> {
      requireCollection(collection);
      requireDb();
      try {
        return await mutate((tx) => saveInTx(tx, collection, item));
      } catch (error) {
        logFailure('Failed to save item', error);
        return null;
      }
    },

    /** Deletes an item locally and queues the delete. False when it is not cached or on failure. */
    async delete(collection: string, id: string): Promise<boolean> {
      requireCollection(collection);
      requireDb();
      try {
        await mutate((tx) => deleteInTx(tx, collection, id));
        return true;
      } catch (error) {
        logFailure('Failed to delete item', error);
        return false;
      }
    },

    /** Applies up to 500 saves and deletes together; returns how many were applied (0 on failure). */
    async batch(operations: readonly BatchOperation[]): Promise<number> {
      if (operations.length > BATCH_MAX_OPERATIONS) throw new Error(BATCH_LIMIT_MESSAGE);
      for (const operation of operations) requireCollection(operation.collection);
      requireDb();
      try {
        return await mutate(async (tx) => {
          for (const operation of operations) {
            if (operation.type === 'save') await saveInTx(tx, operation.collection, operation.item);
            else await deleteInTx(tx, operation.collection, operation.id);
          }
          return operations.length;
        });
      } catch (error) {
        logFailure('Failed to save item', error);
        return 0;
      }
    },

    subscribe(listener: DataChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    // ---- Used by the sync engine ------------------------------------------------------------

    async getMetadata(collection: string): Promise<CollectionMetadata | null> {
      try {
        return await readMetadata(requireDb(), collection);
      } catch (error) {
        logFailure('Failed to read collection metadata', error);
        return null;
      }
    },

    /** Every pending change, per collection in timestamp order. */
    async pendingChanges(): Promise<PendingChange[]> {
      try {
        const database = requireDb();
        const names = await queuedCollections(database);
        const queues = await Promise.all(names.map((name) => readQueue(database, name)));
        return queues.flatMap((q) => q.changes);
      } catch (error) {
        logFailure('Failed to read pending changes', error);
        return [];
      }
    },

    /** The changes of one collection that may be sent now (see sendableChanges). */
    async sendable(collection: string, max: number): Promise<PendingChange[]> {
      const { changes } = await readQueue(requireDb(), collection);
      return sendableChanges(changes, now(), max);
    },

    /** Removes the sent changes that were not merged with a later write while in flight. */
    async completeSent(collection: string, sent: readonly PendingChange[]): Promise<void> {
      const database = requireDb();
      await locks.exclusive(writeLockName, async () => {
        const { changes } = await readQueue(database, collection);
        const byId = new Map(sent.map((c) => [c.id, c]));
        const remaining = changes.filter((c) => {
          const s = byId.get(c.id);
          return !s || !isSameRevision(c, s);
        });
        await writeQueue(database, collection, remaining);
      });
      changed([collection], 'sync');
    },

    /** Records a failed send: a permanent error marks the changes, a transient one backs them off. */
    async failSent(
      collection: string,
      sent: readonly PendingChange[],
      failure: FailureReport,
    ): Promise<void> {
      const database = requireDb();
      const ids = new Set(sent.map((c) => c.id));
      await locks.exclusive(writeLockName, async () => {
        const { changes } = await readQueue(database, collection);
        const updated = changes.map((c): PendingChange => {
          if (!ids.has(c.id)) return c;
          if (failure.permanent) {
            return {
              ...c,
              error: failure.message,
              ...(failure.code ? { errorCode: failure.code } : {}),
            };
          }
          const retryCount = c.retryCount + 1;
          return { ...c, retryCount, nextAttemptAt: now() + backoffDelay(retryCount) };
        });
        await writeQueue(database, collection, updated);
      });
      changed([collection], 'sync');
    },

    /** Clears a change's error and backoff so the next sync sends it again. */
    async retryChange(changeId: string): Promise<boolean> {
      return updateChange(changeId, (c) => {
        const { error: _e, errorCode: _c, nextAttemptAt: _n, ...rest } = c;
        return { ...rest, retryCount: 0 };
      });
    },

    /**
     * Drops a change the person chose not to keep. The local copy then disagrees with the backend:
     * a discarded create is removed from the cache, and the collection is refetched at the next sync.
     */
    async discardChange(changeId: string): Promise<boolean> {
      let discarded: PendingChange | null = null;
      const ok = await updateChange(changeId, (c) => {
        discarded = c;
        return null;
      });
      const change: PendingChange | null = discarded;
      if (ok && change) {
        const database = requireDb();
        const { collectionName, itemId, operation } = change;
        try {
          await locks.exclusive(writeLockName, async () => {
            if (operation === 'create')
              await patchCollection(database, collectionName, [], [itemId]);
            const metadata = await readMetadata(database, collectionName);
            if (metadata) await writeMetadata(database, { ...metadata, needsRefetch: true });
          });
          memory.delete(collectionName);
          changed([collectionName], 'local');
        } catch (error) {
          logFailure('Failed to discard the change', error);
        }
      }
      return ok;
    },

    /**
     * Replaces a collection with fresh backend data, with the still-pending local changes merged
     * over it so a refresh never hides a write that has not reached the backend yet. With
     * `resync`, the old records and metadata are removed first (a new major version).
     */
    async applyRefresh(
      definition: CollectionDefinition,
      fresh: readonly CachedRecord[],
      version: string,
      resync = false,
      options: { validated?: boolean } = {},
    ): Promise<boolean> {
      const database = requireDb();
      const collection = definition.name;
      const schema = schemaFor(collection);
      try {
        await locks.exclusive(writeLockName, async () => {
          if (resync) {
            await removeCollection(database, collection);
            await database.metadata.removeItem(collection);
          }
          const items = new Map<string, CachedRecord>();
          for (const record of fresh) items.set(record.id, record);
          const { changes } = await readQueue(database, collection);
          const merged = new Set<string>();
          for (const change of changes) {
            merged.add(change.itemId);
            const current = items.get(change.itemId);
            if (change.operation === 'delete') items.delete(change.itemId);
            else if (change.operation === 'create')
              items.set(change.itemId, {
                ...(current ?? {}),
                ...(change.data ?? {}),
                id: change.itemId,
              });
            else if (current)
              items.set(change.itemId, { ...current, ...(change.data ?? {}), id: change.itemId });
          }
          // Fresh records were parsed with the schema by the backend (options.validated); the few
          // that pending changes were merged into are checked here, so the chunks may be stamped.
          let validated = Boolean(options.validated && schema);
          if (validated && schema) {
            for (const id of merged) {
              const record = items.get(id);
              if (record && !schema.safeParse(record).success) validated = false;
            }
          }
          await replaceCollection(
            database,
            collection,
            [...items.values()].map((r) => toStored(collection, r)),
            validated ? stampOf(collection) : undefined,
          );
          await writeMetadata(database, {
            name: collection,
            version,
            lastSynced: now(),
            syncFrequency: definition.syncFrequencyMs,
            requiresAuth: definition.requiresAuth,
            cacheDuration: definition.cacheDurationMs,
            prioritySync: definition.prioritySync,
          });
          memory.set(collection, items);
        });
        changed([collection], 'sync');
        return true;
      } catch (error) {
        logFailure(`Failed to refresh ${collection}`, error);
        return false;
      }
    },

    /** Closes the cross-tab channel (tests and tab teardown). */
    dispose(): void {
      channel?.close();
      channel = null;
      listeners.clear();
    },
  };

  async function updateChange(
    changeId: string,
    update: (change: PendingChange) => PendingChange | null,
  ): Promise<boolean> {
    try {
      const database = requireDb();
      let found: string | null = null;
      await locks.exclusive(writeLockName, async () => {
        for (const name of await queuedCollections(database)) {
          const { changes } = await readQueue(database, name);
          const index = changes.findIndex((c) => c.id === changeId);
          const current = changes[index];
          if (!current) continue;
          const next = update(current);
          const updated = [...changes];
          if (next) updated[index] = next;
          else updated.splice(index, 1);
          await writeQueue(database, name, updated);
          found = name;
          return;
        }
      });
      if (found) changed([found], 'local');
      return found !== null;
    } catch (error) {
      logFailure('Failed to update the pending change', error);
      return false;
    }
  }

  return service;
}

export type CacheService = ReturnType<typeof createCacheService>;

function isStoredItem(value: unknown): value is StoredItem {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const id: unknown = Reflect.get(value, 'id');
  const collectionName: unknown = Reflect.get(value, 'collectionName');
  return typeof id === 'string' && id.length > 0 && typeof collectionName === 'string';
}

/** Orders mixed values: numbers and dates numerically, strings by locale-independent comparison. */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** The app's cache service (one per tab). */
export const cacheService = createCacheService();

/** Opens the cache for the signed-in user (call after sign-in). */
export function initCache(options: { uid: string }): Promise<boolean> {
  return cacheService.init(options);
}

/** Removes every cached record (call on sign-out, after a last sync attempt). */
export function clearCache(): Promise<boolean> {
  return cacheService.clear();
}

/** Calls `listener` whenever cached data changes (this tab, another tab, or a sync). */
export function subscribeToDataChanges(listener: DataChangeListener): () => void {
  return cacheService.subscribe(listener);
}
