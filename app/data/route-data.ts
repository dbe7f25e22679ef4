// What route modules use to read cached collections: `loadCollection` and `readRecord` in a
// clientLoader, and `useRevalidateOnDataChange` in the component so the page re-runs its loader
// when another tab or a sync changes the data. Writes go through the store (`store.save`,
// `store.delete`, `store.batch`) after the form kit has parsed the form.
import { useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { getDocument } from '~/backend/documents';
import { BackendError } from '~/backend/errors';
import { getCollectionDefinition } from './collections';
import { store, type CachedRecord } from './store';
import { syncEngine } from './sync-status';
import type { ListOptions } from './list-query';
import type { z } from 'zod';

const inFlight = new Map<string, Promise<boolean>>();

function refreshOnce(collection: string): Promise<boolean> {
  let running = inFlight.get(collection);
  if (!running) {
    running = syncEngine.refresh(collection).finally(() => inFlight.delete(collection));
    inFlight.set(collection, running);
  }
  return running;
}

/**
 * Refreshes a collection for a loader. One that was never fetched, or whose cache duration ran out,
 * is fetched before the loader reads it (there is nothing worth showing yet); one that is merely due
 * is refreshed in the background, and the page revalidates when the fresh data lands
 * (useRevalidateOnDataChange).
 */
async function refreshIfDue(collection: string): Promise<void> {
  const decision = await syncEngine.isDue(collection);
  if (!decision.refresh || !syncEngine.connectivity.isOnline()) return;
  const refresh = refreshOnce(collection);
  if (decision.reason === 'never-synced' || decision.reason === 'expired') await refresh;
}

/** Reads a collection from the cache for a clientLoader, refreshed first when due (refreshIfDue). */
export async function loadCollection<T = CachedRecord>(
  collection: string,
  options: ListOptions & { schema?: z.ZodType<T, z.ZodTypeDef, unknown> } = {},
): Promise<T[]> {
  const { schema, ...listOptions } = options;
  await refreshIfDue(collection);
  const items = await store.list(collection, { limit: Infinity, ...listOptions });
  if (!schema) return items.flatMap((item) => (isT<T>(item) ? [item] : []));
  return items.flatMap((item) => {
    const parsed = parseOnce(schema, item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * One record for a page: the cache first (refreshed first when due, unless told not to), else the
 * backend. Some people never cache a whole collection — a student's own record and a parent's
 * family are single documents their sync skips — so a record the cache lacks is asked for by id.
 * The backend refuses what the person may not read, and that answer is "not found" to the page,
 * exactly like a record that does not exist; so is an answer that cannot come (offline, or the
 * backend struggling): the page says not found rather than fail.
 */
export async function readRecord<T>(
  collection: string,
  id: string,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  options: { refreshIfDue?: boolean } = {},
): Promise<T | null> {
  if (options.refreshIfDue ?? true) await refreshIfDue(collection);
  const cached = await store.get(collection, id);
  const parsed = cached ? parseOnce(schema, cached) : null;
  if (parsed?.success) return parsed.data;
  // Deleted here but not yet on the backend: it is gone for this person already.
  if ((await store.pendingIds(collection)).has(id)) return null;
  if (!syncEngine.connectivity.isOnline()) return null;
  try {
    return await getDocument(getCollectionDefinition(collection).remoteName, id, schema);
  } catch (error) {
    if (error instanceof BackendError && (error.code === 'permission-denied' || !error.permanent)) {
      return null;
    }
    throw error;
  }
}

/**
 * The cache hands out the same record object until the record changes (a change replaces it), so a
 * record's parse result can be kept per schema. Without this, every search keystroke on a list of
 * 5,000 students would re-validate all 5,000 (≈300 ms).
 */
const parsedRecords = new WeakMap<
  object,
  WeakMap<object, z.SafeParseReturnType<unknown, unknown>>
>();

export function parseOnce<T>(
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  item: CachedRecord,
): z.SafeParseReturnType<unknown, T> {
  let bySchema = parsedRecords.get(schema);
  if (!bySchema) parsedRecords.set(schema, (bySchema = new WeakMap()));
  const known = bySchema.get(item);
  if (known && isResultOf(schema, known)) return known;
  const parsed = schema.safeParse(item);
  bySchema.set(item, parsed);
  return parsed;
}

// The map is keyed by schema, so a stored result came from this schema; this only tells TypeScript.
function isResultOf<T>(
  _schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  _result: z.SafeParseReturnType<unknown, unknown>,
): _result is z.SafeParseReturnType<unknown, T> {
  return true;
}

// Without a schema the caller asked for CachedRecord (the default T); this guard only tells
// TypeScript so, it cannot check a type parameter at run time.
function isT<T>(_item: CachedRecord): _item is CachedRecord & T {
  return true;
}

/**
 * Re-runs the page's loaders when any of `collections` changes in the cache (another tab's write,
 * or a sync that pulled fresh data). With no list, any change revalidates.
 */
export function useRevalidateOnDataChange(collections?: readonly string[]): void {
  const { revalidate } = useRevalidator();
  const key = collections?.join('|') ?? '*';
  useEffect(() => {
    const watched = key === '*' ? null : new Set(key.split('|'));
    return store.subscribe((event) => {
      // Our own writes are followed by Remix's revalidation after the action already.
      if (event.source === 'local') return;
      if (!watched || event.collections.some((c) => watched.has(c))) revalidate();
    });
  }, [key, revalidate]);
}
