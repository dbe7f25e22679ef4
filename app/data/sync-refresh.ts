// The sync engine's reads (decisions 021, 044, 045, 053): which collections are due, the full
// refresh of one collection under the person's scope, today's slices, a subcollection's children
// under the parents whose marker moved, and the delta pull of "Sync now" (records whose `updatedAt`
// moved since this device last fetched). Nothing here schedules or sends; the engine decides when.
import { z } from 'zod';
import { VERSION_DOCUMENT_CACHE_MS } from '~/config/constants';
import {
  cachedCollections,
  childCollectionPath,
  getCollectionDefinition,
  parentIdField,
  type CollectionDefinition,
} from './collections';
import { classifyFailure, type Filter, type RemoteVersion, type SyncBackend } from './sync-backend';
import { compareVersions, isNewerMajorVersion } from './versions';
import type { Connectivity } from './connectivity';
import type { CollectionMetadata } from './db';
import type { CachedRecord, Store } from './store';

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

export type RefreshReason =
  | 'never-synced'
  | 'corrupted'
  | 'major-version'
  | 'version-changed'
  | 'expired'
  | 'due'
  | 'forced'
  /** Only the collection's slice (today's roll calls) was fetched. */
  | 'slice'
  /** Only the records changed since the last fetch ("Sync now", decision 053). */
  | 'pull';

export interface RefreshDecision {
  refresh: boolean;
  resync: boolean;
  reason: RefreshReason | null;
}

export interface Refreshed {
  collection: string;
  reason: RefreshReason;
  resync: boolean;
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

/**
 * How far a device's clock may be off the backend's. A delta pull asks for `updatedAt` after the
 * time its last fetch started less this margin, so a change committed while that fetch ran is
 * never skipped because the two clocks disagree.
 */
export const CLOCK_SKEW_MARGIN_MS = 2 * 60_000;

/** Parent collections whose children are fetched at once in a subcollection refresh. */
const CHILD_QUERIES_AT_ONCE = 4;

/**
 * What moves on a parent when its children change (decision 053): a conversation's lastMessageAt
 * (the backend sets it for each new message) and its updatedAt (every write to it). The marker is
 * compared as text; a parent with neither field has the marker '' and is fetched once.
 */
const PARENT_MARKER_FIELDS: Record<string, readonly string[]> = {
  messages: ['lastMessageAt', 'updatedAt'],
};

const permissiveRecord = z.object({ id: z.string() }).passthrough();

function parentMarker(definition: CollectionDefinition, parent: CachedRecord): string {
  const fields = PARENT_MARKER_FIELDS[definition.name] ?? ['updatedAt'];
  return fields.map((field) => (typeof parent[field] === 'string' ? parent[field] : '')).join('|');
}

/** The newest `updatedAt` among records (the backend's time, as ISO text), or null. */
function newestUpdate(records: readonly CachedRecord[]): number | null {
  let newest: number | null = null;
  for (const record of records) {
    const at = typeof record.updatedAt === 'string' ? Date.parse(record.updatedAt) : NaN;
    if (Number.isFinite(at) && (newest === null || at > newest)) newest = at;
  }
  return newest;
}

/**
 * A scope as text, to tell whether it changed since a collection was fetched whole: the same
 * queries give the same key whatever the order of their ids (links are read from sets).
 */
export function scopeKeyOf(scope: RefreshScope | null | undefined): string {
  if (scope === null) return 'none';
  const canonical = (value: unknown): unknown =>
    Array.isArray(value) && value.every((v) => typeof v === 'string') ? [...value].sort() : value;
  return JSON.stringify(
    queriesOf(scope)
      .map((filters) =>
        filters
          .map((f) => [f.field, f.op, canonical(f.value)])
          .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      )
      .map((filters) => JSON.stringify(filters))
      .sort(),
  );
}

/**
 * Whether a due refresh of a collection may ask only for what changed (`changesOnlyWhenDue`): it
 * was fetched whole under the same scope, and not longer ago than `wholeRefreshMs` (default its
 * cache duration). Otherwise it is fetched whole, which also brings in records that entered the
 * scope without a write and drops records deleted at the backend.
 */
export function byChanges(
  definition: CollectionDefinition,
  metadata: CollectionMetadata,
  scopeKey: string,
  now: number,
): boolean {
  if (!definition.changesOnlyWhenDue || metadata.wholeAt === undefined) return false;
  if (metadata.scopeKey !== scopeKey) return false;
  return now - metadata.wholeAt < (definition.wholeRefreshMs ?? definition.cacheDurationMs);
}

/** The queries of a scope, each with `extra` filters added (undefined scope: the whole collection). */
function queriesOf(scope: RefreshScope | undefined, extra: Filter[] = []): Filter[][] {
  if (scope && 'anyOf' in scope) return scope.anyOf.map((filters) => [...filters, ...extra]);
  return [[...(scope?.filters ?? []), ...extra]];
}

/** One run's view of the engine: whether it was abandoned (stop() at sign-out). */
export interface RunContext {
  abandoned(): boolean;
}

export interface RefresherOptions {
  store: Store;
  backend: SyncBackend;
  connectivity: Connectivity;
  now: () => number;
  scopeFor: () => ScopeFor;
}

/** The engine's reads. It keeps the version document's cache and when each slice was fetched. */
export class Refresher {
  private versionsCache: { at: number; value: Record<string, RemoteVersion> | null } | null = null;
  /** When each collection's slice was last fetched by this engine (in memory: cheap to lose). */
  private readonly sliceFetchedAt = new Map<string, number>();
  /**
   * Per collection, the newest `updatedAt` a slice fetch has seen (less the skew margin): later
   * slice fetches ask only for what changed since (issue 29: today's roll calls are asked for
   * every 2 minutes, and an unchanged one is not billed again). In memory: after a reload the
   * first slice is fetched whole.
   */
  private readonly sliceUpTo = new Map<string, number>();

  constructor(private readonly options: RefresherOptions) {}

  forgetVersions(): void {
    this.versionsCache = null;
  }

  /** system/collectionVersions, read at most once a minute (VERSION_DOCUMENT_CACHE_MS). */
  private async remoteVersions(): Promise<Record<string, RemoteVersion> | null> {
    const { now, backend } = this.options;
    if (this.versionsCache && now() - this.versionsCache.at < VERSION_DOCUMENT_CACHE_MS) {
      return this.versionsCache.value;
    }
    const value = await backend.getCollectionVersions();
    this.versionsCache = { at: now(), value };
    return value;
  }

  /** The union of the queries' documents, each once, parsed with the collection's schema. */
  private async fetchScoped(
    definition: CollectionDefinition,
    queries: readonly Filter[][],
  ): Promise<CachedRecord[]> {
    const { store, backend } = this.options;
    // The backend skips documents that fail the record schema, so the cache never stores a record
    // it would discard on the next read (and fetch again, forever).
    const schema = store.schemaOf(definition.name) ?? permissiveRecord;
    const results = await Promise.all(
      queries.map((filters) =>
        backend.listDocuments(definition.remoteName, schema, filters.length ? { filters } : {}),
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
  async fetchChildren(
    definition: CollectionDefinition,
    parentIds: readonly string[],
  ): Promise<CachedRecord[]> {
    const { store, backend } = this.options;
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

  /** Fetches one collection whole (under the person's scope) and replaces the cached copy. */
  async refreshCollection(
    definition: CollectionDefinition,
    decision: RefreshDecision,
    version: string,
    run: RunContext,
  ): Promise<boolean> {
    const { store, now, scopeFor } = this.options;
    if (definition.subcollectionOf) return this.refreshChildren(definition, decision, version, run);
    const scope = await scopeFor()(definition.name);
    if (scope === null) return false;
    const startedAt = now();
    const items = await this.fetchScoped(definition, queriesOf(scope));
    if (run.abandoned()) return false;
    // With a record schema, the backend has already parsed every document with it.
    const applied = await store.applyRefresh(definition, items, version, decision.resync, {
      validated: store.schemaOf(definition.name) !== undefined,
    });
    if (applied && !run.abandoned()) {
      await store.updateMetadata(definition.name, {
        fetchedUpTo: Math.max(newestUpdate(items) ?? -Infinity, startedAt - CLOCK_SKEW_MARGIN_MS),
        wholeAt: startedAt,
        scopeKey: scopeKeyOf(scope),
      });
    }
    return applied;
  }

  /**
   * A subcollection under every parent the person's cache holds (their conversations, already
   * scoped). A parent collection never fetched yet is fetched first, or this would find no parents
   * and count as fresh for its whole sync interval. When the cache is sound (due, forced or a pull),
   * only parents whose marker moved since their children were fetched are asked (decision 053):
   * one query per changed conversation instead of one per conversation. Never-fetched, damaged,
   * expired or re-versioned caches ask every parent.
   */
  private async refreshChildren(
    definition: CollectionDefinition,
    decision: RefreshDecision,
    version: string,
    run: RunContext,
  ): Promise<boolean> {
    const { store, now } = this.options;
    const parentName = definition.subcollectionOf ?? '';
    const parentMetadata = await store.getMetadata(parentName);
    if (!parentMetadata || parentMetadata.lastSynced === null) {
      const parent = getCollectionDefinition(parentName);
      const fetched = await this.refreshCollection(
        parent,
        { refresh: true, resync: false, reason: 'forced' },
        parentMetadata?.version ?? parent.version,
        run,
      );
      if (!fetched) return false;
    }
    const parents = await store.list(parentName, { limit: Infinity });
    // A parent this device has not sent yet has nothing at the backend; its children are pending
    // changes, which the refresh keeps.
    const unsent = await store.pendingIds(parentName);
    const sent = parents.filter((parent) => !unsent.has(parent.id));
    const markers = Object.fromEntries(sent.map((p) => [p.id, parentMarker(definition, p)]));
    const metadata = await store.getMetadata(definition.name);
    const sound =
      metadata?.fetchedParents !== undefined &&
      (decision.reason === 'due' || decision.reason === 'forced' || decision.reason === 'pull');
    if (!sound) {
      const items = await this.fetchChildren(definition, Object.keys(markers));
      if (run.abandoned()) return false;
      const applied = await store.applyRefresh(definition, items, version, decision.resync, {
        validated: store.schemaOf(definition.name) !== undefined,
      });
      if (applied && !run.abandoned()) {
        await store.updateMetadata(definition.name, { fetchedParents: markers });
      }
      return applied;
    }
    const known = metadata?.fetchedParents ?? {};
    const moved = Object.keys(markers).filter((id) => known[id] !== markers[id]);
    const fresh = await this.fetchChildren(definition, moved);
    if (run.abandoned()) return false;
    // The asked parents' children are replaced (a message the backend no longer has leaves), and
    // so are those of parents the person no longer has (left or removed conversations).
    const asked = new Set(moved);
    const kept = new Set(parents.map((p) => p.id));
    const field = parentIdField(definition);
    const cached = await store.list(definition.name, { limit: Infinity });
    const freshIds = new Set(fresh.map((r) => r.id));
    const remove = cached
      .filter((r) => {
        const parentId = typeof r[field] === 'string' ? r[field] : (r.id.split('/')[0] ?? '');
        return (asked.has(parentId) && !freshIds.has(r.id)) || !kept.has(parentId);
      })
      .map((r) => r.id);
    if (!(await store.applySlice(definition, fresh, remove))) return false;
    if (run.abandoned()) return false;
    await store.updateMetadata(definition.name, {
      fetchedParents: markers,
      lastSynced: now(),
      version,
    });
    return true;
  }

  /** Fetches one parent's children now (an open thread) and lays them over the cache. */
  async refreshOneParent(
    definition: CollectionDefinition,
    parentId: string,
    run: RunContext,
  ): Promise<boolean> {
    const fresh = await this.fetchChildren(definition, [parentId]);
    if (run.abandoned()) return false;
    return this.options.store.applySlice(definition, fresh);
  }

  /**
   * Fetches the due slices (today's roll calls) with the person's scope plus the slice's equality
   * filter, and writes them over their cached copies (decision 044). A collection never fetched
   * whole is left to its full refresh; a slice fetched less than its frequency ago is skipped,
   * unless the backend accepted this device's changes of it in this run (`accepted`): the person
   * then sees what others marked in the same roll call meanwhile.
   */
  async refreshSlices(
    refreshed: Refreshed[],
    accepted: Set<string>,
    run: RunContext,
  ): Promise<string | null> {
    const { store, now, connectivity, scopeFor } = this.options;
    let error: string | null = null;
    for (const definition of cachedCollections()) {
      const { slice } = definition;
      if (!slice || !connectivity.isOnline() || run.abandoned()) continue;
      const metadata = await store.getMetadata(definition.name);
      if (!metadata || metadata.lastSynced === null || metadata.needsRefetch) continue;
      const last = Math.max(metadata.lastSynced, this.sliceFetchedAt.get(definition.name) ?? 0);
      if (!accepted.has(definition.name) && now() - last < slice.frequencyMs) continue;
      try {
        const scope = await scopeFor()(definition.name);
        if (scope === null) continue;
        const value = slice.value(now());
        const filter: Filter = { field: slice.field, op: '==', value };
        const mark = this.sliceUpTo.get(`${definition.name}:${value}`);
        const filters: Filter[] =
          mark === undefined
            ? [filter]
            : [filter, { field: 'updatedAt', op: '>', value: new Date(mark) }];
        const startedAt = now();
        const fresh = await this.fetchScoped(definition, queriesOf(scope, filters));
        if (run.abandoned()) continue;
        if (await store.applySlice(definition, fresh)) {
          const upTo = Math.max(
            mark ?? -Infinity,
            newestUpdate(fresh) ?? -Infinity,
            startedAt - CLOCK_SKEW_MARGIN_MS,
          );
          this.sliceUpTo.set(`${definition.name}:${value}`, upTo);
          this.sliceFetchedAt.set(definition.name, now());
          accepted.delete(definition.name);
          refreshed.push({ collection: definition.name, reason: 'slice', resync: false });
        }
      } catch (e) {
        error = classifyFailure(e).message;
      }
    }
    return error;
  }

  /** Refreshes every due collection (the version document decides some); the last error or null. */
  async refreshDue(refreshed: Refreshed[], run: RunContext): Promise<string | null> {
    const { store, now, connectivity } = this.options;
    let versions: Record<string, RemoteVersion> | null = null;
    let error: string | null = null;
    try {
      versions = await this.remoteVersions();
    } catch (e) {
      error = classifyFailure(e).message;
    }
    for (const definition of cachedCollections()) {
      if (!connectivity.isOnline() || run.abandoned()) break;
      // A collection the person may not read is skipped by refreshCollection (scope null); the
      // scope is asked for only when the collection is due, as it may read other records.
      const metadata = await store.getMetadata(definition.name);
      const remote =
        versions?.[definition.name]?.version ?? versions?.[definition.remoteName]?.version;
      const decision = refreshDecision(definition, metadata, remote, now());
      if (!decision.refresh || !decision.reason) continue;
      try {
        if (decision.reason === 'due' && metadata && definition.changesOnlyWhenDue) {
          const scope = await this.options.scopeFor()(definition.name);
          if (byChanges(definition, metadata, scopeKeyOf(scope), now())) {
            if (await this.fetchChanges(definition, metadata, run, { due: true })) {
              refreshed.push({ collection: definition.name, reason: 'due', resync: false });
            }
            continue;
          }
        }
      } catch (e) {
        error = classifyFailure(e).message;
        continue;
      }
      try {
        const version = remote ?? metadata?.version ?? definition.version;
        if (await this.refreshCollection(definition, decision, version, run)) {
          refreshed.push({
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

  /**
   * The records of one collection changed since its high-water mark (the person's scope filters
   * plus `updatedAt >`), laid over the cache like a slice, and the mark moved on. With `due`, this
   * is the collection's scheduled refresh (`changesOnlyWhenDue`): its `lastSynced` moves too.
   * False when the person may not read it or the run was abandoned.
   */
  private async fetchChanges(
    definition: CollectionDefinition,
    metadata: CollectionMetadata,
    run: RunContext,
    options: { due?: boolean } = {},
  ): Promise<boolean> {
    const { store, now, scopeFor } = this.options;
    if (metadata.lastSynced === null) return false;
    const scope = await scopeFor()(definition.name);
    if (scope === null) return false;
    const since = metadata.fetchedUpTo ?? metadata.lastSynced - CLOCK_SKEW_MARGIN_MS;
    const changed: Filter = { field: 'updatedAt', op: '>', value: new Date(since) };
    const startedAt = now();
    const fresh = await this.fetchScoped(definition, queriesOf(scope, [changed]));
    if (run.abandoned()) return false;
    if (!(await store.applySlice(definition, fresh))) return false;
    const upTo = Math.max(
      since,
      newestUpdate(fresh) ?? -Infinity,
      startedAt - CLOCK_SKEW_MARGIN_MS,
    );
    await store.updateMetadata(definition.name, {
      fetchedUpTo: upTo,
      ...(options.due ? { lastSynced: startedAt } : {}),
    });
    return true;
  }

  /**
   * "Sync now"'s fetch (decision 053): every collection the person can read that was not fetched
   * whole in this run asks only for the records whose `updatedAt` is after its high-water mark
   * (the person's scope filters plus `updatedAt >`), laid over the cache like a slice. With
   * nothing changed, that is one empty query (one billed read) per scope query. A subcollection
   * asks only its parents whose marker moved. Deletions are invisible to such a query: a deleted
   * record leaves at the collection's scheduled full refresh (archiving is a field change, so an
   * archived record does arrive). Returns the last error, or null when every fetch finished.
   */
  async pull(refreshed: Refreshed[], run: RunContext): Promise<string | null> {
    const { store, connectivity } = this.options;
    const done = new Set(refreshed.filter((r) => r.reason !== 'slice').map((r) => r.collection));
    let error: string | null = null;
    for (const definition of cachedCollections()) {
      // Offline or stopped: the engine sees it and does not call the pull complete.
      if (!connectivity.isOnline() || run.abandoned()) break;
      if (done.has(definition.name)) continue;
      const metadata = await store.getMetadata(definition.name);
      // Never fetched or damaged: the due refresh of this run tried it whole already.
      if (!metadata || metadata.lastSynced === null || metadata.needsRefetch) continue;
      try {
        if (definition.subcollectionOf) {
          const decision = { refresh: true, resync: false, reason: 'pull' as const };
          if (await this.refreshChildren(definition, decision, metadata.version, run)) {
            refreshed.push({ collection: definition.name, reason: 'pull', resync: false });
          }
          continue;
        }
        if (await this.fetchChanges(definition, metadata, run)) {
          refreshed.push({ collection: definition.name, reason: 'pull', resync: false });
        }
      } catch (e) {
        error = classifyFailure(e).message;
      }
    }
    return error;
  }
}
