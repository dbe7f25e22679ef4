// LearningCenterDB: the physical layout of the local cache (decision 010). Three localforage stores
// in one IndexedDB database, as spec §3 names them, but with bulk-friendly records inside:
//   collections     "<collection>::<chunk>" → { collectionName, chunk, items: { [id]: item } }
//                   "<collection>::index" → the list index of a large collection (list-index.ts)
//   metadata        "<collection>" → CollectionMetadata, plus "__layout" → { layoutVersion, uid }
//   pendingChanges  "<collection>" → { collectionName, changes: PendingChange[] }
// localforage opens one transaction per setItem, so one record per chunk (not per item) is what makes
// writing 10,000 items cheap. Do not change this layout without bumping LAYOUT_VERSION and adding a
// migration below.
import localforage from 'localforage';
import { z } from 'zod';
import { LOCAL_DB_NAME } from '~/config/constants';
import {
  dropListIndex,
  dropListIndexes,
  patchListIndex,
  readListIndex,
  writeListIndex,
} from './list-index';
import {
  openSealedChanges,
  sealChanges,
  sealedPayloadSchema,
  type OutboxSealing,
} from './outbox-seal';

/** Version of the physical layout inside the stores (not IndexedDB's own version number). */
export const LAYOUT_VERSION = 1;
/** Items of a collection are spread over this many records by a hash of their id. */
export const CHUNK_COUNT = 16;
const LAYOUT_KEY = '__layout';

export const cachedItemSchema = z
  .object({ id: z.string().min(1), collectionName: z.string() })
  .catchall(z.unknown());
export type StoredItem = z.infer<typeof cachedItemSchema>;

const chunkRecordSchema = z.object({
  collectionName: z.string(),
  chunk: z.number().int(),
  items: z.record(z.unknown()),
  /**
   * Set when every item in the chunk was validated against the collection schema of this stamp
   * (layout + collection version) before it was written. A reader with the same stamp may skip the
   * per-item schema check — the costly part of opening 10,000 records — and check only the shape.
   */
  validated: z.string().optional(),
  /**
   * A digest of `items` (itemsDigest) taken when the chunk was stamped. A reader trusts the stamp
   * only when the items still hash to it, so a record edited by hand inside a stamped chunk is
   * caught without running the schema over every record of every chunk.
   */
  digest: z.string().optional(),
});

export const collectionMetadataSchema = z.object({
  name: z.string(),
  version: z.string(),
  lastSynced: z.number().nullable(),
  syncFrequency: z.number(),
  requiresAuth: z.boolean(),
  cacheDuration: z.number(),
  prioritySync: z.boolean(),
  /** Set when a cached record failed its schema: the next sync fetches the collection again. */
  needsRefetch: z.boolean().optional(),
  /**
   * Backend time (ms) up to which this device holds every change of the collection: a "Sync now"
   * asks only for records with `updatedAt` after it (decision 053). Absent: lastSynced less a margin.
   */
  fetchedUpTo: z.number().optional(),
  /**
   * A subcollection's parents whose children were fetched, with the parent's marker then (messages:
   * the conversation's lastMessageAt and updatedAt); a refresh asks only parents whose marker moved.
   */
  fetchedParents: z.record(z.string()).optional(),
  /**
   * When the collection was last fetched whole, and under which scope (its queries, as text). A
   * collection refreshed by its changes when due (`changesOnlyWhenDue`) is fetched whole again when
   * the person's scope changed or `wholeRefreshMs` has passed (issue 29).
   */
  wholeAt: z.number().optional(),
  scopeKey: z.string().optional(),
});
export type CollectionMetadata = z.infer<typeof collectionMetadataSchema>;

export const pendingChangeSchema = z.object({
  id: z.string(),
  collectionName: z.string(),
  /** The document the change applies to (for a create, the client-generated `temp_…` id). */
  itemId: z.string(),
  operation: z.enum(['create', 'update', 'delete']),
  data: z.record(z.unknown()).nullable(),
  /**
   * Defaults by field path, written only where the record has no value there (locally and at the
   * backend at commit time); never a path that `data` sets (decision 044). Older entries lack it.
   */
  ifMissing: z.record(z.unknown()).optional(),
  timestamp: z.number(),
  retryCount: z.number().int(),
  error: z.string().optional(),
  /** Backend error code of a permanent failure (PERMISSION_DENIED, NOT_FOUND, …). */
  errorCode: z.string().optional(),
  /** Not retried before this time (exponential backoff after a transient failure). */
  nextAttemptAt: z.number().optional(),
  /** Bumped when a later write is coalesced into this change, so an in-flight copy is not removed. */
  revision: z.number().int(),
});
export type PendingChange = z.infer<typeof pendingChangeSchema>;

const queueRecordSchema = z.object({
  collectionName: z.string(),
  changes: z.array(z.unknown()),
  /**
   * A sealed queue (decision 051): `changes` is empty and the real ones are encrypted here with the
   * owner's outbox key. Such a record still parses as a queue record for code that cannot open it.
   */
  sealed: sealedPayloadSchema.optional(),
});

/**
 * Sealed queues of a person the database is not open for (or whose key is not at hand) are kept
 * aside under `~parked~<owner>~<id>` until that person signs in again with their key. Never sent,
 * never shown, and a sign-out or another person's sign-in does not remove them.
 */
const PARKED_PREFIX = '~parked~';
const parkedPrefixOf = (owner: string) => `${PARKED_PREFIX}${owner}~`;
const isParkedKey = (key: string) => key.startsWith(PARKED_PREFIX);

const layoutRecordSchema = z.object({
  layoutVersion: z.number().int(),
  uid: z.string().nullable(),
  /**
   * Written by releases that keep list indexes in step with the chunks (list-index.ts). An older
   * release rewrites this record without it when it opens the database, and may then change chunks
   * without their index: the next release to open it drops the indexes (see migrateLayout).
   */
  listIndexes: z.literal(true).optional(),
});

export interface LocalDatabase {
  name: string;
  collections: LocalForage;
  metadata: LocalForage;
  pendingChanges: LocalForage;
  /** How queues are sealed for the person the database is open for (set by the connection). */
  sealing?: OutboxSealing | null;
}

/** Opens (lazily creates) the three stores. Sequential `ready()` avoids racing version upgrades. */
export async function openDatabase(name: string = LOCAL_DB_NAME): Promise<LocalDatabase> {
  const make = (storeName: string) =>
    localforage.createInstance({ name, storeName, driver: localforage.INDEXEDDB });
  const db = {
    name,
    collections: make('collections'),
    metadata: make('metadata'),
    pendingChanges: make('pendingChanges'),
  };
  await db.collections.ready();
  await db.metadata.ready();
  await db.pendingChanges.ready();
  return db;
}

export function chunkOf(id: string): number {
  // FNV-1a: cheap, stable across tabs and releases (part of the layout).
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % CHUNK_COUNT;
}

const chunkKey = (collection: string, chunk: number) => `${collection}::${chunk}`;

/** Reads every chunk of a collection. Entries are returned unparsed: the caller validates them. */
export async function readCollectionChunks(
  db: LocalDatabase,
  collection: string,
): Promise<Map<string, unknown>> {
  const { items } = await readCollectionWithStamps(db, collection);
  return items;
}

/**
 * Reads the one chunk that holds `id`, for a write inside the lock: a write re-reads only the
 * chunks it changes, not the whole collection, and hands them to patchCollection so that they are
 * not read twice. Entries are unparsed; an unreadable chunk reads as empty (and `damaged`).
 */
export function readChunkOf(
  db: LocalDatabase,
  collection: string,
  id: string,
): Promise<ChunkContents> {
  return readChunk(db, collection, chunkOf(id));
}

/**
 * A cheap digest of a chunk's items: FNV-1a over their JSON. IndexedDB keeps property order, so a
 * chunk read back unchanged hashes to the digest it was written with; any edit (a field's type, a
 * value, a missing or extra record) changes it, whatever the shape of the change.
 */
export function itemsDigest(items: Record<string, unknown>): string {
  const text = JSON.stringify(items) ?? '';
  let hash = 0x811c9dc5;
  let hash2 = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    hash ^= code;
    hash = Math.imul(hash, 0x01000193);
    hash2 = (Math.imul(hash2, 31) + code) | 0;
  }
  return `${text.length}.${(hash >>> 0).toString(36)}.${(hash2 >>> 0).toString(36)}`;
}

/** What a read of a collection found, chunk by chunk (see readCollectionWithStamps). */
export interface CollectionRead {
  items: Map<string, unknown>;
  /** Ids whose chunk carries the stamp asked for and still matches its digest. */
  trusted: Set<string>;
  /** Chunks whose record could not be read at all (not a chunk of this collection). */
  damagedChunks: number[];
  /**
   * Chunks that must be validated item by item (no stamp, an older stamp, or a digest that no longer
   * matches), with the digest of what was read, so a repair can tell whether they changed since.
   */
  unchecked: Map<number, { digest: string; ids: string[] }>;
}

/** Like readCollectionChunks, plus the ids whose chunk carries the validation stamp `stamp`. */
export async function readCollectionWithStamps(
  db: LocalDatabase,
  collection: string,
  stamp?: string,
): Promise<CollectionRead> {
  const records = await Promise.all(
    Array.from({ length: CHUNK_COUNT }, (_, chunk) =>
      db.collections.getItem<unknown>(chunkKey(collection, chunk)),
    ),
  );
  const items = new Map<string, unknown>();
  const trusted = new Set<string>();
  const damagedChunks: number[] = [];
  const unchecked = new Map<number, { digest: string; ids: string[] }>();
  records.forEach((record, chunk) => {
    if (record === null || record === undefined) return;
    const parsed = chunkRecordSchema.safeParse(record);
    if (
      !parsed.success ||
      parsed.data.collectionName !== collection ||
      parsed.data.chunk !== chunk
    ) {
      damagedChunks.push(chunk);
      return;
    }
    const ids = Object.keys(parsed.data.items);
    let isTrusted = false;
    if (stamp !== undefined) {
      // The digest is computed only for chunks that claim the current stamp or will be re-stamped.
      const digest = itemsDigest(parsed.data.items);
      isTrusted = parsed.data.validated === stamp && parsed.data.digest === digest;
      if (!isTrusted) unchecked.set(chunk, { digest, ids });
    }
    for (const id of ids) {
      items.set(id, parsed.data.items[id]);
      if (isTrusted) trusted.add(id);
    }
  });
  return { items, trusted, damagedChunks, unchecked };
}

/**
 * Puts chunks right after a read found them damaged or validated them again, inside the write lock:
 * a damaged chunk record is removed if it is still unreadable; a validated chunk loses the records
 * that failed (`drop`) and, if it is still what was read (same digest), is stamped with `stamp`.
 */
export async function repairChunks(
  db: LocalDatabase,
  collection: string,
  repair: {
    damagedChunks: readonly number[];
    checked: ReadonlyMap<number, { digest: string; drop: readonly string[] }>;
    stamp?: string;
  },
): Promise<void> {
  // Records leave the chunks: the list index (list-index.ts) may name them, so it goes until the
  // next refresh writes a new one.
  if (repair.damagedChunks.length > 0 || [...repair.checked.values()].some((c) => c.drop.length)) {
    await dropListIndex(db, collection);
  }
  await Promise.all([
    ...repair.damagedChunks.map(async (chunk) => {
      const key = chunkKey(collection, chunk);
      const parsed = chunkRecordSchema.safeParse(await db.collections.getItem<unknown>(key));
      if (!parsed.success || parsed.data.collectionName !== collection) {
        await db.collections.removeItem(key);
      }
    }),
    ...[...repair.checked].map(async ([chunk, { digest, drop }]) => {
      const current = await readChunk(db, collection, chunk);
      const unchanged = itemsDigest(current.items) === digest;
      for (const id of drop) delete current.items[id];
      if (unchanged) await writeChunk(db, collection, chunk, current.items, repair.stamp);
      else if (drop.length > 0) await writeChunk(db, collection, chunk, current.items);
    }),
  ]);
}

/** One chunk as read for a read-modify-write (see readChunk). */
export interface ChunkContents {
  items: Record<string, unknown>;
  validated?: string;
  digest?: string;
  damaged?: boolean;
}

/** Reads one chunk's items (for a read-modify-write of a few items). */
async function readChunk(
  db: LocalDatabase,
  collection: string,
  chunk: number,
): Promise<ChunkContents> {
  const raw = await db.collections.getItem<unknown>(chunkKey(collection, chunk));
  const parsed = chunkRecordSchema.safeParse(raw);
  if (parsed.success && parsed.data.collectionName === collection) return parsed.data;
  // An unreadable chunk: its records are lost to this device, so a write into it starts afresh,
  // and the caller must have the collection fetched again (see patchCollection).
  return { items: {}, damaged: raw !== null && raw !== undefined };
}

async function writeChunk(
  db: LocalDatabase,
  collection: string,
  chunk: number,
  items: Record<string, unknown>,
  validated?: string,
): Promise<void> {
  const key = chunkKey(collection, chunk);
  if (Object.keys(items).length === 0) await db.collections.removeItem(key);
  else
    await db.collections.setItem(key, {
      collectionName: collection,
      chunk,
      items,
      ...(validated ? { validated, digest: itemsDigest(items) } : {}),
    });
}

/**
 * Applies puts and deletes to a collection, touching only the chunks involved. With `validated`,
 * the puts were checked against that stamp's schema; a chunk keeps the stamp only if it had it.
 * `read` holds chunks the caller already read inside the same write lock (readChunkOf), unchanged.
 */
export async function patchCollection(
  db: LocalDatabase,
  collection: string,
  puts: readonly StoredItem[],
  deletes: readonly string[] = [],
  validated?: string,
  read?: ReadonlyMap<number, Promise<ChunkContents>>,
): Promise<{ damagedChunks: number[] }> {
  const byChunk = new Map<number, { puts: StoredItem[]; deletes: string[] }>();
  const damagedChunks: number[] = [];
  const entry = (chunk: number) => {
    let e = byChunk.get(chunk);
    if (!e) byChunk.set(chunk, (e = { puts: [], deletes: [] }));
    return e;
  };
  for (const item of puts) entry(chunkOf(item.id)).puts.push(item);
  for (const id of deletes) entry(chunkOf(id)).deletes.push(id);
  // The list index is removed before the chunks change and written again after, so a tab that dies
  // in between leaves none rather than a wrong one (list-index.ts).
  const index = await readListIndex(db, collection);
  if (index) await dropListIndex(db, collection);
  await Promise.all(
    [...byChunk].map(async ([chunk, change]) => {
      const current = await (read?.get(chunk) ?? readChunk(db, collection, chunk));
      if (current.damaged) damagedChunks.push(chunk);
      const items = current.items;
      // A stamp is kept only while it still vouches for the chunk: an edit by hand since it was
      // stamped (digest mismatch) must not be laundered into a fresh stamp by this write.
      const wasTrusted =
        validated !== undefined &&
        current.validated === validated &&
        current.digest === itemsDigest(items);
      for (const id of change.deletes) delete items[id];
      for (const item of change.puts) items[item.id] = item;
      const keepStamp =
        validated !== undefined && (wasTrusted || Object.keys(items).length === change.puts.length);
      await writeChunk(db, collection, chunk, items, keepStamp ? validated : undefined);
    }),
  );
  if (index && damagedChunks.length === 0) {
    await patchListIndex(db, collection, index, puts, deletes);
  }
  if (damagedChunks.length > 0) {
    // The damaged chunk's other records are gone from this device: without a refetch they would
    // stay hidden, since the chunk reads as healthy from now on.
    const metadata = await readMetadata(db, collection);
    if (metadata) await writeMetadata(db, { ...metadata, needsRefetch: true });
  }
  return { damagedChunks };
}

/** Replaces a whole collection (a full refresh): at most CHUNK_COUNT writes, whatever its size. */
export async function replaceCollection(
  db: LocalDatabase,
  collection: string,
  items: readonly StoredItem[],
  validated?: string,
): Promise<void> {
  const chunks: Record<string, unknown>[] = Array.from({ length: CHUNK_COUNT }, () => ({}));
  for (const item of items) {
    const chunk = chunks[chunkOf(item.id)];
    if (chunk) chunk[item.id] = item;
  }
  await dropListIndex(db, collection);
  await Promise.all(
    chunks.map((chunkItems, chunk) => writeChunk(db, collection, chunk, chunkItems, validated)),
  );
  await writeListIndex(db, collection, items);
}

export async function removeCollection(db: LocalDatabase, collection: string): Promise<void> {
  await dropListIndex(db, collection);
  await Promise.all(
    Array.from({ length: CHUNK_COUNT }, (_, chunk) =>
      db.collections.removeItem(chunkKey(collection, chunk)),
    ),
  );
}

export async function readMetadata(
  db: LocalDatabase,
  collection: string,
): Promise<CollectionMetadata | null> {
  const parsed = collectionMetadataSchema.safeParse(await db.metadata.getItem<unknown>(collection));
  return parsed.success ? parsed.data : null;
}

export async function writeMetadata(
  db: LocalDatabase,
  metadata: CollectionMetadata,
): Promise<void> {
  await db.metadata.setItem(metadata.name, metadata);
}

/** The queue of one collection, in timestamp order. Unreadable entries are reported, not dropped. */
export async function readQueue(
  db: LocalDatabase,
  collection: string,
): Promise<{ changes: PendingChange[]; invalid: number }> {
  const raw = await db.pendingChanges.getItem<unknown>(collection);
  if (raw === null || raw === undefined) return { changes: [], invalid: 0 };
  const parsed = queueRecordSchema.safeParse(raw);
  // A queue record we cannot read at all counts as one damaged entry.
  if (!parsed.success) return { changes: [], invalid: 1 };
  let entries = parsed.data.changes;
  const sealed = parsed.data.sealed;
  if (sealed) {
    // The connection parks every sealed queue it cannot open before anyone reads (parkSealedQueues),
    // so one found here is the open person's; if it still cannot be opened it is left untouched.
    const key = db.sealing?.owner === sealed.owner ? db.sealing.key : null;
    const opened = key ? await openSealedChanges(key, collection, sealed) : null;
    if (!opened) return { changes: [], invalid: 0 };
    // Entries stored in the clear beside the sealed ones (another writer's) are read too, never
    // dropped; the next write seals them with the rest.
    entries = [...opened, ...entries];
  }
  const changes: PendingChange[] = [];
  let invalid = 0;
  for (const raw of entries) {
    const change = pendingChangeSchema.safeParse(raw);
    if (change.success) changes.push(change.data);
    else invalid++;
  }
  changes.sort((a, b) => a.timestamp - b.timestamp);
  return { changes, invalid };
}

export async function writeQueue(
  db: LocalDatabase,
  collection: string,
  changes: readonly PendingChange[],
): Promise<void> {
  if (changes.length === 0) {
    await db.pendingChanges.removeItem(collection);
    return;
  }
  const sealing = db.sealing;
  if (sealing?.seal && sealing.key) {
    const sealed = await sealChanges(sealing.key, sealing.owner, collection, changes);
    await db.pendingChanges.setItem(collection, {
      collectionName: collection,
      changes: [],
      sealed,
    });
  } else {
    await db.pendingChanges.setItem(collection, { collectionName: collection, changes });
  }
}

/** Names of the collections that have a queue record (parked queues are no one's here). */
export async function queuedCollections(db: LocalDatabase): Promise<string[]> {
  return (await db.pendingChanges.keys()).filter((key) => !isParkedKey(key));
}

function parkedKey(owner: string): string {
  return `${parkedPrefixOf(owner)}${crypto.randomUUID()}`;
}

/**
 * Moves aside every sealed queue that the database's current person cannot open with `sealing`
 * (someone else's, or theirs while the key is not at hand), and, with `dropPlain`, removes the
 * queues that are not sealed (the start of a browser session whose person is gone: decision 051).
 */
export async function parkSealedQueues(
  db: LocalDatabase,
  sealing: OutboxSealing | null,
  options: { dropPlain?: boolean } = {},
): Promise<void> {
  for (const key of await db.pendingChanges.keys()) {
    if (isParkedKey(key)) continue;
    const parsed = queueRecordSchema.safeParse(await db.pendingChanges.getItem<unknown>(key));
    const sealed = parsed.success ? parsed.data.sealed : undefined;
    if (!sealed) {
      if (options.dropPlain) await db.pendingChanges.removeItem(key);
      continue;
    }
    const own = sealing?.key && sealed.owner === sealing.owner ? sealing.key : null;
    if (own && (await openSealedChanges(own, key, sealed))) continue;
    await db.pendingChanges.setItem(parkedKey(sealed.owner), parsed.data);
    await db.pendingChanges.removeItem(key);
  }
}

/**
 * Brings the person's parked queues back into their collections' queues, once their key is at hand
 * (it opens them): the changes are then sent by the next sync like any other. Returns how many
 * changes came back.
 */
export async function unparkSealedQueues(
  db: LocalDatabase,
  sealing: OutboxSealing,
): Promise<number> {
  if (!sealing.key) return 0;
  let restored = 0;
  const prefix = parkedPrefixOf(sealing.owner);
  for (const key of await db.pendingChanges.keys()) {
    if (!key.startsWith(prefix)) continue;
    const parsed = queueRecordSchema.safeParse(await db.pendingChanges.getItem<unknown>(key));
    const sealed = parsed.success ? parsed.data.sealed : undefined;
    if (!parsed.success || !sealed) continue;
    const collection = parsed.data.collectionName;
    const opened = await openSealedChanges(sealing.key, collection, sealed);
    if (!opened) continue;
    const parked = opened.flatMap((raw) => {
      const change = pendingChangeSchema.safeParse(raw);
      return change.success ? [change.data] : [];
    });
    const { changes: current } = await readQueue(db, collection);
    const known = new Set(current.map((c) => c.id));
    await writeQueue(db, collection, [...current, ...parked.filter((c) => !known.has(c.id))]);
    await db.pendingChanges.removeItem(key);
    restored += parked.length;
  }
  return restored;
}

/**
 * What a browser session leaves when its person is gone without signing out (decision 051): every
 * cached record and all metadata go; of the queue only the sealed changes stay, parked for their
 * owner. Plain (unsealed) queued changes are removed: they would be readable.
 */
export async function wipeUnattendedData(db: LocalDatabase): Promise<void> {
  await parkSealedQueues(db, null, { dropPlain: true });
  await Promise.all([db.collections.clear(), db.metadata.clear()]);
}

export async function readLayout(
  db: LocalDatabase,
): Promise<{ layoutVersion: number; uid: string | null; listIndexes?: true } | null> {
  const parsed = layoutRecordSchema.safeParse(await db.metadata.getItem<unknown>(LAYOUT_KEY));
  return parsed.success ? parsed.data : null;
}

export async function writeLayout(db: LocalDatabase, uid: string | null): Promise<void> {
  await db.metadata.setItem(LAYOUT_KEY, { layoutVersion: LAYOUT_VERSION, uid, listIndexes: true });
}

/**
 * Removes every record of every store (sign-out, or another user signing in), except the parked
 * sealed queues of other people (decision 051): nobody here can read them, and they are theirs.
 */
export async function clearDatabase(db: LocalDatabase): Promise<void> {
  const queues = (await db.pendingChanges.keys()).filter((key) => !isParkedKey(key));
  await Promise.all([
    db.collections.clear(),
    db.metadata.clear(),
    ...queues.map((key) => db.pendingChanges.removeItem(key)),
  ]);
}

// ---- Migrations -------------------------------------------------------------------------------

const legacyItemSchema = z
  .object({ id: z.string(), collectionName: z.string() })
  .catchall(z.unknown());
const legacyChangeSchema = z.object({
  id: z.string(),
  collectionName: z.string(),
  operation: z.enum(['create', 'update', 'delete']),
  data: z.record(z.unknown()).nullable().optional(),
  timestamp: z.number(),
  retryCount: z.number().int().optional(),
  error: z.string().optional(),
});

/**
 * Layout 0 is the spec's naïve layout: one record per item in `collections` (key = item id, with
 * collectionName), one record per change in `pendingChanges` (key = change id; its data carries the
 * item's id). Migrating groups them into the chunk and queue records of layout 1. A record that
 * matches neither layout is dropped: collections refetch, and a pending change we cannot read could
 * not be replayed anyway.
 */
async function migrateFrom0(db: LocalDatabase): Promise<void> {
  const legacyItems = new Map<string, StoredItem[]>();
  const legacyItemKeys: string[] = [];
  await db.collections.iterate<unknown, void>((value, key) => {
    if (key.includes('::')) return;
    legacyItemKeys.push(key);
    const item = legacyItemSchema.safeParse(value);
    if (!item.success) return;
    const list = legacyItems.get(item.data.collectionName) ?? [];
    list.push(item.data);
    legacyItems.set(item.data.collectionName, list);
  });
  const legacyChanges = new Map<string, PendingChange[]>();
  const legacyChangeKeys: string[] = [];
  await db.pendingChanges.iterate<unknown, void>((value, key) => {
    if (queueRecordSchema.safeParse(value).success) return;
    legacyChangeKeys.push(key);
    const change = legacyChangeSchema.safeParse(value);
    if (!change.success) return;
    const data = change.data.data ?? null;
    const itemId = typeof data?.id === 'string' ? data.id : change.data.id;
    const list = legacyChanges.get(change.data.collectionName) ?? [];
    list.push({
      id: change.data.id,
      collectionName: change.data.collectionName,
      itemId,
      operation: change.data.operation,
      data,
      timestamp: change.data.timestamp,
      retryCount: change.data.retryCount ?? 0,
      revision: 0,
      ...(change.data.error ? { error: change.data.error } : {}),
    });
    legacyChanges.set(change.data.collectionName, list);
  });
  for (const [collection, items] of legacyItems) await patchCollection(db, collection, items);
  for (const [collection, changes] of legacyChanges) {
    const { changes: existing } = await readQueue(db, collection);
    await writeQueue(db, collection, [...existing, ...changes]);
  }
  await Promise.all(legacyItemKeys.map((key) => db.collections.removeItem(key)));
  await Promise.all(legacyChangeKeys.map((key) => db.pendingChanges.removeItem(key)));
}

const MIGRATIONS: Record<number, (db: LocalDatabase) => Promise<void>> = { 0: migrateFrom0 };

/**
 * Brings the stores to LAYOUT_VERSION and records `uid` as their owner. Returns the layout version
 * found before migrating.
 */
export async function migrateLayout(db: LocalDatabase, uid: string | null): Promise<number> {
  const layout = await readLayout(db);
  const found = layout?.layoutVersion ?? 0;
  if (found > LAYOUT_VERSION) {
    // Written by a newer release (e.g. after a rollback): we cannot read it, so start afresh.
    await clearDatabase(db);
  } else {
    for (let version = found; version < LAYOUT_VERSION; version++) {
      const migrate = MIGRATIONS[version];
      if (migrate) await migrate(db);
    }
  }
  // An older release had the database since the last open: its writes did not follow the indexes.
  if (!layout?.listIndexes) await dropListIndexes(db);
  await writeLayout(db, uid);
  return found;
}
