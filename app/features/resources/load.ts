// What the resources pages read, in one place: the person's resources (the sync scopes them to their
// audience and their own, decision 046), the subjects and classrooms that name them, which resources
// wait to sync, which files this device keeps offline, and what the person may do (add; delete
// which; which classrooms the filter offers). Every read goes through the cache service
// (loadCollection), so the library opens offline.
import { z } from 'zod';
import type { SessionUser } from '~/auth/session-user';
import { offlineFiles } from '~/data/offline-files';
import { loadCollection } from '~/data/route-data';
import { store } from '~/data/store';
import { latestSchoolDay } from '~/domain/clock';
import { collectionAccess, principalFromLists } from '~/domain/permissions';
import { classroomSchema, resourceSchema, subjectSchema } from '~/domain/records';
import { isStaff } from '~/domain/roles';
import { filterableClassroomIds } from '~/features/school';
import type { ResourceRecord } from './library';

const resourceRecordSchema = resourceSchema.extend({ id: z.string() });
const subjectRecordSchema = subjectSchema.extend({ id: z.string() });
const classroomRecordSchema = classroomSchema.extend({ id: z.string() });
/** Only what naming a campus needs. */
const campusNameSchema = z.object({
  id: z.string(),
  name: z.string(),
  timezone: z.string().optional(),
});
/**
 * Only what finding a person's own classrooms needs (the permission matrix's principal): the
 * records are passed through whole, as the principal reads their links.
 */
const linkRecordSchema = z.object({ id: z.string() }).passthrough();

export interface NamedItem {
  id: string;
  name: string;
}

export interface ResourcesData {
  resources: ResourceRecord[];
  subjects: NamedItem[];
  classrooms: Array<NamedItem & { campusId: string }>;
  campuses: NamedItem[];
  /** The classrooms the classroom filter offers: all for staff, else the person's own. */
  filterableClassroomIds: 'all' | ReadonlySet<string>;
  /** Resources with changes the backend has not accepted yet. */
  pendingIds: Set<string>;
  /** Storage paths of the files this device keeps offline. */
  offlinePaths: Set<string>;
  /** May add resources (staff and facilitators). */
  canAdd: boolean;
  /** Classrooms the person may share a resource to: all for staff, taught ones for facilitators. */
  shareableClassroomIds: string[];
  me: string;
  staff: boolean;
}

const byName = (a: NamedItem, b: NamedItem) => a.name.localeCompare(b.name);

/** Everything the resources pages need, from the cache (refreshed first when due). */
export async function loadResourcesData(user: SessionUser): Promise<ResourcesData> {
  const staff = isStaff(user.roles);
  const facilitator = user.roles.includes('facilitator');
  // Staff need no principal: they share to and filter by any classroom. The others' own
  // classrooms come from their links (taught, attended, their children's), as on the calendar.
  const links = (collection: string) =>
    staff ? Promise.resolve([]) : loadCollection(collection, { schema: linkRecordSchema });
  const [
    resources,
    subjects,
    classrooms,
    campuses,
    facilitators,
    students,
    families,
    pendingIds,
    offlinePaths,
  ] = await Promise.all([
    loadCollection('resources', { schema: resourceRecordSchema }),
    loadCollection('subjects', { schema: subjectRecordSchema }),
    loadCollection('classrooms', { schema: classroomRecordSchema }),
    loadCollection('campuses', { schema: campusNameSchema }),
    facilitator ? links('facilitators') : Promise.resolve([]),
    links('students'),
    // A student's sync holds no families (their own record is enough for their principal).
    user.roles.includes('student') ? Promise.resolve([]) : links('families'),
    store.pendingIds('resources'),
    // A browser that refuses Cache Storage (private mode) still shows the library.
    offlineFiles.offlinePaths().catch(() => new Set<string>()),
  ]);
  const principal = staff
    ? null
    : principalFromLists(
        { uid: user.uid, email: user.email, roles: user.roles, memberUUID: user.memberUUID },
        { classrooms, facilitators, students, families },
        user.member,
        // The matrix's "up to today": the latest school day of any campus (the one clock).
        latestSchoolDay(campuses),
      );
  const shareable = staff
    ? classrooms.map((c) => c.id)
    : facilitator && principal
      ? [...principal.classroomIds]
      : [];
  return {
    resources,
    subjects: subjects.map((s) => ({ id: s.id, name: s.name })).sort(byName),
    classrooms: classrooms
      .map((c) => ({ id: c.id, name: c.name, campusId: c.campusId }))
      .sort(byName),
    campuses: campuses.map((c) => ({ id: c.id, name: c.name })).sort(byName),
    filterableClassroomIds: principal ? filterableClassroomIds(principal) : 'all',
    pendingIds,
    offlinePaths,
    canAdd: collectionAccess(user.roles, 'resources') === 'write',
    shareableClassroomIds: shareable,
    me: user.memberUUID,
    staff,
  };
}

/** May this person delete the resource? Its author, or staff (the matrix: "W own"). */
export function canDelete(data: Pick<ResourcesData, 'me' | 'staff'>, resource: ResourceRecord) {
  return data.staff || resource.createdBy === data.me;
}
