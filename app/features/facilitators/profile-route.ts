// What a facilitator's profile route (/dash/facilitators/:facilitatorId) loads, so the route file
// stays thin: the facilitator (404 when this person's cache does not hold them), whether it is the
// person's own record and whether they may edit it, and the subjects, classrooms and campus names
// the page shows, resolved from the cache.
import type { SessionUser } from '~/auth/session';
import { loadCollection } from '~/data/route-data';
import { campusSchema, classroomSchema, facilitatorSchema, subjectSchema } from '~/domain/records';
import { notFound } from '~/ui/responses';
import { canEditOwnProfile, canManageFacilitators, isOwnFacilitator } from './schemas';

/** The profile page's data for the facilitator with this id, else a thrown 404. */
export async function loadFacilitatorProfile(
  request: Request,
  user: SessionUser,
  facilitatorId: string | undefined,
) {
  const [facilitators, subjects, classrooms, campuses] = await Promise.all([
    loadCollection('facilitators', { schema: facilitatorSchema }),
    loadCollection('subjects', { schema: subjectSchema }),
    loadCollection('classrooms', { schema: classroomSchema, sort: { field: 'name' } }),
    loadCollection('campuses', { schema: campusSchema }),
  ]);
  const facilitator = facilitators.find((f) => f.id === facilitatorId);
  // Missing, or not shared with this person (their cache holds only the facilitators they may
  // read): both are "not found".
  if (!facilitator?.id) throw notFound(request);
  const id = facilitator.id;
  // Either side of the link may be the one that was kept up to date: show the union.
  const taught = classrooms.filter(
    (c) => (c.id && facilitator.classroomIds.includes(c.id)) || c.facilitatorIds.includes(id),
  );
  const subjectIds = new Set(facilitator.subjectIds);
  const own = isOwnFacilitator(facilitator, user);
  return {
    facilitator,
    own,
    canEdit: canManageFacilitators(user.roles) || (own && canEditOwnProfile(user.roles)),
    campusName: campuses.find((c) => c.id === facilitator.campusId)?.name ?? null,
    subjects: subjects.filter((s) => s.id && subjectIds.has(s.id)),
    subjectNames: Object.fromEntries(subjects.flatMap((s) => (s.id ? [[s.id, s.name]] : []))),
    campusNames: Object.fromEntries(campuses.flatMap((c) => (c.id ? [[c.id, c.name]] : []))),
    classrooms: taught,
  };
}

export type FacilitatorProfileData = Awaited<ReturnType<typeof loadFacilitatorProfile>>;
