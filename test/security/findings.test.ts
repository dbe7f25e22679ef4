// The probe suite of issue 28 ("Safe with children's data"): every case of "What was found",
// replayed over HTTP against the fake's server mode as the attacker would (signed in as a demo role,
// the raw REST request), each beside its control (the allowed write that must still work). One
// `describe` per numbered finding; the contract the refusals follow is the field-level and identity
// rules of app/domain/permissions.ts, mocks/firestore.ts and the generated firestore.rules. Finding
// 9 (the demo server itself) is in demo-server.test.ts; finding 10 (a shared computer's cache) is
// the browser's and has no HTTP probe.
import { describe, expect, it } from 'vitest';
import { audienceKeysOf } from '../../app/domain/audience';
import {
  SERVER_TIME,
  callFunction,
  commit,
  create,
  createWrite,
  expectAllowed,
  expectDenied,
  expectRefused,
  getDocument,
  getObject,
  isoDay,
  merge,
  patch,
  remove,
  runQuery,
  signIn,
  signInAs,
  signInRequest,
  startFakeServerPerFile,
  startResumableUpload,
  stored,
  storedList,
  timestamp,
  uploadMultipart,
  type Session,
} from './http';

startFakeServerPerFile();

// ---- the demo school's people and places (mocks/seed.ts), looked up rather than assumed ----------

const PARENT = 'demo-parent';
const FACILITATOR = 'demo-facilitator';
const ADMIN = 'demo-admin';
const OFFICE = 'demo-administration';
const FAMILY = 'fam-0000';
const LEO = 'stu-00000';
/** The demo parent's conversation with the demo facilitator about Leo: the parent started it. */
const CONVERSATION = 'conv-leo-progress';
/** Another conversation of the demo parent's (with the office). */
const OTHER_CONVERSATION = 'conv-ivy-pickup';
/** A parent member of another family (fam-0001), not linked to the demo family. */
const OTHER_PARENT = 'parent-member-0001';

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The classrooms the demo facilitator (fac-000) teaches. */
function ownClassrooms(): string[] {
  const ids = strings(stored('facilitators/fac-000')?.classroomIds);
  expect(ids.length).toBeGreaterThan(0);
  return ids;
}

function ownClassroom(): string {
  return ownClassrooms()[0] ?? '';
}

/**
 * A classroom the demo facilitator does not teach and whose roll call for today is not taken yet
 * (the squatter's chance), and the e-mail of a facilitator who teaches it.
 */
function colleaguesClassroom(): { classroomId: string; teacherEmail: string } {
  const mine = ownClassrooms();
  for (const { id, data } of storedList('classrooms')) {
    if (mine.includes(id) || stored(`attendance/${id}_${isoDay()}`) !== null) continue;
    const teacher = strings(data.facilitatorIds)[0];
    const member = strings([stored(`facilitators/${teacher ?? ''}`)?.memberUUID])[0];
    const email = strings([stored(`Members/${member ?? ''}`)?.email])[0];
    if (email) return { classroomId: id, teacherEmail: email };
  }
  throw new Error('The demo seed has no classroom outside the demo facilitator’s');
}

function memberEmail(uid: string): string {
  const email = stored(`Members/${uid}`)?.email;
  if (typeof email !== 'string') throw new Error(`No Members/${uid}`);
  return email;
}

const message = (conversation: string, id: string) =>
  `conversations/${conversation}/messages/${id}`;

/** A new message as the app writes one (messages/writes.ts), from `sender`. */
function messageData(
  sender: string,
  conversation: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    conversationId: conversation,
    senderId: sender,
    body: 'Could we talk about Leo on Friday?',
    sentAt: new Date().toISOString(),
    readBy: [sender],
    ...extra,
  };
}

/** The demo parent sends a message in CONVERSATION (the control every message probe starts from). */
async function parentSends(parent: Session, id = 'msg-probe'): Promise<string> {
  const path = message(CONVERSATION, id);
  await expectAllowed(create(parent, path, messageData(PARENT, CONVERSATION)));
  return path;
}

function rollCall(classroomId: string, date: string, by: string): Record<string, unknown> {
  return {
    classroomId,
    date,
    entries: { [LEO]: { status: 'present', at: new Date().toISOString(), by } },
  };
}

function guardians(): Array<Record<string, unknown>> {
  const list = stored(`families/${FAMILY}`)?.guardians;
  if (!Array.isArray(list) || list.length < 2) {
    throw new Error('The demo family is expected to list two guardians');
  }
  return list.map((g: Record<string, unknown>) => ({ ...g }));
}

async function signInMember(uid: string): Promise<Session> {
  return signIn(memberEmail(uid));
}

// ---- 1 --------------------------------------------------------------------------------------------

describe('finding 1: a message’s sender cannot be changed after sending', () => {
  it('control: a participant sends a message as herself and edits its body', async () => {
    const parent = await signInAs('parent');
    const path = await parentSends(parent);
    await expectAllowed(patch(parent, path, { body: 'Could we talk on Thursday instead?' }));
    expect(stored(path)).toMatchObject({
      senderId: PARENT,
      body: 'Could we talk on Thursday instead?',
    });
  });

  it('refuses the sender rewriting senderId to the facilitator with a new body', async () => {
    const parent = await signInAs('parent');
    const path = await parentSends(parent);
    await expectDenied(
      patch(parent, path, { senderId: FACILITATOR, body: 'Leo is failing maths, sorry.' }),
    );
    expect(stored(path)).toMatchObject({
      senderId: PARENT,
      body: 'Could we talk about Leo on Friday?',
    });
  });

  it('refuses the sender rewriting sentAt or conversationId', async () => {
    const parent = await signInAs('parent');
    const path = await parentSends(parent);
    await expectDenied(patch(parent, path, { sentAt: '2020-01-01T08:00:00.000Z' }));
    await expectDenied(patch(parent, path, { conversationId: OTHER_CONVERSATION }));
    expect(stored(path)).toMatchObject({ conversationId: CONVERSATION });
    expect(stored(path)?.sentAt).not.toBe('2020-01-01T08:00:00.000Z');
  });

  it('refuses a message created in someone else’s name, and another participant editing it', async () => {
    const parent = await signInAs('parent');
    await expectDenied(
      create(parent, message(CONVERSATION, 'msg-forged'), messageData(FACILITATOR, CONVERSATION)),
    );
    expect(stored(message(CONVERSATION, 'msg-forged'))).toBeNull();
    const path = await parentSends(parent);
    const facilitator = await signInAs('facilitator');
    await expectDenied(patch(facilitator, path, { body: 'Edited by the teacher' }));
  });
});

// ---- 2 --------------------------------------------------------------------------------------------

describe('finding 2: a roll call cannot be squatted', () => {
  it('control: the facilitator writes her own classroom’s roll call for today', async () => {
    const facilitator = await signInAs('facilitator');
    const classroom = ownClassroom();
    const path = `attendance/${classroom}_${isoDay()}`;
    await expectAllowed(merge(facilitator, path, rollCall(classroom, isoDay(), FACILITATOR)));
    expect(stored(path)).toMatchObject({ classroomId: classroom, date: isoDay() });
  });

  it('refuses a roll call whose id names a colleague’s classroom, and the colleague still writes hers', async () => {
    const facilitator = await signInAs('facilitator');
    const { classroomId, teacherEmail } = colleaguesClassroom();
    const path = `attendance/${classroomId}_${isoDay()}`;
    const before = stored(path);
    await expectRefused(merge(facilitator, path, rollCall(ownClassroom(), isoDay(), FACILITATOR)));
    expect(stored(path)).toEqual(before);

    const colleague = await signIn(teacherEmail);
    await expectAllowed(merge(colleague, path, rollCall(classroomId, isoDay(), colleague.uid)));
    await expectAllowed(getDocument(colleague, path));
  });

  it('refuses a roll call whose id names another date, or is not classroomId_date at all', async () => {
    const facilitator = await signInAs('facilitator');
    const classroom = ownClassroom();
    const yesterday = `attendance/${classroom}_${isoDay(-1)}`;
    const before = stored(yesterday);
    await expectRefused(merge(facilitator, yesterday, rollCall(classroom, isoDay(), FACILITATOR)));
    expect(stored(yesterday)).toEqual(before);
    await expectRefused(
      merge(facilitator, 'attendance/roll-call-squat', rollCall(classroom, isoDay(), FACILITATOR)),
    );
    expect(stored('attendance/roll-call-squat')).toBeNull();
  });
});

// ---- 3 --------------------------------------------------------------------------------------------

describe('finding 3: a parent cannot change who is linked to their children', () => {
  it('control: a parent edits a guardian’s phone and e-mail, and the family address', async () => {
    const parent = await signInAs('parent');
    const edited = guardians();
    edited[1] = { ...edited[1], phone: '+91 90000 11111', email: 'anita@mail.example' };
    await expectAllowed(patch(parent, `families/${FAMILY}`, { guardians: edited }));
    await expectAllowed(patch(parent, `families/${FAMILY}`, { address: '2 Temple Lane' }));
    expect(stored(`families/${FAMILY}`)).toMatchObject({
      guardians: edited,
      address: '2 Temple Lane',
    });
  });

  it('refuses a parent adding another member as a guardian, who then still cannot read the children', async () => {
    const parent = await signInAs('parent');
    const before = guardians();
    const added = [
      ...before,
      {
        name: 'Manuel Schmidt',
        relationship: 'Partner',
        email: memberEmail(OTHER_PARENT),
        phone: '',
        memberUUID: OTHER_PARENT,
        isPrimary: false,
      },
    ];
    await expectDenied(patch(parent, `families/${FAMILY}`, { guardians: added }));
    expect(stored(`families/${FAMILY}`)?.guardians).toEqual(before);
    const other = await signInMember(OTHER_PARENT);
    await expectDenied(getDocument(other, `students/${LEO}`));
  });

  it('refuses a parent dropping the co-guardian', async () => {
    const parent = await signInAs('parent');
    const before = guardians();
    await expectDenied(patch(parent, `families/${FAMILY}`, { guardians: before.slice(0, 1) }));
    expect(stored(`families/${FAMILY}`)?.guardians).toEqual(before);
  });

  it('refuses a parent linking a guardian to another account, or changing a name, relationship or primary flag', async () => {
    const parent = await signInAs('parent');
    const before = guardians();
    const changes: Array<Record<string, unknown>> = [
      { memberUUID: OTHER_PARENT },
      { name: 'Someone Else' },
      { relationship: 'Aunt' },
      { isPrimary: true },
    ];
    for (const change of changes) {
      const edited = guardians();
      edited[1] = { ...edited[1], ...change };
      await expectDenied(patch(parent, `families/${FAMILY}`, { guardians: edited }));
    }
    const unlinked = guardians();
    const { memberUUID: _dropped, ...first } = unlinked[0] ?? {};
    unlinked[0] = first;
    await expectDenied(patch(parent, `families/${FAMILY}`, { guardians: unlinked }));
    expect(stored(`families/${FAMILY}`)?.guardians).toEqual(before);
  });

  it('a parent asks through a guardianRequests document (allowed) but cannot approve it (refused); the office can', async () => {
    const parent = await signInAs('parent');
    const request = {
      familyId: FAMILY,
      kind: 'add',
      guardian: {
        name: 'Manuel Schmidt',
        relationship: 'Partner',
        email: memberEmail(OTHER_PARENT),
        phone: '',
      },
      note: 'Please add my partner.',
      status: 'pending',
      createdBy: PARENT,
      decisionNote: '',
    };
    await expectAllowed(create(parent, 'guardianRequests/gr-probe', request));
    await expectDenied(
      patch(parent, 'guardianRequests/gr-probe', {
        status: 'approved',
        decidedBy: PARENT,
        decidedAt: new Date(),
      }),
    );
    expect(stored('guardianRequests/gr-probe')).toMatchObject({ status: 'pending' });
    await expectDenied(
      create(parent, 'guardianRequests/gr-self-approved', { ...request, status: 'approved' }),
    );
    await expectDenied(
      create(parent, 'guardianRequests/gr-other-family', { ...request, familyId: 'fam-0001' }),
    );
    await expectDenied(
      create(parent, 'guardianRequests/gr-other-author', { ...request, createdBy: OTHER_PARENT }),
    );

    const admin = await signInAs('admin');
    await expectAllowed(
      patch(admin, 'guardianRequests/gr-probe', {
        status: 'approved',
        decidedBy: ADMIN,
        decidedAt: new Date(),
      }),
    );
  });

  it('control: office staff write the approved link, and the new guardian then reads the children', async () => {
    const admin = await signInAs('admin');
    const linked = [
      ...guardians(),
      {
        name: 'Manuel Schmidt',
        relationship: 'Partner',
        email: memberEmail(OTHER_PARENT),
        phone: '',
        memberUUID: OTHER_PARENT,
        isPrimary: false,
      },
    ];
    await expectAllowed(patch(admin, `families/${FAMILY}`, { guardians: linked }));
    const other = await signInMember(OTHER_PARENT);
    await expectAllowed(getDocument(other, `students/${LEO}`));
  });
});

// ---- 4 --------------------------------------------------------------------------------------------

describe('finding 4: suspension bites at the next request, old ID token or not', () => {
  async function suspend(uid: string, status: 'suspended' | 'active'): Promise<void> {
    const admin = await signInAs('admin');
    await expectAllowed(callFunction(admin, 'setMemberStatus', { uid, status }));
  }

  it('refuses the suspended facilitator’s old token reading students and writing a roll call', async () => {
    const facilitator = await signInAs('facilitator');
    const classrooms = ownClassrooms();
    const classroom = ownClassroom();
    const path = `attendance/${classroom}_${isoDay()}`;
    // Control: the same requests with the same token while she is active.
    await expectAllowed(
      runQuery(facilitator, 'students', [['classroomIds', 'ARRAY_CONTAINS_ANY', classrooms]]),
    );
    await expectAllowed(merge(facilitator, path, rollCall(classroom, isoDay(), FACILITATOR)));

    await suspend(FACILITATOR, 'suspended');
    expect(stored(`Members/${FACILITATOR}`)).toMatchObject({ status: 'suspended' });
    // Signing in again already fails (the account is disabled); the old token is the hole.
    expect((await signInRequest(facilitator.email)).status).toBe(400);

    await expectDenied(
      runQuery(facilitator, 'students', [['classroomIds', 'ARRAY_CONTAINS_ANY', classrooms]]),
    );
    await expectDenied(getDocument(facilitator, `students/${LEO}`));
    await expectDenied(getDocument(facilitator, `Members/${FACILITATOR}`));
    const before = stored(path);
    await expectDenied(
      merge(facilitator, path, {
        ...rollCall(classroom, isoDay(), FACILITATOR),
        entries: { [LEO]: { status: 'absent', at: new Date().toISOString(), by: FACILITATOR } },
      }),
    );
    expect(stored(path)).toEqual(before);
  });

  it('control: reactivated, the same token works again', async () => {
    const facilitator = await signInAs('facilitator');
    await suspend(FACILITATOR, 'suspended');
    await suspend(FACILITATOR, 'active');
    await expectAllowed(
      runQuery(facilitator, 'students', [['classroomIds', 'ARRAY_CONTAINS_ANY', ownClassrooms()]]),
    );
  });
});

// ---- 5 --------------------------------------------------------------------------------------------

describe('finding 5: nobody rewrites a member’s identity fields, admins included', () => {
  it('control: an admin edits her own display name', async () => {
    const admin = await signInAs('admin');
    await expectAllowed(patch(admin, `Members/${ADMIN}`, { displayName: 'Amara O.' }));
    expect(stored(`Members/${ADMIN}`)).toMatchObject({ displayName: 'Amara O.' });
  });

  it('refuses an admin rewriting her own memberUUID or e-mail', async () => {
    const admin = await signInAs('admin');
    const before = stored(`Members/${ADMIN}`);
    await expectDenied(patch(admin, `Members/${ADMIN}`, { memberUUID: FACILITATOR }));
    await expectDenied(
      patch(admin, `Members/${ADMIN}`, { email: 'facilitator@demo-learning.example' }),
    );
    expect(stored(`Members/${ADMIN}`)).toEqual(before);
  });

  it('refuses an admin rewriting another member’s memberUUID, e-mail, roles, status or access', async () => {
    const admin = await signInAs('admin');
    const path = `Members/${PARENT}`;
    const before = stored(path);
    for (const change of [
      { memberUUID: ADMIN },
      { email: 'someone@mail.example' },
      { roles: ['admin'] },
      { status: 'suspended' },
      { access: { families: ['fam-0001'] } },
    ]) {
      await expectDenied(patch(admin, path, change));
    }
    expect(stored(path)).toEqual(before);
  });

  it('a member sets her outboxKey once (allowed); nobody changes it afterwards (refused)', async () => {
    const parent = await signInAs('parent');
    await expectAllowed(patch(parent, `Members/${PARENT}`, { outboxKey: 'key-one' }));
    await expectDenied(patch(parent, `Members/${PARENT}`, { outboxKey: 'key-two' }));
    const admin = await signInAs('admin');
    await expectDenied(patch(admin, `Members/${PARENT}`, { outboxKey: 'key-three' }));
    expect(stored(`Members/${PARENT}`)).toMatchObject({ outboxKey: 'key-one' });
  });
});

// ---- 6 --------------------------------------------------------------------------------------------

describe('finding 6: message, conversation, inquiry and event fields are not the writer’s to set', () => {
  it('refuses a message back-dated with a client createdAt; the server’s time is accepted', async () => {
    const parent = await signInAs('parent');
    const backDated = message(CONVERSATION, 'msg-back-dated');
    await expectDenied(
      create(
        parent,
        backDated,
        messageData(PARENT, CONVERSATION, { createdAt: timestamp('2020-01-01T08:00:00Z') }),
      ),
    );
    expect(stored(backDated)).toBeNull();
    await parentSends(parent, 'msg-on-time');
  });

  it('refuses a message created with readBy or readAt naming others', async () => {
    const parent = await signInAs('parent');
    const path = message(CONVERSATION, 'msg-pre-read');
    await expectDenied(
      create(parent, path, messageData(PARENT, CONVERSATION, { readBy: [PARENT, FACILITATOR] })),
    );
    await expectDenied(
      create(
        parent,
        path,
        messageData(PARENT, CONVERSATION, { readAt: { [FACILITATOR]: new Date().toISOString() } }),
      ),
    );
    expect(stored(path)).toBeNull();
  });

  it('refuses the sender adding others to readBy later; control: a reader adds only her own receipt', async () => {
    const parent = await signInAs('parent');
    const path = await parentSends(parent);
    await expectDenied(patch(parent, path, { readBy: [PARENT, FACILITATOR] }));
    const facilitator = await signInAs('facilitator');
    await expectAllowed(
      patch(
        facilitator,
        path,
        { readBy: [PARENT, FACILITATOR], readAt: { [FACILITATOR]: new Date().toISOString() } },
        ['readBy', `readAt.\`${FACILITATOR}\``],
      ),
    );
    expect(stored(path)?.readBy).toEqual([PARENT, FACILITATOR]);
  });

  it('refuses a message whose conversationId is not the conversation it is filed under', async () => {
    const parent = await signInAs('parent');
    const path = message(CONVERSATION, 'msg-misfiled');
    await expectDenied(create(parent, path, messageData(PARENT, OTHER_CONVERSATION)));
    expect(stored(path)).toBeNull();
  });

  it('refuses a participant rewriting a conversation’s subject, preview or last-message time', async () => {
    const parent = await signInAs('parent');
    const path = `conversations/${CONVERSATION}`;
    const before = stored(path);
    await expectDenied(patch(parent, path, { subject: 'Complaint withdrawn' }));
    await expectDenied(patch(parent, path, { lastMessagePreview: 'Nothing to see here' }));
    await expectDenied(patch(parent, path, { lastMessageAt: '2020-01-01T08:00:00.000Z' }));
    expect(stored(path)).toEqual(before);
  });

  it('refuses a conversation started in someone else’s name; control: started as herself', async () => {
    const parent = await signInAs('parent');
    const conversation = (id: string, createdBy: string) =>
      createWrite(
        `conversations/${id}`,
        {
          subject: 'Bus stop',
          participantIds: [PARENT, FACILITATOR],
          lastMessageAt: new Date().toISOString(),
          lastMessagePreview: 'Which stop is nearest?',
          createdBy,
        },
        PARENT,
      );
    const first = (id: string) =>
      createWrite(
        message(id, 'msg-000'),
        { ...messageData(PARENT, id), body: 'Which stop is nearest?' },
        PARENT,
      );
    await expectDenied(
      commit(parent, conversation('conv-forged', FACILITATOR), first('conv-forged')),
    );
    expect(stored('conversations/conv-forged')).toBeNull();
    await expectAllowed(commit(parent, conversation('conv-own', PARENT), first('conv-own')));
  });

  it('refuses a hard delete of a conversation a parent started, and of a message', async () => {
    const facilitator = await signInAs('facilitator');
    const messagesBefore = storedList(`conversations/${CONVERSATION}/messages`).length;
    await expectDenied(remove(facilitator, `conversations/${CONVERSATION}`));
    expect(stored(`conversations/${CONVERSATION}`)).not.toBeNull();
    const parent = await signInAs('parent');
    const path = await parentSends(parent);
    await expectDenied(remove(parent, path));
    expect(stored(path)).not.toBeNull();
    expect(storedList(`conversations/${CONVERSATION}/messages`)).toHaveLength(messagesBefore + 1);
  });

  it('control: a participant archives the conversation and the sender her message (who and when); office staff still read both', async () => {
    const facilitator = await signInAs('facilitator');
    await expectAllowed(
      patch(facilitator, `conversations/${CONVERSATION}`, {
        archivedAt: SERVER_TIME,
        archivedBy: FACILITATOR,
      }),
    );
    expect(stored(`conversations/${CONVERSATION}`)).toMatchObject({ archivedBy: FACILITATOR });
    const parent = await signInAs('parent');
    const path = await parentSends(parent);
    await expectAllowed(patch(parent, path, { archivedAt: SERVER_TIME, archivedBy: PARENT }));
    expect(stored(path)).toMatchObject({ archivedBy: PARENT });

    // The admin takes no part in this conversation: she reads it because it is archived.
    const admin = await signInAs('admin');
    await expectAllowed(getDocument(admin, `conversations/${CONVERSATION}`));
    await expectAllowed(runQuery(admin, 'messages', [], `conversations/${CONVERSATION}`));
  });

  it('refuses an archive in someone else’s name or with a client-chosen time', async () => {
    const facilitator = await signInAs('facilitator');
    const path = `conversations/${CONVERSATION}`;
    await expectDenied(patch(facilitator, path, { archivedAt: SERVER_TIME, archivedBy: PARENT }));
    await expectDenied(
      patch(facilitator, path, {
        archivedAt: '2020-01-01T08:00:00.000Z',
        archivedBy: FACILITATOR,
      }),
    );
    expect(stored(path)?.archivedBy).toBeUndefined();
  });

  it('control: a parent submits her own inquiry (status new, no history)', async () => {
    const parent = await signInAs('parent');
    await expectAllowed(create(parent, 'parentInquiries/inq-probe', inquiry()));
    expect(stored('parentInquiries/inq-probe')).toMatchObject({ status: 'new', createdBy: PARENT });
  });

  it('refuses a parent’s inquiry with a made-up history, assignedTo, familyId or studentId', async () => {
    const parent = await signInAs('parent');
    const forged: Array<Record<string, unknown>> = [
      {
        history: [
          { at: '2026-01-05T09:00:00.000Z', by: OFFICE, status: 'new', note: 'Promised a place' },
        ],
      },
      { assignedTo: OFFICE },
      { familyId: FAMILY },
      { studentId: LEO },
    ];
    for (const extra of forged) {
      await expectDenied(create(parent, 'parentInquiries/inq-forged', inquiry(extra)));
    }
    expect(stored('parentInquiries/inq-forged')).toBeNull();
  });

  it('staff append one history entry as themselves (allowed); rewriting an earlier one or signing as another is refused', async () => {
    const office = await signInAs('administration');
    const path = 'parentInquiries/inq-002';
    const history = stored(path)?.history;
    if (!Array.isArray(history) || history.length === 0) throw new Error('inq-002 has no history');
    const entry = (by: string) => ({
      at: new Date().toISOString(),
      by,
      from: 'tour scheduled',
      status: 'applied',
      note: 'Application received.',
    });
    const rewritten = history.map((h: Record<string, unknown>, i) =>
      i === 0 ? { ...h, note: 'Never asked' } : h,
    );
    await expectDenied(
      patch(office, path, { history: [...rewritten, entry(OFFICE)], status: 'applied' }),
    );
    await expectDenied(
      patch(office, path, { history: [...history, entry(ADMIN)], status: 'applied' }),
    );
    expect(stored(path)?.history).toEqual(history);
    await expectAllowed(
      patch(office, path, { history: [...history, entry(OFFICE)], status: 'applied' }),
    );
  });

  it('refuses an event or resource whose audienceKeys do not match its fields; control: the derived keys', async () => {
    const facilitator = await signInAs('facilitator');
    const classroom = ownClassroom();
    const fields = { audience: ['parent', 'student'], classroomIds: [classroom] };
    const event = (audienceKeys: string[]) => ({
      title: 'Class picnic',
      description: '',
      start: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      end: new Date(Date.now() + 7 * 86_400_000 + 3_600_000).toISOString(),
      allDay: false,
      location: 'The park',
      ...fields,
      audienceKeys,
      exdates: [],
      createdBy: FACILITATOR,
    });
    await expectRefused(create(facilitator, 'events/evt-probe-wide', event(['parent', 'student'])));
    expect(stored('events/evt-probe-wide')).toBeNull();
    await expectAllowed(create(facilitator, 'events/evt-probe', event(audienceKeysOf(fields))));

    await expectRefused(
      create(
        facilitator,
        'resources/res-probe-wide',
        resource({ ...fields, audienceKeys: ['parent'] }),
      ),
    );
    expect(stored('resources/res-probe-wide')).toBeNull();
  });
});

function inquiry(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    parentName: 'Grace Whitfield',
    email: 'parent@demo-learning.example',
    phone: '',
    childName: 'Rosa Whitfield',
    message: 'Is there a place for a third child?',
    status: 'new',
    createdBy: PARENT,
    ...extra,
  };
}

/** A link resource of the demo facilitator's, shared with parents of her first classroom. */
function resource(extra: Record<string, unknown> = {}): Record<string, unknown> {
  const fields = { audience: ['parent'], classroomIds: [ownClassroom()] };
  return {
    title: 'Reading list',
    description: '',
    kind: 'link',
    url: 'https://example.org/reading-list',
    ...fields,
    audienceKeys: audienceKeysOf(fields),
    createdBy: FACILITATOR,
    ...extra,
  };
}

// ---- 7 --------------------------------------------------------------------------------------------

describe('finding 7: updatedBy is the writer and updatedAt the server’s time', () => {
  it('control: an admin changes a student’s notes as herself, at the server’s time', async () => {
    const admin = await signInAs('admin');
    await expectAllowed(patch(admin, `students/${LEO}`, { notes: 'Collected by his aunt today.' }));
    expect(stored(`students/${LEO}`)).toMatchObject({ updatedBy: ADMIN });
  });

  it('refuses a write whose updatedBy names another member', async () => {
    const admin = await signInAs('admin');
    const before = stored(`students/${LEO}`);
    await expectDenied(patch(admin, `students/${LEO}`, { notes: 'Changed.', updatedBy: OFFICE }));
    expect(stored(`students/${LEO}`)).toEqual(before);
    const facilitator = await signInAs('facilitator');
    await expectDenied(
      create(facilitator, 'resources/res-probe-by', resource({ updatedBy: ADMIN })),
    );
  });

  it('refuses a write with a client-chosen updatedAt', async () => {
    const admin = await signInAs('admin');
    const before = stored(`students/${LEO}`);
    await expectDenied(
      patch(admin, `students/${LEO}`, {
        notes: 'Changed.',
        updatedAt: timestamp('2020-01-01T08:00:00Z'),
      }),
    );
    expect(stored(`students/${LEO}`)).toEqual(before);
  });

  it('control: two staff patching different fields of one student both keep their change, each signed by its writer', async () => {
    const office = await signInAs('administration');
    const admin = await signInAs('admin');
    await expectAllowed(patch(office, `students/${LEO}`, { notes: 'Allergy form received.' }));
    expect(stored(`students/${LEO}`)).toMatchObject({ updatedBy: OFFICE });
    await expectAllowed(patch(admin, `students/${LEO}`, { lastName: 'Whitfield-Okafor' }));
    expect(stored(`students/${LEO}`)).toMatchObject({
      notes: 'Allergy form received.',
      lastName: 'Whitfield-Okafor',
      updatedBy: ADMIN,
    });
  });
});

// ---- 8 --------------------------------------------------------------------------------------------

const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
  0x89,
]);
/** The first bytes of a Windows executable ("MZ" …). */
const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);

describe('finding 8: files and links are what they say', () => {
  it('control: a facilitator shares an https link', async () => {
    const facilitator = await signInAs('facilitator');
    await expectAllowed(create(facilitator, 'resources/res-probe', resource()));
  });

  it('refuses a javascript: or data: link, on create and on update', async () => {
    const facilitator = await signInAs('facilitator');
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      await expectRefused(create(facilitator, 'resources/res-probe-js', resource({ url })));
    }
    expect(stored('resources/res-probe-js')).toBeNull();
    await expectAllowed(create(facilitator, 'resources/res-probe', resource()));
    await expectRefused(patch(facilitator, 'resources/res-probe', { url: 'javascript:alert(1)' }));
    expect(stored('resources/res-probe')?.url).toBe('https://example.org/reading-list');
  });

  it('control: a facilitator uploads a PDF and a PNG declared as what they are', async () => {
    const facilitator = await signInAs('facilitator');
    await expectAllowed(
      uploadMultipart(facilitator, 'resources/res-upload/handout.pdf', PDF, 'application/pdf'),
    );
    await expectAllowed(
      uploadMultipart(facilitator, 'resources/res-upload/chart.png', PNG, 'image/png'),
    );
  });

  it('refuses a file declared image/png,text/html (multipart and resumable)', async () => {
    const facilitator = await signInAs('facilitator');
    const name = 'resources/res-upload/chart.png';
    const response = await uploadMultipart(facilitator, name, PNG, 'image/png,text/html');
    expect(response.status).toBe(403);
    const resumable = await startResumableUpload(
      facilitator,
      name,
      PNG.length,
      'image/png,text/html',
    );
    expect(resumable.status).toBe(403);
    const admin = await signInAs('admin');
    expect((await getObject(admin, name)).status).toBe(404);
  });

  it('refuses a .exe declared application/pdf', async () => {
    const facilitator = await signInAs('facilitator');
    const name = 'resources/res-upload/setup.exe';
    const response = await uploadMultipart(facilitator, name, EXE, 'application/pdf');
    expect(response.status).toBe(403);
    const resumable = await startResumableUpload(facilitator, name, EXE.length, 'application/pdf');
    expect(resumable.status).toBe(403);
    const admin = await signInAs('admin');
    expect((await getObject(admin, name)).status).toBe(404);
  });
});

// ---- the audit trail (what to build, 4) ------------------------------------------------------------

describe('audit trail: read by admins only, written by no client', () => {
  it('control: admins and super admins read the trail', async () => {
    await expectAllowed(runQuery(await signInAs('admin'), 'auditLog'));
    await expectAllowed(runQuery(await signInAs('superAdmin'), 'auditLog'));
  });

  it('refuses office staff, facilitators, parents and students reading it', async () => {
    for (const role of ['administration', 'facilitator', 'parent', 'student'] as const) {
      await expectDenied(runQuery(await signInAs(role), 'auditLog'));
    }
  });

  it('refuses any client writing or deleting an entry, admins included', async () => {
    const entry = {
      at: new Date().toISOString(),
      by: ADMIN,
      collection: 'students',
      docId: LEO,
      action: 'update',
      changes: [],
    };
    for (const role of [
      'admin',
      'superAdmin',
      'administration',
      'facilitator',
      'parent',
    ] as const) {
      await expectDenied(create(await signInAs(role), 'auditLog/forged', entry));
    }
    expect(stored('auditLog/forged')).toBeNull();
  });

  it('records a change to a student: who, which field, before and after', async () => {
    const admin = await signInAs('admin');
    const lastName = stored(`students/${LEO}`)?.lastName;
    await expectAllowed(patch(admin, `students/${LEO}`, { lastName: 'Whitfield-Okafor' }));
    const entries = storedList('auditLog').map((e) => e.data);
    expect(entries).toContainEqual(
      expect.objectContaining({
        by: ADMIN,
        collection: 'students',
        docId: LEO,
        changes: expect.arrayContaining([
          expect.objectContaining({
            field: 'lastName',
            before: lastName,
            after: 'Whitfield-Okafor',
          }),
        ]),
      }),
    );
    // The entry the trigger wrote cannot be erased by the admin it names.
    const entry = storedList('auditLog').find((e) => e.data.docId === LEO);
    expect(entry).toBeDefined();
    await expectDenied(remove(admin, `auditLog/${entry?.id ?? ''}`));
    expect(stored(`auditLog/${entry?.id ?? ''}`)).not.toBeNull();
  });
});

// ---- 11 -------------------------------------------------------------------------------------------

describe('finding 11: a roll call is dated on a real day, from 2000-01-01 up to today', () => {
  const BAD_DATES = ['2025-02-30', '1800-01-01', '1999-12-31'];

  it('control: the facilitator records yesterday’s roll call', async () => {
    const facilitator = await signInAs('facilitator');
    const classroom = ownClassroom();
    await expectAllowed(
      merge(
        facilitator,
        `attendance/${classroom}_${isoDay(-1)}`,
        rollCall(classroom, isoDay(-1), FACILITATOR),
      ),
    );
  });

  it('refuses a facilitator’s roll call dated 2025-02-30, 1800-01-01, 1999-12-31 or tomorrow', async () => {
    const facilitator = await signInAs('facilitator');
    const classroom = ownClassroom();
    for (const date of [...BAD_DATES, isoDay(1)]) {
      const path = `attendance/${classroom}_${date}`;
      await expectRefused(merge(facilitator, path, rollCall(classroom, date, FACILITATOR)));
      expect(stored(path), date).toBeNull();
    }
  });

  it('refuses the same dates from office staff; control: staff record 2000-01-01', async () => {
    const admin = await signInAs('admin');
    const classroom = ownClassroom();
    for (const date of [...BAD_DATES, isoDay(1)]) {
      const path = `attendance/${classroom}_${date}`;
      await expectRefused(merge(admin, path, rollCall(classroom, date, ADMIN)));
      expect(stored(path), date).toBeNull();
    }
    await expectAllowed(
      merge(admin, `attendance/${classroom}_2000-01-01`, rollCall(classroom, '2000-01-01', ADMIN)),
    );
  });
});
