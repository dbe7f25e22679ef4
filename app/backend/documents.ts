// Document reads and writes through firestore/lite (REST): a write either succeeds or fails, with no
// hidden offline queue, which is what the sync engine needs (architecture.md rule 5). Every result is
// turned into plain data and parsed with the caller's zod schema; a document that fails its schema
// is reported and skipped, so one bad record cannot break a whole screen.
//
// Server timestamps: every set and update writes `updatedAt`; a set without merge also writes
// `createdAt` unless the data carries one. A set with merge leaves `createdAt` alone, because it
// cannot know without a read whether the document is new. In an update, a dotted key is a field
// path (`entries.s1` sets that one nested value); a set with `mergeFields` names its paths there.
import { BATCH_MAX_OPERATIONS, LIST_DEFAULT_LIMIT } from '~/config/constants';
import { WRITER_STAMPED_COLLECTIONS } from '~/domain/permissions';
import {
  collectionVersionsSchema,
  memberSchema,
  type CollectionVersions,
  type Member,
} from '~/domain/records';
import { getAuthInstance, getLiteFirestore } from './app';
import { toPlainDocument } from './codec';
import { BACKEND_MESSAGES, BackendError } from './errors';
import { request } from './request';
import type {
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  FieldValue,
  SetOptions,
} from 'firebase/firestore/lite';
import type { z } from 'zod';

export type FilterOp =
  '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not-in' | 'array-contains' | 'array-contains-any';

export interface Filter {
  field: string;
  op: FilterOp;
  value: unknown;
}

export interface ListOptions {
  filters?: Filter[];
  orderBy?: { field: string; direction?: 'asc' | 'desc' }[];
  /** Most documents returned; LIST_DEFAULT_LIMIT (10) when absent. */
  limit?: number;
  /** No limit at all, for the sync engine's full refresh. Wins over `limit`. */
  all?: boolean;
}

export interface BackendResult {
  success: true;
  message: string;
}

/**
 * Defaults by field path (`entries.s2`, dotted = path), written only where the document has no value
 * at that path when the batch commits; never a path the operation's data writes (decision 044).
 */
type Defaults = {
  ifMissing?: Record<string, unknown>;
  /** Array fields of `data` added to the stored arrays (arrayUnion), not written over them. */
  arrayUnion?: string[];
};

export type BatchOperation =
  | ({
      type: 'set';
      collection: string;
      id: string;
      /** The document's fields, nested maps as objects (a dotted key is a field's name here). */
      data: Record<string, unknown>;
      merge?: boolean;
      /**
       * Only these fields and field paths (`entries.s1`) are written, each replaced whole, the rest
       * of the document kept; wins over `merge`. The server timestamps the write adds join it.
       */
      mergeFields?: string[];
    } & Defaults)
  | ({ type: 'update'; collection: string; id: string; data: Record<string, unknown> } & Defaults)
  | { type: 'delete'; collection: string; id: string };

/** Where the remote collection versions live (spec §3). */
export const COLLECTION_VERSIONS_PATH = { collection: 'system', id: 'collectionVersions' } as const;

/** The Members profiles, keyed by the account's uid (spec §3). */
export const MEMBERS_COLLECTION = 'Members';

export type { CollectionVersions, Member };

/**
 * The lite instance and its module. The instance first: if the SDK cannot load, the caller gets
 * 'Firestore not initialized' rather than a bare import error.
 */
async function liteFirestore() {
  const db = await getLiteFirestore();
  return [db, await import('firebase/firestore/lite')] as const;
}

/** Parses one document; a failure is reported (not thrown) and yields null. */
function parseDocument<T>(
  collectionPath: string,
  id: string,
  data: Record<string, unknown>,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
): T | null {
  const result = schema.safeParse(toPlainDocument(id, data));
  if (result.success) return result.data;
  console.warn(
    `Skipping ${collectionPath}/${id}: it does not match its schema`,
    result.error.issues,
  );
  return null;
}

/** Fields that are always written as the server's time whatever the device sends (archives). */
const SERVER_TIME_FIELDS = ['archivedAt'] as const;

/** What every write is stamped with: the server's time and the signed-in writer. */
interface WriteStamp {
  serverTimestamp: () => FieldValue;
  /** The signed-in account's uid (= memberUUID), or null when nobody is signed in. */
  writer: string | null;
}

async function writeStamp(serverTimestamp: () => FieldValue): Promise<WriteStamp> {
  const auth = await getAuthInstance();
  return { serverTimestamp, writer: auth.currentUser?.uid ?? null };
}

/** The collection name of a collection path ('conversations/c1/messages' → 'messages'). */
function collectionName(collectionPath: string): string {
  return collectionPath.split('/').at(-1) ?? collectionPath;
}

/**
 * The written data: the document key is not repeated inside it, server timestamps are added, and
 * records that carry their last writer name the signed-in one (the matrix and the rules refuse any
 * other `updatedBy` and any `updatedAt` but the server's time: decision 050).
 */
function prepareWrite(
  collectionPath: string,
  data: Record<string, unknown>,
  stamp: WriteStamp,
  addCreatedAt: boolean,
): DocumentData {
  const { id: _id, ...fields } = data;
  const prepared: DocumentData = { ...fields, updatedAt: stamp.serverTimestamp() };
  // An archive's time is the server's (the rules require request.time); the device's own time
  // stays on its cached copy until the next refresh brings the server's.
  for (const field of SERVER_TIME_FIELDS) {
    if (fields[field] !== undefined && fields[field] !== null) {
      prepared[field] = stamp.serverTimestamp();
    }
  }
  const stamped: readonly string[] = WRITER_STAMPED_COLLECTIONS;
  if (stamp.writer !== null && stamped.includes(collectionName(collectionPath))) {
    prepared.updatedBy = stamp.writer;
  }
  if (addCreatedAt && (fields.createdAt === undefined || fields.createdAt === null)) {
    prepared.createdAt = stamp.serverTimestamp();
  }
  return prepared;
}

/** Reads one document; null when it does not exist or does not match `schema`. */
export async function getDocument<T>(
  collectionPath: string,
  id: string,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
): Promise<T | null> {
  return request(BACKEND_MESSAGES.getFailed, async () => {
    const [db, { doc, getDoc }] = await liteFirestore();
    const snapshot = await getDoc(doc(db, collectionPath, id));
    const data = snapshot.data();
    return data ? parseDocument(collectionPath, snapshot.id, data, schema) : null;
  });
}

/** Queries a collection: filters, then ordering, then the limit (10 unless told otherwise). */
export async function listDocuments<T>(
  collectionPath: string,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  options: ListOptions = {},
): Promise<T[]> {
  return request(BACKEND_MESSAGES.getFailed, async () => {
    const [db, sdk] = await liteFirestore();
    const constraints = [
      ...(options.filters ?? []).map((f) => sdk.where(f.field, f.op, f.value)),
      ...(options.orderBy ?? []).map((o) => sdk.orderBy(o.field, o.direction ?? 'asc')),
      ...(options.all ? [] : [sdk.limit(options.limit ?? LIST_DEFAULT_LIMIT)]),
    ];
    const snapshot = await sdk.getDocs(
      sdk.query(sdk.collection(db, collectionPath), ...constraints),
    );
    const items: T[] = [];
    for (const document of snapshot.docs) {
      const item = parseDocument(collectionPath, document.id, document.data(), schema);
      if (item !== null) items.push(item);
    }
    return items;
  });
}

/** Creates or replaces a document; with `merge`, only the given fields change. */
export async function setDocument(
  collectionPath: string,
  id: string,
  data: Record<string, unknown>,
  options: { merge?: boolean } = {},
): Promise<BackendResult> {
  return request(BACKEND_MESSAGES.saveFailed, async () => {
    const [db, { doc, serverTimestamp, setDoc }] = await liteFirestore();
    const merge = options.merge ?? false;
    const stamp = await writeStamp(serverTimestamp);
    await setDoc(doc(db, collectionPath, id), prepareWrite(collectionPath, data, stamp, !merge), {
      merge,
    });
    return { success: true, message: BACKEND_MESSAGES.documentSaved };
  });
}

/**
 * Changes the given fields of an existing document (dotted keys reach into maps). A missing document
 * fails with 'Failed to save item' and code 'not-found'.
 */
export async function updateDocument(
  collectionPath: string,
  id: string,
  data: Record<string, unknown>,
): Promise<BackendResult> {
  return request(BACKEND_MESSAGES.saveFailed, async () => {
    const [db, { doc, serverTimestamp, updateDoc }] = await liteFirestore();
    const stamp = await writeStamp(serverTimestamp);
    await updateDoc(doc(db, collectionPath, id), prepareWrite(collectionPath, data, stamp, false));
    return { success: true, message: BACKEND_MESSAGES.documentUpdated };
  });
}

/** Deletes a document; deleting one that does not exist succeeds, as in Firestore. */
export async function deleteDocument(collectionPath: string, id: string): Promise<BackendResult> {
  return request(BACKEND_MESSAGES.deleteFailed, async () => {
    const [db, { deleteDoc, doc }] = await liteFirestore();
    await deleteDoc(doc(db, collectionPath, id));
    return { success: true, message: BACKEND_MESSAGES.documentDeleted };
  });
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of nested `data` with `value` at the dotted `path` (the maps along it copied or made). */
function withValueAt(
  data: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const [head = '', ...rest] = path.split('.');
  const inner = data[head];
  const next: unknown =
    rest.length === 0 ? value : withValueAt(isMap(inner) ? inner : {}, rest.join('.'), value);
  return { ...data, [head]: next };
}

/** What a write batch and a transaction both offer (the writes of one commit). */
interface Writer {
  set(ref: DocumentReference, data: DocumentData, options?: SetOptions): unknown;
  update(ref: DocumentReference, data: DocumentData): unknown;
  delete(ref: DocumentReference): unknown;
}

/**
 * Adds one operation to a batch or transaction. `missing` are the operation's defaults whose path
 * the document lacks (all of them for a whole set, which replaces the document): they are written
 * with the data, their paths joining a set's mask.
 */
function writeOperation(
  writer: Writer,
  ref: DocumentReference,
  op: BatchOperation,
  stamp: WriteStamp,
  missing: Record<string, unknown>,
): void {
  if (op.type === 'delete') {
    writer.delete(ref);
  } else if (op.type === 'update') {
    writer.update(ref, prepareWrite(op.collection, { ...op.data, ...missing }, stamp, false));
  } else {
    // A set takes nested data: the missing defaults' paths become maps in it.
    let data = op.data;
    for (const [path, value] of Object.entries(missing)) data = withValueAt(data, path, value);
    if (op.mergeFields) {
      // The SDK parses the mask as dotted paths; a path missing from the data is an error, and a
      // field of the data outside the mask is not written, so what prepareWrite adds joins it.
      const prepared = prepareWrite(op.collection, data, stamp, false);
      const mask = new Set([
        ...op.mergeFields.filter((field) => field !== 'id'),
        ...Object.keys(missing),
        'updatedAt',
      ]);
      for (const added of Object.keys(prepared)) {
        if (!Object.hasOwn(data, added)) mask.add(added);
      }
      writer.set(ref, prepared, { mergeFields: [...mask] });
    } else {
      const merge = op.merge ?? false;
      writer.set(ref, prepareWrite(op.collection, data, stamp, !merge), { merge });
    }
  }
}

/** The operation with its `arrayUnion` fields' arrays replaced by the SDK's union sentinel. */
function withArrayUnions(
  op: BatchOperation,
  arrayUnion: (...elements: unknown[]) => FieldValue,
): BatchOperation {
  if (op.type === 'delete' || !op.arrayUnion || op.arrayUnion.length === 0) return op;
  const data = { ...op.data };
  for (const field of op.arrayUnion) {
    const value = data[field];
    if (Array.isArray(value)) data[field] = arrayUnion(...value);
  }
  return { ...op, data };
}

function defaultsOf(op: BatchOperation): Record<string, unknown> {
  return op.type === 'delete' ? {} : (op.ifMissing ?? {});
}

/**
 * Applies all operations atomically: either every one takes effect or none does. A batch whose
 * operations carry defaults (`ifMissing`) runs as a transaction instead: every document is read
 * first, and a default is written only where the document read has no value at its path, so it
 * never overwrites what another device wrote (the backend retries the transaction if one of the
 * documents changes before the commit). Its cost: one read per document of the batch.
 */
export async function commitBatch(operations: BatchOperation[]): Promise<BackendResult> {
  if (operations.length > BATCH_MAX_OPERATIONS) {
    throw new BackendError(BACKEND_MESSAGES.batchTooLarge, { code: 'invalid-argument' });
  }
  if (operations.length === 0) return { success: true, message: BACKEND_MESSAGES.batchCompleted };
  return request(BACKEND_MESSAGES.saveFailed, async () => {
    const [db, { arrayUnion, doc, runTransaction, serverTimestamp, writeBatch }] =
      await liteFirestore();
    const stamp = await writeStamp(serverTimestamp);
    const ops = operations.map((op) => withArrayUnions(op, arrayUnion));
    const refs = ops.map((op) => doc(db, op.collection, op.id));
    if (!ops.some((op) => Object.keys(defaultsOf(op)).length > 0)) {
      const batch = writeBatch(db);
      ops.forEach((op, i) => {
        const ref = refs[i];
        if (ref) writeOperation(batch, ref, op, stamp, {});
      });
      await batch.commit();
      return { success: true, message: BACKEND_MESSAGES.batchCompleted };
    }
    await runTransaction(db, async (tx) => {
      // All reads before any write, as a transaction requires; one read per document.
      const unique = [...new Map(refs.map((ref) => [ref.path, ref])).values()];
      const snapshots = new Map<string, DocumentSnapshot>();
      for (const ref of unique) snapshots.set(ref.path, await tx.get(ref));
      ops.forEach((op, i) => {
        const ref = refs[i];
        if (!ref) return;
        const snapshot = snapshots.get(ref.path);
        // A whole set replaces the document: every default is missing from the result.
        const whole = op.type === 'set' && !op.mergeFields && !op.merge;
        const missing: Record<string, unknown> = {};
        for (const [path, value] of Object.entries(defaultsOf(op))) {
          const present = !whole && snapshot?.exists() && snapshot.get(path) !== undefined;
          if (!present) missing[path] = value;
        }
        writeOperation(tx, ref, op, stamp, missing);
      });
    });
    return { success: true, message: BACKEND_MESSAGES.batchCompleted };
  });
}

/** The remote version document, or null when it has not been initialised. */
export async function getCollectionVersions(): Promise<CollectionVersions | null> {
  const { collection, id } = COLLECTION_VERSIONS_PATH;
  return getDocument(collection, id, collectionVersionsSchema);
}

/** Creates the version document with an empty `collections` map (spec §7). */
export async function initCollectionVersions(): Promise<BackendResult> {
  return request(BACKEND_MESSAGES.saveFailed, async () => {
    const [db, { doc, serverTimestamp, setDoc }] = await liteFirestore();
    const { collection, id } = COLLECTION_VERSIONS_PATH;
    await setDoc(doc(db, collection, id), { collections: {}, lastUpdated: serverTimestamp() });
    return { success: true, message: BACKEND_MESSAGES.documentSaved };
  });
}

/**
 * Records new versions for the named collections, stamping each and `lastUpdated` with the server
 * time. Other collections' entries are kept (a merge), and a missing document is created.
 */
export async function updateCollectionVersions(
  collections: Record<string, string | { version: string }>,
): Promise<BackendResult> {
  return request(BACKEND_MESSAGES.saveFailed, async () => {
    const [db, { doc, serverTimestamp, setDoc }] = await liteFirestore();
    const entries: DocumentData = {};
    for (const [name, value] of Object.entries(collections)) {
      const version = typeof value === 'string' ? value : value.version;
      entries[name] = { version, updatedAt: serverTimestamp() };
    }
    const { collection, id } = COLLECTION_VERSIONS_PATH;
    await setDoc(
      doc(db, collection, id),
      { collections: entries, lastUpdated: serverTimestamp() },
      { merge: true },
    );
    return { success: true, message: BACKEND_MESSAGES.documentUpdated };
  });
}

/** The Members profile of an account, or null when it has none (spec §5: treated as a mismatch). */
export async function getMember(uid: string): Promise<Member | null> {
  return getDocument(MEMBERS_COLLECTION, uid, memberSchema);
}

/**
 * Stamps the member's profile with `lastUpdated` (server time), spec §7. Only that field is
 * written, so a member may do it on their own profile.
 */
export async function touchMember(uid: string): Promise<void> {
  await request(BACKEND_MESSAGES.saveFailed, async () => {
    const [db, { doc, serverTimestamp, updateDoc }] = await liteFirestore();
    await updateDoc(doc(db, MEMBERS_COLLECTION, uid), {
      lastUpdated: serverTimestamp(),
      updatedAt: serverTimestamp(),
      updatedBy: uid,
    });
  });
}
