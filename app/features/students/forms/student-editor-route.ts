// What the student and family routes share: the guards (who may open a new or edit page, and what a
// record the person may not see answers), the student editor's reference data from the cache, and
// the action that saves a student through the store.
import {
  redirect,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { z } from 'zod';
import { requireArea } from '~/auth/guards';
import type { SessionUser } from '~/auth/session';
import { freshestRecord, memberName } from '~/data/record-edits';
import { loadCollection } from '~/data/route-data';
import { store } from '~/data/store';
import { PERMISSION_MATRIX } from '~/domain/permissions';
import type { Role } from '~/domain/roles';
import { settingsStore } from '~/settings/store';
import { notAllowed, notFound } from '~/ui/responses';
import { handleMeta, withErrorTitle } from '~/ui/route-handle';
import {
  campusRecordSchema,
  classroomRecordSchema,
  familyRecordSchema,
  loadRecord,
  studentRecordSchema,
} from '../profile/load';
import { submitStudentForm, type StudentRecord } from './student-form';

type RecordsArea = 'students' | 'families';

/**
 * Whether the roles may write any record of the collection in full (staff). A parent may write
 * families too, but only the contact details of their own: that is not enough for the editors.
 */
export function writesAll(roles: readonly Role[], collection: RecordsArea): boolean {
  return roles.some((role) => PERMISSION_MATRIX[collection][role].write === 'all');
}

/** Opens a "new" page: the area, and full write access to its collection (403 otherwise). */
export async function requireWriter(request: Request, area: RecordsArea): Promise<SessionUser> {
  const user = await requireArea(request, area);
  if (!writesAll(user.roles, area)) throw notAllowed();
  return user;
}

/** A student the person may see, else 404 (missing and not visible answer the same). */
export async function loadStudentOr404(
  request: Request,
  id: string | undefined,
): Promise<StudentRecord> {
  const student = id ? await loadRecord('students', id, studentRecordSchema) : null;
  if (!student) throw notFound(request);
  return student;
}

/**
 * Opens a record's edit page. A record the person may not see is "not found" (404), as on its own
 * page, so an edit URL does not tell that it exists either; one they may see but not change is
 * "not allowed" (403).
 */
export async function openForEdit<T>(
  request: Request,
  area: RecordsArea,
  load: () => Promise<T>,
): Promise<{ user: SessionUser; record: T }> {
  const user = await requireArea(request, area);
  const record = await load();
  if (!writesAll(user.roles, area)) throw notAllowed();
  return { user, record };
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

/** The conflict panel names a family, campus or classroom rather than showing its id. */
function describeStudentChoice(
  data: Awaited<ReturnType<typeof loadEditorData>>,
  field: string,
  value: unknown,
): string | undefined {
  const ids = Array.isArray(value) ? value.map(String) : [String(value ?? '')];
  const names = (list: ReadonlyArray<{ id: string; name: string }>) =>
    ids.map((id) => list.find((r) => r.id === id)?.name ?? id).join(', ') || '(none)';
  if (field === 'familyId')
    return names(data.families.map((f) => ({ id: f.id, name: f.familyName })));
  if (field === 'campusId') return names(data.campuses);
  if (field === 'classroomIds') return names(data.classrooms);
  return undefined;
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
    save: (item) => store.save('students', item),
    // Decision 052: compared with the backend's copy when online, the cache's offline.
    current: async () => {
      if (!existing) return null;
      const fresh = studentRecordSchema.safeParse(await freshestRecord('students', existing.id));
      return fresh.success ? fresh.data : null;
    },
    nameOf: (uid) => memberName(uid),
    describe: (field, value) => describeStudentChoice(data, field, value),
  });
  if (result.ok) {
    settingsStore.notify(existing ? 'Student saved' : 'Student created', 'success');
    throw redirect(`/dash/students/${result.id}`);
  }
  if (result.status === 400 && result.fieldErrors._form) {
    settingsStore.setError(result.fieldErrors._form);
  }
  return result;
}

// ---- /dash/students/new and /dash/students/:studentId/edit, one page (decision 058) ----------

const openStudent = (request: Request, id: string) =>
  openForEdit(request, 'students', () => loadStudentOr404(request, id));

/** No `studentId`: a new student, `?familyId=` preselecting the family (a family page's link). */
export async function studentEditorLoader({ request, params }: ClientLoaderFunctionArgs) {
  if (!params.studentId) {
    await requireWriter(request, 'students');
    const familyId = new URL(request.url).searchParams.get('familyId') ?? undefined;
    return { student: null, ...(await loadEditorData()), familyId };
  }
  const { record: student } = await openStudent(request, params.studentId);
  return { student, ...(await loadEditorData()), familyId: undefined };
}

export async function studentEditorAction({ request, params }: ClientActionFunctionArgs) {
  if (!params.studentId) {
    await requireWriter(request, 'students');
    return saveStudentFromRequest(request, null);
  }
  const { record: student } = await openStudent(request, params.studentId);
  return saveStudentFromRequest(request, student);
}

const studentMetaSchema = z.object({
  student: z.object({ firstName: z.string(), lastName: z.string() }),
});

/** New: the handle's title. Edit: the student's name once loaded. */
export const studentEditorMeta: MetaFunction = (args) => {
  if (!args.params.studentId) return handleMeta(args);
  const parsed = studentMetaSchema.safeParse(args.data);
  const name = parsed.success
    ? `${parsed.data.student.firstName} ${parsed.data.student.lastName}`
    : '';
  return withErrorTitle(args.error, [
    { title: name ? `Edit ${name}` : 'Edit student' },
    { name: 'description', content: "Change a student's details, family, classrooms or status." },
  ]);
};
