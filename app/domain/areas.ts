// Which dashboard areas a role may open, derived from the permission matrix: an area is open when
// the role may read its records at all (in any scope). The navigation hides closed areas and their
// routes answer 403.
import { collectionAccess, PERMISSION_MATRIX, type PermissionCollection } from './matrix';
import type { Role } from './roles';

export type Area =
  | 'home'
  | 'students'
  | 'families'
  | 'facilitators'
  | 'attendance'
  | 'absences'
  | 'calendar'
  | 'messages'
  | 'notifications'
  | 'parentInquiries'
  | 'resources'
  | 'members'
  | 'roles'
  | 'school'
  | 'profile'
  | 'settings';

/** Areas whose records are in the matrix; the others are open to everyone signed in. */
const AREA_COLLECTION: Partial<Record<Area, PermissionCollection>> = {
  students: 'students',
  families: 'families',
  facilitators: 'facilitators',
  attendance: 'attendance',
  absences: 'absenceReports',
  calendar: 'events',
  messages: 'conversations',
  notifications: 'Notifications',
  parentInquiries: 'parentInquiries',
  resources: 'resources',
};

/** Members and roles list everyone's accounts: only roles that read all Members documents. */
function readsAllMembers(roles: readonly Role[]): boolean {
  return roles.some((role) => PERMISSION_MATRIX.Members[role].read === 'all');
}

export function canOpenArea(roles: readonly Role[], area: Area): boolean {
  if (area === 'members' || area === 'roles') return readsAllMembers(roles);
  // School setup (campuses, classrooms, subjects) is for the roles that may change it.
  if (area === 'school') return collectionAccess(roles, 'campuses') === 'write';
  const collection = AREA_COLLECTION[area];
  return collection ? collectionAccess(roles, collection) !== 'none' : true;
}

export { NOT_ALLOWED_MESSAGE } from './not-allowed';
