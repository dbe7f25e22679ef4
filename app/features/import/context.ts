// What the import page reads from the cache: who may import what (the permission matrix: every
// collection an import writes must be one the person writes in full), and the existing records the
// rows are checked against, cut down to the fields the check needs before they go to the worker.
import { loadCollection } from '~/data/route-data';
import { campusZone, schoolDay } from '~/domain/clock';
import { PERMISSION_MATRIX, type PermissionCollection } from '~/domain/permissions';
import {
  campusSchema,
  classroomSchema,
  facilitatorSchema,
  familySchema,
  studentSchema,
  subjectSchema,
} from '~/domain/records';
import type { Role } from '~/domain/roles';
import { IMPORT_KINDS, type ImportKind } from './targets';
import type { ImportContext } from './worker-protocol';
import type { z } from 'zod';

/** The collections each kind of import writes. */
export const KIND_COLLECTIONS: Record<ImportKind, readonly PermissionCollection[]> = {
  students: ['students', 'families'],
  facilitators: ['facilitators', 'classrooms'],
};

/** The kinds these roles may import: those whose every collection some role writes in full. */
export function importableKinds(roles: readonly Role[]): ImportKind[] {
  return IMPORT_KINDS.filter((kind) =>
    KIND_COLLECTIONS[kind].every((collection) =>
      roles.some((role) => PERMISSION_MATRIX[collection][role].write === 'all'),
    ),
  );
}

/** A cached collection's records that parse with their schema, each with its id. */
async function records<T>(
  collection: string,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
): Promise<Array<T & { id: string }>> {
  const items = await loadCollection(collection);
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [{ ...parsed.data, id: item.id }] : [];
  });
}

/** The existing records an import of `kind` is checked against, read now (not when the page opened). */
export async function loadImportContext(kind: ImportKind): Promise<ImportContext> {
  const [campuses, classrooms, subjects] = await Promise.all([
    records('campuses', campusSchema),
    records('classrooms', classroomSchema),
    kind === 'facilitators' ? records('subjects', subjectSchema) : Promise.resolve([]),
  ]);
  const [students, families, facilitators] = await Promise.all([
    kind === 'students' ? records('students', studentSchema) : Promise.resolve([]),
    kind === 'students' ? records('families', familySchema) : Promise.resolve([]),
    kind === 'facilitators' ? records('facilitators', facilitatorSchema) : Promise.resolve([]),
  ]);
  return {
    campuses: campuses.map(({ id, name }) => ({ id, name })),
    classrooms: classrooms.map(({ id, name, campusId, facilitatorIds }) => ({
      id,
      name,
      campusId,
      facilitatorIds,
    })),
    subjects: subjects.map(({ id, name, code }) => ({ id, name, code })),
    students: students.map(({ id, firstName, lastName, dateOfBirth }) => ({
      id,
      firstName,
      lastName,
      dateOfBirth,
    })),
    families: families.map(({ id, familyName, guardians }) => ({
      id,
      familyName,
      guardians: guardians.map(({ email, phone }) => ({ email, phone })),
    })),
    facilitators: facilitators.map(({ id, firstName, lastName, email }) => ({
      id,
      firstName,
      lastName,
      email,
    })),
    // The school's day (its first campus's, the one clock) for the rows' date checks and notes.
    today: schoolDay(campusZone(undefined, campuses)),
  };
}
