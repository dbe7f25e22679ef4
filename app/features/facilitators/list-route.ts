// What the facilitators list route (/dash/facilitators) loads for a signed-in person, so the route
// file stays thin: the facilitators their cache holds (the sync scopes that to the role), narrowed
// by the search and status filter from the URL, and which kind of viewer they are, which decides
// how the page speaks to them.
import { z } from 'zod';
import type { SessionUser } from '~/auth/session';
import { loadCollection } from '~/data/route-data';
import { syncEngine } from '~/data/sync-status';
import { PERMISSION_MATRIX } from '~/domain/permissions';
import { campusSchema, facilitatorSchema, subjectSchema } from '~/domain/records';
import type { Role } from '~/domain/roles';
import { canManageFacilitators, FACILITATOR_STATUSES } from './schemas';

const statusFilterSchema = z.enum(['all', ...FACILITATOR_STATUSES]).catch('all');

/** The three views of the list: someone who sees every facilitator, a parent, a student. */
export type FacilitatorViewer = 'everyone' | 'parent' | 'student';

/** Whose facilitators the person sees: all of them, their children's, or their own classrooms'. */
function viewerOf(roles: readonly Role[]): FacilitatorViewer {
  if (roles.some((role) => PERMISSION_MATRIX.facilitators[role].read === 'all')) return 'everyone';
  return roles.includes('parent') ? 'parent' : 'student';
}

/** The list page's data: the matching facilitators, the counts, and the names they refer to. */
export async function loadFacilitatorList(user: SessionUser, url: URL) {
  const query = (url.searchParams.get('q') ?? '').trim();
  const status = statusFilterSchema.parse(url.searchParams.get('status') ?? 'all');
  const [all, campuses, subjects] = await Promise.all([
    loadCollection('facilitators', {
      schema: facilitatorSchema,
      sort: [{ field: 'lastName' }, { field: 'firstName' }],
    }),
    loadCollection('campuses', { schema: campusSchema }),
    loadCollection('subjects', { schema: subjectSchema }),
  ]);
  // An empty cache that was never filled (offline since sign-in) is not "no facilitators".
  const downloaded =
    all.length > 0 || (await syncEngine.isDue('facilitators')).reason !== 'never-synced';
  const needle = query.toLowerCase();
  const facilitators = all.filter(
    (f) =>
      (status === 'all' || f.status === status) &&
      (needle === '' || `${f.firstName} ${f.lastName} ${f.email}`.toLowerCase().includes(needle)),
  );
  return {
    facilitators,
    total: all.length,
    downloaded,
    viewer: viewerOf(user.roles),
    query,
    status,
    canManage: canManageFacilitators(user.roles),
    memberUUID: user.memberUUID,
    campusNames: Object.fromEntries(campuses.flatMap((c) => (c.id ? [[c.id, c.name]] : []))),
    subjectNames: Object.fromEntries(subjects.flatMap((s) => (s.id ? [[s.id, s.name]] : []))),
  };
}

export type FacilitatorListData = Awaited<ReturnType<typeof loadFacilitatorList>>;
