// @vitest-environment node
// The deployed functions, run offline with firebase-functions-test: every callable (allowed,
// refused, invalid input) and every trigger, against an in-memory firebase-admin
// (testing/memory-admin.ts), so the real index.ts, adapters and shared decisions all run.
import functionsTest from 'firebase-functions-test';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memory } from './testing/memory-admin';
import { INQUIRY, SCHOOL, SCHOOL_NOW, SCHOOL_USERS } from './testing/school';
import * as fns from './index';

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

beforeEach(() => {
  memory.db.reset();
  memory.auth.reset();
  memory.db.seed(SCHOOL);
  for (const u of SCHOOL_USERS) {
    memory.auth.users.set(u.uid, {
      uid: u.uid,
      email: u.email,
      customClaims: { roles: u.roles },
      disabled: false,
    });
  }
});

/** A callable request as the SDK's verified ID token makes it (production claims: { roles }). */
function as(uid: string | null, data: unknown) {
  const user = SCHOOL_USERS.find((u) => u.uid === uid);
  return {
    data,
    auth: user
      ? { uid: user.uid, token: { uid: user.uid, email: user.email, roles: user.roles } }
      : undefined,
    rawRequest: {},
    acceptsStreaming: false,
  } as never;
}

/** The HttpsError code and message a call fails with. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { code: e.code ?? 'none', message: e.message ?? '' };
  }
  throw new Error('The call was not refused.');
}

const doc = (path: string) => memory.db.docs.get(path);

describe('logUnregisterdSignin', () => {
  const call = t.wrap(fns.logUnregisterdSignin);

  it('logs the attempt and answers the spec §7 warning', async () => {
    const payload = {
      email: 'stranger@mail.example',
      displayName: 'Stranger',
      photoURL: null,
      uid: 'g-1',
      providerData: [{ providerId: 'google.com' }],
      timestamp: SCHOOL_NOW,
    };
    await expect(call(as(null, payload))).resolves.toEqual({
      type: 'warning',
      message:
        'This account is not registered with the learning centre. The attempt has been logged.',
    });
    const logged = [...memory.db.docs.entries()].filter(([p]) =>
      p.startsWith('unregisteredSignins/'),
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]?.[1]).toMatchObject({ email: 'stranger@mail.example', expectedEmail: null });
    await expect(
      call(as(null, { ...payload, expectedEmail: 'ama@mail.example' })),
    ).resolves.toMatchObject({ message: 'Please sign in with the expected address' });
  });

  it('refuses a payload that is not a sign-in report', async () => {
    expect(await refusal(call(as(null, { providerData: 'no' })))).toEqual({
      code: 'invalid-argument',
      message: 'Invalid sign-in report.',
    });
  });
});

describe('inviteMember', () => {
  const call = t.wrap(fns.inviteMember);
  const invite = { email: 'new.parent@mail.example', displayName: 'New Parent', roles: ['parent'] };

  it('lets an admin invite: account, Members profile and claims { roles }', async () => {
    const result = await call(as('adm', { ...invite, familyId: 'f2' }));
    expect(result).toEqual({ uid: 'invited-1', email: 'new.parent@mail.example' });
    expect(memory.auth.users.get('invited-1')?.customClaims).toEqual({ roles: ['parent'] });
    expect(doc('Members/invited-1')).toMatchObject({
      memberUUID: 'invited-1',
      email: 'new.parent@mail.example',
      roles: ['parent'],
      status: 'active',
      familyId: 'f2',
      updatedBy: 'adm',
    });
  });

  it('refuses office staff, non-superAdmins granting admin, a taken address and bad input', async () => {
    expect(await refusal(call(as(null, invite)))).toMatchObject({ code: 'unauthenticated' });
    expect(await refusal(call(as('desk', invite)))).toEqual({
      code: 'permission-denied',
      message: 'Only admins may invite members.',
    });
    expect(await refusal(call(as('adm', { ...invite, roles: ['admin'] })))).toEqual({
      code: 'permission-denied',
      message: 'Only a superAdmin may grant admin or superAdmin.',
    });
    expect(await refusal(call(as('adm', { ...invite, email: 'AMA@mail.example' })))).toEqual({
      code: 'already-exists',
      message: 'An account with this e-mail already exists.',
    });
    expect(await refusal(call(as('adm', { ...invite, email: 'not-an-address' })))).toEqual({
      code: 'invalid-argument',
      message: 'Invalid invitation. email: Invalid email',
    });
    expect(await refusal(call(as('adm', { ...invite, roles: [] })))).toMatchObject({
      code: 'invalid-argument',
    });
    expect(memory.auth.users.size).toBe(SCHOOL_USERS.length);
  });

  it('lets a superAdmin invite an admin', async () => {
    await call(as('boss', { ...invite, roles: ['admin'] }));
    expect(memory.auth.users.get('invited-1')?.customClaims).toEqual({ roles: ['admin'] });
  });

  const mails = () => [...memory.db.docs.entries()].filter(([p]) => p.startsWith('mail/'));

  it('writes the invitation e-mail with the link from generatePasswordResetLink, and no password', async () => {
    vi.stubEnv('APP_URL', 'https://centre.example/');
    try {
      const result = await call(as('adm', invite));
      expect(result).not.toHaveProperty('temporaryPassword');
      expect(memory.auth.resetLinks).toEqual([
        {
          email: 'new.parent@mail.example',
          continueUrl: 'https://centre.example/login',
          link: expect.stringContaining('oobCode=code-1'),
        },
      ]);
      const link = memory.auth.resetLinks[0]?.link ?? '';
      const written = mails();
      expect(written).toHaveLength(1);
      const mail = written[0]?.[1] as {
        to: string[];
        kind: string;
        memberUUID: string;
        message: { subject: string; text: string; html: string };
      };
      expect(mail).toMatchObject({
        to: ['new.parent@mail.example'],
        kind: 'invitation',
        memberUUID: 'invited-1',
      });
      expect(mail.message.subject).toBe('You are invited to Learning Centre');
      expect(mail.message.text).toContain('Admin invited you to Learning Centre');
      expect(mail.message.text).toContain(link);
      expect(mail.message.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('sends again: a new link in a new e-mail, for admins only and only to a member', async () => {
    await call(as('adm', invite));
    const again = await call(as('adm', { resend: true, email: 'new.parent@mail.example' }));
    expect(again).toEqual({ uid: 'invited-1', email: 'new.parent@mail.example' });
    expect(memory.auth.resetLinks.map((l) => l.link)).toEqual([
      expect.stringContaining('oobCode=code-1'),
      expect.stringContaining('oobCode=code-2'),
    ]);
    expect(mails()).toHaveLength(2);
    expect(mails().some(([, m]) => JSON.stringify(m).includes('code-2'))).toBe(true);
    expect(
      await refusal(call(as('desk', { resend: true, email: 'new.parent@mail.example' }))),
    ).toEqual({ code: 'permission-denied', message: 'Only admins may invite members.' });
    expect(await refusal(call(as('adm', { resend: true, email: 'nobody@mail.example' })))).toEqual({
      code: 'not-found',
      message: 'No such member.',
    });
    expect(memory.auth.resetLinks).toHaveLength(2);
  });
});

describe('setMemberRoles', () => {
  const call = t.wrap(fns.setMemberRoles);

  it('lets an admin change non-admin roles, in the profile and the claims', async () => {
    await expect(
      call(as('adm', { uid: 'ama', roles: ['parent', 'facilitator'] })),
    ).resolves.toEqual({ uid: 'ama', roles: ['parent', 'facilitator'] });
    expect(doc('Members/ama')).toMatchObject({
      roles: ['parent', 'facilitator'],
      updatedBy: 'adm',
    });
    expect(doc('Members/ama')?.familyId).toBe('f1');
    expect(memory.auth.users.get('ama')?.customClaims).toEqual({
      roles: ['parent', 'facilitator'],
    });
  });

  it('keeps granting and removing admin to a superAdmin', async () => {
    expect(await refusal(call(as('adm', { uid: 'desk', roles: ['admin'] })))).toEqual({
      code: 'permission-denied',
      message: 'Only a superAdmin may grant or remove admin or superAdmin.',
    });
    expect(await refusal(call(as('adm', { uid: 'adm', roles: ['administration'] })))).toMatchObject(
      {
        code: 'permission-denied',
      },
    );
    await expect(call(as('boss', { uid: 'desk', roles: ['admin'] }))).resolves.toEqual({
      uid: 'desk',
      roles: ['admin'],
    });
    expect(memory.auth.users.get('desk')?.customClaims).toEqual({ roles: ['admin'] });
  });

  it('refuses non-admins, unknown members and bad input', async () => {
    expect(await refusal(call(as('desk', { uid: 'ama', roles: ['parent'] })))).toEqual({
      code: 'permission-denied',
      message: 'Only admins may change roles.',
    });
    expect(await refusal(call(as('adm', { uid: 'nobody', roles: ['parent'] })))).toEqual({
      code: 'not-found',
      message: 'No such member.',
    });
    expect(await refusal(call(as('adm', { uid: 'ama', roles: ['wizard'] })))).toEqual({
      code: 'invalid-argument',
      message: 'Invalid role change.',
    });
  });
});

describe('setMemberStatus', () => {
  const call = t.wrap(fns.setMemberStatus);

  it('suspends and reactivates: the profile status and the disabled account', async () => {
    await call(as('adm', { uid: 'ama', status: 'suspended' }));
    expect(doc('Members/ama')?.status).toBe('suspended');
    expect(memory.auth.users.get('ama')?.disabled).toBe(true);
    await call(as('adm', { uid: 'ama', status: 'active' }));
    expect(memory.auth.users.get('ama')?.disabled).toBe(false);
  });

  it('revokes the refresh tokens of a suspended member, not of a reactivated one', async () => {
    await call(as('adm', { uid: 'ama', status: 'suspended' }));
    expect(memory.auth.users.get('ama')?.revocations).toBe(1);
    await call(as('adm', { uid: 'ama', status: 'active' }));
    expect(memory.auth.users.get('ama')?.revocations).toBe(1);
  });

  it('refuses an admin suspending an admin, non-admins and bad input', async () => {
    expect(await refusal(call(as('adm', { uid: 'boss', status: 'suspended' })))).toEqual({
      code: 'permission-denied',
      message: 'Only a superAdmin may suspend an admin.',
    });
    expect(await refusal(call(as('dan', { uid: 'ama', status: 'suspended' })))).toMatchObject({
      code: 'permission-denied',
    });
    expect(await refusal(call(as('adm', { uid: 'ama', status: 'gone' })))).toEqual({
      code: 'invalid-argument',
      message: 'Invalid status change.',
    });
    await call(as('boss', { uid: 'adm', status: 'suspended' }));
    expect(memory.auth.users.get('adm')?.disabled).toBe(true);
  });
});

describe('submitInquiry', () => {
  const call = t.wrap(fns.submitInquiry);

  it('stores the inquiry and counts it; the fourth of a day from one address is refused', async () => {
    const first = (await call(as(null, INQUIRY))) as { id: string };
    expect(doc(`parentInquiries/${first.id}`)).toMatchObject({
      parentName: 'Asha Whitfield',
      email: 'asha@mail.example',
      status: 'new',
    });
    await call(as(null, INQUIRY));
    await call(as('ama', { ...INQUIRY, email: 'ASHA@mail.example' }));
    expect(await refusal(call(as(null, INQUIRY)))).toEqual({
      code: 'resource-exhausted',
      message:
        'Too many inquiries from this e-mail address today. Please try again tomorrow or call the office.',
    });
    const stored = [...memory.db.docs.entries()].filter(([p]) => p.startsWith('parentInquiries/'));
    expect(stored).toHaveLength(3);
    expect(stored.some(([, d]) => d.createdBy === 'ama')).toBe(true);
  });

  it('refuses a bad field with the form’s own message', async () => {
    expect(await refusal(call(as(null, { ...INQUIRY, childDateOfBirth: '2019-02-30' })))).toEqual({
      code: 'invalid-argument',
      message: 'childDateOfBirth: Use a date that exists.',
    });
  });
});

// ---- triggers -----------------------------------------------------------------------------------

const snapshot = (data: Record<string, unknown>, path: string) =>
  t.firestore.makeDocumentSnapshot(data, path);

/** Writes a document into the double (as the client's write would) and fires its trigger(s). */
async function written(
  path: string,
  data: Record<string, unknown> | null,
  fire: Array<(event: never) => unknown>,
) {
  const before = memory.db.docs.get(path) ?? {};
  if (data) memory.db.docs.set(path, data);
  else memory.db.docs.delete(path);
  const change = t.makeChange(snapshot(before, path), snapshot(data ?? {}, path));
  for (const wrapped of fire) {
    await wrapped({ data: change, document: path, time: SCHOOL_NOW } as never);
  }
}
async function created(path: string, data: Record<string, unknown>, fire: (e: never) => unknown) {
  memory.db.docs.set(path, data);
  await fire({ data: snapshot(data, path), document: path, time: SCHOOL_NOW } as never);
}

const notifications = () =>
  [...memory.db.docs.entries()]
    .filter(([p]) => p.startsWith('Notifications/'))
    .map(([p, d]) => ({ id: p.split('/')[1], to: d.memberUUID, description: d.description }))
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));

describe('notification triggers', () => {
  it('a message: one notification per recipient (the office expanded), and the last message', async () => {
    const message = { senderId: 'ama', sentAt: '2025-03-03T10:00:00.000Z', body: 'See you there' };
    await created('conversations/c1/messages/m1', message, t.wrap(fns.onMessageCreated));
    expect(notifications()).toEqual([
      { id: 'msg-c1-m1-adm', to: 'adm', description: 'New message from Ama Owusu: Trip' },
      { id: 'msg-c1-m1-boss', to: 'boss', description: 'New message from Ama Owusu: Trip' },
      { id: 'msg-c1-m1-desk', to: 'desk', description: 'New message from Ama Owusu: Trip' },
    ]);
    expect(doc('conversations/c1')).toMatchObject({
      lastMessageAt: '2025-03-03T10:00:00.000Z',
      lastMessagePreview: 'See you there',
      subject: 'Trip',
    });
    // Delivered again (at-least-once): nothing is written twice.
    const commits = memory.db.commits.length;
    await t.wrap(fns.onMessageCreated)({
      data: snapshot(message, 'conversations/c1/messages/m1'),
      document: 'conversations/c1/messages/m1',
      time: SCHOOL_NOW,
    } as never);
    expect(
      memory.db.commits
        .slice(commits)
        .flat()
        .map((w) => w.path),
    ).toEqual([]);
  });

  it('an event: everyone in its audience but the author', async () => {
    const event = {
      title: 'Sports day',
      audience: ['parent', 'facilitator'],
      classroomIds: ['c1'],
      createdBy: 'adm',
      start: '2025-03-10T09:00:00.000Z',
      end: '2025-03-10T12:00:00.000Z',
    };
    await created('events/e1', event, t.wrap(fns.onEventCreated));
    expect(notifications()).toEqual([
      { id: 'evt-e1-ama', to: 'ama', description: 'New event: Sports day' },
      { id: 'evt-e1-dan', to: 'dan', description: 'New event: Sports day' },
    ]);
  });

  it('a resource: its audience narrowed to a classroom', async () => {
    const resource = {
      title: 'Fractions',
      audience: ['student'],
      classroomIds: ['c1'],
      createdBy: 'dan',
    };
    await created('resources/r1', resource, t.wrap(fns.onResourceCreated));
    expect(notifications()).toEqual([
      { id: 'res-r1-sam', to: 'sam', description: 'New resource: Fractions' },
    ]);
  });
});

describe('write triggers', () => {
  it('Members roles → claims { roles }, and the member’s access links', async () => {
    await written(
      'Members/desk',
      { ...SCHOOL['Members/desk'], roles: ['administration', 'parent'], familyId: 'f2' },
      [t.wrap(fns.onMemberWritten)],
    );
    expect(memory.auth.users.get('desk')?.customClaims).toEqual({
      roles: ['administration', 'parent'],
    });
    expect(doc('Members/desk')?.access).toMatchObject({ familyIds: ['f2'], childIds: [] });
  });

  it('a student write bumps its collection version and recomputes the people it links', async () => {
    await written('students/s1', { ...SCHOOL['students/s1'], classroomIds: ['c1', 'c2'] }, [
      t.wrap(fns.onStudentWritten),
    ]);
    expect(doc('system/collectionVersions')).toMatchObject({
      collections: {
        students: { version: '1.0.1', updatedAt: new Date(SCHOOL_NOW) },
        // Other collections' entries are kept.
        members: { version: '1.2.3' },
      },
      lastUpdated: new Date(SCHOOL_NOW),
    });
    expect(doc('Members/ama')?.access).toMatchObject({
      familyIds: ['f1'],
      childIds: ['s1'],
      childClassroomIds: ['c1', 'c2'],
    });
    expect(doc('Members/sam')?.access).toMatchObject({
      studentId: 's1',
      classroomIds: ['c1', 'c2'],
    });
    expect(doc('Members/dan')?.access).toMatchObject({
      facilitatorId: 'fac1',
      classroomIds: ['c1'],
      studentFamilyIds: ['f1'],
    });
    // Unchanged links are not rewritten when the trigger runs again.
    const commits = memory.db.commits.length;
    await written('students/s1', doc('students/s1') ?? null, [t.wrap(fns.onStudentWritten)]);
    const paths = memory.db.commits
      .slice(commits)
      .flat()
      .map((w) => w.path);
    expect(paths).toEqual(['system/collectionVersions']);
  });

  it('a family gaining a guardian gives that parent the family', async () => {
    memory.db.docs.set('Members/efua', { memberUUID: 'efua', roles: ['parent'], status: 'active' });
    await written(
      'families/f1',
      { ...SCHOOL['families/f1'], guardians: [{ memberUUID: 'ama' }, { memberUUID: 'efua' }] },
      [t.wrap(fns.onFamilyWritten)],
    );
    expect(doc('Members/efua')?.access).toMatchObject({ familyIds: ['f1'], childIds: ['s1'] });
  });

  it('a classroom naming a facilitator and a facilitator record reach the facilitator', async () => {
    await written('classrooms/c2', { ...SCHOOL['classrooms/c2'], facilitatorIds: ['fac1'] }, [
      t.wrap(fns.onClassroomWritten),
    ]);
    expect(doc('Members/dan')?.access).toMatchObject({ classroomIds: ['c1', 'c2'] });
    await written('facilitators/fac1', { ...SCHOOL['facilitators/fac1'], campusId: 'river' }, [
      t.wrap(fns.onFacilitatorWritten),
    ]);
    expect(doc('Members/dan')?.access).toMatchObject({
      audienceKeys: expect.arrayContaining(['facilitator@campus:river']),
    });
  });

  it('a campus write bumps only the campuses version (no links depend on campuses)', async () => {
    const commits = memory.db.commits.length;
    await written('campuses/north', { name: 'North' }, [t.wrap(fns.onCampusWritten)]);
    expect(
      memory.db.commits
        .slice(commits)
        .flat()
        .map((w) => w.path),
    ).toEqual(['system/collectionVersions']);
    expect(doc('system/collectionVersions')).toMatchObject({
      collections: { campuses: { version: '1.0.1' }, students: { version: '1.0.0' } },
    });
  });
});

describe('audit trail', () => {
  const entries = () =>
    [...memory.db.docs.entries()].filter(([p]) => p.startsWith('auditLog/')).map(([, d]) => d);

  it('a signed-in admin’s edit is audited once, even when the event is delivered twice', async () => {
    const before = SCHOOL['students/s1'] ?? {};
    const after = { ...before, lastName: 'Owusu-Admin', medicalNotes: 'Asthma', updatedBy: 'adm' };
    memory.db.docs.set('students/s1', after);
    const event = {
      data: t.makeChange(snapshot(before, 'students/s1'), snapshot(after, 'students/s1')),
      document: 'students/s1',
      time: SCHOOL_NOW,
      authType: 'app_user',
      authId: 'adm',
    };
    await t.wrap(fns.onStudentWritten)(event as never);
    await t.wrap(fns.onStudentWritten)(event as never);
    expect(entries()).toEqual([
      expect.objectContaining({
        at: new Date(SCHOOL_NOW),
        by: 'adm',
        collection: 'students',
        docId: 's1',
        action: 'update',
        changes: [
          { field: 'lastName', before: null, after: 'Owusu-Admin' },
          { field: 'medicalNotes' },
        ],
        expireAt: new Date('2027-03-03T12:00:00.000Z'),
      }),
    ]);
  });

  it('a delete names the Firebase Auth user of the event, or no one it cannot know', async () => {
    await written('families/f2', null, [t.wrap(fns.onFamilyWritten)]);
    expect(entries()).toEqual([
      expect.objectContaining({ action: 'delete', by: 'unknown (deleted)', docId: 'f2' }),
    ]);
    const before = SCHOOL['students/s1'] ?? {};
    memory.db.docs.delete('students/s1');
    await t.wrap(fns.onStudentWritten)({
      data: t.makeChange(snapshot(before, 'students/s1'), snapshot({}, 'students/s1')),
      document: 'students/s1',
      time: SCHOOL_NOW,
      authType: 'app_user',
      authId: 'boss',
    } as never);
    expect(entries()).toContainEqual(
      expect.objectContaining({ action: 'delete', by: 'boss', docId: 's1' }),
    );
  });

  it('the triggers’ own writes (access links, last message) add no entry', async () => {
    await written('Members/ama', { ...SCHOOL['Members/ama'], access: { familyIds: ['f1'] } }, [
      t.wrap(fns.onMemberWritten),
    ]);
    await written(
      'conversations/c1',
      { ...SCHOOL['conversations/c1'], lastMessagePreview: 'New', lastMessageAt: SCHOOL_NOW },
      [t.wrap(fns.onConversationWritten)],
    );
    expect(entries()).toEqual([]);
  });
});

describe('audience keys', () => {
  const event = {
    title: 'Sports day',
    audience: ['parent'],
    classroomIds: ['c1'],
    createdBy: 'adm',
    start: '2025-03-10T09:00:00.000Z',
    end: '2025-03-10T12:00:00.000Z',
  };

  it('an event written with keys wider than its audience gets the derived keys, once', async () => {
    // A client (the rules cannot recompute the keys) widened a classroom event to every parent.
    await written('events/e1', { ...event, audienceKeys: ['parent'] }, [
      t.wrap(fns.onEventWritten),
    ]);
    expect(doc('events/e1')).toMatchObject({ ...event, audienceKeys: ['parent@classroom:c1'] });
    expect(doc('events/e1')?.updatedAt).toBeInstanceOf(Date);
    // The repair's own write event (and any repeated delivery) finds the keys right.
    const commits = memory.db.commits.length;
    await written('events/e1', doc('events/e1') ?? null, [t.wrap(fns.onEventWritten)]);
    expect(
      memory.db.commits
        .slice(commits)
        .flat()
        .map((w) => w.path),
    ).toEqual(['system/collectionVersions']);
  });

  it('a resource without keys gets them; right keys are left as they are', async () => {
    const resource = { title: 'Fractions', audience: ['student'], createdBy: 'dan' };
    await written('resources/r1', resource, [t.wrap(fns.onResourceWritten)]);
    expect(doc('resources/r1')?.audienceKeys).toEqual(['student']);
    const commits = memory.db.commits.length;
    const right = { ...resource, classroomIds: ['c2'], audienceKeys: ['student@classroom:c2'] };
    await written('resources/r1', right, [t.wrap(fns.onResourceWritten)]);
    expect(
      memory.db.commits
        .slice(commits)
        .flat()
        .map((w) => w.path),
    ).toEqual(['system/collectionVersions']);
  });

  it('other collections’ triggers do not touch a field named audienceKeys', async () => {
    await written('students/s1', { ...SCHOOL['students/s1'], audienceKeys: ['parent'] }, [
      t.wrap(fns.onStudentWritten),
    ]);
    expect(doc('students/s1')?.audienceKeys).toEqual(['parent']);
  });
});
