// Which keys a stored document may have: its record schema's (app/domain/records.ts), the
// bookkeeping fields the app writes on any document, and a few fields the backend keeps beside a
// record (a Members document's access links). The production rules are generated from this
// (scripts/rules/shape.ts writes it as `keys().hasOnly(...)`) and the fake refuses the same writes
// (mocks/shapes.ts): zod strips keys a schema does not name, so a parse alone would accept a write
// the rules refuse, and the demo would hide a write that fails in production.
//
// Like the rules, the check looks inside nested objects but not inside the elements of a list or
// the values of a record (rules have no loops), and not inside objects that pass unknown keys on.
import { z } from 'zod';
import { ACCESS_LINKS_FIELD } from './permissions';
import { BOOKKEEPING_FIELDS, type PermissionCollection } from './permissions';
import { RECORD_SCHEMAS, type RecordCollection } from './records';

/** Fields never stored inside a document: `id` is the document key (app/backend strips it). */
export const NOT_STORED_FIELDS = ['id'] as const;

/**
 * Fields app/backend writes on any document (documents.ts prepareWrite: `createdAt` on a whole set,
 * `updatedAt` on every write) or a permitted writer may touch (the matrix's bookkeeping fields).
 * Each is an ISO string or a server timestamp.
 */
export const WRITTEN_BY_THE_APP = ['createdAt', ...BOOKKEEPING_FIELDS] as const;

/** The kind of value a field outside the record schema holds (the rules check it with `is`). */
export type ExtraFieldKind = 'map';

/**
 * Fields a document holds beyond its record schema, written only by the backend: the access links
 * the triggers keep on Members (app/domain/access-links.ts). A client's update carries them along
 * unchanged, so they must be allowed in the document.
 */
export const EXTRA_STORED_FIELDS: Partial<
  Record<PermissionCollection, Readonly<Record<string, ExtraFieldKind>>>
> = {
  Members: { [ACCESS_LINKS_FIELD]: 'map' },
};

/** The object schema under transforms (a Notifications document is stored before its transform). */
export function objectOf(schema: z.ZodTypeAny, where: string): z.AnyZodObject {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodEffects) return objectOf(schema.innerType(), where);
  throw new Error(`${where}: a record schema must be a zod object`);
}

/** The keys a document of a schema may have, grouped by where they come from. */
export interface DocumentKeys {
  /** The schema's own keys, in schema order, without NOT_STORED_FIELDS. */
  schema: string[];
  /** WRITTEN_BY_THE_APP fields the schema does not name itself. */
  bookkeeping: string[];
  /** Fields kept beside the record (EXTRA_STORED_FIELDS), in their order. */
  extra: string[];
  /** All of them, in the order the rules list them; null when the schema passes unknown keys on. */
  allowed: string[] | null;
}

/** The keys a stored document of `schema` may have, plus `extraKeys` kept beside it. */
export function documentKeys(
  schema: z.ZodTypeAny,
  where: string,
  extraKeys: readonly string[] = [],
): DocumentKeys {
  const object = objectOf(schema, where);
  const shapeKeys = Object.keys(object.shape);
  const notStored: readonly string[] = NOT_STORED_FIELDS;
  const own = shapeKeys.filter((key) => !notStored.includes(key));
  const bookkeeping = WRITTEN_BY_THE_APP.filter((key) => !shapeKeys.includes(key));
  const extra = [...extraKeys];
  const passesUnknownKeys = object._def.unknownKeys === 'passthrough';
  return {
    schema: own,
    bookkeeping,
    extra,
    allowed: passesUnknownKeys ? null : [...own, ...bookkeeping, ...extra],
  };
}

/** The keys a stored document of a record collection may have. */
export function storedKeysOf(collection: RecordCollection): DocumentKeys {
  const extra = Object.keys(EXTRA_STORED_FIELDS[collection] ?? {});
  return documentKeys(RECORD_SCHEMAS[collection], collection, extra);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Keys inside `value` that `schema` does not name, as dotted paths under `where`, looking where
 * the rules look (see the top of this file). A value of the wrong type has no unexpected keys: the
 * schema's own parse reports it.
 */
function unexpectedInside(value: unknown, schema: z.ZodTypeAny, where: string): string[] {
  if (schema instanceof z.ZodOptional) return unexpectedInside(value, schema.unwrap(), where);
  if (schema instanceof z.ZodDefault) return unexpectedInside(value, schema.removeDefault(), where);
  if (schema instanceof z.ZodNullable) {
    return value === null ? [] : unexpectedInside(value, schema.unwrap(), where);
  }
  if (schema instanceof z.ZodEffects) return unexpectedInside(value, schema.innerType(), where);
  if (schema instanceof z.ZodUnion) {
    // The rules accept a value that fits any one option; report the closest option's extra keys.
    const options: z.ZodTypeAny[] = schema.options;
    let closest: string[] | null = null;
    for (const option of options) {
      const found = unexpectedInside(value, option, where);
      if (found.length === 0) return [];
      if (closest === null || found.length < closest.length) closest = found;
    }
    return closest ?? [];
  }
  if (schema instanceof z.ZodObject) {
    if (!isPlainObject(value)) return [];
    const shape: Record<string, z.ZodTypeAny> = schema.shape;
    const found: string[] = [];
    if (schema._def.unknownKeys !== 'passthrough') {
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(shape, key)) found.push(`${where}.${key}`);
      }
    }
    for (const [key, field] of Object.entries(shape)) {
      if (Object.hasOwn(value, key))
        found.push(...unexpectedInside(value[key], field, `${where}.${key}`));
    }
    return found;
  }
  // Scalars, lists and records: the rules look no further.
  return [];
}

/**
 * The keys of a stored document of `collection` that the rules would refuse (dotted paths for
 * keys inside nested objects), in document order; empty when every key is allowed.
 */
export function unexpectedKeys(
  collection: RecordCollection,
  data: Readonly<Record<string, unknown>>,
): string[] {
  const { allowed } = storedKeysOf(collection);
  const object = objectOf(RECORD_SCHEMAS[collection], collection);
  const shape: Record<string, z.ZodTypeAny> = object.shape;
  const notStored: readonly string[] = NOT_STORED_FIELDS;
  const found: string[] = [];
  for (const key of Object.keys(data)) {
    if (allowed !== null && !allowed.includes(key)) {
      found.push(key);
      continue;
    }
    const field = shape[key];
    if (field && !notStored.includes(key)) found.push(...unexpectedInside(data[key], field, key));
  }
  return found;
}
