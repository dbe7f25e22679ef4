// Pure rules of a cached list: which records a filter keeps, how mixed values sort, and the page a
// limit and offset cut out. The store applies them to its copy of a collection in memory; they
// mirror the Firestore operators routes already know, so a query reads the same in both places.
import { LIST_DEFAULT_LIMIT } from '~/config/constants';

export type FilterOperator =
  '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not-in' | 'array-contains';
export interface ListFilter {
  field: string;
  op: FilterOperator;
  value: unknown;
}
export interface ListSort {
  field: string;
  direction?: 'asc' | 'desc';
}
export interface ListOptions {
  filters?: readonly ListFilter[];
  sort?: ListSort | readonly ListSort[];
  /** Default 10 (spec §9). Pass Infinity for every match. */
  limit?: number;
  offset?: number;
}

/** Orders mixed values: numbers and dates numerically, strings by locale-independent comparison. */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

export function matches(record: Record<string, unknown>, filter: ListFilter): boolean {
  const value = record[filter.field];
  const target = filter.value;
  switch (filter.op) {
    case '==':
      return value === target;
    case '!=':
      return value !== target;
    case '<':
    case '<=':
    case '>':
    case '>=': {
      if (value === undefined || value === null) return false;
      const c = compareValues(value, target);
      return filter.op === '<'
        ? c < 0
        : filter.op === '<='
          ? c <= 0
          : filter.op === '>'
            ? c > 0
            : c >= 0;
    }
    case 'in':
      return Array.isArray(target) && target.includes(value);
    case 'not-in':
      return Array.isArray(target) && !target.includes(value);
    case 'array-contains':
      return Array.isArray(value) && value.includes(target);
  }
}

/** Filters, sorts and pages `items` (a new array; the records themselves are not copied). */
export function applyListOptions<T extends Record<string, unknown>>(
  items: Iterable<T>,
  options: ListOptions,
): T[] {
  const filters = options.filters ?? [];
  let result = filters.length
    ? [...items].filter((r) => filters.every((f) => matches(r, f)))
    : [...items];
  const sorts = [options.sort ?? []].flat();
  if (sorts.length > 0) {
    result.sort((a, b) => {
      for (const s of sorts) {
        const c = compareValues(a[s.field], b[s.field]);
        if (c !== 0) return s.direction === 'desc' ? -c : c;
      }
      return 0;
    });
  }
  const offset = options.offset ?? 0;
  const limit = options.limit ?? LIST_DEFAULT_LIMIT;
  result = result.slice(offset, Number.isFinite(limit) ? offset + limit : undefined);
  return result;
}
