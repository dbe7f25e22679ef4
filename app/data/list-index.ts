// The list index: one small record beside a collection's chunks (decision 010) that answers a cold
// `store.list(…, { filters, sort, limit })` without opening the whole collection (issue 29: the
// first 50 of 10,000 students in ≤ 20 ms on a phone). It holds, in the collection's common order,
// every record's id and the values of the columns a list filters and sorts by (as columns, arrays of
// plain values, which IndexedDB reads back far faster than 10,000 objects), and the whole records of
// the first LIST_INDEX_HEAD of that order, which is where a first page usually comes from.
//   collections  "<collection>::index" → { collectionName, sort, fields, ids, columns, head }
// It is only ever a shortcut: every record it returns is validated and checked against the query
// (a page that does not check out is read the ordinary way, which heals what is damaged), and the
// writers keep it in step with the chunks inside the write lock. A writer removes it before it
// writes chunks and writes the new one after, so a tab that dies in between leaves no index rather
// than a wrong one; a collection without an index is read the ordinary way until its next refresh
// writes one. A release that predates the index (a rollback) does not keep it in step either: the
// layout record says whether one has had the database since (db.ts, migrateLayout).
import { z } from 'zod';
import { compareValues, matches, type ListOptions, type ListSort } from './list-query';
import type { LocalDatabase, StoredItem } from './db';

export interface ListIndexSpec {
  /** The order the index keeps (the list's default order). */
  sort: readonly ListSort[];
  /** Further fields a list filters by. */
  columns: readonly string[];
}

/**
 * The collections that keep a list index: the large ones whose list a cold tab opens. Students by
 * name, filtered by status, campus or classroom (the students list's own order and filters). Every
 * column is read back on every cold read, so an index holds only what its lists filter by.
 */
export const LIST_INDEXES: Readonly<Record<string, ListIndexSpec>> = {
  students: {
    sort: [{ field: 'lastName' }, { field: 'firstName' }],
    columns: ['status', 'campusId', 'classroomIds'],
  },
};

/** How many whole records, from the top of the index's order, the index carries. */
export const LIST_INDEX_HEAD = 500;

const indexKey = (collection: string) => `${collection}::index`;

// The long arrays are checked by hand: zod would visit (and copy) each of their 10,000s of values,
// which costs more than the whole read is allowed to.
const isArray = (value: unknown): value is unknown[] => Array.isArray(value);
const listIndexSchema = z.object({
  collectionName: z.string(),
  sort: z.array(z.object({ field: z.string(), direction: z.enum(['asc', 'desc']).optional() })),
  fields: z.array(z.string()),
  ids: z.custom<string[]>(
    (value) => isArray(value) && value.every((id) => typeof id === 'string' && id.length > 0),
  ),
  /** One array per field of `fields`, aligned with `ids`. */
  columns: z.custom<unknown[][]>((value) => isArray(value) && value.every(isArray)),
  /** The stored items of ids[0 … head.length), in that order (unparsed: the reader validates). */
  head: z.custom<unknown[]>(isArray),
});
export type ListIndex = z.infer<typeof listIndexSchema>;

export function listIndexSpec(collection: string): ListIndexSpec | undefined {
  return Object.hasOwn(LIST_INDEXES, collection) ? LIST_INDEXES[collection] : undefined;
}

function fieldsOf(spec: ListIndexSpec): string[] {
  return [...new Set([...spec.sort.map((s) => s.field), ...spec.columns])];
}

/** The index's order: its sort, then the id, so that the order is total and the same everywhere. */
function compareRows(
  sort: readonly ListSort[],
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): number {
  for (const s of sort) {
    const c = compareValues(a[s.field], b[s.field]);
    if (c !== 0) return s.direction === 'desc' ? -c : c;
  }
  return compareValues(a.id, b.id);
}

/** A collection's index as stored, or null when it has none or it does not read as one. */
export async function readListIndex(
  db: LocalDatabase,
  collection: string,
): Promise<ListIndex | null> {
  if (!listIndexSpec(collection)) return null;
  const parsed = listIndexSchema.safeParse(
    await db.collections.getItem<unknown>(indexKey(collection)),
  );
  if (!parsed.success) return null;
  const index = parsed.data;
  const aligned =
    index.collectionName === collection &&
    index.columns.length === index.fields.length &&
    index.columns.every((column) => column.length === index.ids.length) &&
    index.head.length <= index.ids.length;
  return aligned ? index : null;
}

/** Removes a collection's index (before its chunks change, or when they were repaired). */
export async function dropListIndex(db: LocalDatabase, collection: string): Promise<void> {
  if (listIndexSpec(collection)) await db.collections.removeItem(indexKey(collection));
}

/** Removes every collection's index (the database was opened by a release that did not keep them). */
export async function dropListIndexes(db: LocalDatabase): Promise<void> {
  await Promise.all(Object.keys(LIST_INDEXES).map((collection) => dropListIndex(db, collection)));
}

/** Builds and stores the index of a whole collection (a refresh has every item at hand). */
export async function writeListIndex(
  db: LocalDatabase,
  collection: string,
  items: readonly StoredItem[],
): Promise<void> {
  const spec = listIndexSpec(collection);
  if (!spec) return;
  const sorted = [...items].sort((a, b) => compareRows(spec.sort, a, b));
  await store(db, collection, spec, sorted, sorted.slice(0, LIST_INDEX_HEAD));
}

/**
 * Brings an index up to date with puts and deletes, as patchCollection wrote them to the chunks.
 * The head stays a complete prefix of the order: a put that lands inside it joins it, a removed
 * record leaves it (it is refilled at the next refresh).
 */
export async function patchListIndex(
  db: LocalDatabase,
  collection: string,
  index: ListIndex,
  puts: readonly StoredItem[],
  deletes: readonly string[],
): Promise<void> {
  const spec = listIndexSpec(collection);
  if (!spec) return;
  const gone = new Set([...deletes, ...puts.map((p) => p.id)]);
  const heads = new Map<string, unknown>();
  index.head.forEach((item, i) => {
    const id = index.ids[i];
    if (id !== undefined) heads.set(id, item);
  });
  let headLength = index.head.length;
  const rows: Record<string, unknown>[] = [];
  index.ids.forEach((id, i) => {
    if (gone.has(id)) {
      if (i < index.head.length) headLength--;
      return;
    }
    const row: Record<string, unknown> = { id };
    index.fields.forEach((field, f) => (row[field] = index.columns[f]?.[i]));
    rows.push(row);
  });
  const wholeHead = headLength === rows.length;
  for (const put of puts) {
    let low = 0;
    let high = rows.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const row = rows[mid];
      if (row && compareRows(spec.sort, row, put) < 0) low = mid + 1;
      else high = mid;
    }
    rows.splice(low, 0, put);
    heads.set(put.id, put);
    if (low < headLength || (wholeHead && low === headLength)) headLength++;
  }
  const head = rows.slice(0, Math.min(headLength, LIST_INDEX_HEAD)).map((row) => {
    const id = String(row.id);
    return heads.get(id);
  });
  await store(db, collection, spec, rows, head);
}

async function store(
  db: LocalDatabase,
  collection: string,
  spec: ListIndexSpec,
  rows: readonly Record<string, unknown>[],
  head: readonly unknown[],
): Promise<void> {
  const fields = fieldsOf(spec);
  const index: ListIndex = {
    collectionName: collection,
    sort: spec.sort.map((s) => ({ ...s })),
    fields,
    ids: rows.map((row) => String(row.id)),
    columns: fields.map((field) => rows.map((row) => row[field])),
    head: [...head],
  };
  await db.collections.setItem(indexKey(collection), index);
}

function sameSort(a: readonly ListSort[], b: readonly ListSort[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (s, i) => s.field === b[i]?.field && (s.direction ?? 'asc') === (b[i]?.direction ?? 'asc'),
    )
  );
}

/**
 * The page a list query asks for, from the index: the ids in order and, for those in its head, the
 * stored items. Null when the index cannot answer it (another order, a filter on a field it does
 * not hold, no limit): the caller reads the collection the ordinary way.
 */
export function queryListIndex(
  index: ListIndex,
  options: ListOptions,
): { ids: string[]; head: Map<string, unknown> } | null {
  const sorts = [options.sort ?? []].flat();
  const limit = options.limit;
  if (limit === undefined || !Number.isFinite(limit) || !sameSort(sorts, index.sort)) return null;
  const filters = options.filters ?? [];
  const columnOf = new Map(index.fields.map((field, f) => [field, index.columns[f] ?? []]));
  if (!filters.every((filter) => columnOf.has(filter.field))) return null;
  const offset = options.offset ?? 0;
  const ids: string[] = [];
  const head = new Map<string, unknown>();
  let skipped = 0;
  for (let i = 0; i < index.ids.length && ids.length < limit; i++) {
    const row: Record<string, unknown> = {};
    for (const filter of filters) row[filter.field] = columnOf.get(filter.field)?.[i];
    if (!filters.every((filter) => matches(row, filter))) continue;
    if (skipped < offset) {
      skipped++;
      continue;
    }
    const id = index.ids[i];
    if (id === undefined) continue;
    ids.push(id);
    if (i < index.head.length) head.set(id, index.head[i]);
  }
  return { ids, head };
}

/** Whether `records` are in the index's order (a check on what a page read from the index). */
export function inIndexOrder(
  sort: readonly ListSort[],
  records: readonly Record<string, unknown>[],
): boolean {
  for (let i = 1; i < records.length; i++) {
    const previous = records[i - 1];
    const current = records[i];
    if (previous && current && compareRows(sort, previous, current) > 0) return false;
  }
  return true;
}
