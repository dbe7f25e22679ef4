// Reads one student or family for a page. The cache comes first (architecture rule 3); a record the
// cache does not hold is asked of the backend, because some roles never cache a whole collection:
// a student's own record and a parent's family are single documents their sync skips
// (app/auth/user-data.ts). The backend refuses what the role may not read, and that answer is
// "not found" to the page, exactly like a record that does not exist.
import { z } from 'zod';
import { getDocument } from '~/backend/documents';
import { BackendError } from '~/backend/errors';
import { cacheService } from '~/data/cache-service';
import { loadCollection } from '~/data/route-data';
import { syncEngine } from '~/data/sync-status';
import { campusSchema, classroomSchema, familySchema, studentSchema } from '~/domain/records';

export const studentRecordSchema = studentSchema.extend({ id: z.string() });
export const familyRecordSchema = familySchema.extend({ id: z.string() });
export const campusRecordSchema = campusSchema.extend({ id: z.string() });
export const classroomRecordSchema = classroomSchema.extend({ id: z.string() });

const REMOTE_NAMES = { students: 'students', families: 'families' } as const;

export async function loadRecord<T>(
  collection: keyof typeof REMOTE_NAMES,
  id: string,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
): Promise<T | null> {
  const [cached] = await loadCollection(collection, {
    schema,
    filters: [{ field: 'id', op: '==', value: id }],
    limit: 1,
  });
  if (cached) return cached;
  // Deleted here but not yet on the backend: it is gone for this person already.
  const pending = await cacheService.pendingChanges();
  if (pending.some((c) => c.itemId === id && c.collectionName === collection)) return null;
  if (!syncEngine.connectivity.isOnline()) return null;
  try {
    return await getDocument(REMOTE_NAMES[collection], id, schema);
  } catch (error) {
    if (error instanceof BackendError && error.code === 'permission-denied') return null;
    // Offline after all, or the backend is struggling: the page says not found rather than fail.
    if (error instanceof BackendError && !error.permanent) return null;
    throw error;
  }
}

/** Ids of the records of `collection` with changes not yet accepted by the backend. */
export async function pendingIds(collection: string): Promise<Set<string>> {
  const pending = await cacheService.pendingChanges();
  return new Set(pending.filter((c) => c.collectionName === collection).map((c) => c.itemId));
}
