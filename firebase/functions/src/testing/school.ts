// A small school the offline tests and the parity tests share: staff, a parent with a child in
// classroom c1, that classroom's facilitator, the child's own student account, and one conversation.
import type { PermissionContext } from '~/domain/permissions';

type Data = Record<string, unknown>;

export const SCHOOL_NOW = '2025-03-03T12:00:00.000Z';

export const SCHOOL: Record<string, Data> = {
  'Members/boss': {
    memberUUID: 'boss',
    email: 'boss@school.example',
    displayName: 'Head',
    roles: ['superAdmin', 'admin'],
    status: 'active',
  },
  'Members/adm': {
    memberUUID: 'adm',
    email: 'adm@school.example',
    displayName: 'Admin',
    roles: ['admin'],
    status: 'active',
  },
  'Members/desk': {
    memberUUID: 'desk',
    email: 'desk@school.example',
    displayName: 'Front desk',
    roles: ['administration'],
    status: 'active',
  },
  'Members/ama': {
    memberUUID: 'ama',
    email: 'ama@mail.example',
    displayName: 'Ama Owusu',
    roles: ['parent'],
    status: 'active',
    familyId: 'f1',
  },
  'Members/dan': {
    memberUUID: 'dan',
    email: 'dan@school.example',
    displayName: 'Daniel Mensah',
    roles: ['facilitator'],
    status: 'active',
    facilitatorId: 'fac1',
  },
  'Members/sam': {
    memberUUID: 'sam',
    email: 'sam@mail.example',
    displayName: 'Sam Owusu',
    roles: ['student'],
    status: 'active',
    studentId: 's1',
  },
  'families/f1': { familyName: 'Owusu', guardians: [{ memberUUID: 'ama', name: 'Ama Owusu' }] },
  'families/f2': { familyName: 'Boateng', guardians: [] },
  'students/s1': { familyId: 'f1', classroomIds: ['c1'], campusId: 'north', firstName: 'Sam' },
  'facilitators/fac1': { memberUUID: 'dan', classroomIds: ['c1'], campusId: 'north' },
  'classrooms/c1': { name: 'Sunflowers', facilitatorIds: ['fac1'] },
  'classrooms/c2': { name: 'Acorns', facilitatorIds: [] },
  'conversations/c1': {
    subject: 'Trip',
    participantIds: ['ama', 'office'],
    lastMessageAt: '2025-03-03T09:00:00.000Z',
    lastMessagePreview: 'Old',
  },
  'system/collectionVersions': {
    collections: {
      students: { version: '1.0.0', updatedAt: '2025-03-01T00:00:00.000Z' },
      members: { version: '1.2.3', updatedAt: '2025-03-01T00:00:00.000Z' },
    },
    lastUpdated: '2025-03-01T00:00:00.000Z',
  },
};

/** The accounts of the school's members, with the claims production gives them. */
export const SCHOOL_USERS = Object.entries(SCHOOL)
  .filter(([path]) => path.startsWith('Members/'))
  .map(([path, data]) => ({
    uid: path.slice('Members/'.length),
    email: String(data.email),
    roles: Array.isArray(data.roles) ? data.roles.map(String) : [],
  }));

/** A valid public inquiry (the inquiry form's fields). */
export const INQUIRY = {
  parentName: 'Asha Whitfield',
  email: 'asha@mail.example',
  phone: '+91 90000 00000',
  childName: 'Maya Whitfield',
  childDateOfBirth: '2019-04-01',
  message: 'Do you have places in September?',
};

/** A decision context over plain documents by path, at SCHOOL_NOW's date (the parity tests'). */
export function contextOf(docs: Record<string, Data>): PermissionContext {
  return {
    today: SCHOOL_NOW.slice(0, 10),
    get: (path) => docs[path] ?? null,
    list: (collection) =>
      Object.entries(docs)
        .filter(
          ([path]) =>
            path.startsWith(`${collection}/`) &&
            path.split('/').length === collection.split('/').length + 1,
        )
        .map(([path, data]) => ({ id: path.split('/').pop() ?? '', data })),
  };
}
