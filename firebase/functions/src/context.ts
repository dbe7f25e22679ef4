// Gives the shared, synchronous decisions (app/domain/server) their read context on Firestore.
// A decision says what it reads by calling ctx.get / ctx.list; the first run answers "absent" for
// anything not loaded yet and notes it, the host loads what was noted, and runs the decision again,
// until a run asks for nothing new. Decisions are pure, so the last run is the true answer, and each
// document, collection or query is read from Firestore once per invocation. ctx.listWhere runs a
// Firestore query, so a decision about one person reads that person's documents, not the
// collection's.
import type { DocData, WhereOp } from '~/domain/permissions';
import type { ServerContext } from '~/domain/server/outcome';
import { db } from './admin';

/** A decision that keeps asking for new documents after this many rounds is a bug, not a load. */
const MAX_ROUNDS = 25;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Firestore values as the decisions (and the fake) see them: timestamps as ISO strings, references
 * as their paths, maps and arrays as plain data.
 */
export function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (!isRecord(value)) return value;
  if ('toDate' in value && typeof value.toDate === 'function') {
    const date: unknown = value.toDate();
    if (date instanceof Date) return date.toISOString();
  }
  if ('path' in value && 'firestore' in value && typeof value.path === 'string') return value.path;
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) out[key] = plain(entry);
  return out;
}

/** A snapshot's data as plain data, or null when the document does not exist. */
export function plainDoc(data: unknown): DocData | null {
  if (!isRecord(data)) return null;
  const converted = plain(data);
  return isRecord(converted) ? converted : null;
}

const isDocumentPath = (path: string) => {
  const segments = path.split('/');
  return segments.length % 2 === 0 && segments.every((s) => s.length > 0);
};
const isCollectionPath = (path: string) => {
  const segments = path.split('/');
  return segments.length % 2 === 1 && segments.every((s) => s.length > 0);
};

/** Runs a decision over Firestore's current state, loading what it reads. */
export async function decideWithReads<T>(
  decide: (ctx: ServerContext) => T,
  now: Date = new Date(),
): Promise<T> {
  const docs = new Map<string, DocData | null>();
  const lists = new Map<string, Array<{ id: string; data: DocData }>>();
  const queries = new Map<string, Array<{ id: string; data: DocData }>>();
  const queryKey = (path: string, field: string, op: WhereOp, value: string) =>
    JSON.stringify([path, field, op, value]);
  const today = now.toISOString().slice(0, 10);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const wantedDocs = new Set<string>();
    const wantedLists = new Set<string>();
    const wantedQueries = new Map<
      string,
      { path: string; field: string; op: WhereOp; value: string }
    >();
    const ctx: ServerContext = {
      today,
      get(path) {
        if (docs.has(path)) return docs.get(path) ?? null;
        if (isDocumentPath(path)) wantedDocs.add(path);
        return null;
      },
      list(collectionPath) {
        const loaded = lists.get(collectionPath);
        if (loaded) return loaded;
        if (isCollectionPath(collectionPath)) wantedLists.add(collectionPath);
        return [];
      },
      listWhere(collectionPath, field, op, value) {
        const key = queryKey(collectionPath, field, op, value);
        const loaded = queries.get(key);
        if (loaded) return loaded;
        if (isCollectionPath(collectionPath)) {
          wantedQueries.set(key, { path: collectionPath, field, op, value });
        }
        return [];
      },
    };
    const result = decide(ctx);
    if (wantedDocs.size === 0 && wantedLists.size === 0 && wantedQueries.size === 0) {
      return result;
    }
    const firestore = db();
    await Promise.all([
      ...[...wantedDocs].map(async (path) => {
        const snapshot = await firestore.doc(path).get();
        docs.set(path, snapshot.exists ? plainDoc(snapshot.data()) : null);
      }),
      ...[...wantedLists].map(async (path) => {
        const snapshot = await firestore.collection(path).get();
        lists.set(
          path,
          snapshot.docs.map((d) => ({ id: d.id, data: plainDoc(d.data()) ?? {} })),
        );
      }),
      ...[...wantedQueries].map(async ([key, { path, field, op, value }]) => {
        const snapshot = await firestore.collection(path).where(field, op, value).get();
        queries.set(
          key,
          snapshot.docs.map((d) => ({ id: d.id, data: plainDoc(d.data()) ?? {} })),
        );
      }),
    ]);
  }
  throw new Error(`A decision kept asking for more documents after ${MAX_ROUNDS} rounds.`);
}
