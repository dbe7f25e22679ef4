// The sync engine (spec §4 "Synchronisation"): replays pending changes against the backend and
// refreshes due collections. It owns the sync status (idle or syncing, last sync time, last error)
// and the timers: a run at start, on every return of the network, every 5 minutes while online, and
// when a backed-off change becomes due; and a shorter one for slices (today's roll calls, decision
// 044) that fetches only those. Only the tab holding the leader lock replays, so two tabs
// never send the same change at once; every tab refreshes its own reads.
import { z } from 'zod';
import {
  BACKGROUND_SYNC_INTERVAL_MS,
  BATCH_MAX_OPERATIONS,
  VERSION_DOCUMENT_CACHE_MS,
} from '~/config/constants';
import { changeProblem, INVALID_DATA_CODE } from './change-validation';
import {
  cachedCollections,
  childCollectionPath,
  getCollectionDefinition,
  remoteRefOf,
  type CollectionDefinition,
} from './collections';
import { createConnectivity, type Connectivity } from './connectivity';
import { expandFieldPaths } from './field-paths';
import { defaultLocks, type LockProvider } from './locks';
import { nextAttemptTime } from './pending-changes';
import {
  classifyFailure,
  createFirebaseSyncBackend,
  type BatchOperation,
  type Filter,
  type RemoteVersion,
  type SyncBackend,
} from './sync-backend';
import { compareVersions, isNewerMajorVersion } from './versions';
import type { CollectionMetadata, PendingChange } from './db';
import type { Outbox } from './outbox';
import type { CachedRecord, Store } from './store';

/** Delay before new local writes are sent, so a burst of edits goes in one commit. */
export const WRITE_SYNC_DELAY_MS = 500;

/**
 * What a refresh reads: `{ filters }` is one query; `{ anyOf }` is the union of several (one `in`
 * filter takes at most 30 values, so a long list of ids is split over several queries).
 */
export type RefreshScope = { filters?: Filter[] } | { anyOf: Filter[][] };

/**
 * Per-role query scope of a collection's refresh. Return `undefined` to read the whole collection,
 * a RefreshScope to read only what the person may see (the backend refuses wider queries, like
 * Firestore rules do), or `null` when the person may not read the collection at all. The answer
 * may be a promise: a scope can depend on the person's other records (a facilitator's families
 * are those of their students), which are read when the refresh runs.
 */
export type ScopeFor = (
  collection: string,
) => RefreshScope | null | undefined | Promise<RefreshScope | null | undefined>;

export interface SyncStatus {
  isOnline: boolean;
  isSyncing: boolean;
  /** Number of changes not yet accepted by the backend (failed ones included). */
  pendingChanges: number;
  lastSyncTime: number | null;
  syncError: string | null;
  /** Changes that failed permanently; the person retries or discards them. */
  failedChanges: PendingChange[];
  /** Every pending change, oldest first (for the sync panel). */
  pending: PendingChange[];
}

export type RefreshReason =
  | 'never-synced'
  | 'corrupted'
  | 'major-version'
  | 'version-changed'
  | 'expired'
  | 'due'
  | 'forced'
  /** Only the collection's slice (today's roll calls) was fetched. */
  | 'slice';

export interface RefreshDecision {
  refresh: boolean;
  resync: boolean;
  reason: RefreshReason | null;
}

/**
 * Whether a collection must be fetched again (spec §4, §9): never synced, a cached record failed
 * validation, the remote version changed (a higher major means a full resync), the cache duration
 * ran out, or the sync frequency elapsed. The version rules apply only when the remote version
 * document names the collection.
 */
export function refreshDecision(
  definition: CollectionDefinition,
  metadata: CollectionMetadata | null,
  remoteVersion: string | undefined,
  now: number,
): RefreshDecision {
  const yes = (reason: RefreshReason, resync = false) => ({ refresh: true, resync, reason });
  if (!metadata || metadata.lastSynced === null) return yes('never-synced');
  if (metadata.needsRefetch) return yes('corrupted');
  if (remoteVersion !== undefined) {
    if (isNewerMajorVersion(remoteVersion, metadata.version)) return yes('major-version', true);
    if (compareVersions(remoteVersion, metadata.version) !== 0) return yes('version-changed');
  }
  const age = now - metadata.lastSynced;
  if (age >= definition.cacheDurationMs) return yes('expired');
  if (age >= definition.syncFrequencyMs) return yes('due');
  return { refresh: false, resync: false, reason: null };
}

export interface ReplayReport {
  skipped?: 'not-leader' | 'offline';
  committed: number;
  commits: number;
  failedPermanently: number;
  transientError: string | null;
}

export interface SyncReport {
  skipped?: 'running' | 'offline' | 'not-initialized';
  replay?: ReplayReport;
  refreshed: { collection: string; reason: RefreshReason; resync: boolean }[];
}

export interface SyncEngineOptions {
  /** Where refreshed records go, and whose listeners hear of new local writes. */
  store: Store;
  /** The pending changes this engine replays. */
  outbox: Outbox;
  backend?: SyncBackend;
  connectivity?: Connectivity;
  locks?: LockProvider;
  now?: () => number;
  scopeFor?: ScopeFor;
}

const permissiveRecord = z.object({ id: z.string() }).passthrough();

function toOperation(change: PendingChange, definition: CollectionDefinition): BatchOperation {
  // A subcollection's record (a message) goes to its parent's document path (decision 045).
  const { collection, id } = remoteRefOf(definition, change.itemId);
  const data = change.data ?? {};
  if (change.operation === 'delete') return { type: 'delete', collection, id };
  // Defaults written only where the backend's document has no value when the batch commits, and
  // arrays that only grow (readBy) sent as unions, so concurrent additions all stay.
  const unions = (definition.unionFields ?? []).filter((field) => Array.isArray(data[field]));
  const defaults = {
    ...(change.ifMissing ? { ifMissing: change.ifMissing } : {}),
    ...(unions.length > 0 ? { arrayUnion: unions } : {}),
  };
  if (change.operation === 'update') {
    return { type: 'update', collection, id, data, ...defaults };
  }
  // Creates are sets on the client's id, so a retry after a lost acknowledgement rewrites the same
  // document instead of adding a second one. A `temp_` id is new by construction and is written
  // whole; an id the caller chose (attendance's `${classroomId}_${date}`) may already exist, and
  // another device may have written it meanwhile: exactly the written fields and field paths are
  // set (mergeFields), so `entries.s1` replaces that student's entry and no other (decision 044).
  // A set takes nested data: the field paths become maps, and the mask names them as paths.
  const document = expandFieldPaths(data);
  if (change.itemId.startsWith('temp_')) {
    return {
      type: 'set',
      collection,
      id,
      data: document,
      merge: false,
      ...defaults,
    };
  }
  const mergeFields = Object.keys(data).filter((key) => key !== 'id');
  return {
    type: 'set',
    collection,
    id,
    data: document,
    merge: true,
    mergeFields,
    ...defaults,
  };
}

/** Parent collections whose children are fetched at once in a subcollection refresh. */
const CHILD_QUERIES_AT_ONCE = 4;

/** The field a subcollection's records name their parent by: conversations → conversationId. */
function parentIdField(definition: CollectionDefinition): string {
  const parent = definition.subcollectionOf ?? '';
  const singular = parent.endsWith('s') ? parent.slice(0, -1) : parent;
  return `${singular}Id`;
}

export function createSyncEngine(options: SyncEngineOptions) {
  const { store, outbox } = options;
  const backend = options.backend ?? createFirebaseSyncBackend();
  const connectivity = options.connectivity ?? createConnectivity();
  const locks = options.locks ?? defaultLocks();
  const now = options.now ?? (() => Date.now());
  let scopeFor: ScopeFor = options.scopeFor ?? (() => undefined);

  let status: SyncStatus = {
    isOnline: connectivity.isOnline(),
    isSyncing: false,
    pendingChanges: 0,
    lastSyncTime: null,
    syncError: null,
    failedChanges: [],
    pending: [],
  };
  const statusListeners = new Set<() => void>();
  let running: Promise<SyncReport> | null = null;
  /**
   * Bumped by stop(): a run that started before is abandoned at its next step, so nothing it
   * fetched is written into a cache that sign-out is clearing, and the clearing waits at most for
   * the one write already under way (it holds the cache's write lock).
   */
  let generation = 0;
  let runGeneration = 0;
  const abandoned = () => runGeneration !== generation;
  let versionsCache: { at: number; value: Record<string, RemoteVersion> | null } | null = null;
  let intervalTimer: ReturnType<typeof setInterval> | null = null;
  let sliceTimer: ReturnType<typeof setInterval> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  const cleanups: (() => void)[] = [];
  /** Collections the backend accepted changes of in this run, whose slices are fetched at once. */
  const acceptedIn = new Set<string>();

  function setStatus(patch: Partial<SyncStatus>): void {
    status = { ...status, ...patch };
    for (const listener of [...statusListeners]) listener();
  }

  async function refreshPendingStatus(): Promise<PendingChange[]> {
    if (!outbox.isOpen) {
      setStatus({ pendingChanges: 0, failedChanges: [], pending: [] });
      return [];
    }
    const pending = await outbox.pendingChanges();
    setStatus({
      pendingChanges: pending.length,
      failedChanges: pending.filter((c) => c.error !== undefined),
      pending,
    });
    return pending;
  }

  /** system/collectionVersions, read at most once a minute (VERSION_DOCUMENT_CACHE_MS). */
  async function remoteVersions(): Promise<Record<string, RemoteVersion> | null> {
    if (versionsCache && now() - versionsCache.at < VERSION_DOCUMENT_CACHE_MS) {
      return versionsCache.value;
    }
    const value = await backend.getCollectionVersions();
    versionsCache = { at: now(), value };
    return value;
  }

  /** Sends a group of changes; a permanent failure is narrowed down by halving the group. */
  async function sendGroup(
    definition: CollectionDefinition,
    changes: PendingChange[],
    report: ReplayReport,
  ): Promise<void> {
    if (changes.length === 0) return;
    try {
      report.commits++;
      await backend.commitBatch(changes.map((c) => toOperation(c, definition)));
      await outbox.acknowledge(definition.name, changes);
      report.committed += changes.length;
      acceptedIn.add(definition.name);
    } catch (error) {
      const failure = classifyFailure(error);
      if (!failure.permanent) {
        await outbox.fail(definition.name, changes, failure);
        throw error;
      }
      if (changes.length === 1) {
        // The one change the backend refuses: mark it for the person, let the others through.
        await outbox.fail(definition.name, changes, {
          ...failure,
          message: `${failure.message} (${failure.code})`,
        });
        report.failedPermanently++;
        return;
      }
      // A batch is atomic, so the refusal of one change rejected all of them. Halve until found.
      const middle = Math.ceil(changes.length / 2);
      await sendGroup(definition, changes.slice(0, middle), report);
      await sendGroup(definition, changes.slice(middle), report);
    }
  }

  async function replayPending(): Promise<ReplayReport> {
    const report: ReplayReport = {
      committed: 0,
      commits: 0,
      failedPermanently: 0,
      transientError: null,
    };
    const outcome = await locks.ifAvailable(`${outbox.dbName}:sync-leader`, async () => {
      const pending = await outbox.pendingChanges();
      const names = [...new Set(pending.map((c) => c.collectionName))];
      const order = (name: string) => {
        try {
          return getCollectionDefinition(name).prioritySync ? 0 : 1;
        } catch {
          return 2;
        }
      };
      names.sort((a, b) => order(a) - order(b));
      for (const name of names) {
        let definition: CollectionDefinition;
        try {
          definition = getCollectionDefinition(name);
        } catch {
          continue; // A queue of a collection this release no longer knows: kept, never sent.
        }
        const sent = new Set<string>();
        for (;;) {
          if (!connectivity.isOnline()) {
            report.skipped = 'offline';
            return;
          }
          // Stopped (sign-out): the changes stay queued, nothing more is sent for this person.
          if (abandoned()) return;
          const batch = await outbox.sendable(name, BATCH_MAX_OPERATIONS);
          // Changes merged with a new write while in flight are sent again; the same revision is not.
          const fresh = batch.filter((c) => !sent.has(`${c.id}@${c.revision}`));
          if (fresh.length === 0) break;
          for (const c of fresh) sent.add(`${c.id}@${c.revision}`);
          // Data that does not match the record schema is never sent: the change is held back with
          // a readable error for the person to edit or discard, and the others go on without it.
          const schema = store.schemaOf(name);
          const valid: PendingChange[] = [];
          for (const change of fresh) {
            const problem = changeProblem(change, schema);
            if (problem === null) {
              valid.push(change);
              continue;
            }
            await outbox.fail(name, [change], {
              permanent: true,
              message: `Not sent, the data is not valid: ${problem}`,
              code: INVALID_DATA_CODE,
            });
            report.failedPermanently++;
          }
          try {
            await sendGroup(definition, valid, report);
          } catch (error) {
            report.transientError = classifyFailure(error).message;
            // Offline or the backend is struggling: the rest waits for the next run.
            return;
          }
        }
      }
    });
    if (!outcome.acquired) report.skipped = 'not-leader';
    return report;
  }

  /** The union of the queries' documents, each once, parsed with the collection's schema. */
  async function fetchScoped(
    definition: CollectionDefinition,
    queries: readonly (Filter[] | undefined)[],
  ): Promise<CachedRecord[]> {
    // The backend skips documents that fail the record schema, so the cache never stores a record
    // it would discard on the next read (and fetch again, forever).
    const schema = store.schemaOf(definition.name) ?? permissiveRecord;
    const results = await Promise.all(
      queries.map((filters) =>
        backend.listDocuments(definition.remoteName, schema, filters ? { filters } : {}),
      ),
    );
    // A document that matches several of the queries is kept once.
    const byId = new Map<string, CachedRecord>();
    for (const document of results.flat()) {
      const record = permissiveRecord.safeParse(document);
      if (record.success) byId.set(record.data.id, record.data);
    }
    return [...byId.values()];
  }

  /**
   * A subcollection's records under the given parents (decision 045), a few parents at a time, as
   * cache records: id `${parentId}/${id}`, with the parent's id in `${parent}Id` form
   * (conversationId). The parents are what the person may read, so no scope is needed.
   */
  async function fetchChildren(
    definition: CollectionDefinition,
    parentIds: readonly string[],
  ): Promise<CachedRecord[]> {
    const schema = store.schemaOf(definition.name) ?? permissiveRecord;
    const parentField = parentIdField(definition);
    const out: CachedRecord[] = [];
    for (let i = 0; i < parentIds.length; i += CHILD_QUERIES_AT_ONCE) {
      const group = parentIds.slice(i, i + CHILD_QUERIES_AT_ONCE);
      const results = await Promise.all(
        group.map(async (parentId) => {
          let documents: unknown[];
          try {
            documents = await backend.listDocuments(
              childCollectionPath(definition, parentId),
              schema,
              {},
            );
          } catch (error) {
            // Refused (the person no longer takes part): nothing of it is theirs to keep.
            if (classifyFailure(error).permanent) return [];
            throw error;
          }
          return documents.flatMap((document) => {
            const record = permissiveRecord.safeParse(document);
            if (!record.success) return [];
            return [
              { ...record.data, [parentField]: parentId, id: `${parentId}/${record.data.id}` },
            ];
          });
        }),
      );
      out.push(...results.flat());
    }
    return out;
  }

  async function refreshCollection(
    definition: CollectionDefinition,
    decision: RefreshDecision,
    version: string,
  ): Promise<boolean> {
    if (definition.subcollectionOf) {
      // Under every parent the person's cache holds (their conversations, already scoped). A parent
      // collection never fetched yet is fetched first, or this would find no parents and count as
      // fresh for its whole sync interval.
      const parentMetadata = await store.getMetadata(definition.subcollectionOf);
      if (!parentMetadata || parentMetadata.lastSynced === null) {
        const parent = getCollectionDefinition(definition.subcollectionOf);
        const fetched = await refreshCollection(
          parent,
          { refresh: true, resync: false, reason: 'forced' },
          parentMetadata?.version ?? parent.version,
        );
        if (!fetched) return false;
      }
      const parents = await store.list(definition.subcollectionOf, { limit: Infinity });
      // A parent this device has not sent yet has nothing at the backend; its children are pending
      // changes, which the refresh keeps.
      const unsent = await store.pendingIds(definition.subcollectionOf);
      const items = await fetchChildren(
        definition,
        parents.map((parent) => parent.id).filter((id) => !unsent.has(id)),
      );
      if (abandoned()) return false;
      return store.applyRefresh(definition, items, version, decision.resync, {
        validated: store.schemaOf(definition.name) !== undefined,
      });
    }
    const scope = await scopeFor(definition.name);
    if (scope === null) return false;
    const queries = scope && 'anyOf' in scope ? scope.anyOf : [scope?.filters];
    const items = await fetchScoped(definition, queries);
    if (abandoned()) return false;
    // With a record schema, the backend has already parsed every document with it.
    return store.applyRefresh(definition, items, version, decision.resync, {
      validated: store.schemaOf(definition.name) !== undefined,
    });
  }

  /** When each collection's slice was last fetched by this engine (in memory: cheap to lose). */
  const sliceFetchedAt = new Map<string, number>();

  /**
   * Fetches the due slices (today's roll calls) with the person's scope plus the slice's equality
   * filter, and writes them over their cached copies (decision 044). A collection never fetched
   * whole is left to its full refresh; a slice fetched less than its frequency ago is skipped.
   */
  async function refreshSlices(report: SyncReport): Promise<string | null> {
    let error: string | null = null;
    for (const definition of cachedCollections()) {
      const { slice } = definition;
      if (!slice || !connectivity.isOnline() || abandoned()) continue;
      const metadata = await store.getMetadata(definition.name);
      if (!metadata || metadata.lastSynced === null || metadata.needsRefetch) continue;
      const last = Math.max(metadata.lastSynced, sliceFetchedAt.get(definition.name) ?? 0);
      // Right after this device's marks were accepted, the slice is fetched whatever its due-ness:
      // the person then sees what others marked in the same roll call meanwhile.
      const accepted = acceptedIn.has(definition.name);
      if (!accepted && now() - last < slice.frequencyMs) continue;
      try {
        const scope = await scopeFor(definition.name);
        if (scope === null) continue;
        const filter: Filter = { field: slice.field, op: '==', value: slice.value(now()) };
        const queries = scope && 'anyOf' in scope ? scope.anyOf : [scope?.filters ?? []];
        const fresh = await fetchScoped(
          definition,
          queries.map((filters) => [...filters, filter]),
        );
        if (abandoned()) continue;
        if (await store.applySlice(definition, fresh)) {
          sliceFetchedAt.set(definition.name, now());
          acceptedIn.delete(definition.name);
          report.refreshed.push({ collection: definition.name, reason: 'slice', resync: false });
        }
      } catch (e) {
        error = classifyFailure(e).message;
      }
    }
    return error;
  }

  async function refreshDue(report: SyncReport): Promise<string | null> {
    let versions: Record<string, RemoteVersion> | null = null;
    let error: string | null = null;
    try {
      versions = await remoteVersions();
    } catch (e) {
      error = classifyFailure(e).message;
    }
    for (const definition of cachedCollections()) {
      if (!connectivity.isOnline() || abandoned()) break;
      // A collection the person may not read is skipped by refreshCollection (scope null); the
      // scope is asked for only when the collection is due, as it may read other records.
      const metadata = await store.getMetadata(definition.name);
      const remote =
        versions?.[definition.name]?.version ?? versions?.[definition.remoteName]?.version;
      const decision = refreshDecision(definition, metadata, remote, now());
      if (!decision.refresh || !decision.reason) continue;
      try {
        const version = remote ?? metadata?.version ?? definition.version;
        if (await refreshCollection(definition, decision, version)) {
          report.refreshed.push({
            collection: definition.name,
            reason: decision.reason,
            resync: decision.resync,
          });
        }
      } catch (e) {
        error = classifyFailure(e).message;
      }
    }
    return error;
  }

  function scheduleRetry(pending: PendingChange[]): void {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const at = nextAttemptTime(pending);
    if (at === null || intervalTimer === null) return;
    const delay = Math.max(0, at - now());
    if (delay >= BACKGROUND_SYNC_INTERVAL_MS) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void engine.sync();
    }, delay + 10);
  }

  async function run(): Promise<SyncReport> {
    runGeneration = generation;
    const report: SyncReport = { refreshed: [] };
    acceptedIn.clear();
    setStatus({ isSyncing: true });
    let syncError: string | null = null;
    try {
      report.replay = await replayPending();
      syncError = report.replay.transientError;
      if (connectivity.isOnline() && !abandoned()) {
        // Today's roll calls first: they are what a person is looking at this morning.
        syncError = (await refreshSlices(report)) ?? syncError;
        syncError = (await refreshDue(report)) ?? syncError;
      }
      if (!report.replay.skipped || report.replay.skipped === 'not-leader') {
        setStatus({ lastSyncTime: now() });
      }
    } catch (error) {
      syncError = classifyFailure(error).message;
      console.error('[sync] The sync run failed', error);
    } finally {
      const pending = await refreshPendingStatus();
      setStatus({ isSyncing: false, syncError });
      scheduleRetry(pending);
    }
    return report;
  }

  let soonTimer: ReturnType<typeof setTimeout> | null = null;
  let rerunAfterCurrent = false;
  /** Whether `running` is a slice-only run (engine.refreshSlices) rather than a full one. */
  let runningSlices = false;

  /** Sends new writes shortly (batched over WRITE_SYNC_DELAY_MS); after the current run if one runs. */
  function syncSoon(): void {
    if (soonTimer !== null) return;
    soonTimer = setTimeout(() => {
      soonTimer = null;
      if (running) rerunAfterCurrent = true;
      else void engine.sync();
    }, WRITE_SYNC_DELAY_MS);
  }

  /** Runs a sync now, or right after the current run if one is running. */
  function syncNow(): void {
    if (running) rerunAfterCurrent = true;
    else void engine.sync();
  }

  const engine = {
    /** One full run: replay pending changes, then refresh due collections. */
    sync(): Promise<SyncReport> {
      if (running) {
        // A slice run is short and does not replay: the full run comes right after it.
        if (runningSlices) rerunAfterCurrent = true;
        return Promise.resolve({ skipped: 'running', refreshed: [] });
      }
      if (!outbox.isOpen) return Promise.resolve({ skipped: 'not-initialized', refreshed: [] });
      if (!connectivity.isOnline()) return Promise.resolve({ skipped: 'offline', refreshed: [] });
      running = run().finally(() => {
        running = null;
        if (rerunAfterCurrent) {
          rerunAfterCurrent = false;
          void engine.sync();
        }
      });
      return running;
    },

    /**
     * Fetches the due slices only (today's roll calls), on their own timer between full runs: one
     * small query per scope, no replay and no version read. Skipped while a run is going.
     */
    refreshSlices(): Promise<SyncReport> {
      if (running) return Promise.resolve({ skipped: 'running', refreshed: [] });
      if (!outbox.isOpen) return Promise.resolve({ skipped: 'not-initialized', refreshed: [] });
      if (!connectivity.isOnline()) return Promise.resolve({ skipped: 'offline', refreshed: [] });
      const report: SyncReport = { refreshed: [] };
      runningSlices = true;
      runGeneration = generation;
      running = refreshSlices(report)
        .then((error) => {
          if (error) setStatus({ syncError: error });
          return report;
        })
        .finally(() => {
          running = null;
          runningSlices = false;
          if (rerunAfterCurrent) {
            rerunAfterCurrent = false;
            void engine.sync();
          }
        });
      return running;
    },

    /** Fetches one collection now, whatever its due-ness (a pull-to-refresh). */
    async refresh(collection: string): Promise<boolean> {
      const definition = getCollectionDefinition(collection);
      if (!connectivity.isOnline()) return false;
      const metadata = await store.getMetadata(collection);
      try {
        const ok = await refreshCollection(
          definition,
          { refresh: true, resync: false, reason: 'forced' },
          metadata?.version ?? definition.version,
        );
        return ok;
      } catch (error) {
        setStatus({ syncError: classifyFailure(error).message });
        return false;
      }
    },

    /**
     * Fetches the records of a subcollection under one parent now (an open thread's messages) and
     * lays them over their cached copies (decision 045).
     */
    async refreshChildren(collection: string, parentId: string): Promise<boolean> {
      const definition = getCollectionDefinition(collection);
      if (!definition.subcollectionOf || !connectivity.isOnline()) return false;
      const metadata = await store.getMetadata(collection);
      // Before the first full fetch there is nothing to lay the slice over; fetch it all.
      if (!metadata || metadata.lastSynced === null) return engine.refresh(collection);
      try {
        const fresh = await fetchChildren(definition, [parentId]);
        return await store.applySlice(definition, fresh);
      } catch (error) {
        setStatus({ syncError: classifyFailure(error).message });
        return false;
      }
    },

    /** Whether a collection should be fetched again now (for route loaders). */
    async isDue(collection: string): Promise<RefreshDecision> {
      const definition = getCollectionDefinition(collection);
      const metadata = await store.getMetadata(collection);
      return refreshDecision(definition, metadata, undefined, now());
    },

    /** The per-role scope of refresh queries (the auth layer sets it after sign-in). */
    setScope(next: ScopeFor): void {
      scopeFor = next;
    },

    async retryChange(changeId: string): Promise<boolean> {
      const ok = await outbox.retry(changeId);
      await refreshPendingStatus();
      if (ok) void engine.sync();
      return ok;
    },

    /** Drops a failed change the person chose not to keep, and has the store put its record right. */
    async discardChange(changeId: string): Promise<boolean> {
      const discarded = await outbox.discard(changeId);
      if (discarded) await store.revert(discarded);
      await refreshPendingStatus();
      return discarded !== null;
    },

    /** Starts the timers and listeners, and runs a first sync. Safe to call twice. */
    start(): void {
      if (intervalTimer !== null) return;
      connectivity.start();
      intervalTimer = setInterval(() => void engine.sync(), BACKGROUND_SYNC_INTERVAL_MS);
      const sliceEvery = Math.min(
        ...cachedCollections().map((d) => d.slice?.frequencyMs ?? Infinity),
      );
      if (Number.isFinite(sliceEvery) && sliceEvery < BACKGROUND_SYNC_INTERVAL_MS) {
        sliceTimer = setInterval(() => void engine.refreshSlices(), sliceEvery);
      }
      cleanups.push(
        connectivity.subscribe((online) => {
          setStatus({ isOnline: online });
          if (online) void engine.sync();
        }),
        store.subscribe((event) => {
          // Damaged records were dropped and their collections marked for a refetch: fetch them
          // again now rather than at the next interval, so nothing stays hidden.
          if (event.damaged) syncNow();
          void refreshPendingStatus().then((pending) => {
            // A fresh local write (never tried yet) is sent promptly instead of waiting for the
            // 5-minute interval. Changes already tried keep their backoff, so this cannot loop.
            if (event.source === 'local' && pending.some((c) => c.retryCount === 0 && !c.error)) {
              syncSoon();
            }
          });
        }),
      );
      if (typeof document !== 'undefined') {
        // Writes are stored already; a hidden page is simply the last good moment to send them.
        const onHide = () => {
          if (document.visibilityState === 'hidden') void engine.sync();
        };
        document.addEventListener('visibilitychange', onHide);
        cleanups.push(() => document.removeEventListener('visibilitychange', onHide));
      }
      setStatus({ isOnline: connectivity.isOnline() });
      void connectivity.check().then(() => {
        setStatus({ isOnline: connectivity.isOnline() });
        return engine.sync();
      });
      void refreshPendingStatus();
    },

    stop(): void {
      generation++;
      if (intervalTimer !== null) clearInterval(intervalTimer);
      if (sliceTimer !== null) clearInterval(sliceTimer);
      sliceTimer = null;
      if (soonTimer !== null) clearTimeout(soonTimer);
      soonTimer = null;
      rerunAfterCurrent = false;
      if (retryTimer !== null) clearTimeout(retryTimer);
      intervalTimer = null;
      retryTimer = null;
      connectivity.stop();
      for (const cleanup of cleanups.splice(0)) cleanup();
    },

    getStatus(): SyncStatus {
      return status;
    },

    subscribeStatus(listener: () => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },

    /** Re-reads the pending changes into the status (after sign-in, for example). */
    refreshStatus(): Promise<PendingChange[]> {
      return refreshPendingStatus();
    },

    /** Forgets the cached version document (tests, or after this client changed it). */
    forgetVersions(): void {
      versionsCache = null;
    },

    connectivity,
  };
  return engine;
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
