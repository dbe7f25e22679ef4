// What the school setup routes do, so the route files stay thin: the setup page's loader and its
// delete action, and the editor's loader, action and title (/dash/school/:kind/new and
// /dash/school/:kind/:id). The routes check their area first (the 'school' area: 403 for roles that
// may not change school setup); here an unknown kind or record is 404.
import {
  redirect,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import type { SessionUser } from '~/auth/session';
import { loadCollection } from '~/data/route-data';
import type { Area } from '~/domain/areas';
import {
  campusSchema,
  classroomSchema,
  facilitatorSchema,
  subjectSchema,
  type Campus,
  type Classroom,
  type Facilitator,
  type Subject,
} from '~/domain/records';
import { canManageFacilitators } from '~/features/facilitators';
import { settingsStore } from '~/settings/store';
import { notFound } from '~/ui/responses';
import { withErrorTitle } from '~/ui/route-handle';
import { KIND_LABELS, SCHOOL_KINDS, type SchoolKind } from './schemas';
import { deleteFromForm, saveSchoolRecord } from './writes';

function parseKind(value: string | undefined): SchoolKind | null {
  return SCHOOL_KINDS.find((kind) => kind === value) ?? null;
}

/** Everything the setup page lists, with the facilitators' names for the classroom rows. */
export async function loadSchoolSetup() {
  const [campuses, classrooms, subjects, facilitators] = await Promise.all([
    loadCollection('campuses', { schema: campusSchema, sort: { field: 'name' } }),
    loadCollection('classrooms', { schema: classroomSchema, sort: { field: 'name' } }),
    loadCollection('subjects', { schema: subjectSchema, sort: { field: 'name' } }),
    loadCollection('facilitators', { schema: facilitatorSchema }),
  ]);
  const facilitatorNames: Record<string, string> = Object.fromEntries(
    facilitators.flatMap((f) => (f.id ? [[f.id, `${f.firstName} ${f.lastName}`]] : [])),
  );
  return { campuses, classrooms, subjects, facilitatorNames };
}

/** The setup page's delete: a refusal (still in use, or the store failed) is shown as a toast. */
export async function deleteFromSetupPage(request: Request, user: SessionUser) {
  const result = await deleteFromForm(await request.formData(), {
    linkFacilitators: canManageFacilitators(user.roles),
  });
  if (!result.ok) settingsStore.setError(result.message);
  else if (result.kind)
    settingsStore.notify(`Deleted the ${KIND_LABELS[result.kind].one}`, 'success');
  return result;
}

/** The editor's data: the record (none for a new one) and the lists its fields choose from. */
export async function loadSchoolEditor(request: Request, params: { kind?: string; id?: string }) {
  const kind = parseKind(params.kind);
  if (!kind) throw notFound(request);
  const [campuses, subjects, classrooms, facilitators] = await Promise.all([
    loadCollection('campuses', { schema: campusSchema, sort: { field: 'name' } }),
    loadCollection('subjects', { schema: subjectSchema, sort: { field: 'name' } }),
    loadCollection('classrooms', { schema: classroomSchema, sort: { field: 'name' } }),
    kind === 'classrooms'
      ? loadCollection('facilitators', { schema: facilitatorSchema, sort: { field: 'lastName' } })
      : Promise.resolve<Facilitator[]>([]),
  ]);
  let record: Campus | Subject | Classroom | null = null;
  if (params.id) {
    const pool: Array<Campus | Subject | Classroom> =
      kind === 'campuses' ? campuses : kind === 'subjects' ? subjects : classrooms;
    record = pool.find((r) => r.id === params.id) ?? null;
    if (!record) throw notFound(request);
  }
  return { kind, id: params.id ?? null, record, campuses, subjects, facilitators };
}

/** The editor's save: back to the setup page when saved, else the form with its errors (400). */
export async function saveFromSchoolEditor(
  request: Request,
  params: { kind?: string; id?: string },
  user: SessionUser,
) {
  const kind = parseKind(params.kind);
  if (!kind) throw notFound(request);
  const result = await saveSchoolRecord(kind, await request.formData(), params.id, {
    linkFacilitators: canManageFacilitators(user.roles),
  });
  if (!result.ok) return result;
  const name = typeof result.item.name === 'string' ? result.item.name : KIND_LABELS[kind].one;
  settingsStore.notify(`Saved ${name}`, 'success');
  throw redirect(`/dash/school#${kind}`);
}

/** "New campus · School Setup", "Edit subject · School Setup"; the error page's title on failure. */
export const schoolEditorMeta: MetaFunction = ({ params, error }) => {
  const kind = parseKind(params.kind);
  if (!kind) return withErrorTitle(error, [{ title: 'School Setup' }]);
  const one = KIND_LABELS[kind].one;
  return withErrorTitle(error, [
    { title: params.id ? `Edit ${one} · School Setup` : `New ${one} · School Setup` },
  ]);
};

/** The area of the editor's two URLs; their handles name the same one (test/unit/editor-routes.test.ts). */
export const SCHOOL_EDITOR_AREA = 'school' satisfies Area;

/** The editor's loader for both URLs (decision 058): no `id` is a new record. */
export async function schoolEditorLoader({ request, params }: ClientLoaderFunctionArgs) {
  await requireArea(request, SCHOOL_EDITOR_AREA);
  return loadSchoolEditor(request, params);
}

export async function schoolEditorAction({ request, params }: ClientActionFunctionArgs) {
  const user = await requireArea(request, SCHOOL_EDITOR_AREA);
  return saveFromSchoolEditor(request, params, user);
}
