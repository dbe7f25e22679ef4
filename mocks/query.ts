// Evaluates a Firestore `structuredQuery` over the fake's documents with the real service's
// semantics: filters never match a missing field, results are ordered by the orderBy fields and
// then by document name, and cursors compare against that ordering.
import { z } from 'zod';
import {
  compareValues,
  fsValueSchema,
  getField,
  isNaNValue,
  numericValue,
  valuesEqual,
  type FsValue,
} from './values';
import type { StoredDocument } from './store';

const fieldRefSchema = z.object({ fieldPath: z.string() });

export type Filter =
  | { fieldFilter: { field: { fieldPath: string }; op: string; value: FsValue } }
  | { unaryFilter: { field: { fieldPath: string }; op: string } }
  | { compositeFilter: { op: string; filters: Filter[] } };

const filterSchema: z.ZodType<Filter, z.ZodTypeDef, unknown> = z.lazy(() =>
  z.union([
    z.object({
      fieldFilter: z.object({ field: fieldRefSchema, op: z.string(), value: fsValueSchema }),
    }),
    z.object({ unaryFilter: z.object({ field: fieldRefSchema, op: z.string() }) }),
    z.object({
      compositeFilter: z.object({ op: z.string(), filters: z.array(filterSchema).default([]) }),
    }),
  ]),
);

const int32Schema = z
  .union([z.number(), z.string(), z.object({ value: z.union([z.number(), z.string()]) })])
  .transform((v) => Number(typeof v === 'object' ? v.value : v));

const cursorSchema = z.object({
  values: z.array(fsValueSchema).default([]),
  before: z.boolean().optional(),
});

export const structuredQuerySchema = z.object({
  from: z
    .array(z.object({ collectionId: z.string(), allDescendants: z.boolean().optional() }))
    .min(1),
  where: filterSchema.optional(),
  orderBy: z
    .array(
      z.object({
        field: fieldRefSchema,
        direction: z.enum(['ASCENDING', 'DESCENDING', 'DIRECTION_UNSPECIFIED']).optional(),
      }),
    )
    .optional(),
  startAt: cursorSchema.optional(),
  endAt: cursorSchema.optional(),
  offset: z.number().optional(),
  limit: int32Schema.optional(),
  select: z.object({ fields: z.array(fieldRefSchema).optional() }).optional(),
});
export type StructuredQuery = z.infer<typeof structuredQuerySchema>;

export interface QueryDoc {
  /** Relative path, e.g. 'students/abc'. */
  path: string;
  doc: StoredDocument;
}

const NAME_FIELD = '__name__';

function sameTypeClass(a: FsValue, b: FsValue): boolean {
  if (numericValue(a) !== null && numericValue(b) !== null) return true;
  return Object.keys(a)[0] === Object.keys(b)[0];
}

function referenceToPath(value: string): string {
  const i = value.indexOf('/documents/');
  return i < 0 ? value : value.slice(i + '/documents/'.length);
}

function fieldValue(d: QueryDoc, fieldPath: string, projectPrefix: string): FsValue | undefined {
  if (fieldPath === NAME_FIELD) return { referenceValue: `${projectPrefix}${d.path}` };
  return getField(d.doc.fields, fieldPath);
}

function compareForOrder(a: FsValue, b: FsValue): number {
  if ('referenceValue' in a && 'referenceValue' in b) {
    const pa = referenceToPath(a.referenceValue).split('/');
    const pb = referenceToPath(b.referenceValue).split('/');
    for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
      const x = pa[i] as string;
      const y = pb[i] as string;
      if (x !== y) return x < y ? -1 : 1;
    }
    return pa.length - pb.length;
  }
  return compareValues(a, b);
}

function arrayValues(v: FsValue | undefined): FsValue[] | null {
  return v && 'arrayValue' in v ? (v.arrayValue.values ?? []) : null;
}

export function matchesFilter(d: QueryDoc, filter: Filter, prefix: string): boolean {
  if ('compositeFilter' in filter) {
    const { op, filters } = filter.compositeFilter;
    return op === 'OR'
      ? filters.some((f) => matchesFilter(d, f, prefix))
      : filters.every((f) => matchesFilter(d, f, prefix));
  }
  if ('unaryFilter' in filter) {
    const v = fieldValue(d, filter.unaryFilter.field.fieldPath, prefix);
    switch (filter.unaryFilter.op) {
      case 'IS_NULL':
        return v !== undefined && 'nullValue' in v;
      case 'IS_NOT_NULL':
        return v !== undefined && !('nullValue' in v);
      case 'IS_NAN':
        return v !== undefined && isNaNValue(v);
      case 'IS_NOT_NAN':
        return v !== undefined && !isNaNValue(v);
      default:
        throw new QueryError(`Unsupported unary operator ${filter.unaryFilter.op}`);
    }
  }
  const { field, op, value } = filter.fieldFilter;
  const v = fieldValue(d, field.fieldPath, prefix);
  if (v === undefined) return false;
  switch (op) {
    case 'EQUAL':
      return valuesEqual(v, value);
    case 'NOT_EQUAL':
      return !('nullValue' in v) && !valuesEqual(v, value);
    case 'LESS_THAN':
    case 'LESS_THAN_OR_EQUAL':
    case 'GREATER_THAN':
    case 'GREATER_THAN_OR_EQUAL': {
      if (!sameTypeClass(v, value) || isNaNValue(v) || isNaNValue(value)) return false;
      const c = compareForOrder(v, value);
      if (op === 'LESS_THAN') return c < 0;
      if (op === 'LESS_THAN_OR_EQUAL') return c <= 0;
      if (op === 'GREATER_THAN') return c > 0;
      return c >= 0;
    }
    case 'IN':
      return (arrayValues(value) ?? []).some((x) => valuesEqual(v, x));
    case 'NOT_IN':
      return !('nullValue' in v) && !(arrayValues(value) ?? []).some((x) => valuesEqual(v, x));
    case 'ARRAY_CONTAINS':
      return (arrayValues(v) ?? []).some((x) => valuesEqual(x, value));
    case 'ARRAY_CONTAINS_ANY': {
      const candidates = arrayValues(value) ?? [];
      return (arrayValues(v) ?? []).some((x) => candidates.some((c) => valuesEqual(x, c)));
    }
    default:
      throw new QueryError(`Unsupported field operator ${op}`);
  }
}

export class QueryError extends Error {}

/** Firestore's limits on `in` / `array-contains-any` values, and on the disjunctions of a query. */
const MAX_DISJUNCTIONS = 30;
const MAX_NOT_IN_VALUES = 10;
const VALUE_LIST_LIMITS: Record<string, number> = {
  IN: MAX_DISJUNCTIONS,
  ARRAY_CONTAINS_ANY: MAX_DISJUNCTIONS,
  NOT_IN: MAX_NOT_IN_VALUES,
};

/**
 * The number of disjunctions in the filter's disjunctive normal form, refusing a value list
 * longer than the real service accepts (app code that forgets to split a long list fails here as
 * it would in production, instead of passing against a lenient fake).
 */
function disjunctions(filter: Filter): number {
  if ('compositeFilter' in filter) {
    const counts = filter.compositeFilter.filters.map(disjunctions);
    return filter.compositeFilter.op === 'OR'
      ? counts.reduce((sum, n) => sum + n, 0)
      : counts.reduce((product, n) => product * n, 1);
  }
  if ('unaryFilter' in filter) return 1;
  const { op, value } = filter.fieldFilter;
  const limit = VALUE_LIST_LIMITS[op];
  if (limit === undefined) return 1;
  const count = (arrayValues(value) ?? []).length;
  if (count > limit) throw new QueryError(`'${op}' supports up to ${limit} comparison values.`);
  return op === 'NOT_IN' ? 1 : Math.max(count, 1);
}

function checkQueryLimits(query: StructuredQuery): void {
  if (!query.where) return;
  const count = disjunctions(query.where);
  if (count > MAX_DISJUNCTIONS) {
    throw new QueryError(
      `A query may have at most ${MAX_DISJUNCTIONS} disjunctions in disjunctive normal form; this one has ${count}.`,
    );
  }
}

interface Order {
  fieldPath: string;
  descending: boolean;
}

function effectiveOrder(query: StructuredQuery): Order[] {
  const orders: Order[] = (query.orderBy ?? []).map((o) => ({
    fieldPath: o.field.fieldPath,
    descending: o.direction === 'DESCENDING',
  }));
  if (!orders.some((o) => o.fieldPath === NAME_FIELD)) {
    const last = orders[orders.length - 1];
    orders.push({ fieldPath: NAME_FIELD, descending: last?.descending ?? false });
  }
  return orders;
}

function compareDocs(a: QueryDoc, b: QueryDoc, orders: Order[], prefix: string): number {
  for (const o of orders) {
    const va = fieldValue(a, o.fieldPath, prefix);
    const vb = fieldValue(b, o.fieldPath, prefix);
    if (!va || !vb) continue;
    const c = compareForOrder(va, vb);
    if (c !== 0) return o.descending ? -c : c;
  }
  return 0;
}

function compareToCursor(d: QueryDoc, cursor: FsValue[], orders: Order[], prefix: string): number {
  for (let i = 0; i < cursor.length && i < orders.length; i++) {
    const o = orders[i] as Order;
    const v = fieldValue(d, o.fieldPath, prefix);
    const cv = cursor[i] as FsValue;
    if (!v) return -1;
    const c = compareForOrder(v, cv);
    if (c !== 0) return o.descending ? -c : c;
  }
  return 0;
}

/**
 * Runs the query over candidate documents and returns every match in order, before offset and
 * limit (permission checks look at all matches), and the page after offset and limit.
 */
export function runStructuredQuery(
  candidates: QueryDoc[],
  query: StructuredQuery,
  projectPrefix: string,
): { matched: QueryDoc[]; page: QueryDoc[] } {
  checkQueryLimits(query);
  const orders = effectiveOrder(query);
  let docs = candidates.filter((d) => {
    // A document missing an orderBy field is not part of the result, as in Firestore.
    for (const o of orders) if (!fieldValue(d, o.fieldPath, projectPrefix)) return false;
    return query.where ? matchesFilter(d, query.where, projectPrefix) : true;
  });
  docs.sort((a, b) => compareDocs(a, b, orders, projectPrefix));
  const matched = docs;
  if (query.startAt) {
    const { values, before } = query.startAt;
    docs = docs.filter((d) => {
      const c = compareToCursor(d, values, orders, projectPrefix);
      return before ? c >= 0 : c > 0;
    });
  }
  if (query.endAt) {
    const { values, before } = query.endAt;
    docs = docs.filter((d) => {
      const c = compareToCursor(d, values, orders, projectPrefix);
      return before ? c < 0 : c <= 0;
    });
  }
  const offset = query.offset ?? 0;
  docs = docs.slice(offset);
  if (query.limit !== undefined) docs = docs.slice(0, query.limit);
  return { matched, page: docs };
}
