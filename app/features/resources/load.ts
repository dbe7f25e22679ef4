// What the resources pages read, in one place: the person's resources (the sync scopes them to their
// audience and their own, decision 046), the subjects and classrooms that name them, which resources
// wait to sync, which files this device keeps offline, and what the person may do (add; delete
// which). Every read goes through the cache service (loadCollection), so the library opens offline.
import { z } from 'zod';
import type { SessionUser } from '~/auth/session-user';
import { offlineFiles } from '~/data/offline-files';
import { loadCollection } from '~/data/route-data';
import { store } from '~/data/store';
import { collectionAccess, principalFromLists } from '~/domain/permissions';
import { classroomSchema, resourceSchema, subjectSchema } from '~/domain/records';
import { isStaff } from '~/domain/roles';
import { todayIso } from '~/ui/form/fields';
import type { ResourceRecord } from './library';

const resourceRecordSchema = resourceSchema.extend({ id: z.string() });
const subjectRecordSchema = subjectSchema.extend({ id: z.string() });
const classroomRecordSchema = classroomSchema.extend({ id: z.string() });
/** Only what finding a facilitator's classrooms needs. */
const facilitatorLinkSchema = z
  .object({ id: z.string(), memberUUID: z.string().optional() })
  .passthrough();

export interface NamedItem {
  id: string;
  name: string;
}

export interface ResourcesData {
  resources: ResourceRecord[];
  subjects: NamedItem[];
  classrooms: NamedItem[];
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
  const [resources, subjects, classrooms, facilitators, pendingIds, offlinePaths] =
    await Promise.all([
      loadCollection('resources', { schema: resourceRecordSchema }),
      loadCollection('subjects', { schema: subjectRecordSchema }),
      loadCollection('classrooms', { schema: classroomRecordSchema }),
      facilitator && !staff
        ? loadCollection('facilitators', { schema: facilitatorLinkSchema })
        : Promise.resolve([]),
      store.pendingIds('resources'),
      // A browser that refuses Cache Storage (private mode) still shows the library.
      offlineFiles.offlinePaths().catch(() => new Set<string>()),
    ]);
  let shareable: string[] = [];
  if (staff) shareable = classrooms.map((c) => c.id);
  else if (facilitator) {
    const principal = principalFromLists(
      { uid: user.uid, email: user.email, roles: user.roles, memberUUID: user.memberUUID },
      { classrooms, facilitators },
      user.member,
      todayIso(),
    );
    shareable = [...principal.classroomIds];
  }
  return {
    resources,
    subjects: subjects.map((s) => ({ id: s.id, name: s.name })).sort(byName),
    classrooms: classrooms.map((c) => ({ id: c.id, name: c.name })).sort(byName),
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
