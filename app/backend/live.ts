// Live queries (issue 29): the documents of one query now and whenever they change, for the screen
// a person is looking at. Production uses the full Firestore SDK's onSnapshot (with its persistent
// single-tab cache, loaded on the first watch: decision 006). The fake cannot speak the full SDK's
// WebChannel protocol, so in demo mode the same function re-queries through firestore/lite when the
// fake announces a change to the watched collection (its change feed: an in-page event in in-page
// mode, Server-Sent Events in server mode), and polls only where no change feed exists.
import { z } from 'zod';
import { getRuntimeConfig } from '~/config/env';
import { getFullFirestore } from './app';
import { toPlainDocument } from './codec';
import { listDocuments, type Filter, type ListOptions } from './documents';
import { BACKEND_MESSAGES, toBackendError, type BackendError } from './errors';

/** Demo mode's polling interval where the fake offers no change feed. */
export const DEMO_LIVE_POLL_MS = 3000;
/** The window event a fake may dispatch after every change to its store. */
export const FAKE_CHANGE_EVENT = 'fake-firebase:change';

export interface LiveQuery {
  /** The collection's path: `attendance`, or a subcollection's `conversations/<id>/messages`. */
  collectionPath: string;
  filters?: Filter[];
  orderBy?: ListOptions['orderBy'];
}

export interface WatchOptions<T> {
  onChange: (items: T[]) => void;
  onError?: (error: BackendError) => void;
  /**
   * Demo mode: poll every DEMO_LIVE_POLL_MS even when the fake has a change feed (a query whose
   * documents the fake's triggers write without announcing them). Production ignores it.
   */
  alwaysPoll?: boolean;
}

const fakeChangeSchema = z.object({ path: z.string() });

/**
 * The fake may expose itself as `globalThis.__fakeFirebase` (app code must not import mocks/). Its
 * `onChange(listener)` returns an unsubscribe function, and calls the listener with `{ path }`.
 */
function readFakeChangeHook(): ((listener: (event: unknown) => void) => unknown) | null {
  const candidate: unknown = Reflect.get(globalThis, '__fakeFirebase');
  if (typeof candidate !== 'object' || candidate === null) return null;
  const onChange: unknown = Reflect.get(candidate, 'onChange');
  if (typeof onChange !== 'function') return null;
  return (listener) => Reflect.apply(onChange, candidate, [listener]);
}

/** Whether a changed document's path (`a/b/c/d`) lies directly in the collection `a/b/c`. */
export function isInCollection(documentPath: string, collectionPath: string): boolean {
  const slash = documentPath.lastIndexOf('/');
  return slash > 0 && documentPath.slice(0, slash) === collectionPath;
}

/**
 * Calls `onChange` with the query's documents (parsed with `schema`; others are skipped) now and
 * whenever they change. Returns the unsubscribe function at once; the SDK loads in the background.
 */
export function watchQuery<T>(
  query: LiveQuery,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  options: WatchOptions<T>,
): () => void {
  const reportError = (error: unknown) => {
    const backendError = toBackendError(error, BACKEND_MESSAGES.getFailed);
    if (options.onError) options.onError(backendError);
    else console.warn(`Live query of ${query.collectionPath} failed`, backendError);
  };
  return getRuntimeConfig().mode === 'demo'
    ? watchByRequery(query, schema, options, reportError)
    : watchWithSnapshots(query, schema, options.onChange, reportError);
}

function watchWithSnapshots<T>(
  query: LiveQuery,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  onChange: (items: T[]) => void,
  reportError: (error: unknown) => void,
): () => void {
  let unsubscribe: (() => void) | undefined;
  let stopped = false;
  Promise.all([getFullFirestore(), import('firebase/firestore')])
    .then(([db, sdk]) => {
      if (stopped) return;
      const constraints = [
        ...(query.filters ?? []).map((f) => sdk.where(f.field, f.op, f.value)),
        ...(query.orderBy ?? []).map((o) => sdk.orderBy(o.field, o.direction ?? 'asc')),
      ];
      unsubscribe = sdk.onSnapshot(
        sdk.query(sdk.collection(db, query.collectionPath), ...constraints),
        (snapshot) => {
          const items: T[] = [];
          for (const doc of snapshot.docs) {
            const parsed = schema.safeParse(toPlainDocument(doc.id, doc.data()));
            if (parsed.success) items.push(parsed.data);
            else console.warn(`Skipping ${query.collectionPath}/${doc.id}: not a valid record`);
          }
          onChange(items);
        },
        reportError,
      );
    })
    .catch(reportError);
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

function watchByRequery<T>(
  query: LiveQuery,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  options: WatchOptions<T>,
  reportError: (error: unknown) => void,
): () => void {
  let stopped = false;
  let running = false;
  let rerun = false;
  let lastDelivered: string | undefined;
  let failing = false;

  const refresh = async (): Promise<void> => {
    if (stopped) return;
    // One query at a time; a change that arrives meanwhile triggers one more afterwards (a commit
    // of 500 documents announces 500 changes, and costs two queries).
    if (running) {
      rerun = true;
      return;
    }
    running = true;
    try {
      const items = await listDocuments(query.collectionPath, schema, {
        filters: query.filters ?? [],
        ...(query.orderBy ? { orderBy: query.orderBy } : {}),
        all: true,
      });
      failing = false;
      // Like a snapshot listener, only a different answer is delivered.
      const key = JSON.stringify(items);
      if (!stopped && key !== lastDelivered) {
        lastDelivered = key;
        options.onChange(items);
      }
    } catch (error) {
      // Report the start of a failure, not every query of it (offline lasts many of them).
      if (!stopped && !failing) reportError(error);
      failing = true;
    } finally {
      running = false;
      if (rerun) {
        rerun = false;
        void refresh();
      }
    }
  };
  const trigger = () => void refresh();
  const onFakeChange = (event: unknown) => {
    const parsed = fakeChangeSchema.safeParse(event);
    // An event without a path may concern anything: ask again.
    if (!parsed.success || isInCollection(parsed.data.path, query.collectionPath)) trigger();
  };

  const hasWindow = typeof window !== 'undefined';
  if (hasWindow) {
    window.addEventListener(FAKE_CHANGE_EVENT, trigger);
    window.addEventListener('online', trigger);
  }
  const subscribeToFake = readFakeChangeHook();
  const fakeUnsubscribe = subscribeToFake ? subscribeToFake(onFakeChange) : undefined;
  // Without a change feed, polling is the only way to hear of another person's change.
  const poll = options.alwaysPoll || !subscribeToFake;
  const timer = poll ? setInterval(trigger, DEMO_LIVE_POLL_MS) : null;
  trigger();

  return () => {
    stopped = true;
    if (timer !== null) clearInterval(timer);
    if (hasWindow) {
      window.removeEventListener(FAKE_CHANGE_EVENT, trigger);
      window.removeEventListener('online', trigger);
    }
    if (typeof fakeUnsubscribe === 'function') fakeUnsubscribe();
  };
}
