// An in-memory SyncBackend with fault injection, for unit tests and the benchmark page. It behaves
// like Firestore where the engine cares: batches are atomic, `update` of a missing document fails
// permanently (not-found), a refused document fails permanently (permission-denied), and "offline"
// or "lost acknowledgement" fail transiently — the latter after applying the batch. Field paths in
// an update and a set's `mergeFields` replace just the nested values they name, as in Firestore;
// an operation's `ifMissing` defaults fill only the paths the document has no value at.
import { applyPatch, fillMissing, valueAtPath } from './field-paths';
import type { BatchOperation, RemoteVersion, SyncBackend } from './sync-backend';

class FakeBackendError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export function createMemoryBackend() {
  const documents = new Map<string, Map<string, Record<string, unknown>>>();
  const state = {
    commits: [] as BatchOperation[][],
    lists: [] as string[],
    versions: null as Record<string, RemoteVersion> | null,
    versionReads: 0,
    offline: false,
    loseNextAcks: 0,
    failNext: [] as { code: string; permanent: boolean }[],
    refusedIds: new Set<string>(),
    latencyMs: 0,
  };

  function collection(name: string) {
    let docs = documents.get(name);
    if (!docs) documents.set(name, (docs = new Map()));
    return docs;
  }

  async function pause() {
    if (state.latencyMs > 0) await new Promise((r) => setTimeout(r, state.latencyMs));
  }

  const backend: SyncBackend = {
    async listDocuments(name, schema, options) {
      await pause();
      if (state.offline) throw new FakeBackendError('Failed to get data', 'unavailable', false);
      state.lists.push(name);
      const out = [];
      for (const [id, data] of collection(name)) {
        const record: Record<string, unknown> = { ...data, id };
        const passes = (options.filters ?? []).every(
          (f) => f.op !== '==' || record[f.field] === f.value,
        );
        if (!passes) continue;
        const parsed = schema.safeParse(record);
        if (parsed.success) out.push(parsed.data);
      }
      return out;
    },
    async commitBatch(operations) {
      await pause();
      state.commits.push(operations);
      if (state.offline) throw new FakeBackendError('Failed to save item', 'unavailable', false);
      const injected = state.failNext.shift();
      if (injected)
        throw new FakeBackendError('Failed to save item', injected.code, injected.permanent);
      for (const op of operations) {
        if (state.refusedIds.has(op.id)) {
          throw new FakeBackendError('Failed to save item', 'permission-denied', true);
        }
        if (op.type === 'update' && !collection(op.collection).has(op.id)) {
          throw new FakeBackendError('Failed to save item', 'not-found', true);
        }
      }
      // Atomic: validated above, applied below.
      for (const op of operations) {
        const docs = collection(op.collection);
        const before = docs.get(op.id) ?? {};
        if (op.type === 'delete') {
          docs.delete(op.id);
          continue;
        }
        let after: Record<string, unknown>;
        if (op.type === 'update') after = applyPatch(before, op.data);
        else if (op.mergeFields) {
          // Each named field or field path is replaced whole from the data; the rest is kept.
          const mask = op.mergeFields.map((path) => [path, valueAtPath(op.data, path)]);
          after = applyPatch(before, Object.fromEntries(mask));
        } else after = op.merge ? { ...before, ...op.data } : { ...op.data };
        // Union fields add to the stored array instead of replacing it (decision 045).
        for (const field of op.arrayUnion ?? []) {
          const stored: unknown[] = Array.isArray(before[field]) ? before[field] : [];
          const added: unknown[] = Array.isArray(op.data[field]) ? op.data[field] : [];
          after[field] = [...stored, ...added.filter((value) => !stored.includes(value))];
        }
        // Defaults fill only the paths the document still has no value at (decision 044).
        docs.set(op.id, fillMissing(after, op.ifMissing ?? {}));
      }
      if (state.loseNextAcks > 0) {
        state.loseNextAcks--;
        throw new FakeBackendError('Failed to save item', 'deadline-exceeded', false);
      }
    },
    async getCollectionVersions() {
      await pause();
      state.versionReads++;
      if (state.offline) throw new FakeBackendError('Failed to get data', 'unavailable', false);
      return state.versions;
    },
  };

  return {
    backend,
    state,
    documents: (name: string) => collection(name),
  };
}
