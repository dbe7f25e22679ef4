// Derived from domain.md's permission matrix: for every role, one allowed and one refused
// operation per collection, checked against the seeded demo learning centre.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, demoAccount } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import { createContext } from '../../mocks/principal';
import {
  canRead,
  canWrite,
  collectionAccess,
  collectionOfPath,
  PERMISSION_COLLECTIONS,
  PERMISSION_MATRIX,
  resolvePrincipal,
  SERVER_ONLY_COLLECTIONS,
  type PermissionCollection,
  type Principal,
  principalFromLists,
} from './permissions';
import type { Role } from './roles';

type Op =
  | { kind: 'read'; path: string }
  | { kind: 'create'; path: string; data: Record<string, unknown> }
  | { kind: 'update'; path: string; patch: Record<string, unknown> }
  | { kind: 'delete'; path: string };

const read = (path: string): Op => ({ kind: 'read', path });
const create = (path: string, data: Record<string, unknown>): Op => ({
  kind: 'create',
  path,
  data,
});
const update = (path: string, patch: Record<string, unknown>): Op => ({
  kind: 'update',
  path,
  patch,
});
const remove = (path: string): Op => ({ kind: 'delete', path });

function principalFor(role: Role): Principal {
  const account = demoAccount(role);
  const roles: Role[] = role === 'superAdmin' ? ['superAdmin', 'admin'] : [role];
  return resolvePrincipal({ uid: account.uid, email: account.email, roles }, createContext());
}

function attempt(role: Role, op: Op): boolean {
  const principal = principalFor(role);
  const ctx = createContext();
  const collection = collectionOfPath(op.path);
  if (!collection) return false;
  const id = op.path.split('/').pop() ?? '';
  const existing = fake.getDocument(op.path);
  if (op.kind === 'read')
    return canRead(principal, collection, { path: op.path, id, data: existing }, ctx);
  const after =
    op.kind === 'create'
      ? op.data
      : op.kind === 'update'
        ? { ...(existing ?? {}), ...op.patch }
        : null;
  return canWrite(
    principal,
    collection,
    { ref: { path: op.path, id }, before: op.kind === 'create' ? null : existing, after },
    ctx,
  );
}

// Seeded facts the cases rely on, looked up once.
const facts = {
  leo: 'students/stu-00000',
  otherStudent: '',
  facStudent: '',
  facFamily: '',
  facClassroom: '',
  otherClassroom: '',
  childFacilitator: '',
  otherFacilitator: '',
  childAttendance: '',
  otherAttendance: '',
  facReport: '',
  otherReport: '',
  today: '',
};

function notificationOf(uid: string, isNew?: boolean): string {
  const n = fake
    .listDocuments('Notifications')
    .find((d) => d.data.memberUUID === uid && (isNew === undefined || d.data.isNew === isNew));
  if (!n) throw new Error(`no notification for ${uid}`);
  return `Notifications/${n.id}`;
}

beforeAll(async () => {
  await fake.reset();
  fake.setDocument('auditLog/seeded-entry', auditEntry);
  fake.setDocument(
    'guardianRequests/seeded-request',
    guardianRequest(demoAccount('parent').uid, 'fam-0000'),
  );
  fake.setDocument('unregisteredSignins/logged-attempt', {
    email: 'x@gmail.example',
    at: new Date(),
  });
  const facilitator = principalFor('facilitator');
  const parent = principalFor('parent');
  const students = fake.listDocuments('students');
  const classroomsOf = (d: { data: Record<string, unknown> }) =>
    Array.isArray(d.data.classroomIds) ? d.data.classroomIds.map(String) : [];
  const other = students.find(
    (s) =>
      s.data.familyId !== 'fam-0000' &&
      classroomsOf(s).length > 0 &&
      !classroomsOf(s).some(
        (c) => facilitator.classroomIds.includes(c) || parent.childClassroomIds.includes(c),
      ),
  );
  const facStudent = students.find((s) =>
    classroomsOf(s).some((c) => facilitator.classroomIds.includes(c)),
  );
  facts.otherStudent = `students/${other?.id ?? ''}`;
  facts.facStudent = `students/${facStudent?.id ?? ''}`;
  facts.facFamily = `families/${String(facStudent?.data.familyId)}`;
  facts.facClassroom = facilitator.classroomIds[0] ?? '';
  facts.otherClassroom = classroomsOf(other ?? { data: {} })[0] ?? '';
  const leoClassrooms = classroomsOf({ data: fake.getDocument(facts.leo) ?? {} });
  const facilitators = fake.listDocuments('facilitators');
  facts.childFacilitator = `facilitators/${facilitators.find((f) => classroomsOf(f).some((c) => leoClassrooms.includes(c)))?.id ?? ''}`;
  facts.otherFacilitator = `facilitators/${facilitators.find((f) => !classroomsOf(f).some((c) => parent.childClassroomIds.includes(c) || facilitator.classroomIds.includes(c)))?.id ?? ''}`;
  const attendance = fake.listDocuments('attendance');
  facts.childAttendance = `attendance/${attendance.find((a) => leoClassrooms.includes(String(a.data.classroomId)))?.id ?? ''}`;
  facts.otherAttendance = `attendance/${attendance.find((a) => a.data.classroomId === facts.otherClassroom)?.id ?? ''}`;
  facts.today = createContext().today;
  const reports = fake.listDocuments('absenceReports');
  facts.facReport = `absenceReports/${reports.find((r) => classroomsOf(r).some((c) => facilitator.classroomIds.includes(c)))?.id ?? ''}`;
  facts.otherReport = `absenceReports/${reports.find((r) => r.data.familyId !== 'fam-0000' && !classroomsOf(r).some((c) => facilitator.classroomIds.includes(c)))?.id ?? ''}`;
  for (const account of DEMO_ACCOUNTS) {
    fake.setDocument(`Members/${account.uid}/devices/seeded-device`, {
      token: `demo:${account.uid}`,
      platform: 'Chrome on Linux',
      lastSeen: '2026-11-28T09:00:00.000Z',
      createdAt: '2026-11-28T09:00:00.000Z',
    });
  }
});

const uid = (role: Role) => demoAccount(role).uid;
const device = (token: string): Record<string, unknown> => ({
  token,
  platform: 'Chrome on Linux',
  lastSeen: '2026-11-28T09:00:00.000Z',
  createdAt: '2026-11-28T09:00:00.000Z',
});
const STAFF: Role[] = ['admin', 'superAdmin', 'administration'];

interface Case {
  role: Role;
  collection: PermissionCollection;
  allowed: [string, () => Op];
  refused: [string, () => Op];
}

const conversation = (participants: string[]): Record<string, unknown> => ({
  subject: 'Hello',
  participantIds: participants,
  lastMessagePreview: '',
  createdBy: participants[0],
});

const auditEntry = {
  at: '2026-11-27T10:00:00.000Z',
  by: 'someone',
  collection: 'students',
  docId: 'stu-00000',
  action: 'update',
  changes: [{ field: 'lastName', before: 'A', after: 'B' }],
};

const guardianRequest = (createdBy: string, familyId: string): Record<string, unknown> => ({
  familyId,
  kind: 'add',
  guardian: { name: 'Sam Whitfield', relationship: 'Partner', email: '', phone: '' },
  note: '',
  status: 'pending',
  createdBy,
  decisionNote: '',
});

/** Leo's absence tomorrow as his family reports it (issue 32). */
function leoReport(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const leo = fake.getDocument(facts.leo) ?? {};
  return {
    studentId: 'stu-00000',
    familyId: 'fam-0000',
    campusId: leo.campusId,
    classroomIds: leo.classroomIds,
    from: facts.today,
    to: facts.today,
    part: 'day',
    reason: 'ill',
    note: '',
    status: 'reported',
    createdBy: uid('parent'),
    reporterName: 'Grace Whitfield',
    ...overrides,
  };
}

/** A seeded reply to the museum trip (another family's, in the demo facilitator's class). */
function seededReply(): string {
  const reply = fake.listDocuments('eventReplies')[0];
  if (!reply) throw new Error('The seed has no event replies');
  return `eventReplies/${reply.id}`;
}

/** Grace's consent for Leo to go on the museum trip (issue 32). */
function leoConsent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const leo = fake.getDocument(facts.leo) ?? {};
  return {
    eventId: 'evt-museum',
    studentId: 'stu-00000',
    familyId: 'fam-0000',
    classroomIds: leo.classroomIds,
    kind: 'consent',
    answer: 'yes',
    wording: 'I give consent for Leo Whitfield to go on the museum trip.',
    guardianName: 'Grace Whitfield',
    repliedBy: uid('parent'),
    createdBy: uid('parent'),
    ...overrides,
  };
}

const CASES: Case[] = [
  // campuses, classrooms, subjects: staff RW, everyone else R.
  ...STAFF.flatMap((role): Case[] => [
    {
      role,
      collection: 'campuses',
      allowed: ['rename a campus', () => update('campuses/campus-north', { name: 'N' })],
      refused: ['touch an unknown collection', () => read('secrets/x')],
    },
    {
      role,
      collection: 'classrooms',
      allowed: [
        'create a classroom',
        () => create('classrooms/new', { name: 'New', campusId: 'campus-north' }),
      ],
      refused: ['write an unknown collection', () => create('secrets/x', {})],
    },
    {
      role,
      collection: 'subjects',
      allowed: ['delete a subject', () => remove('subjects/art')],
      refused: [
        'read a system document that is not collectionVersions',
        () => read('system/other'),
      ],
    },
  ]),
  ...(['facilitator', 'parent', 'student'] as Role[]).flatMap((role): Case[] => [
    {
      role,
      collection: 'campuses',
      allowed: ['read a campus', () => read('campuses/campus-north')],
      refused: ['rename a campus', () => update('campuses/campus-north', { name: 'N' })],
    },
    {
      role,
      collection: 'classrooms',
      allowed: ['read a classroom', () => read(`classrooms/${facts.otherClassroom}`)],
      refused: ['create a classroom', () => create('classrooms/new', { name: 'New' })],
    },
    {
      role,
      collection: 'subjects',
      allowed: ['read a subject', () => read('subjects/math')],
      refused: ['delete a subject', () => remove('subjects/art')],
    },
  ]),
  // students
  ...STAFF.map((role): Case => ({
    role,
    collection: 'students',
    allowed: ['withdraw any student', () => update(facts.otherStudent, { status: 'withdrawn' })],
    refused: [
      'create a student in an unknown collection path',
      () => create('students/s1/secret/x', {}),
    ],
  })),
  {
    role: 'facilitator',
    collection: 'students',
    allowed: ['read a student in their own classroom', () => read(facts.facStudent)],
    refused: ['read a student outside their classrooms', () => read(facts.otherStudent)],
  },
  {
    role: 'parent',
    collection: 'students',
    allowed: ['read their own child', () => read(facts.leo)],
    refused: ["read another family's student", () => read(facts.otherStudent)],
  },
  {
    role: 'student',
    collection: 'students',
    allowed: ['read their own record', () => read(facts.leo)],
    refused: ['read their sibling’s record', () => read('students/stu-00001')],
  },
  // families
  ...STAFF.map((role): Case => ({
    role,
    collection: 'families',
    allowed: ['edit a family’s notes', () => update('families/fam-0003', { notes: 'x' })],
    refused: ['write a family into an unknown path', () => create('families/f/x/y', {})],
  })),
  {
    role: 'facilitator',
    collection: 'families',
    allowed: ['read the family of a student they teach', () => read(facts.facFamily)],
    refused: ['edit that family', () => update(facts.facFamily, { notes: 'x' })],
  },
  {
    role: 'parent',
    collection: 'families',
    allowed: [
      'update their own family’s address',
      () => update('families/fam-0000', { address: '1 New Road' }),
    ],
    refused: ['change their family’s notes', () => update('families/fam-0000', { notes: 'x' })],
  },
  {
    role: 'student',
    collection: 'families',
    allowed: [
      'read a campus (families are closed to students)',
      () => read('campuses/campus-north'),
    ],
    refused: ['read their own family', () => read('families/fam-0000')],
  },
  // facilitators
  ...(['admin', 'superAdmin'] as Role[]).map((role): Case => ({
    role,
    collection: 'facilitators',
    allowed: [
      'deactivate a facilitator',
      () => update('facilitators/fac-001', { status: 'inactive' }),
    ],
    refused: ['write below a facilitator', () => create('facilitators/fac-001/x/y', {})],
  })),
  {
    role: 'administration',
    collection: 'facilitators',
    allowed: ['read a facilitator', () => read('facilitators/fac-001')],
    refused: [
      'deactivate a facilitator',
      () => update('facilitators/fac-001', { status: 'inactive' }),
    ],
  },
  {
    role: 'facilitator',
    collection: 'facilitators',
    allowed: ['edit their own bio', () => update('facilitators/fac-000', { bio: 'Hello' })],
    refused: [
      'move their own classrooms',
      () => update('facilitators/fac-000', { classroomIds: [] }),
    ],
  },
  {
    role: 'parent',
    collection: 'facilitators',
    allowed: ['read a facilitator of their children', () => read(facts.childFacilitator)],
    refused: [
      'read a facilitator who does not teach their children',
      () => read(facts.otherFacilitator),
    ],
  },
  {
    role: 'student',
    collection: 'facilitators',
    allowed: ['read their own facilitator', () => read(facts.childFacilitator)],
    refused: ['read another facilitator', () => read(facts.otherFacilitator)],
  },
  // Members
  {
    role: 'admin',
    collection: 'Members',
    allowed: [
      'edit another member’s name',
      () => update(`Members/${uid('parent')}`, { displayName: 'X' }),
    ],
    refused: [
      'grant admin to a member',
      () => update(`Members/${uid('parent')}`, { roles: ['parent', 'admin'] }),
    ],
  },
  {
    role: 'superAdmin',
    collection: 'Members',
    allowed: [
      'link a member to a family',
      () => update(`Members/${uid('parent')}`, { familyId: 'fam-0000' }),
    ],
    refused: [
      'grant admin directly (the setMemberRoles callable does)',
      () => update(`Members/${uid('parent')}`, { roles: ['parent', 'admin'] }),
    ],
  },
  {
    role: 'administration',
    collection: 'Members',
    allowed: ['read any member', () => read(`Members/${uid('parent')}`)],
    refused: [
      'edit another member',
      () => update(`Members/${uid('parent')}`, { displayName: 'X' }),
    ],
  },
  ...(['facilitator', 'parent', 'student'] as Role[]).map((role): Case => ({
    role,
    collection: 'Members',
    allowed: [
      'update their own preferences and lastUpdated',
      () =>
        update(`Members/${uid(role)}`, {
          preferences: { persistLogin: false },
          lastUpdated: new Date().toISOString(),
        }),
    ],
    refused: [
      'give themselves another role',
      () => update(`Members/${uid(role)}`, { roles: ['admin'] }),
    ],
  })),
  // attendance
  ...STAFF.map((role): Case => ({
    role,
    collection: 'attendance',
    allowed: ['correct any roll call', () => update(facts.otherAttendance, { entries: {} })],
    refused: ['write below a roll call', () => create(`${facts.otherAttendance}/x/y`, {})],
  })),
  {
    role: 'facilitator',
    collection: 'attendance',
    allowed: [
      'take today’s roll call in their own classroom',
      () =>
        create(`attendance/${facts.facClassroom}_${facts.today}`, {
          classroomId: facts.facClassroom,
          date: facts.today,
          entries: {},
        }),
    ],
    refused: [
      'take a roll call for a future date',
      () =>
        create(`attendance/${facts.facClassroom}_2999-01-01`, {
          classroomId: facts.facClassroom,
          date: '2999-01-01',
          entries: {},
        }),
    ],
  },
  {
    role: 'parent',
    collection: 'attendance',
    allowed: ['read their child’s classroom roll call', () => read(facts.childAttendance)],
    refused: ['read another classroom’s roll call', () => read(facts.otherAttendance)],
  },
  {
    role: 'student',
    collection: 'attendance',
    allowed: ['read their own classroom roll call', () => read(facts.childAttendance)],
    refused: ['edit their own roll call', () => update(facts.childAttendance, { entries: {} })],
  },
  // events
  ...STAFF.map((role): Case => ({
    role,
    collection: 'events',
    allowed: [
      'create a whole-school event',
      () =>
        create('events/new', {
          title: 'T',
          audience: ['parent'],
          classroomIds: [],
          audienceKeys: ['parent'],
        }),
    ],
    refused: ['write below an event', () => create('events/evt-000/x/y', {})],
  })),
  {
    role: 'facilitator',
    collection: 'events',
    allowed: [
      'create an event for their own classroom',
      () =>
        create('events/new', {
          title: 'T',
          audience: ['parent'],
          classroomIds: [facts.facClassroom],
          audienceKeys: [`parent@classroom:${facts.facClassroom}`],
        }),
    ],
    refused: [
      'create a whole-school event',
      () => create('events/new', { title: 'T', audience: ['parent'], classroomIds: [] }),
    ],
  },
  {
    role: 'parent',
    collection: 'events',
    allowed: ['read an event for parents of their campus', () => read('events/evt-004')],
    refused: ['read a staff-only event', () => read('events/evt-002')],
  },
  {
    role: 'student',
    collection: 'events',
    allowed: ['read an event for students of their campus', () => read('events/evt-004')],
    refused: ['read an event not meant for students', () => read('events/evt-000')],
  },
  // conversations
  {
    role: 'admin',
    collection: 'conversations',
    allowed: [
      'read a conversation they take part in',
      () => read('conversations/conv-staff-planning'),
    ],
    refused: [
      'read a parent’s conversation with a facilitator',
      () => read('conversations/conv-leo-progress'),
    ],
  },
  {
    role: 'superAdmin',
    collection: 'conversations',
    allowed: [
      'start a conversation with a parent',
      () => create('conversations/new', conversation([uid('superAdmin'), uid('parent')])),
    ],
    refused: [
      'read a conversation they are not in',
      () => read('conversations/conv-staff-planning'),
    ],
  },
  {
    role: 'administration',
    collection: 'conversations',
    allowed: ['read a conversation they take part in', () => read('conversations/conv-ivy-pickup')],
    refused: ['read a student’s conversation', () => read('conversations/conv-leo-homework')],
  },
  {
    role: 'facilitator',
    collection: 'conversations',
    allowed: ['read a conversation with a parent', () => read('conversations/conv-leo-progress')],
    refused: [
      'read the office’s conversation with a parent',
      () => read('conversations/conv-ivy-pickup'),
    ],
  },
  {
    role: 'parent',
    collection: 'conversations',
    allowed: [
      'start a conversation with a facilitator',
      () => create('conversations/new', conversation([uid('parent'), uid('facilitator')])),
    ],
    refused: [
      'start a conversation with a student',
      () => create('conversations/new', conversation([uid('parent'), uid('student')])),
    ],
  },
  {
    role: 'parent',
    collection: 'conversations',
    allowed: [
      'start a conversation with a facilitator',
      () => create('conversations/new', conversation([uid('parent'), uid('facilitator')])),
    ],
    // Participants' names are the trigger's to keep: a client could name anyone anything.
    refused: [
      'name the participants of a conversation they start',
      () =>
        create('conversations/new', {
          ...conversation([uid('parent'), uid('facilitator')]),
          participantNames: { [uid('facilitator')]: { name: 'The head', role: 'Office' } },
        }),
    ],
  },
  {
    role: 'student',
    collection: 'conversations',
    allowed: [
      'start a conversation with a facilitator',
      () => create('conversations/new', conversation([uid('student'), uid('facilitator')])),
    ],
    refused: [
      'start a conversation with the office',
      () => create('conversations/new', conversation([uid('student'), uid('administration')])),
    ],
  },
  // messages
  ...DEMO_ACCOUNTS.map(({ role }): Case => {
    const mine: Record<Role, string> = {
      admin: 'conv-staff-planning',
      superAdmin: 'conv-staff-planning',
      administration: 'conv-staff-planning',
      facilitator: 'conv-leo-progress',
      parent: 'conv-leo-progress',
      student: 'conv-leo-homework',
    };
    const theirs =
      role === 'student'
        ? 'conv-leo-progress'
        : role === 'facilitator'
          ? 'conv-ivy-pickup'
          : 'conv-leo-homework';
    return role === 'superAdmin'
      ? {
          role,
          collection: 'messages',
          allowed: ['read a campus (no conversations seeded)', () => read('campuses/campus-north')],
          refused: [
            'read a message of a conversation they are not in',
            () => read(`conversations/${mine[role]}/messages/msg-000`),
          ],
        }
      : {
          role,
          collection: 'messages',
          allowed: [
            'send a message in their conversation',
            () =>
              create(`conversations/${mine[role]}/messages/new`, {
                senderId: uid(role),
                body: 'Hi',
                sentAt: new Date().toISOString(),
                readBy: [],
              }),
          ],
          refused: [
            'read a message of a conversation they are not in',
            () => read(`conversations/${theirs}/messages/msg-000`),
          ],
        };
  }),
  // Notifications
  ...DEMO_ACCOUNTS.map(({ role }): Case => ({
    role,
    collection: 'Notifications',
    allowed: [
      'mark their own notification read',
      () => update(notificationOf(uid(role), true), { isNew: false }),
    ],
    refused: [
      'read another member’s notification',
      () => read(notificationOf(role === 'parent' ? uid('student') : uid('parent'))),
    ],
  })),
  // parentInquiries
  ...STAFF.map((role): Case => ({
    role,
    collection: 'parentInquiries',
    allowed: [
      'move an inquiry along the pipeline',
      () => update('parentInquiries/inq-005', { status: 'enrolled' }),
    ],
    refused: ['write below an inquiry', () => create('parentInquiries/inq-005/x/y', {})],
  })),
  {
    role: 'facilitator',
    collection: 'parentInquiries',
    allowed: ['read a subject (inquiries are closed to facilitators)', () => read('subjects/math')],
    refused: ['read an inquiry', () => read('parentInquiries/inq-005')],
  },
  {
    role: 'parent',
    collection: 'parentInquiries',
    allowed: [
      'submit their own inquiry',
      () =>
        create('parentInquiries/new', {
          parentName: 'G',
          childName: 'C',
          email: 'g@x',
          status: 'new',
          createdBy: uid('parent'),
        }),
    ],
    refused: ['read someone else’s inquiry', () => read('parentInquiries/inq-005')],
  },
  {
    role: 'student',
    collection: 'parentInquiries',
    allowed: ['read a subject (inquiries are closed to students)', () => read('subjects/math')],
    refused: [
      'submit an inquiry',
      () => create('parentInquiries/new', { status: 'new', createdBy: uid('student') }),
    ],
  },
  // resources
  ...STAFF.map((role): Case => ({
    role,
    collection: 'resources',
    allowed: ['delete any resource', () => remove('resources/res-010')],
    refused: ['write below a resource', () => create('resources/res-010/x/y', {})],
  })),
  {
    role: 'facilitator',
    collection: 'resources',
    allowed: ['edit a resource they created', () => update('resources/res-000', { title: 'T' })],
    refused: [
      'edit a resource the office created',
      () => update('resources/res-010', { title: 'T' }),
    ],
  },
  {
    role: 'parent',
    collection: 'resources',
    allowed: ['read a resource for parents', () => read('resources/res-000')],
    refused: ['read a facilitators-only resource', () => read('resources/res-003')],
  },
  {
    role: 'student',
    collection: 'resources',
    allowed: ['read a resource for students', () => read('resources/res-000')],
    refused: [
      'create a resource',
      () => create('resources/new', { title: 'T', createdBy: uid('student') }),
    ],
  },
  // system/collectionVersions
  ...(['admin', 'superAdmin'] as Role[]).map((role): Case => ({
    role,
    collection: 'collectionVersions',
    allowed: [
      'bump a collection version',
      () => update('system/collectionVersions', { lastUpdated: new Date().toISOString() }),
    ],
    refused: ['write another system document', () => create('system/other', {})],
  })),
  ...(['administration', 'facilitator', 'parent', 'student'] as Role[]).map((role): Case => ({
    role,
    collection: 'collectionVersions',
    allowed: ['read the collection versions', () => read('system/collectionVersions')],
    refused: [
      'bump a collection version',
      () => update('system/collectionVersions', { lastUpdated: new Date().toISOString() }),
    ],
  })),
  // auditLog: admins read it; nobody writes it but the backend's triggers.
  ...(['admin', 'superAdmin'] as Role[]).map((role): Case => ({
    role,
    collection: 'auditLog',
    allowed: ['read the audit trail', () => read('auditLog/seeded-entry')],
    refused: [
      'write an audit entry',
      () => create('auditLog/forged', { ...auditEntry, by: uid(role) }),
    ],
  })),
  ...(['administration', 'facilitator', 'parent', 'student'] as Role[]).map((role): Case => ({
    role,
    collection: 'auditLog',
    allowed: ['read another collection', () => read('campuses/campus-north')],
    refused: ['read the audit trail', () => read('auditLog/seeded-entry')],
  })),
  // guardianRequests: a parent asks about their own family; the office decides.
  ...STAFF.map((role): Case => ({
    role,
    collection: 'guardianRequests',
    allowed: [
      'approve a guardian request',
      () =>
        update('guardianRequests/seeded-request', {
          status: 'approved',
          decidedBy: uid(role),
          decidedAt: '2026-11-27T10:00:00.000Z',
        }),
    ],
    refused: [
      'change what the parent asked for',
      () => update('guardianRequests/seeded-request', { kind: 'remove' }),
    ],
  })),
  {
    role: 'parent',
    collection: 'guardianRequests',
    allowed: [
      'ask the office to add a guardian to their family',
      () => create('guardianRequests/new', guardianRequest(uid('parent'), 'fam-0000')),
    ],
    refused: [
      'approve their own request',
      () =>
        update('guardianRequests/seeded-request', {
          status: 'approved',
          decidedBy: uid('parent'),
        }),
    ],
  },
  ...(['facilitator', 'student'] as Role[]).map((role): Case => ({
    role,
    collection: 'guardianRequests',
    allowed: ['read another collection', () => read('campuses/campus-north')],
    refused: [
      'ask about a family',
      () => create('guardianRequests/new', guardianRequest(uid(role), 'fam-0000')),
    ],
  })),
  // absenceReports (issue 32): a family reports; the office answers; facilitators read their rooms'.
  ...STAFF.map((role): Case => ({
    role,
    collection: 'absenceReports',
    allowed: [
      'acknowledge a reported absence',
      () =>
        update(facts.otherReport, {
          status: 'acknowledged',
          acknowledgedBy: uid(role),
          acknowledgedAt: '2026-11-27T10:00:00.000Z',
        }),
    ],
    refused: [
      'change who reported it',
      () => update(facts.otherReport, { reporterName: 'Someone else' }),
    ],
  })),
  {
    role: 'facilitator',
    collection: 'absenceReports',
    allowed: ['read a report about a student they teach', () => read(facts.facReport)],
    refused: [
      'invent a family’s report',
      () =>
        create('absenceReports/forged', {
          ...leoReport(),
          createdBy: uid('facilitator'),
          reporterName: 'Daniel Mensah',
        }),
    ],
  },
  {
    role: 'parent',
    collection: 'absenceReports',
    allowed: ['report their child ill', () => create('absenceReports/leo-ill', leoReport())],
    refused: [
      'report another family’s child',
      () => {
        const other = fake.getDocument(facts.otherStudent) ?? {};
        return create('absenceReports/not-mine', {
          ...leoReport(),
          studentId: facts.otherStudent.split('/')[1],
          familyId: other.familyId,
          campusId: other.campusId,
          classroomIds: other.classroomIds,
        });
      },
    ],
  },
  {
    role: 'student',
    collection: 'absenceReports',
    allowed: ['read another collection', () => read('campuses/campus-north')],
    refused: ['read a reported absence', () => read(facts.otherReport)],
  },
  // eventReplies (issue 32): only a child's guardians reply, before the deadline; nobody invents one.
  ...STAFF.map((role): Case => ({
    role,
    collection: 'eventReplies',
    allowed: ['read a family’s consent', () => read(seededReply())],
    refused: [
      'give consent for a family',
      () => create('eventReplies/evt-museum_stu-00000', leoConsent({ repliedBy: uid(role) })),
    ],
  })),
  {
    role: 'facilitator',
    collection: 'eventReplies',
    allowed: ['read a reply of their class', () => read(seededReply())],
    refused: [
      'invent a parent’s consent',
      () =>
        create(
          'eventReplies/evt-museum_stu-00000',
          leoConsent({ repliedBy: uid('facilitator'), guardianName: 'Daniel Mensah' }),
        ),
    ],
  },
  {
    role: 'parent',
    collection: 'eventReplies',
    allowed: [
      'give consent for their child',
      () => create('eventReplies/evt-museum_stu-00000', leoConsent()),
    ],
    refused: [
      'reply for a child who is not theirs',
      () => {
        const other = fake.getDocument(seededReply()) ?? {};
        return create(`eventReplies/evt-museum_${String(other.studentId)}-again`, {
          ...other,
          repliedBy: uid('parent'),
          createdBy: uid('parent'),
          guardianName: 'Grace Whitfield',
        });
      },
    ],
  },
  {
    role: 'student',
    collection: 'eventReplies',
    allowed: ['read another collection', () => read('campuses/campus-north')],
    refused: ['read a reply', () => read(seededReply())],
  },
  // unregisteredSignins
  ...(['admin', 'superAdmin'] as Role[]).map((role): Case => ({
    role,
    collection: 'unregisteredSignins',
    allowed: [
      'read the unregistered sign-in log',
      () => read('unregisteredSignins/logged-attempt'),
    ],
    refused: [
      'write to the unregistered sign-in log',
      () => create('unregisteredSignins/new', { email: 'x' }),
    ],
  })),
  ...(['administration', 'facilitator', 'parent', 'student'] as Role[]).map((role): Case => ({
    role,
    collection: 'unregisteredSignins',
    allowed: ['read the collection versions instead', () => read('system/collectionVersions')],
    refused: [
      'read the unregistered sign-in log',
      () => read('unregisteredSignins/logged-attempt'),
    ],
  })),
  // devices (issue 31): each member registers and removes their own; nobody reads another's.
  ...DEMO_ACCOUNTS.map(({ role }): Case => ({
    role,
    collection: 'devices',
    allowed: [
      'register a device of their own',
      () => create(`Members/${uid(role)}/devices/new-device`, device(`demo:${role}`)),
    ],
    refused: [
      'read another member’s device',
      () => read(`Members/${uid(role === 'parent' ? 'student' : 'parent')}/devices/seeded-device`),
    ],
  })),
];

describe('the permission matrix', () => {
  it('keeps a member’s devices and reach preferences theirs alone (issue 31)', () => {
    const reach = {
      channels: { messages: ['push', 'email'] },
      quietHours: { start: '21:00', end: '07:00' },
      pausedUntil: null,
    };
    const own = (role: Role) => update(`Members/${uid(role)}`, { preferences: { reach } });
    expect(attempt('parent', own('parent'))).toBe(true);
    // An admin may edit another member's profile, but not how that member is reached.
    expect(attempt('admin', own('parent'))).toBe(false);
    expect(attempt('admin', update(`Members/${uid('parent')}`, { displayName: 'X' }))).toBe(true);
    const parentDevice = `Members/${uid('parent')}/devices/seeded-device`;
    expect(attempt('parent', read(parentDevice))).toBe(true);
    expect(attempt('parent', update(parentDevice, { lastSeen: '2026-11-28T10:00:00.000Z' }))).toBe(
      true,
    );
    expect(attempt('parent', remove(parentDevice))).toBe(true);
    for (const role of ['admin', 'administration', 'facilitator', 'student'] as Role[]) {
      expect(attempt(role, read(parentDevice)), role).toBe(false);
      expect(attempt(role, remove(parentDevice)), role).toBe(false);
      expect(
        attempt(role, create(`Members/${uid('parent')}/devices/planted`, device('x'))),
        role,
      ).toBe(false);
    }
  });

  it('gives no client any access to the server-only collections', () => {
    for (const collection of SERVER_ONLY_COLLECTIONS) {
      expect(collectionOfPath(`${collection}/any`)).toBeNull();
      for (const { role } of DEMO_ACCOUNTS) {
        expect(attempt(role, read(`${collection}/any`))).toBe(false);
        expect(attempt(role, create(`${collection}/any`, { to: ['x@example.org'] }))).toBe(false);
      }
    }
  });

  it('has a case for every role and collection', () => {
    for (const collection of PERMISSION_COLLECTIONS) {
      for (const { role } of DEMO_ACCOUNTS) {
        expect(
          CASES.some((c) => c.role === role && c.collection === collection),
          `${role} × ${collection}`,
        ).toBe(true);
      }
    }
  });

  for (const c of CASES) {
    it(`lets ${c.role} ${c.allowed[0]} (${c.collection})`, () => {
      expect(attempt(c.role, c.allowed[1]())).toBe(true);
    });
    it(`refuses to let ${c.role} ${c.refused[0]} (${c.collection})`, () => {
      expect(attempt(c.role, c.refused[1]())).toBe(false);
    });
  }

  it('lets a member delete a notification only after it has been read', () => {
    const fresh = notificationOf(uid('parent'), true);
    expect(attempt('parent', remove(fresh))).toBe(false);
    fake.setDocument(fresh, { ...fake.getDocument(fresh), isNew: false });
    expect(attempt('parent', remove(fresh))).toBe(true);
  });

  it('lets anyone who may write a collection delete a document that is not there, and no one else', () => {
    // An offline create and its delete merge into one delete before the create was ever sent.
    expect(attempt('admin', remove('students/never-created'))).toBe(true);
    expect(attempt('administration', remove('students/never-created'))).toBe(true);
    expect(attempt('facilitator', remove('attendance/never-created'))).toBe(true);
    expect(attempt('facilitator', remove('students/never-created'))).toBe(false);
    expect(attempt('parent', remove('students/never-created'))).toBe(false);
    expect(attempt('student', remove('campuses/never-created'))).toBe(false);
  });

  it('lets no client create notifications: only the functions do', () => {
    const data = {
      notificationUUID: 'n',
      memberUUID: uid('student'),
      isNew: true,
      status: 'active',
      date: new Date().toISOString(),
    };
    for (const { role } of DEMO_ACCOUNTS) {
      expect(attempt(role, create('Notifications/new', data))).toBe(false);
      expect(attempt(role, create('Notifications/mine', { ...data, memberUUID: uid(role) }))).toBe(
        false,
      );
    }
  });

  it('keeps Members roles, status and access links to the callables and triggers', () => {
    const parent = `Members/${uid('parent')}`;
    for (const role of ['admin', 'superAdmin'] as Role[]) {
      expect(attempt(role, update(parent, { displayName: 'Renamed' }))).toBe(true);
      expect(attempt(role, update(parent, { status: 'suspended' }))).toBe(false);
      expect(attempt(role, update(parent, { access: { familyIds: [] } }))).toBe(false);
      expect(attempt(role, remove(parent))).toBe(false);
      expect(
        attempt(role, create('Members/new-person', { memberUUID: 'new-person', email: 'n@x.org' })),
      ).toBe(false);
    }
  });

  it('fixes the participants and subject of a conversation once it exists', () => {
    const participantsOf = (data: Record<string, unknown>) =>
      Array.isArray(data.participantIds)
        ? data.participantIds.filter((id): id is string => typeof id === 'string')
        : [];
    const conversations = fake.listDocuments('conversations');
    const withParent = conversations.find((c) => participantsOf(c.data).includes(uid('parent')));
    const withOffice = conversations.find((c) => participantsOf(c.data).includes('office'));
    if (!withParent || !withOffice)
      throw new Error('no conversation with the parent or the office');
    const cases = [
      ['parent', withParent],
      ['admin', withOffice],
    ] as const;
    for (const [role, conversation] of cases) {
      const path = `conversations/${conversation.id}`;
      const ids = participantsOf(conversation.data);
      // Its subject is fixed too; a participant may only archive it, as themselves (issue 28).
      expect(attempt(role, update(path, { subject: 'Renamed' }))).toBe(false);
      expect(attempt(role, remove(path))).toBe(false);
      const archive = { archivedAt: '2026-11-27T10:00:00.000Z', archivedBy: uid(role) };
      expect(attempt(role, update(path, archive))).toBe(true);
      expect(attempt(role, update(path, { ...archive, archivedBy: uid('student') }))).toBe(false);
      expect(attempt(role, update(path, { participantIds: [...ids, uid('student')] }))).toBe(false);
      expect(attempt(role, update(path, { participantIds: ids.slice(0, 1) }))).toBe(false);
    }
  });

  it('reports the broadest access per collection for navigation', () => {
    expect(collectionAccess(['parent'], 'students')).toBe('read');
    expect(collectionAccess(['parent'], 'parentInquiries')).toBe('write');
    expect(collectionAccess(['student'], 'families')).toBe('none');
    expect(collectionAccess(['student', 'administration'], 'families')).toBe('write');
    expect(collectionAccess([], 'campuses')).toBe('none');
  });

  it('treats superAdmin exactly like admin in the matrix', () => {
    for (const collection of PERMISSION_COLLECTIONS) {
      expect(PERMISSION_MATRIX[collection].superAdmin).toEqual(PERMISSION_MATRIX[collection].admin);
    }
  });
});

describe('principalFromLists', () => {
  it('resolves a parent and a facilitator from the records a page already holds, as the backend would', () => {
    const lists = {
      families: [{ id: 'f1', guardians: [{ name: 'Grace', memberUUID: 'p1' }] }],
      students: [
        { id: 's1', familyId: 'f1', classroomIds: ['c1'] },
        { id: 's2', familyId: 'f2', classroomIds: ['c2'] },
      ],
      facilitators: [{ id: 'fac1', memberUUID: 't1', classroomIds: ['c2'] }],
    };
    const parent = principalFromLists(
      { uid: 'p1', email: null, roles: ['parent'] },
      lists,
      null,
      '2026-01-05',
    );
    expect(parent).toMatchObject({
      familyIds: ['f1'],
      childIds: ['s1'],
      childClassroomIds: ['c1'],
    });
    const facilitator = principalFromLists(
      { uid: 't1', email: null, roles: ['facilitator'] },
      lists,
      { facilitatorId: 'fac1' },
      '2026-01-05',
    );
    expect(facilitator).toMatchObject({ facilitatorId: 'fac1', classroomIds: ['c2'] });
  });
});
