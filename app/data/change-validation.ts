// Checks a pending change against its collection's record schema before the sync engine sends it
// (issue 10: a queued `{firstName: 7}` once reached the backend and made a student unreadable for
// every client). A create is checked whole; an update as a patch (only the fields it sets, each
// against its field schema; checks across fields need the whole record and are left to the
// backend); a delete carries no data. A field path (`entries.s1`) is checked against the schema of
// the nested value it sets, and a create is checked as the record it makes (decision 044); defaults
// written only where missing (`ifMissing`) are checked the same way. The error
// names the fields in words a person can act on.
import { z } from 'zod';
import { expandFieldPaths, fieldPathSegments, isFieldPath } from './field-paths';
import type { PendingChange } from './db';

/** errorCode of a change held back because its data does not match the record schema. */
export const INVALID_DATA_CODE = 'invalid-data';

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
};

/** "firstName" → "First name", "guardians.0.email" → "Guardians 1 email". */
export function fieldLabel(path: readonly (string | number)[]): string {
  if (path.length === 0) return 'Record';
  const words = path
    .map((part) =>
      typeof part === 'number'
        ? String(part + 1)
        : part
            .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
            .replace(/[_-]+/g, ' ')
            .toLowerCase(),
    )
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function issueText(issue: z.ZodIssue): string {
  if (issue.code === 'invalid_type') {
    if (issue.received === 'undefined') return 'required';
    return `expected ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
  }
  if (issue.code === 'invalid_enum_value') {
    return `expected one of ${issue.options.map(String).join(', ')}`;
  }
  if (issue.code === 'unrecognized_keys') return `unknown field ${issue.keys.join(', ')}`;
  return issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
}

/** "First name: expected text; Classroom ids: expected a list". */
export function describeIssues(error: z.ZodError): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of error.issues) {
    const text = `${fieldLabel(issue.path)}: ${issueText(issue)}`;
    if (seen.has(text)) continue;
    seen.add(text);
    parts.push(text);
  }
  return parts.join('; ');
}

/** The object schema under refinements and transforms (for a patch), or null. */
function objectSchemaOf(schema: z.ZodTypeAny): z.AnyZodObject | null {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodEffects) return objectSchemaOf(schema.innerType());
  return null;
}

/** The schema under defaults, optionals, nullables and refinements (what a value must match). */
function valueSchemaOf(schema: z.ZodTypeAny): z.ZodTypeAny {
  if (schema instanceof z.ZodDefault) return valueSchemaOf(schema.removeDefault());
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return valueSchemaOf(schema.unwrap());
  }
  if (schema instanceof z.ZodEffects) return valueSchemaOf(schema.innerType());
  return schema;
}

/**
 * The schema of the value a field path sets (`entries.s1` → the entry schema), or null when the
 * path leads through something the schema does not describe as a map (left to the backend).
 */
export function schemaAtPath(
  schema: z.ZodTypeAny,
  segments: readonly string[],
): z.ZodTypeAny | null {
  let current: z.ZodTypeAny = schema;
  for (const segment of segments) {
    const inner = valueSchemaOf(current);
    if (inner instanceof z.ZodObject) {
      const shape: Record<string, z.ZodTypeAny> = inner.shape;
      const field = Object.hasOwn(shape, segment) ? shape[segment] : undefined;
      if (!field) return null;
      current = field;
    } else if (inner instanceof z.ZodRecord) {
      current = inner.valueSchema;
    } else {
      return null;
    }
  }
  return current;
}

/** Checks one field path's value against the nested schema; the issues carry the full path. */
function pathIssues(schema: z.ZodTypeAny, key: string, value: unknown): z.ZodIssue[] {
  const segments = fieldPathSegments(key);
  const nested = schemaAtPath(schema, segments);
  if (!nested) return [];
  const parsed = nested.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ ...issue, path: [...segments, ...issue.path] }));
}

/**
 * Null when the change may be sent; otherwise a readable description of what is wrong with its
 * data. Without a schema every change may be sent.
 */
export function changeProblem(
  change: PendingChange,
  schema: z.ZodType<unknown> | undefined,
): string | null {
  if (!schema || change.operation === 'delete') return null;
  // Defaults (`ifMissing`) are checked like the data: a create as the record it may make with
  // every default filled, an update path by path. They never share a path with the data.
  const data = { ...(change.ifMissing ?? {}), ...(change.data ?? {}) };
  if (change.operation === 'create') {
    const parsed = schema.safeParse({ ...expandFieldPaths(data), id: change.itemId });
    return parsed.success ? null : describeIssues(parsed.error);
  }
  const object = objectSchemaOf(schema);
  if (!object) return null;
  // A patch: the fields it sets must be valid; the ones it leaves out are the backend's.
  const plain: Record<string, unknown> = {};
  const issues: z.ZodIssue[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (isFieldPath(key)) issues.push(...pathIssues(object, key, value));
    else plain[key] = value;
  }
  const parsed = object.partial().safeParse(plain);
  if (!parsed.success) issues.unshift(...parsed.error.issues);
  return issues.length === 0 ? null : describeIssues(new z.ZodError(issues));
}
