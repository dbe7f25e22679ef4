// Reads one student or family for a page, through the data layer's one cache-then-backend read
// (readRecord in app/data/route-data.ts): a record some roles never cache whole comes from the
// backend by id, and a record the person may not read is "not found", like one that does not exist.
import { z } from 'zod';
import { readRecord } from '~/data/route-data';
import { store } from '~/data/store';
import { campusSchema, classroomSchema, familySchema, studentSchema } from '~/domain/records';

export const studentRecordSchema = studentSchema.extend({ id: z.string() });
export const familyRecordSchema = familySchema.extend({ id: z.string() });
export const campusRecordSchema = campusSchema.extend({ id: z.string() });
export const classroomRecordSchema = classroomSchema.extend({ id: z.string() });

export function loadRecord<T>(
  collection: 'students' | 'families',
  id: string,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
): Promise<T | null> {
  return readRecord(collection, id, schema);
}

/** Ids of the records of `collection` with changes not yet accepted by the backend. */
export function pendingIds(collection: string): Promise<Set<string>> {
  return store.pendingIds(collection);
}
