// Checks a pending change against its collection's record schema before the sync engine sends it
// (issue 10: a queued `{firstName: 7}` once reached the backend and made a student unreadable for
// every client). A create is checked whole; an update as a patch (only the fields it sets, each
// against its field schema; checks across fields need the whole record and are left to the
// backend); a delete carries no data. The error names the fields in words a person can act on.
import { z } from 'zod';
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

/**
 * Null when the change may be sent; otherwise a readable description of what is wrong with its
 * data. Without a schema every change may be sent.
 */
export function changeProblem(
  change: PendingChange,
  schema: z.ZodType<unknown> | undefined,
): string | null {
  if (!schema || change.operation === 'delete') return null;
  const data = change.data ?? {};
  if (change.operation === 'create') {
    const parsed = schema.safeParse({ ...data, id: change.itemId });
    return parsed.success ? null : describeIssues(parsed.error);
  }
  const object = objectSchemaOf(schema);
  if (!object) return null;
  // A patch: the fields it sets must be valid; the ones it leaves out are the backend's.
  const parsed = object.partial().safeParse(data);
  return parsed.success ? null : describeIssues(parsed.error);
}
