// The fake's shape check: a document written by a client must parse with its record schema in
// app/domain/records.ts, the one source of the schema facts (the production rules are generated
// from the same schemas). Without it a malformed write is accepted and every client then skips that
// record as invalid, so the record disappears for everyone while the backend still holds it.
import { audienceKeysMatch } from '../app/domain/audience';
import { collectionOfPath } from '../app/domain/permissions';
import { RECORD_SCHEMAS } from '../app/domain/records';
import { decodeFields, type FsFields } from './values';
import type { z } from 'zod';

const schemas: Partial<Record<string, z.ZodType<unknown>>> = RECORD_SCHEMAS;

/** The record schema for a document path, if its collection has one. */
export function schemaForPath(path: string): z.ZodType<unknown> | undefined {
  const collection = collectionOfPath(path);
  if (collection === null || !Object.hasOwn(schemas, collection)) return undefined;
  return schemas[collection];
}

/** Why `fields` cannot be stored at `path` (first few problems, readable), or null when it fits. */
export function shapeProblem(path: string, fields: FsFields): string | null {
  const schema = schemaForPath(path);
  if (!schema) return null;
  const id = path.slice(path.lastIndexOf('/') + 1);
  // What a client sees after the adapter: timestamps as ISO strings, the id from the document key.
  const data = decodeFields(fields);
  const parsed = schema.safeParse({ ...data, id });
  if (parsed.success) {
    // Derived audience keys must say what the fields say, or a query would show the record to the
    // wrong people (decision 046).
    const collection = collectionOfPath(path);
    if ((collection === 'events' || collection === 'resources') && !audienceKeysMatch(data)) {
      return `Document ${path} does not match its schema: audienceKeys: must be audienceKeysOf(audience, classroomIds, campusId)`;
    }
    return null;
  }
  const problems = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`);
  return `Document ${path} does not match its schema: ${problems.join('; ')}`;
}
