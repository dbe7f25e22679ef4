// Plain-English wording of each scope of the permission matrix, for the read-only roles page
// (app/features/members/PermissionMatrix.tsx). Kept apart from permissions.ts, which every page
// loads first, so the wording travels only with the page that shows it.
import { MAX_STARTED_PARTICIPANTS, type ReadScope, type WriteScope } from './permissions';

/** Plain-English wording of each scope, for the read-only roles page. */
export const SCOPE_LABELS: Record<ReadScope | WriteScope, string> = {
  none: 'no access',
  all: 'all records',
  ownClassroomStudents: 'students in own classrooms',
  ownChildren: 'own children',
  self: 'own record',
  familiesOfOwnStudents: 'families of own students',
  ownFamily: 'own family',
  facilitatorsOfOwnChildren: "facilitators of own children's classrooms",
  ownFacilitators: 'own facilitators',
  ownDoc: 'own profile',
  ownClassrooms: 'own classrooms',
  childrenClassrooms: "own children's classrooms",
  selfClassrooms: 'own classrooms',
  audience: 'in the audience (role, and their classrooms or campus), or their own',
  participant:
    'conversations they take part in (participants fixed once started; archived, never deleted)',
  participantOrArchived: 'conversations they take part in, and every archived one',
  ownNotification: 'own notifications',
  ownInquiry: 'own inquiries',
  ownFamilyRequests: "requests about own family's guardians",
  membersExceptAccount:
    'profiles and links of all members (roles, status and invitations through the members page)',
  ownFamilyContact:
    "own family's address and guardians' phone and e-mail (who is linked: ask the office)",
  ownFacilitatorProfile: 'own profile fields',
  ownDocProfile: 'own preferences and profile',
  ownClassroomAttendance: 'own classrooms, dates up to today',
  ownClassroomEvents: 'events of own classrooms',
  participantWithStaff: `start conversations with staff (up to ${MAX_STARTED_PARTICIPANTS} people), take part in their own`,
  participantWithFacilitators: `start conversations with facilitators (up to ${MAX_STARTED_PARTICIPANTS} people), take part in their own`,
  ownNotificationState: 'mark own read; delete own read ones',
  createOwnInquiry: 'submit their own',
  ownResources: 'resources they created',
  createOwnFamilyRequest: 'ask the office to add or remove a guardian of own family',
  ownDevice: 'own devices',
  ownClassroomReports: 'absences reported for students in own classrooms',
  ownFamilyReports: "own children's reported absences",
  reportOwnChildren: "report own children's absences; change or withdraw them",
  selfReports: 'own reported absences',
  reportSelf: 'report own absences (aged 16 or over, where the campus allows it)',
  replyForOwnChildren: "reply for own children to an event that asks, until its deadline",
  ownDevices: 'register and remove own devices',
};
