// The fake's shape check: a document written by a client must parse with its record schema in
// app/domain/records.ts, the one source of the schema facts (the production rules are generated
// from the same schemas). Without it a malformed write is accepted and every client then skips that
// record as invalid, so the record disappears for everyone while the backend still holds it.
// Its keys are checked too, from the list the rules' `keys().hasOnly` is generated from
// (app/domain/stored-keys.ts): zod alone strips unknown keys and would accept such a write.
import { audienceKeysMatch } from '../app/domain/audience';
import { collectionOfPath } from '../app/domain/permissions';
import { RECORD_SCHEMAS, type RecordCollection } from '../app/domain/records';
import { EXTRA_STORED_FIELDS, unexpectedKeys } from '../app/domain/stored-keys';
import { decodeFields, type FsFields } from './values';
import type { z } from 'zod';

const schemas: Partial<Record<string, z.ZodType<unknown>>> = RECORD_SCHEMAS;

const isRecordCollection = (name: string): name is RecordCollection =>
  Object.hasOwn(RECORD_SCHEMAS, name);

/** The record collection of a document path, if its collection has a schema. */
function recordCollectionOfPath(path: string): RecordCollection | null {
  const collection = collectionOfPath(path);
  return collection !== null && isRecordCollection(collection) ? collection : null;
}

/** The record schema for a document path, if its collection has one. */
export function schemaForPath(path: string): z.ZodType<unknown> | undefined {
  const collection = recordCollectionOfPath(path);
  return collection === null ? undefined : schemas[collection];
}

/** A field kept beside the record (EXTRA_STORED_FIELDS) of the wrong kind, as the rules check it. */
function extraFieldProblem(
  collection: RecordCollection,
  data: Readonly<Record<string, unknown>>,
): string | null {
  for (const [key, kind] of Object.entries(EXTRA_STORED_FIELDS[collection] ?? {})) {
    if (!Object.hasOwn(data, key)) continue;
    const value = data[key];
    if (kind === 'map' && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      return `${key}: Expected a map`;
    }
  }
  return null;
}

/** Why `fields` cannot be stored at `path` (first few problems, readable), or null when it fits. */
export function shapeProblem(path: string, fields: FsFields): string | null {
  const schema = schemaForPath(path);
  if (!schema) return null;
  const id = path.slice(path.lastIndexOf('/') + 1);
  // What a client sees after the adapter: timestamps as ISO strings, the id from the document key.
  const data = decodeFields(fields);
  // zod strips keys a schema does not name and would accept the write; the rules allow only the
  // schema's keys and the bookkeeping ones (keys().hasOnly), so the fake refuses them as well.
  const collection = recordCollectionOfPath(path);
  const unexpected = collection ? unexpectedKeys(collection, data) : [];
  if (unexpected.length > 0) {
    const shown = unexpected.slice(0, 5).join(', ');
    const more = unexpected.length > 5 ? ` and ${unexpected.length - 5} more` : '';
    return `Document ${path} has fields its schema does not allow: ${shown}${more}`;
  }
  const extraProblem = collection ? extraFieldProblem(collection, data) : null;
  if (extraProblem) return `Document ${path} does not match its schema: ${extraProblem}`;
  const parsed = schema.safeParse({ ...data, id });
  if (parsed.success) {
    // Derived audience keys must say what the fields say, or a query would show the record to the
    // wrong people (decision 046).
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
