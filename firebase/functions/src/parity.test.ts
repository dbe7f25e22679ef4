// @vitest-environment node
// One logic, two hosts: the same inputs through the fake (mocks/functions.ts over HTTP as the SDK
// calls it, mocks/triggers.ts) and through the Cloud Functions (offline, on the in-memory
// firebase-admin) give the same results, the same refusals and the same documents.
import functionsTest from 'firebase-functions-test';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PROJECT_ID } from '../../../app/config/demo';
import { latestSchoolDay } from '../../../app/domain/clock';
import { fake } from '../../../mocks/index';
import { encodeUnsignedJwt } from '../../../mocks/tokens';
import { commitChangeTriggers, commitTriggerWrites } from '../../../mocks/triggers';
import { memory } from './testing/memory-admin';
import { contextOf, INQUIRY, SCHOOL, SCHOOL_NOW, SCHOOL_USERS } from './testing/school';
import * as fns from './index';
import type { DocData } from '../../../app/domain/permissions';
import type { TriggerParts } from '../../../app/domain/server/triggers';

vi.mock('firebase-admin/app', () => ({ getApps: () => [{}], initializeApp: () => ({}) }));
vi.mock('firebase-admin/firestore', async () => {
  const m = await import('./testing/memory-admin');
  return { getFirestore: () => m.memory.db, FieldValue: m.FieldValue };
});
vi.mock('firebase-admin/auth', async () => {
  const m = await import('./testing/memory-admin');
  return { getAuth: () => m.memory.auth };
});

const t = functionsTest();
afterAll(() => {
  t.cleanup();
  return new Promise((r) => setTimeout(r, 100));
});

beforeEach(async () => {
  await fake.reset();
  for (const [path, data] of Object.entries(SCHOOL)) fake.setDocument(path, data);
  memory.db.reset();
  memory.auth.reset();
  memory.db.seed(SCHOOL);
  // The fake keeps its seeded campuses, whose zones decide the school day (an inquiry's daily
  // count, for one): the functions read the same ones.
  for (const { id, data } of fake.listDocuments('campuses')) {
    memory.db.seed({ [`campuses/${id}`]: data });
  }
  for (const u of SCHOOL_USERS) {
    memory.auth.users.set(u.uid, { uid: u.uid, email: u.email, disabled: false });
  }
});

// ---- callables ----------------------------------------------------------------------------------

type Answer = { ok: true; result: unknown } | { ok: false; code: string; message: string };

/** The fake's answer, called over HTTP exactly as the callable protocol does. */
async function viaFake(name: string, uid: string | null, data: unknown): Promise<Answer> {
  const user = SCHOOL_USERS.find((u) => u.uid === uid);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (user) {
    const token = encodeUnsignedJwt({
      sub: user.uid,
      exp: Math.floor(Date.now() / 1000) + 3600,
      email: user.email,
      roles: user.roles,
    });
    headers.authorization = `Bearer ${token}`;
  }
  const response = await fetch(
    `https://asia-south1-${DEMO_PROJECT_ID}.cloudfunctions.net/${name}`,
    { method: 'POST', headers, body: JSON.stringify({ data }) },
  );
  const body = (await response.json()) as {
    result?: unknown;
    error?: { status: string; message: string };
  };
  if (body.error) {
    return {
      ok: false,
      code: body.error.status.toLowerCase().replace(/_/g, '-'),
      message: body.error.message,
    };
  }
  return { ok: true, result: body.result };
}

/** The deployed function's answer, run through firebase-functions-test. */
async function viaFunctions(name: keyof typeof fns, uid: string | null, data: unknown) {
  const user = SCHOOL_USERS.find((u) => u.uid === uid);
  const request = {
    data,
    auth: user
      ? { uid: user.uid, token: { uid: user.uid, email: user.email, roles: user.roles } }
      : undefined,
    rawRequest: {},
    acceptsStreaming: false,
  };
  try {
    return { ok: true, result: await t.wrap(fns[name] as never)(request as never) } as Answer;
  } catch (error) {
    const e = error as { code: string; message: string };
    return { ok: false, code: e.code, message: e.message } as Answer;
  }
}

const TIMES = new Set(['updatedAt', 'createdAt', 'lastUpdated', 'at']);

/** A document without its timestamps and with the host's generated ids replaced. */
function comparable(data: DocData | null | undefined, ids: Record<string, string> = {}): unknown {
  if (!data) return null;
  const text = JSON.stringify(
    Object.fromEntries(Object.entries(data).filter(([k]) => !TIMES.has(k))),
  );
  return JSON.parse(
    Object.entries(ids).reduce((s, [id, as]) => s.split(id).join(as), text),
  ) as unknown;
}

const cases: Array<{ name: keyof typeof fns; uid: string | null; data: unknown; doc?: string }> = [
  { name: 'inviteMember', uid: 'desk', data: { email: 'x@mail.example', roles: ['parent'] } },
  { name: 'inviteMember', uid: 'adm', data: { email: 'x@mail.example', roles: ['admin'] } },
  { name: 'inviteMember', uid: 'adm', data: { email: 'nope', roles: ['parent'] } },
  { name: 'inviteMember', uid: null, data: { email: 'x@mail.example', roles: ['parent'] } },
  {
    name: 'setMemberRoles',
    uid: 'adm',
    data: { uid: 'ama', roles: ['parent', 'student'] },
    doc: 'Members/ama',
  },
  { name: 'setMemberRoles', uid: 'adm', data: { uid: 'desk', roles: ['admin'] } },
  {
    name: 'setMemberRoles',
    uid: 'boss',
    data: { uid: 'desk', roles: ['admin'] },
    doc: 'Members/desk',
  },
  { name: 'setMemberRoles', uid: 'desk', data: { uid: 'ama', roles: ['parent'] } },
  { name: 'setMemberRoles', uid: 'adm', data: { uid: 'nobody', roles: ['parent'] } },
  { name: 'setMemberRoles', uid: 'adm', data: { uid: 'ama', roles: 'parent' } },
  {
    name: 'setMemberStatus',
    uid: 'adm',
    data: { uid: 'ama', status: 'suspended' },
    doc: 'Members/ama',
  },
  { name: 'setMemberStatus', uid: 'adm', data: { uid: 'boss', status: 'suspended' } },
  { name: 'setMemberStatus', uid: 'adm', data: { uid: 'ama', status: 'away' } },
  { name: 'submitInquiry', uid: null, data: { ...INQUIRY, email: 'bad' } },
  { name: 'submitInquiry', uid: null, data: { ...INQUIRY, childName: ' ' } },
  { name: 'logUnregisterdSignin', uid: null, data: { email: 'a@b.example', providerData: [] } },
  {
    name: 'logUnregisterdSignin',
    uid: null,
    data: { email: 'a@b.example', providerData: [], expectedEmail: 'ama@mail.example' },
  },
  { name: 'logUnregisterdSignin', uid: null, data: { providerData: 7 } },
];

describe('callables: the fake and the functions agree', () => {
  it.each(cases)('$name by $uid with $data', async ({ name, uid, data, doc }) => {
    const fromFake = await viaFake(name, uid, data);
    const fromFunctions = await viaFunctions(name, uid, data);
    expect(fromFunctions).toEqual(fromFake);
    if (doc) expect(comparable(memory.db.docs.get(doc))).toEqual(comparable(fake.getDocument(doc)));
  });

  it('an invitation writes the same profile (ids aside)', async () => {
    const data = {
      email: 'new@mail.example',
      displayName: 'New',
      roles: ['parent'],
      familyId: 'f2',
    };
    const fromFake = await viaFake('inviteMember', 'adm', data);
    const fromFunctions = await viaFunctions('inviteMember', 'adm', data);
    if (!fromFake.ok || !fromFunctions.ok) throw new Error('An invitation was refused.');
    const fakeUid = (fromFake.result as { uid: string }).uid;
    const fnUid = (fromFunctions.result as { uid: string }).uid;
    expect(fromFunctions.result).toEqual({ uid: fnUid, email: 'new@mail.example' });
    expect(fromFake.result).toMatchObject({ uid: fakeUid, email: 'new@mail.example' });
    expect(comparable(memory.db.docs.get(`Members/${fnUid}`), { [fnUid]: 'UID' })).toEqual(
      comparable(fake.getDocument(`Members/${fakeUid}`), { [fakeUid]: 'UID' }),
    );
    // The same invitation e-mail, each with its own host's link (issue 31).
    const fnMail = [...memory.db.docs.entries()].find(([p]) => p.startsWith('mail/'))?.[1];
    const fakeMail = fake.listDocuments('mail').find((m) => m.data.memberUUID === fakeUid)?.data;
    const fnLink = memory.auth.resetLinks[0]?.link ?? 'none';
    const fakeText = (fakeMail?.message as { text?: string } | undefined)?.text ?? '';
    const fakeLink = /Set your password: (\S+)/.exec(fakeText)?.[1] ?? 'none';
    const escaped = (link: string) => link.replaceAll('&', '&amp;');
    expect(
      comparable(fnMail, { [escaped(fnLink)]: 'LINK', [fnLink]: 'LINK', [fnUid]: 'UID' }),
    ).toEqual(
      comparable(fakeMail, { [escaped(fakeLink)]: 'LINK', [fakeLink]: 'LINK', [fakeUid]: 'UID' }),
    );
    // And the address is now taken in both.
    expect(await viaFunctions('inviteMember', 'adm', data)).toEqual(
      await viaFake('inviteMember', 'adm', data),
    );
  });

  it('an inquiry writes the same record and the same count, and both refuse the fourth', async () => {
    // One clock for both hosts: the record's history is stamped with the submission time. At 19:30
    // UTC it is already the next day on the seeded campuses (Asia/Kolkata), which counts.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T19:30:00Z') });
    for (let i = 0; i < 3; i++) {
      const a = await viaFake('submitInquiry', null, INQUIRY);
      const b = await viaFunctions('submitInquiry', null, INQUIRY);
      if (!a.ok || !b.ok) throw new Error('An inquiry was refused.');
      const fakeId = (a.result as { id: string }).id;
      const fnId = (b.result as { id: string }).id;
      expect(comparable(memory.db.docs.get(`parentInquiries/${fnId}`))).toEqual(
        comparable(fake.getDocument(`parentInquiries/${fakeId}`)),
      );
    }
    // The day is the campuses' school day (Asia/Kolkata in the seed), not the UTC date: the same
    // key in both hosts, whatever the hour the test runs at.
    const day = latestSchoolDay(
      fake.listDocuments('campuses').map(({ id, data }) => ({
        id,
        timezone: typeof data.timezone === 'string' ? data.timezone : null,
      })),
      new Date(),
    );
    const key = `inquiryRateLimits/${day}_asha@mail.example`;
    expect(fake.getDocument(key)).toMatchObject({ count: 3, day });
    expect(comparable(memory.db.docs.get(key))).toEqual(comparable(fake.getDocument(key)));
    expect(await viaFunctions('submitInquiry', null, INQUIRY)).toEqual(
      await viaFake('submitInquiry', null, INQUIRY),
    );
    vi.useRealTimers();
  });
});

// ---- triggers -----------------------------------------------------------------------------------

/** What the functions committed, as the fake's trigger writes (stamps aside). */
function functionWrites() {
  return memory.db.commits.flat().map((op) => {
    const data = Object.fromEntries(
      Object.entries(op.data ?? {}).filter(([k]) => k !== 'createdAt' && k !== 'updatedAt'),
    );
    return { path: op.path, merge: op.kind === 'merge', data };
  });
}

const asFunctionWrites = (writes: Array<{ path: string; data: DocData; fields?: string[] }>) =>
  writes.map((w) => ({ path: w.path, merge: w.fields !== undefined, data: w.data }));

const snapshot = (data: DocData, path: string) => t.firestore.makeDocumentSnapshot(data, path);

const audited: TriggerParts = { audit: true };

const triggerCases: Array<{
  title: string;
  path: string;
  /** The document after the write; null: deleted. */
  after: DocData | null;
  /** The document before the write, when not the school's. */
  before?: DocData;
  created?: keyof typeof fns;
  written?: keyof typeof fns;
  /** The trigger parts the deployed function runs, beyond claims, access and versions. */
  parts?: TriggerParts;
  /** A Firebase Auth user's write: the event's auth context names them (the fake: the caller). */
  writer?: string;
  /** The audit entry both write (its action and writer). */
  audit?: { action: string; by: string };
}> = [
  {
    title: 'a message',
    path: 'conversations/c1/messages/m1',
    after: { senderId: 'ama', sentAt: '2025-03-03T10:00:00.000Z', body: 'Hello' },
    created: 'onMessageCreated',
  },
  {
    title: 'an event',
    path: 'events/e1',
    after: {
      title: 'Sports day',
      audience: ['parent', 'facilitator'],
      classroomIds: ['c1'],
      createdBy: 'adm',
    },
    created: 'onEventCreated',
  },
  {
    title: 'a resource',
    path: 'resources/r1',
    after: { title: 'Fractions', audience: ['student', 'admin'], createdBy: 'dan' },
    created: 'onResourceCreated',
  },
  {
    title: 'a student moving classroom',
    path: 'students/s1',
    after: { ...SCHOOL['students/s1'], classroomIds: ['c2'] },
    written: 'onStudentWritten',
    parts: audited,
  },
  {
    title: 'a student’s last name and medical notes changed by an admin (audited)',
    path: 'students/s1',
    after: {
      ...SCHOOL['students/s1'],
      lastName: 'Owusu-Admin',
      medicalNotes: 'Asthma',
      updatedBy: 'adm',
    },
    written: 'onStudentWritten',
    parts: audited,
    audit: { action: 'update', by: 'adm' },
  },
  {
    title: 'a student deleted by a signed-in admin (the auth context names them)',
    path: 'students/s1',
    after: null,
    written: 'onStudentWritten',
    parts: audited,
    writer: 'adm',
    audit: { action: 'delete', by: 'adm' },
  },
  {
    title: 'a member gaining a family',
    path: 'Members/desk',
    after: { ...SCHOOL['Members/desk'], roles: ['administration', 'parent'], familyId: 'f1' },
    written: 'onMemberWritten',
    parts: { ...audited, participantNames: true },
  },
  {
    title: 'a parent renamed on their profile, and so in their conversation',
    path: 'Members/ama',
    after: { ...SCHOOL['Members/ama'], displayName: 'Ama Owusu-Mensah', updatedBy: 'ama' },
    written: 'onMemberWritten',
    parts: { ...audited, participantNames: true },
    writer: 'ama',
    audit: { action: 'update', by: 'ama' },
  },
  {
    title: 'a guardian’s phone changed by the parent',
    path: 'families/f1',
    after: {
      ...SCHOOL['families/f1'],
      guardians: [{ memberUUID: 'ama', name: 'Ama Owusu', phone: '+233 20 000 0000' }],
      updatedBy: 'ama',
    },
    written: 'onFamilyWritten',
    parts: audited,
  },
  {
    title: 'a roll call marking a child late',
    path: 'attendance/c1_2025-03-03',
    before: {
      classroomId: 'c1',
      date: '2025-03-03',
      entries: { s1: { status: 'present', at: '2025-03-03T08:00:00.000Z', by: 'dan' } },
    },
    after: {
      classroomId: 'c1',
      date: '2025-03-03',
      entries: { s1: { status: 'late', note: 'Bus', at: '2025-03-03T09:00:00.000Z', by: 'dan' } },
      updatedBy: 'dan',
    },
    written: 'onAttendanceWritten',
    parts: audited,
  },
  {
    title: 'a conversation archived by a participant',
    path: 'conversations/c1',
    after: {
      ...SCHOOL['conversations/c1'],
      archivedAt: '2025-03-03T12:00:00.000Z',
      archivedBy: 'ama',
      updatedBy: 'ama',
    },
    written: 'onConversationWritten',
    // A conversation stored before names were kept gets them on its next write.
    parts: { ...audited, participantNames: true },
    audit: { action: 'archive', by: 'ama' },
  },
  {
    title: 'a conversation started by a parent is given its participants names',
    path: 'conversations/c2',
    after: {
      subject: 'A question',
      participantIds: ['ama', 'office'],
      createdBy: 'ama',
      lastMessagePreview: '',
      updatedBy: 'ama',
    },
    written: 'onConversationWritten',
    // Only archives are audited: a new conversation's one write is its names.
    parts: { participantNames: true },
  },
  {
    title: 'a guardian request approved by the office',
    path: 'guardianRequests/g1',
    before: {
      familyId: 'f1',
      kind: 'add',
      status: 'pending',
      note: 'My partner',
      createdBy: 'ama',
    },
    after: {
      familyId: 'f1',
      kind: 'add',
      status: 'approved',
      note: 'My partner',
      createdBy: 'ama',
      decidedBy: 'desk',
      updatedBy: 'desk',
    },
    written: 'onGuardianRequestWritten',
    parts: audited,
    audit: { action: 'update', by: 'desk' },
  },
  {
    title: 'a classroom gaining a facilitator',
    path: 'classrooms/c2',
    after: { ...SCHOOL['classrooms/c2'], facilitatorIds: ['fac1'] },
    written: 'onClassroomWritten',
  },
  {
    title: 'an event whose audienceKeys reach beyond its audience',
    path: 'events/e2',
    after: {
      title: 'Class trip',
      audience: ['parent'],
      classroomIds: ['c1'],
      createdBy: 'adm',
      audienceKeys: ['parent'],
    },
    written: 'onEventWritten',
    parts: { audienceKeys: true },
  },
  {
    title: 'a resource stored without audienceKeys',
    path: 'resources/r2',
    after: { title: 'Reading list', audience: ['student'], createdBy: 'dan' },
    written: 'onResourceWritten',
    parts: { audienceKeys: true },
  },
];

describe('triggers: the fake and the functions write the same documents', () => {
  it.each(triggerCases)('$title', async (c) => {
    const { path, after, created, written, parts, writer, audit } = c;
    const before = c.before ?? SCHOOL[path] ?? null;
    const state: Record<string, DocData> = { ...SCHOOL };
    if (after) state[path] = after;
    else delete state[path];
    const ctx = contextOf(state);
    const fromFake = created
      ? commitTriggerWrites([{ path, data: after ?? {} }], ctx, SCHOOL_NOW)
      : commitChangeTriggers(
          [{ path, before, after, ...(writer ? { writer } : {}) }],
          ctx,
          SCHOOL_NOW,
          { claims: true, access: true, versions: true, ...parts },
        ).filter((w) => !w.path.startsWith('Notifications/'));

    if (after) memory.db.docs.set(path, after);
    else memory.db.docs.delete(path);
    // A Firebase Auth user's write carries Firestore's auth context; a backend's, none.
    const auth = writer ? { authType: 'app_user', authId: writer } : {};
    if (created) {
      await t.wrap(fns[created] as never)({
        data: snapshot(after ?? {}, path),
        document: path,
        time: SCHOOL_NOW,
      } as never);
    } else if (written) {
      await t.wrap(fns[written] as never)({
        data: t.makeChange(snapshot(before ?? {}, path), snapshot(after ?? {}, path)),
        document: path,
        time: SCHOOL_NOW,
        ...auth,
      } as never);
    }
    expect(fromFake.length).toBeGreaterThan(0);
    expect(functionWrites()).toEqual(asFunctionWrites(fromFake));
    const entries = fromFake.filter((w) => w.path.startsWith('auditLog/'));
    expect(entries).toHaveLength(parts?.audit ? 1 : 0);
    if (audit) expect(entries[0]?.data).toMatchObject(audit);
  });
});
