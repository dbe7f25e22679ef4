// The permission matrix itself (domain.md): for each collection, each role's read and write scope,
// as data. The navigation reads it on every page's first load (app/domain/areas.ts), so it sits
// apart from the scopes' predicates and the invariants (./permissions.ts, which re-exports it).
import type { Role } from './roles';

/** Collections (and the one system document) the matrix covers, by their Firestore names. */
export const PERMISSION_COLLECTIONS = [
  'campuses',
  'classrooms',
  'subjects',
  'students',
  'families',
  'facilitators',
  'Members',
  'attendance',
  'events',
  'conversations',
  'messages',
  'Notifications',
  'parentInquiries',
  'resources',
  'collectionVersions',
  'unregisteredSignins',
  'auditLog',
  'guardianRequests',
  // Members/{uid}/devices/{deviceId}: where a member receives pushes (issue 31).
  'devices',
  // Absences a family reports (issue 32).
  'absenceReports',
  // A family's reply to an event, one per child (issue 32).
  'eventReplies',
] as const;
export type PermissionCollection = (typeof PERMISSION_COLLECTIONS)[number];

export type ReadScope =
  | 'none'
  | 'all'
  | 'ownClassroomStudents'
  | 'ownChildren'
  | 'self'
  | 'familiesOfOwnStudents'
  | 'ownFamily'
  | 'facilitatorsOfOwnChildren'
  | 'ownFacilitators'
  | 'ownDoc'
  | 'ownClassrooms'
  | 'childrenClassrooms'
  | 'selfClassrooms'
  | 'audience'
  | 'participant'
  | 'participantOrArchived'
  | 'ownNotification'
  | 'ownInquiry'
  | 'ownFamilyRequests'
  | 'ownDevice'
  | 'ownClassroomReports'
  | 'ownFamilyReports'
  | 'selfReports';

export type WriteScope =
  | 'none'
  | 'all'
  | 'membersExceptAccount'
  | 'ownFamilyContact'
  | 'ownFacilitatorProfile'
  | 'ownDocProfile'
  | 'ownClassroomAttendance'
  | 'ownClassroomEvents'
  | 'participant'
  | 'participantWithStaff'
  | 'participantWithFacilitators'
  | 'ownNotificationState'
  | 'createOwnInquiry'
  | 'ownResources'
  | 'createOwnFamilyRequest'
  | 'ownDevices'
  | 'reportOwnChildren'
  | 'replyForOwnChildren'
  | 'reportSelf';

export interface AccessRule {
  read: ReadScope;
  write: WriteScope;
}

type MatrixRow = Record<Role, AccessRule>;

const rw: AccessRule = { read: 'all', write: 'all' };
const r: AccessRule = { read: 'all', write: 'none' };
const none: AccessRule = { read: 'none', write: 'none' };
const rule = (read: ReadScope, write: WriteScope): AccessRule => ({ read, write });

function row(
  admin: AccessRule,
  administration: AccessRule,
  facilitator: AccessRule,
  parent: AccessRule,
  student: AccessRule,
): MatrixRow {
  return { admin, superAdmin: admin, administration, facilitator, parent, student };
}

/** domain.md's permission matrix, one row per collection, one rule per role. */
export const PERMISSION_MATRIX: Record<PermissionCollection, MatrixRow> = {
  campuses: row(rw, rw, r, r, r),
  classrooms: row(rw, rw, r, r, r),
  subjects: row(rw, rw, r, r, r),
  students: row(
    rw,
    rw,
    rule('ownClassroomStudents', 'none'),
    rule('ownChildren', 'none'),
    rule('self', 'none'),
  ),
  families: row(
    rw,
    rw,
    rule('familiesOfOwnStudents', 'none'),
    rule('ownFamily', 'ownFamilyContact'),
    none,
  ),
  facilitators: row(
    rw,
    r,
    rule('all', 'ownFacilitatorProfile'),
    rule('facilitatorsOfOwnChildren', 'none'),
    rule('ownFacilitators', 'none'),
  ),
  Members: row(
    rule('all', 'membersExceptAccount'),
    rule('all', 'ownDocProfile'),
    rule('ownDoc', 'ownDocProfile'),
    rule('ownDoc', 'ownDocProfile'),
    rule('ownDoc', 'ownDocProfile'),
  ),
  attendance: row(
    rw,
    rw,
    rule('ownClassrooms', 'ownClassroomAttendance'),
    rule('childrenClassrooms', 'none'),
    rule('selfClassrooms', 'none'),
  ),
  events: row(
    rw,
    rw,
    rule('audience', 'ownClassroomEvents'),
    rule('audience', 'none'),
    rule('audience', 'none'),
  ),
  conversations: row(
    rule('participantOrArchived', 'participant'),
    rule('participantOrArchived', 'participant'),
    rule('participant', 'participant'),
    rule('participant', 'participantWithStaff'),
    rule('participant', 'participantWithFacilitators'),
  ),
  messages: row(
    rule('participantOrArchived', 'participant'),
    rule('participantOrArchived', 'participant'),
    rule('participant', 'participant'),
    rule('participant', 'participant'),
    rule('participant', 'participant'),
  ),
  // Only the Cloud Functions (triggers) create notifications; a person reads, marks and deletes
  // their own.
  Notifications: row(
    rule('ownNotification', 'ownNotificationState'),
    rule('ownNotification', 'ownNotificationState'),
    rule('ownNotification', 'ownNotificationState'),
    rule('ownNotification', 'ownNotificationState'),
    rule('ownNotification', 'ownNotificationState'),
  ),
  parentInquiries: row(rw, rw, none, rule('ownInquiry', 'createOwnInquiry'), none),
  resources: row(
    rw,
    rw,
    rule('audience', 'ownResources'),
    rule('audience', 'none'),
    rule('audience', 'none'),
  ),
  collectionVersions: row(rw, r, r, r, r),
  unregisteredSignins: row(r, none, none, none, none),
  // Written only by the backend's triggers (decision 050); admins read it.
  auditLog: row(r, none, none, none, none),
  // Parents ask for a change to their family's guardians; the office decides (and writes the family).
  guardianRequests: row(rw, rw, none, rule('ownFamilyRequests', 'createOwnFamilyRequest'), none),
  // A member's own devices, theirs alone: not even an admin reads another person's push tokens
  // (the functions send pushes with the admin SDK).
  devices: row(
    rule('ownDevice', 'ownDevices'),
    rule('ownDevice', 'ownDevices'),
    rule('ownDevice', 'ownDevices'),
    rule('ownDevice', 'ownDevices'),
    rule('ownDevice', 'ownDevices'),
  ),
  // A family reports its children's absences; the office reads, acknowledges and asks for a
  // document; a facilitator reads those of the students in their classrooms (the roll call).
  absenceReports: row(
    rw,
    rw,
    rule('ownClassroomReports', 'none'),
    rule('ownFamilyReports', 'reportOwnChildren'),
    // A student aged 16 or over reports their own, where their campus allows it.
    rule('selfReports', 'reportSelf'),
  ),
  // Only a child's guardians reply for them, before the deadline: not even the office writes a
  // reply, so nobody can invent a family's consent. Staff read all; a facilitator their classes'.
  eventReplies: row(
    r,
    r,
    rule('ownClassroomReports', 'none'),
    rule('ownFamilyReports', 'replyForOwnChildren'),
    none,
  ),
};


export type Access = 'none' | 'read' | 'write';

/** The broadest access any of these roles has to a collection, ignoring scope (navigation). */
export function collectionAccess(roles: readonly Role[], collection: PermissionCollection): Access {
  let best: Access = 'none';
  for (const role of roles) {
    const entry = PERMISSION_MATRIX[collection][role];
    if (entry.write !== 'none') return 'write';
    if (entry.read !== 'none') best = 'read';
  }
  return best;
}

