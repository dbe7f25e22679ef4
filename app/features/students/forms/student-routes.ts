// What the student new and edit routes share: the guard for people who may write students, the
// editor's reference data from the cache, and the action that saves through the cache service.
import { redirect } from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import type { SessionUser } from '~/auth/session';
import { cacheService } from '~/data/cache-service';
import { loadCollection } from '~/data/route-data';
import { NOT_ALLOWED_MESSAGE } from '~/domain/areas';
import { collectionAccess, type PermissionCollection } from '~/domain/permissions';
import { settingsStore } from '~/settings/store';
import {
  campusRecordSchema,
  classroomRecordSchema,
  familyRecordSchema,
  studentRecordSchema,
} from '../profile/load-record';
import { submitStudentForm, type StudentRecord } from './student-form';

export function notAllowed(): Response {
  return new Response(NOT_ALLOWED_MESSAGE, { status: 403, statusText: 'Not Allowed' });
}

/** Opens the students area and requires write access to `collection` (403 otherwise). */
export async function requireWriter(
  request: Request,
  collection: PermissionCollection,
): Promise<SessionUser> {
  const user = await requireArea(request, 'students');
  if (collectionAccess(user.roles, collection) !== 'write') throw notAllowed();
  return user;
}

export async function loadEditorData() {
  const [families, campuses, classrooms] = await Promise.all([
    loadCollection('families', { schema: familyRecordSchema, sort: { field: 'familyName' } }),
    loadCollection('campuses', { schema: campusRecordSchema, sort: { field: 'name' } }),
    loadCollection('classrooms', { schema: classroomRecordSchema, sort: { field: 'name' } }),
  ]);
  return {
    families: families.map((f) => ({
      id: f.id,
      familyName: f.familyName,
      guardianNames: f.guardians.map((g) => g.name).join(', '),
    })),
    campuses: campuses.map((c) => ({ id: c.id, name: c.name })),
    classrooms: classrooms.map((c) => ({ id: c.id, name: c.name, campusId: c.campusId })),
  };
}

/** The create/edit action: a saved student goes to its profile, anything else back to the form. */
export async function saveStudentFromRequest(request: Request, existing: StudentRecord | null) {
  const formData = await request.formData();
  const [students, data] = await Promise.all([
    loadCollection('students', { schema: studentRecordSchema }),
    loadEditorData(),
  ]);
  const result = await submitStudentForm(formData, {
    existing,
    students,
    families: data.families,
    campuses: data.campuses,
    classrooms: data.classrooms,
    save: (item) => cacheService.save('students', item),
  });
  if (result.status === 'saved') {
    settingsStore.notify(existing ? 'Student saved' : 'Student created', 'success');
    throw redirect(`/dash/students/${result.id}`);
  }
  if (result.status === 'failed') settingsStore.setError(result.message);
  return result;
}
