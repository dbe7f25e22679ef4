// What the facilitator editor routes do (/dash/facilitators/new and
// /dash/facilitators/:facilitatorId/edit): both URLs' loader and action (decision 058), so the two
// route files only name their handle. The 'facilitators' area is checked first; then staff who may write facilitators get every field, a facilitator
// editing their own record gets only the own-profile fields, and anyone else gets 403. A record that
// is not there is 404.
import {
  redirect,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
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
  type Facilitator,
} from '~/domain/records';
import { settingsStore } from '~/settings/store';
import { notAllowed, notFound } from '~/ui/responses';
import { canEditOwnProfile, canManageFacilitators, isOwnFacilitator } from './schemas';
import { saveFacilitatorAsStaff, saveOwnFacilitatorProfile } from './writes';

/** Staff edit every field; a facilitator edits their own profile fields only. */
export type EditorMode = 'staff' | 'own';

/** Which form this person gets for this record (no id: a new facilitator). */
async function resolveEditor(
  request: Request,
  user: SessionUser,
  id: string | undefined,
): Promise<{ mode: EditorMode; record: Facilitator | null }> {
  const manage = canManageFacilitators(user.roles);
  if (!id) {
    if (!manage) throw notAllowed();
    return { mode: 'staff', record: null };
  }
  const facilitators = await loadCollection('facilitators', { schema: facilitatorSchema });
  const record = facilitators.find((f) => f.id === id) ?? null;
  if (!record) throw notFound(request);
  if (manage) return { mode: 'staff', record };
  if (canEditOwnProfile(user.roles) && isOwnFacilitator(record, user)) {
    return { mode: 'own', record };
  }
  throw notAllowed();
}

/** The editor's data: the form's mode, the record, and for staff the lists its fields choose from. */
export async function loadFacilitatorEditor(
  request: Request,
  user: SessionUser,
  id: string | undefined,
) {
  const { mode, record } = await resolveEditor(request, user, id);
  const [campuses, subjects, classrooms] =
    mode === 'staff'
      ? await Promise.all([
          loadCollection('campuses', { schema: campusSchema, sort: { field: 'name' } }),
          loadCollection('subjects', { schema: subjectSchema, sort: { field: 'name' } }),
          loadCollection('classrooms', { schema: classroomSchema, sort: { field: 'name' } }),
        ])
      : [[], [], []];
  return { mode, record, campuses, subjects, classrooms };
}

/** The editor's save: to the facilitator's page when saved, else the form with its errors (400). */
export async function saveFromFacilitatorEditor(
  request: Request,
  user: SessionUser,
  id: string | undefined,
) {
  const { mode, record } = await resolveEditor(request, user, id);
  const formData = await request.formData();
  const result =
    mode === 'staff'
      ? await saveFacilitatorAsStaff(formData, record?.id)
      : await saveOwnFacilitatorProfile(formData, record?.id ?? '');
  if (!result.ok) return result;
  settingsStore.notify(mode === 'own' ? 'Your profile is saved' : 'Facilitator saved', 'success');
  throw redirect(`/dash/facilitators/${result.item.id}`);
}

/** The area of both URLs; their handles name the same one (test/unit/editor-routes.test.ts). */
export const FACILITATOR_EDITOR_AREA = 'facilitators' satisfies Area;

/** The loader of both URLs: no `facilitatorId` is a new facilitator. */
export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, FACILITATOR_EDITOR_AREA);
  return loadFacilitatorEditor(request, user, params.facilitatorId);
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const user = await requireArea(request, FACILITATOR_EDITOR_AREA);
  return saveFromFacilitatorEditor(request, user, params.facilitatorId);
}
