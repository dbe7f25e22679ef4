// What route modules use to read and write cached collections: `loadCollection` in a clientLoader,
// `writeFromAction` / `deleteFromAction` in a clientAction, and `useRevalidateOnDataChange` in the
// component so the page re-runs its loader when another tab or a sync changes the data.
import { useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { z } from 'zod';
import { cacheService, type CachedRecord, type ListOptions } from './cache-service';
import { syncEngine } from './sync-status';

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
 * Reads a collection from the cache for a clientLoader. A collection that was never fetched, or
 * whose cache duration ran out, is fetched first while online (there is nothing worth showing yet);
 * one that is merely due is shown at once and refreshed in the background — the page revalidates
 * when the fresh data lands (useRevalidateOnDataChange).
 */
export async function loadCollection<T = CachedRecord>(
  collection: string,
  options: ListOptions & { schema?: z.ZodType<T, z.ZodTypeDef, unknown> } = {},
): Promise<T[]> {
  const { schema, ...listOptions } = options;
  const decision = await syncEngine.isDue(collection);
  if (decision.refresh && syncEngine.connectivity.isOnline()) {
    const foreground = decision.reason === 'never-synced' || decision.reason === 'expired';
    const refresh = refreshOnce(collection);
    if (foreground) await refresh;
  }
  const items = await cacheService.list(collection, { limit: Infinity, ...listOptions });
  if (!schema) return items.flatMap((item) => (isT<T>(item) ? [item] : []));
  return items.flatMap((item) => {
    const parsed = parseOnce(schema, item);
    return parsed.success ? [parsed.data] : [];
  });
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

export type ActionResult<T> =
  | { ok: true; item: T }
  | {
      ok: false;
      status: 400;
      fieldErrors: Record<string, string[]>;
      values: Record<string, unknown>;
    }
  | { ok: false; status: 500; formError: string; values: Record<string, unknown> };

/** FormData → plain object; repeated keys become arrays, so multi-selects survive. */
export function formDataToObject(formData: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(formData.keys())) {
    const values = formData.getAll(key).filter((v): v is string => typeof v === 'string');
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
}

/**
 * Validates a form with zod and writes it through the cache service (create when `id` is absent).
 * Invalid input comes back as field errors with status 400, with what the person typed.
 */
export async function writeFromAction<S extends z.ZodTypeAny>(
  input: FormData | Record<string, unknown>,
  options: { collection: string; schema: S; id?: string },
): Promise<ActionResult<CachedRecord>> {
  const values = input instanceof FormData ? formDataToObject(input) : input;
  const parsed = options.schema.safeParse(values);
  if (!parsed.success) {
    const flattened = parsed.error.flatten();
    const fieldErrors: Record<string, string[]> = {};
    for (const [field, errors] of Object.entries(flattened.fieldErrors)) {
      if (Array.isArray(errors)) fieldErrors[field] = errors.filter((e) => typeof e === 'string');
    }
    if (flattened.formErrors.length > 0) fieldErrors._form = flattened.formErrors;
    return { ok: false, status: 400, fieldErrors, values };
  }
  const data = z.record(z.unknown()).safeParse(parsed.data);
  if (!data.success) {
    return { ok: false, status: 500, formError: 'Failed to save item', values };
  }
  const item = await cacheService.save(
    options.collection,
    options.id ? { ...data.data, id: options.id } : data.data,
  );
  if (!item) return { ok: false, status: 500, formError: 'Failed to save item', values };
  return { ok: true, item };
}

/** Deletes through the cache service for a clientAction. */
export async function deleteFromAction(collection: string, id: string): Promise<boolean> {
  return cacheService.delete(collection, id);
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
    return cacheService.subscribe((event) => {
      // Our own writes are followed by Remix's revalidation after the action already.
      if (event.source === 'local') return;
      if (!watched || event.collections.some((c) => watched.has(c))) revalidate();
    });
  }, [key, revalidate]);
}
