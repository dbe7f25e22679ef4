// The store: what routes and features read and write. A write updates the cached record at once
// and records its pending change through the outbox in the same write lock, so the page shows it
// immediately, it survives a reload, and the sync engine sends it later (decisions 010 and 021).
// Its own state is a copy in memory of each collection that has been read (what makes lists fast)
// and the record schemas it validates with. The copy is only a read cache: a write re-reads the
// records it changes from IndexedDB inside the lock, because another tab may have written them, and
// the connection tells the store to forget a collection when another tab changes it.
// Routes never see the queue itself: sending, acknowledging and retrying belong to the outbox.
import { z } from 'zod';
import { BATCH_MAX_OPERATIONS } from '~/config/constants';
import { getCollectionDefinition, recordSchemaFor, type CollectionDefinition } from './collections';
import {
  CacheConnection,
  logFailure,
  type ConnectionOptions,
  type DataChangeListener,
  type WriteLock,
} from './connection';
import {
  cachedItemSchema,
  chunkOf,
  LAYOUT_VERSION,
  patchCollection,
  readChunkOf,
  readCollectionWithStamps,
  readMetadata,
  removeCollection,
  repairChunks,
  replaceCollection,
  writeMetadata,
  type ChunkContents,
  type CollectionMetadata,
  type PendingChange,
  type StoredItem,
} from './db';
import {
  applyPatch,
  defaultsNotIn,
  fillMissing,
  mergeDefaults,
  normalizePatch,
} from './field-paths';
import { dropListIndex, inIndexOrder, queryListIndex, readListIndex } from './list-index';
import { applyListOptions, matches, type ListOptions } from './list-query';
import { Outbox, outbox as tabOutbox } from './outbox';
import { schemaFingerprint } from './schema-fingerprint';
import type { OutboxSealing } from './outbox-seal';
import type { NewChange } from './pending-changes';

export const ITEM_NOT_FOUND_MESSAGE = 'Item not found with ID';
export const BATCH_LIMIT_MESSAGE = `Batch operations exceed the maximum limit of ${BATCH_MAX_OPERATIONS} operations`;

/** A cached record as routes see it: an id plus the collection's fields. */
export type CachedRecord = { id: string } & Record<string, unknown>;

export type BatchOperation =
  | { type: 'save'; collection: string; item: Record<string, unknown>; options?: SaveOptions }
  | { type: 'delete'; collection: string; id: string };

export interface SaveOptions {
  /**
   * Defaults by field path (`entries.s2`), written only where the record has no value at that path:
   * here on the cached copy, and at the backend at commit time, so a default never overwrites a
   * value someone else wrote meanwhile. A path the item itself sets is not a default (decision 044).
   */
  ifMissing?: Record<string, unknown>;
}

/** Looks up the zod schema of a collection's records (RECORD_SCHEMAS by default). */
export type SchemaLookup = (collection: string) => z.ZodType<unknown> | undefined;

export interface StoreOptions {
  schemaFor?: SchemaLookup;
}

const genericRecordSchema = z.object({ id: z.string() }).passthrough();

/** How often a load reads a collection that was written while it read, before it gives up keeping it. */
const LOAD_ATTEMPTS = 3;

function newId(): string {
  return crypto.randomUUID();
}

function isStoredItem(value: unknown): value is StoredItem {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const id: unknown = Reflect.get(value, 'id');
  const collectionName: unknown = Reflect.get(value, 'collectionName');
  return typeof id === 'string' && id.length > 0 && typeof collectionName === 'string';
}

function toStored(collection: string, record: CachedRecord): StoredItem {
  return { ...record, id: record.id, collectionName: collection };
}

/**
 * The records one write (or batch) touches, staged in memory while it runs inside the write lock
 * and flushed at its end, so a batch of 500 rewrites each touched chunk once.
 */
class StagedWrite {
  readonly changes: NewChange[] = [];
  readonly puts = new Map<string, Map<string, CachedRecord>>();
  readonly removes = new Map<string, Set<string>>();
  /** Chunks re-read from IndexedDB by this write, by collection and chunk number. */
  private readonly fresh = new Map<string, Map<number, Promise<ChunkContents>>>();

  constructor(
    private readonly lock: WriteLock,
    private readonly parse: (collection: string, raw: unknown) => CachedRecord | null,
  ) {}

  /** The record as this write sees it: staged here, else read from IndexedDB (not memory). */
  async item(collection: string, id: string): Promise<CachedRecord | null> {
    const put = this.puts.get(collection)?.get(id);
    if (put) return put;
    if (this.removes.get(collection)?.has(id)) return null;
    // Another tab may have written the record since this tab loaded it into memory. Only the
    // chunk that holds it is read (1/16 of the collection), once per write; the flush writes it
    // back without reading it again (chunksRead).
    let chunks = this.fresh.get(collection);
    if (!chunks) this.fresh.set(collection, (chunks = new Map()));
    let chunk = chunks.get(chunkOf(id));
    if (!chunk) {
      chunk = readChunkOf(this.lock.database, collection, id);
      chunks.set(chunkOf(id), chunk);
    }
    const { items } = await chunk;
    return Object.hasOwn(items, id) ? this.parse(collection, items[id]) : null;
  }

  /** The chunks of `collection` this write has read, as they are in IndexedDB (under the lock). */
  chunksRead(collection: string): ReadonlyMap<number, Promise<ChunkContents>> | undefined {
    return this.fresh.get(collection);
  }

  put(collection: string, record: CachedRecord): void {
    this.removes.get(collection)?.delete(record.id);
    if (!this.puts.has(collection)) this.puts.set(collection, new Map());
    this.puts.get(collection)?.set(record.id, record);
  }

  remove(collection: string, id: string): void {
    this.puts.get(collection)?.delete(id);
    if (!this.removes.has(collection)) this.removes.set(collection, new Set());
    this.removes.get(collection)?.add(id);
  }

  queue(change: NewChange): void {
    this.changes.push(change);
  }

  get touched(): string[] {
    return [...new Set([...this.puts.keys(), ...this.removes.keys()])];
  }
}

export class Store {
  private readonly connection: CacheConnection;
  /** Collections read so far, by id. Replaced or patched only inside the write lock. */
  private readonly memory = new Map<string, Map<string, CachedRecord>>();
  /**
   * How many times each collection's stored records changed or were forgotten in this tab (`all`
   * for every collection at once). A load reads IndexedDB outside the write lock; if the count
   * moved while it read (this tab wrote, or another tab announced a write), what it read may be
   * older than what is stored, or torn between two writes, and it is not kept (the soak saw a
   * tab that kept an old name, or lost a record, for good).
   */
  private readonly changes = new Map<string, number>();
  private allChanges = 0;
  private schemaFor: SchemaLookup;

  constructor(
    private readonly outbox: Outbox,
    options: StoreOptions = {},
  ) {
    this.connection = outbox.connection;
    this.schemaFor = options.schemaFor ?? recordSchemaFor;
    this.connection.onInvalidate((what) => {
      if (what === 'all') this.forget();
      else for (const collection of what.collections) this.forget(collection);
    });
  }

  get dbName(): string {
    return this.connection.dbName;
  }

  get isInitialized(): boolean {
    return this.connection.isOpen;
  }

  get uid(): string | null {
    return this.connection.uid;
  }

  /**
   * Opens the cache for a signed-in person (a cache left by someone else is wiped first). False
   * when that failed (logged).
   */
  async init({ uid, sealing }: { uid: string; sealing?: OutboxSealing | null }): Promise<boolean> {
    try {
      await this.connection.open(uid, sealing ?? null);
      return true;
    } catch (error) {
      logFailure('Failed to initialise the cache', error);
      return false;
    }
  }

  /** Signs the cache out: every record of every store is removed, pending changes included. */
  async clear(): Promise<boolean> {
    try {
      await this.connection.close();
      return true;
    } catch (error) {
      logFailure('Failed to clear the cache', error);
      return false;
    }
  }

  /** Drops the copies in memory, so the next read comes from IndexedDB. */
  invalidate(collection?: string): void {
    this.forget(collection);
  }

  /** Drops the copies in memory and tells a load in flight that what it read may be old. */
  private forget(collection?: string): void {
    if (collection) {
      this.memory.delete(collection);
      this.changed(collection);
    } else {
      this.memory.clear();
      this.allChanges++;
    }
  }

  /** Counts a change to a collection's stored records (see `changes`). */
  private changed(collection: string): void {
    this.changes.set(collection, (this.changes.get(collection) ?? 0) + 1);
  }

  private changeCount(collection: string): string {
    return `${this.allChanges}:${this.changes.get(collection) ?? 0}`;
  }

  /** The zod schema of a collection's records, if one is registered. */
  schemaOf(collection: string): z.ZodType<unknown> | undefined {
    return this.schemaFor(collection);
  }

  /** Supplies the record schemas (tests; the app uses RECORD_SCHEMAS). */
  setSchemaLookup(lookup: SchemaLookup): void {
    this.schemaFor = lookup;
    this.forget();
  }

  // ---- Reads ----------------------------------------------------------------------------------

  /** One item, or null when it is not cached (or the read failed, which is logged). */
  async get(collection: string, id: string): Promise<CachedRecord | null> {
    this.check(collection);
    try {
      return (await this.load(collection)).get(id) ?? null;
    } catch (error) {
      logFailure('Failed to get data', error);
      return null;
    }
  }

  /**
   * Filtered, sorted, limited items (limit 10 by default); [] when the read fails. A collection not
   * yet in memory answers a page in its list index's order from the index (listFromIndex).
   */
  async list(collection: string, options: ListOptions = {}): Promise<CachedRecord[]> {
    this.check(collection);
    try {
      if (!this.memory.has(collection)) {
        const page = await this.listFromIndex(collection, options);
        if (page) return page;
      }
      return applyListOptions((await this.load(collection)).values(), options);
    } catch (error) {
      logFailure('Failed to get data', error);
      return [];
    }
  }

  /** Number of cached items of a collection (0 when the read fails). */
  async count(collection: string): Promise<number> {
    this.check(collection);
    try {
      return (await this.load(collection)).size;
    } catch (error) {
      logFailure('Failed to get data', error);
      return 0;
    }
  }

  /** Ids of the records of `collection` with changes the backend has not accepted yet. */
  async pendingIds(collection: string): Promise<Set<string>> {
    const pending = await this.outbox.pendingIn(collection);
    return new Set(pending.map((c) => c.itemId));
  }

  /** How many damage events (dropped records, chunks or queued changes) no notice has shown yet. */
  takeDamageReports(): number {
    return this.connection.takeDamageReports();
  }

  /** Calls `listener` whenever cached data changes (this tab, another tab, or a sync). */
  subscribe(listener: DataChangeListener): () => void {
    return this.connection.subscribe(listener);
  }

  // ---- Writes ---------------------------------------------------------------------------------

  /**
   * Creates (no id → a `temp_<uuid>` id that the backend keeps) or updates an item. Resolves once
   * both the cache and the pending change are stored; null when that failed (logged).
   */
  async save(
    collection: string,
    item: Record<string, unknown>,
    options: SaveOptions = {},
  ): Promise<CachedRecord | null> {
    this.check(collection);
    try {
      return await this.write((staged) => this.stageSave(staged, collection, item, options));
    } catch (error) {
      logFailure('Failed to save item', error);
      return null;
    }
  }

  /** Deletes an item locally and queues the delete. False when it is not cached or on failure. */
  async delete(collection: string, id: string): Promise<boolean> {
    this.check(collection);
    try {
      await this.write((staged) => this.stageDelete(staged, collection, id));
      return true;
    } catch (error) {
      logFailure('Failed to delete item', error);
      return false;
    }
  }

  /** Applies up to 500 saves and deletes together; returns how many were applied (0 on failure). */
  async batch(operations: readonly BatchOperation[]): Promise<number> {
    if (operations.length > BATCH_MAX_OPERATIONS) throw new Error(BATCH_LIMIT_MESSAGE);
    for (const operation of operations) getCollectionDefinition(operation.collection);
    this.connection.require();
    try {
      return await this.write(async (staged) => {
        for (const operation of operations) {
          if (operation.type === 'save') {
            await this.stageSave(staged, operation.collection, operation.item, operation.options);
          } else {
            await this.stageDelete(staged, operation.collection, operation.id);
          }
        }
        return operations.length;
      });
    } catch (error) {
      logFailure('Failed to save item', error);
      return 0;
    }
  }

  // ---- For the sync engine: what it pulls from the backend and what it takes back ------------

  async getMetadata(collection: string): Promise<CollectionMetadata | null> {
    try {
      return await readMetadata(this.connection.require(), collection);
    } catch (error) {
      logFailure('Failed to read collection metadata', error);
      return null;
    }
  }

  /**
   * Replaces a collection with fresh backend data, with the outbox's still-pending changes laid
   * over it, so a refresh never hides a write that has not reached the backend yet. With `resync`,
   * the old records and metadata are removed first (a new major version).
   */
  async applyRefresh(
    definition: CollectionDefinition,
    fresh: readonly CachedRecord[],
    version: string,
    resync = false,
    options: { validated?: boolean } = {},
  ): Promise<boolean> {
    const collection = definition.name;
    const schema = this.schemaFor(collection);
    try {
      await this.connection.write(async (lock) => {
        const { database } = lock;
        if (resync) {
          await removeCollection(database, collection);
          await database.metadata.removeItem(collection);
        }
        const items = new Map<string, CachedRecord>();
        for (const record of fresh) items.set(record.id, record);
        for (const change of await this.outbox.queued(lock, collection)) {
          const current = items.get(change.itemId);
          const data = change.data ?? {};
          let next: CachedRecord | null = current ?? null;
          // Field paths (`entries.s1`) set one nested value, as the backend will when it arrives.
          // Its defaults fill only what the fresh record (with the change) still lacks.
          const defaults = change.ifMissing ?? {};
          if (change.operation === 'delete') next = null;
          else if (change.operation === 'create')
            next = { ...fillMissing(applyPatch(current ?? {}, data), defaults), id: change.itemId };
          else if (current)
            next = { ...fillMissing(applyPatch(current, data), defaults), id: change.itemId };
          // Fresh records were parsed with the schema by the backend (options.validated); a pending
          // change laid over one is checked here. One that would make it invalid (a damaged or
          // outdated queue entry, which replay holds back) is not shown: the record stays as the
          // backend has it, so every chunk may be stamped and no read discards it again.
          if (next && schema && next !== current && !schema.safeParse(next).success) continue;
          if (next) items.set(change.itemId, next);
          else items.delete(change.itemId);
        }
        const validated = Boolean(options.validated && schema);
        await replaceCollection(
          database,
          collection,
          [...items.values()].map((r) => toStored(collection, r)),
          validated ? this.stampOf(collection) : undefined,
        );
        await writeMetadata(database, {
          name: collection,
          version,
          lastSynced: this.connection.now(),
          syncFrequency: definition.syncFrequencyMs,
          requiresAuth: definition.requiresAuth,
          cacheDuration: definition.cacheDurationMs,
          prioritySync: definition.prioritySync,
        });
        this.changed(collection);
        this.memory.set(collection, items);
      });
      this.connection.announce([collection], 'sync');
      return true;
    } catch (error) {
      logFailure(`Failed to refresh ${collection}`, error);
      return false;
    }
  }

  /**
   * Writes a slice of fresh backend data (today's roll calls, decision 044) into the cache without
   * replacing the rest of the collection or its metadata: each fresh record replaces its cached
   * copy, with the still-pending changes of that record laid over it. Only the chunks the slice
   * touches are rewritten, which keeps a refresh every few minutes cheap. A record deleted at the
   * backend is not noticed here; the collection's full refresh removes it.
   */
  async applySlice(
    definition: CollectionDefinition,
    fresh: readonly CachedRecord[],
    /** Cached ids the backend no longer has for this person (decision 053); pending ones stay. */
    remove: readonly string[] = [],
  ): Promise<boolean> {
    const collection = definition.name;
    if (fresh.length === 0 && remove.length === 0) return true;
    const schema = this.schemaFor(collection);
    try {
      const records = new Map(fresh.map((record) => [record.id, record]));
      await this.connection.write(async (lock) => {
        const queue = await this.outbox.queued(lock, collection);
        for (const change of queue) {
          const current = records.get(change.itemId);
          if (!current) continue;
          if (change.operation === 'delete') {
            records.delete(change.itemId);
            continue;
          }
          const patched = applyPatch(current, change.data ?? {});
          const next = { ...fillMissing(patched, change.ifMissing ?? {}), id: change.itemId };
          // As in applyRefresh: a pending change that would make the record invalid is not shown.
          if (!schema || schema.safeParse(next).success) records.set(change.itemId, next);
        }
        const puts = [...records.values()];
        const queued = new Set(queue.map((c) => c.itemId));
        const gone = remove.filter((id) => !records.has(id) && !queued.has(id));
        const deletes = [...fresh.map((r) => r.id), ...gone].filter((id) => !records.has(id));
        await patchCollection(
          lock.database,
          collection,
          puts.map((r) => toStored(collection, r)),
          deletes,
          this.stampOf(collection),
        );
        this.changed(collection);
        const items = this.memory.get(collection);
        if (items) {
          for (const id of deletes) items.delete(id);
          for (const record of puts) items.set(record.id, record);
        }
      });
      this.connection.announce([collection], 'sync');
      return true;
    } catch (error) {
      logFailure(`Failed to refresh today's ${collection}`, error);
      return false;
    }
  }

  /** Changes fields of a collection's metadata, if it has any (the sync engine's marks). */
  async updateMetadata(collection: string, patch: Partial<CollectionMetadata>): Promise<void> {
    try {
      await this.connection.write(async ({ database }) => {
        const metadata = await readMetadata(database, collection);
        if (metadata) await writeMetadata(database, { ...metadata, ...patch, name: collection });
      });
    } catch (error) {
      logFailure(`Failed to update the metadata of ${collection}`, error);
    }
  }

  /**
   * Puts the cache right after the outbox discarded `change`: the local copy now disagrees with the
   * backend. A discarded create is removed, and the collection is fetched again at the next sync.
   */
  async revert(change: PendingChange): Promise<void> {
    const { collectionName, itemId, operation } = change;
    try {
      await this.connection.write(async ({ database }) => {
        if (operation === 'create') await patchCollection(database, collectionName, [], [itemId]);
        const metadata = await readMetadata(database, collectionName);
        if (metadata) await writeMetadata(database, { ...metadata, needsRefetch: true });
      });
      this.forget(collectionName);
      this.connection.announce([collectionName], 'local');
    } catch (error) {
      logFailure('Failed to discard the change', error);
    }
  }

  /** Closes the cross-tab channel (tests and tab teardown). */
  dispose(): void {
    this.connection.dispose();
  }

  // ---- Inside ---------------------------------------------------------------------------------

  /** Throws the spec's messages for an unknown collection or a cache no one has opened. */
  private check(collection: string): CollectionDefinition {
    const definition = getCollectionDefinition(collection);
    this.connection.require();
    return definition;
  }

  /** The shape check for entries validated when they were written (see db.ts `validated`). */
  private trustedRecord(collection: string, raw: unknown): CachedRecord | null {
    if (!isStoredItem(raw) || raw.collectionName !== collection) return null;
    const { collectionName: _ignored, ...fields } = raw;
    return { ...fields, id: raw.id };
  }

  /** Validates a stored entry against the envelope and the collection's schema. */
  private parseStored(collection: string, raw: unknown): CachedRecord | null {
    const envelope = cachedItemSchema.safeParse(raw);
    if (!envelope.success || envelope.data.collectionName !== collection) return null;
    const schema = this.schemaFor(collection) ?? genericRecordSchema;
    const { collectionName: _ignored, ...fields } = envelope.data;
    const parsed = schema.safeParse(fields);
    if (!parsed.success) return null;
    const record = genericRecordSchema.safeParse(parsed.data);
    return record.success ? { ...record.data, id: envelope.data.id } : null;
  }

  /**
   * The validation stamp of a collection's chunks, or undefined when it has no record schema: the
   * layout, the collection's version and a fingerprint of the schema itself, so chunks validated by
   * an older schema are validated again (and stamped anew) after a release changes it.
   */
  private stampOf(collection: string): string | undefined {
    const schema = this.schemaFor(collection);
    if (!schema) return undefined;
    const { version } = getCollectionDefinition(collection);
    return `${LAYOUT_VERSION}:${version}:${schemaFingerprint(schema)}`;
  }

  /**
   * A page of a collection that is not in memory, from its list index (list-index.ts): the records
   * in the index's head, and for the others only the chunks that hold them. Every record is
   * validated and checked against the query; null when the index cannot answer the query or
   * anything does not check out (then the index is dropped and the caller loads the collection,
   * which drops and refetches whatever is damaged).
   */
  private async listFromIndex(
    collection: string,
    options: ListOptions,
  ): Promise<CachedRecord[] | null> {
    const database = this.connection.require();
    const index = await readListIndex(database, collection);
    const page = index ? queryListIndex(index, options) : null;
    if (!index || !page) return null;
    const chunks = new Map<number, Promise<ChunkContents>>();
    for (const id of page.ids) {
      const chunk = chunkOf(id);
      if (!page.head.has(id) && !chunks.has(chunk)) {
        chunks.set(chunk, readChunkOf(database, collection, id));
      }
    }
    const records: CachedRecord[] = [];
    for (const id of page.ids) {
      const raw = page.head.has(id)
        ? page.head.get(id)
        : (await chunks.get(chunkOf(id)))?.items[id];
      const record = raw === undefined ? null : this.parseStored(collection, raw);
      if (record?.id !== id) return this.dropIndex(collection);
      records.push(record);
    }
    const filters = options.filters ?? [];
    const checked =
      records.every((record) => filters.every((filter) => matches(record, filter))) &&
      inIndexOrder(index.sort, records);
    return checked ? records : this.dropIndex(collection);
  }

  /** Drops a list index that disagreed with its records; a refresh writes a new one. */
  private async dropIndex(collection: string): Promise<null> {
    await this.connection.write(({ database }) => dropListIndex(database, collection));
    return null;
  }

  /**
   * Loads a collection into memory. Chunks whose stamp and digest vouch for them get a shape check
   * only; the others are validated record by record. A damaged chunk or record is dropped, the
   * collection is marked for a refetch, and the damage is reported (a notice, and a sync at once).
   */
  private async load(collection: string): Promise<Map<string, CachedRecord>> {
    for (let attempt = 1; ; attempt++) {
      const cached = this.memory.get(collection);
      if (cached) return cached;
      const before = this.changeCount(collection);
      const items = await this.read(collection);
      if (this.changeCount(collection) === before) {
        this.memory.set(collection, items);
        return items;
      }
      // Written while it was read: read again; a collection that keeps changing under the reads
      // is answered from the last read without keeping it.
      if (attempt >= LOAD_ATTEMPTS) return items;
    }
  }

  /** Reads a collection from IndexedDB (see `load`), repairing and reporting what is damaged. */
  private async read(collection: string): Promise<Map<string, CachedRecord>> {
    const database = this.connection.require();
    const stamp = this.stampOf(collection);
    const read = await readCollectionWithStamps(database, collection, stamp);
    const items = new Map<string, CachedRecord>();
    const corrupted = new Set<string>();
    for (const [id, entry] of read.items) {
      const record = read.trusted.has(id)
        ? this.trustedRecord(collection, entry)
        : this.parseStored(collection, entry);
      if (record && record.id === id) items.set(id, record);
      else corrupted.add(id);
    }
    const damaged = corrupted.size > 0 || read.damagedChunks.length > 0;
    if (damaged || read.unchecked.size > 0) {
      const checked = new Map<number, { digest: string; drop: string[] }>();
      for (const [chunk, { digest, ids }] of read.unchecked) {
        checked.set(chunk, { digest, drop: ids.filter((id) => corrupted.has(id)) });
      }
      // Corrupted records of trusted chunks cannot exist (the shape check is all they get), but a
      // record whose key and id disagree can: drop it wherever it is.
      const elsewhere = [...corrupted].filter(
        (id) => ![...checked.values()].some((c) => c.drop.includes(id)),
      );
      await this.connection.write(async (lock) => {
        await repairChunks(lock.database, collection, {
          damagedChunks: read.damagedChunks,
          checked,
          stamp,
        });
        if (elsewhere.length > 0) await patchCollection(lock.database, collection, [], elsewhere);
        if (damaged) {
          const metadata = await readMetadata(lock.database, collection);
          if (metadata) await writeMetadata(lock.database, { ...metadata, needsRefetch: true });
        }
      });
    }
    if (damaged) {
      console.warn(
        `[cache] Discarded ${corrupted.size} ${collection} record(s) and ${read.damagedChunks.length} chunk(s) that failed validation; the collection will be fetched again.`,
      );
      this.connection.reportDamage([collection]);
    }
    return items;
  }

  /**
   * Runs one write inside the lock and flushes it: the pending changes first, then the records,
   * then the copies in memory, and finally one announcement for every collection touched.
   */
  private async write<T>(run: (staged: StagedWrite) => Promise<T>): Promise<T> {
    return this.connection.write(async (lock) => {
      const staged = new StagedWrite(lock, (collection, raw) => this.parseStored(collection, raw));
      const result = await run(staged);
      // The pending change is written first: if the tab dies between the two writes, the change is
      // still replayed, and the cache is corrected by the next refresh.
      const queued = await this.outbox.record(lock, staged.changes);
      const touched = staged.touched;
      const patched = await Promise.all(
        touched.map((collection) =>
          patchCollection(
            lock.database,
            collection,
            [...(staged.puts.get(collection)?.values() ?? [])].map((r) => toStored(collection, r)),
            [...(staged.removes.get(collection) ?? [])],
            this.stampOf(collection),
            staged.chunksRead(collection),
          ),
        ),
      );
      for (const collection of touched) {
        this.changed(collection);
        const items = this.memory.get(collection);
        if (!items) continue;
        for (const id of staged.removes.get(collection) ?? []) items.delete(id);
        for (const record of staged.puts.get(collection)?.values() ?? []) {
          items.set(record.id, record);
        }
      }
      this.connection.announce([...new Set([...touched, ...queued])], 'local');
      // A write into an unreadable chunk replaced it: the collection is refetched (patchCollection
      // marked it), the person is told, and an online device syncs at once.
      const damaged = touched.filter((_, i) => (patched[i]?.damagedChunks.length ?? 0) > 0);
      if (damaged.length > 0) {
        console.warn(
          `[cache] A damaged chunk of ${damaged.join(', ')} was replaced by a write; fetching again.`,
        );
        this.connection.reportDamage(damaged);
      }
      return result;
    });
  }

  private async stageSave(
    staged: StagedWrite,
    collection: string,
    input: Record<string, unknown>,
    options: SaveOptions = {},
  ): Promise<CachedRecord> {
    const definition = getCollectionDefinition(collection);
    const { id: rawId, collectionName: _ignored, ...written } = input;
    // A key with a dot is a field path (`entries.s1`): it sets that one nested value, here, in the
    // queue and at the backend, so two people marking different students both keep their marks.
    const fields = normalizePatch(written);
    // Defaults (`ifMissing`) fill only the paths that have no value; the item's own keys win.
    const defaults = defaultsNotIn(mergeDefaults({}, options.ifMissing ?? {}), fields);
    const givenId = typeof rawId === 'string' && rawId.length > 0 ? rawId : null;
    const id = givenId ?? `temp_${newId()}`;
    const existing = givenId && definition.cached ? await staged.item(collection, givenId) : null;
    const record: CachedRecord = {
      ...fillMissing(applyPatch(existing ?? {}, fields), defaults),
      id,
    };
    const schema = this.schemaFor(collection);
    if (schema && definition.cached) {
      const checked = schema.safeParse(record);
      if (!checked.success) {
        throw new Error(`Invalid ${collection} record: ${checked.error.message}`);
      }
    }
    // With no cached copy, a write with a caller-chosen id (attendance's `${classroomId}_${date}`)
    // is a create too: it is sent as a merging set, which is idempotent.
    const operation = existing || (givenId && !definition.cached) ? 'update' : 'create';
    staged.queue({
      collectionName: collection,
      itemId: id,
      operation,
      data: fields,
      ...(Object.keys(defaults).length > 0 ? { ifMissing: defaults } : {}),
    });
    if (definition.cached) staged.put(collection, record);
    return record;
  }

  private async stageDelete(staged: StagedWrite, collection: string, id: string): Promise<void> {
    const definition = getCollectionDefinition(collection);
    if (definition.cached && !(await staged.item(collection, id))) {
      throw new Error(`${ITEM_NOT_FOUND_MESSAGE}: ${id}`);
    }
    staged.queue({ collectionName: collection, itemId: id, operation: 'delete', data: null });
    staged.remove(collection, id);
  }
}

/** A store over its own connection and outbox: one tab's data layer (tests open several). */
export function createStore(options: ConnectionOptions & StoreOptions = {}): {
  store: Store;
  outbox: Outbox;
} {
  const outbox = new Outbox(new CacheConnection(options));
  return { store: new Store(outbox, options), outbox };
}

/** The app's store (one per tab), over the app's outbox. */
export const store = new Store(tabOutbox);

/** Opens the cache for the signed-in person (call after sign-in). */
export function initCache(options: {
  uid: string;
  sealing?: OutboxSealing | null;
}): Promise<boolean> {
  return store.init(options);
}

/** Removes every cached record and pending change (call on sign-out, after a last sync attempt). */
export function clearCache(): Promise<boolean> {
  return store.clear();
}
