// Live where people are looking (issue 29, decision 054). While a screen is open and the device is
// online, the records it shows follow the backend: each live query watches what changed since the
// cache last fetched the collection (`updatedAt` later than that, minus an overlap for clock skew),
// narrowed by the person's read scope and by the screen (one roll call, one thread), and lays what
// arrives over the cache like a slice (this device's pending changes stay on top). The store then
// announces the change, and the page revalidates (useRevalidateOnDataChange). So a watch costs
// Firestore a read per document that changes while it is open, not a read of the collection.
// Background collections keep their refresh schedule (the sync engine); a watch stops when its
// screen closes, when the device goes offline (it starts again when the network returns) and at
// sign-out.
//
// What a delta query cannot see: a deleted document, and a document written without `updatedAt`
// (every client write is stamped by app/backend/documents.ts; the seed's records were never
// written). Both arrive with the collection's next scheduled refresh.
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import {
  getCollectionDefinition,
  childCollectionPath,
  parentIdField,
  type CollectionDefinition,
} from './collections';
import { store as appStore, type CachedRecord, type Store } from './store';
import type { Connectivity } from './connectivity';
import type { Filter } from './sync-backend';
import type { RefreshScope, ScopeFor } from './sync-engine';

/** How far before the cache's last fetch a watch starts, for the skew between clocks. */
export const LIVE_OVERLAP_MS = 2 * 60 * 1000;

export interface LiveSpec {
  /** The app's collection name (`attendance`, `messages`). */
  collection: string;
  /** The screen's own narrowing, on top of the person's read scope (one classroom and date). */
  filters?: Filter[];
  /** A subcollection's records under one parent (the messages of an open conversation). */
  parentId?: string;
}

/** One backend watch: the documents of a query now and whenever they change. */
export type WatchFunction = (
  query: { collectionPath: string; filters: Filter[] },
  onChange: (documents: CachedRecord[]) => void,
) => () => void;

export interface LiveDependencies {
  store: Store;
  connectivity: Pick<Connectivity, 'isOnline' | 'subscribe'>;
  watch: WatchFunction;
  now: () => number;
}

const recordWithId = z.object({ id: z.string().min(1) }).passthrough();

/** app/backend's watchQuery, loaded on the first watch (the full SDK is not in the first load). */
const backendWatch: WatchFunction = (query, onChange) => {
  let stop: (() => void) | null = null;
  let stopped = false;
  void import('~/backend/live').then(({ watchQuery }) => {
    if (stopped) return;
    stop = watchQuery(query, recordWithId, {
      onChange,
      // A refused or failed watch leaves the screen on the cache and the sync schedule; the sync
      // status reports what the next sync finds.
      onError: (error) => console.warn(`Live updates of ${query.collectionPath} paused`, error),
    });
  });
  return () => {
    stopped = true;
    stop?.();
  };
};

function scopeQueries(scope: RefreshScope | undefined): Filter[][] {
  if (!scope) return [[]];
  return 'anyOf' in scope ? scope.anyOf : [scope.filters ?? []];
}

/**
 * The live queries of the signed-in person. `setScope` is called at sign-in with the sync engine's
 * per-role scope (the backend refuses a query wider than what the person may read, like Firestore
 * rules do); `stopAll` at sign-out, so nothing a watch receives afterwards reaches the cache.
 */
export class LiveQueries {
  private scopeFor: ScopeFor | null = null;
  private generation = 0;
  private readonly active = new Set<() => void>();

  constructor(private readonly deps: LiveDependencies) {}

  setScope(scopeFor: ScopeFor | null): void {
    this.scopeFor = scopeFor;
  }

  /** Stops every watch (sign-out): what arrives afterwards is dropped. */
  stopAll(): void {
    this.generation++;
    this.scopeFor = null;
    for (const stop of [...this.active]) stop();
  }

  /** Watches one spec while online; returns the stop function. */
  watch(spec: LiveSpec): () => void {
    const definition = getCollectionDefinition(spec.collection);
    const generation = this.generation;
    const openedAt = this.deps.now();
    let stops: (() => void)[] = [];
    let closed = false;
    let starting = 0;

    const apply = (documents: CachedRecord[]) => {
      if (closed || generation !== this.generation || documents.length === 0) return;
      const records = spec.parentId
        ? documents.map((document) => ({
            ...document,
            [parentIdField(definition)]: spec.parentId,
            id: `${spec.parentId}/${document.id}`,
          }))
        : documents;
      void this.deps.store.applySlice(definition, records);
    };

    const stopWatches = () => {
      starting++;
      for (const stop of stops.splice(0)) stop();
    };

    const start = async () => {
      stopWatches();
      const attempt = starting;
      if (!this.deps.connectivity.isOnline()) return;
      const queries = await this.queriesFor(definition, spec);
      // Closed, signed out, or restarted (offline and back) while the scope was being read.
      if (closed || attempt !== starting || generation !== this.generation || !queries) return;
      const metadata = await this.deps.store.getMetadata(definition.name);
      if (closed || attempt !== starting) return;
      // From the cache's high-water mark (the newest `updatedAt` it fetched, decision 053), else
      // its last fetch, else the screen's opening; and a margin before it for the clocks' skew.
      const fetched = metadata?.fetchedUpTo ?? metadata?.lastSynced ?? openedAt;
      const since = Math.min(openedAt, fetched) - LIVE_OVERLAP_MS;
      const changedSince: Filter = { field: 'updatedAt', op: '>', value: new Date(since) };
      stops = queries.map((query) =>
        this.deps.watch(
          { collectionPath: query.collectionPath, filters: [...query.filters, changedSince] },
          apply,
        ),
      );
    };

    const unsubscribeOnline = this.deps.connectivity.subscribe((online) => {
      if (online) void start();
      else stopWatches();
    });
    void start();

    const stop = () => {
      if (closed) return;
      closed = true;
      unsubscribeOnline();
      stopWatches();
      this.active.delete(stop);
    };
    this.active.add(stop);
    return stop;
  }

  /** The backend queries of a spec: one per branch of the person's scope; null when unreadable. */
  private async queriesFor(
    definition: CollectionDefinition,
    spec: LiveSpec,
  ): Promise<{ collectionPath: string; filters: Filter[] }[] | null> {
    const own = spec.filters ?? [];
    if (definition.subcollectionOf) {
      // The parent is one the person reads (their conversation): the backend checks it.
      if (!spec.parentId) return null;
      return [{ collectionPath: childCollectionPath(definition, spec.parentId), filters: own }];
    }
    if (!this.scopeFor) return null;
    const scope = await this.scopeFor(definition.name);
    if (scope === null) return null;
    return scopeQueries(scope).map((filters) => ({
      collectionPath: definition.remoteName,
      filters: [...filters, ...own],
    }));
  }
}

let appLive: LiveQueries | null = null;

/** The app's live queries, over the app's store and the sync engine's connectivity. */
export async function liveQueries(): Promise<LiveQueries> {
  if (!appLive) {
    const { syncEngine } = await import('./sync-status');
    appLive = new LiveQueries({
      store: appStore,
      connectivity: syncEngine.connectivity,
      watch: backendWatch,
      now: () => Date.now(),
    });
  }
  return appLive;
}

/**
 * Keeps what the screen shows live while it is open (see the top of this file). `specs` is
 * compared by value, so an inline array does not restart the watches on every render.
 */
export function useLiveQueries(specs: readonly LiveSpec[]): void {
  const key = JSON.stringify(specs);
  const latest = useRef(specs);
  latest.current = specs;
  useEffect(() => {
    const list = latest.current;
    let stops: (() => void)[] = [];
    let cancelled = false;
    void liveQueries().then((live) => {
      if (!cancelled) stops = list.map((spec) => live.watch(spec));
    });
    return () => {
      cancelled = true;
      for (const stop of stops) stop();
    };
  }, [key]);
}

/**
 * An edit form's record as the cache holds it now, live while the form is open (issue 29): null
 * until the record changes after the form opened, then the changed record. The form compares it
 * with what it opened and says so; it never writes it into the person's fields by itself.
 */
export function useLiveRecord(
  collection: string,
  id: string | null | undefined,
): CachedRecord | null {
  const [latest, setLatest] = useState<CachedRecord | null>(null);
  useLiveQueries(id ? [{ collection }] : []);
  useEffect(() => {
    if (!id) return;
    let current = true;
    const unsubscribe = appStore.subscribe((event) => {
      if (event.source === 'local' || !event.collections.includes(collection)) return;
      void appStore.get(collection, id).then((record) => {
        if (current && record) setLatest(record);
      });
    });
    return () => {
      current = false;
      unsubscribe();
    };
  }, [collection, id]);
  return latest;
}
