// Messages and notifications against the fake Firebase, through app/backend and the real SDK:
// participants-only access (the office as a team), strict read receipts, the message trigger a
// Cloud Function does in production (mocks/triggers.ts), the legacy `descripton` field, and what a
// member may do to their own notifications.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OFFICE_PARTICIPANT, previewOf } from '~/domain/messages';
import { conversationSchema, messageSchema, notificationSchema } from '~/domain/records';
import { isStaff, type Role } from '~/domain/roles';
import { DEMO_PASSWORD, demoAccount } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import { allowConsoleErrors } from '../../test/console';
import { signInWithEmail, signOutUser } from './auth';
import {
  commitBatch,
  deleteDocument,
  getDocument,
  listDocuments,
  setDocument,
  updateDocument,
} from './documents';
import { watchNotifications, type Notification } from './notifications';
import { rejectionOf, signInAs } from './test-helpers';

const par = demoAccount('parent').uid;
const fac = demoAccount('facilitator').uid;
const stu = demoAccount('student').uid;
const adm = demoAccount('admin').uid;
const off = demoAccount('administration').uid;
const anyDoc = z.object({ id: z.string() }).passthrough();
const strings = z.array(z.string()).catch([]);

/** Signs in as a seeded member by memberUUID (every seeded account has the demo password). */
async function signInAsMember(memberUUID: string): Promise<void> {
  const email = z.string().parse(fake.getDocument(`Members/${memberUUID}`)?.email);
  await signOutUser();
  await signInWithEmail(email, DEMO_PASSWORD, { remember: false });
}

/** A seeded member of `role` who is not `except` (another parent, another facilitator). */
function anotherMember(role: Role, except: string): string {
  const found = fake
    .listDocuments('Members')
    .find((m) => m.id !== except && strings.parse(m.data.roles).includes(role));
  if (!found) throw new Error(`no other ${role}`);
  return found.id;
}

async function denied(promise: Promise<unknown>): Promise<void> {
  allowConsoleErrors();
  expect((await rejectionOf(promise)).code).toBe('permission-denied');
}

const messagesOf = (conversationId: string) => `conversations/${conversationId}/messages`;

function newMessage(senderId: string, body: string, sentAt = new Date().toISOString()) {
  return { senderId, body, sentAt, readBy: [senderId], readAt: {} };
}

function notificationsFor(memberUUID: string) {
  return fake.listDocuments('Notifications').filter((n) => n.data.memberUUID === memberUUID);
}

function messageNotifications(conversationId: string) {
  return fake
    .listDocuments('Notifications')
    .filter(
      (n) => n.data.actionItem === `conversations/${conversationId}` && n.id.startsWith('msg-'),
    );
}

/** Active office staff, as the trigger expands 'office'. */
function officeMembers(): string[] {
  return fake
    .listDocuments('Members')
    .filter((m) => m.data.status !== 'suspended')
    .filter((m) => isStaff(strings.parse(m.data.roles)))
    .map((m) => m.id)
    .sort();
}

afterEach(async () => {
  await signOutUser();
});

describe('participants-only access', () => {
  beforeAll(async () => {
    await fake.reset();
  });

  it('lets a participant read and list a conversation and its messages', async () => {
    await signInAs('parent');
    expect(
      await getDocument('conversations', 'conv-leo-progress', conversationSchema),
    ).toMatchObject({ subject: "Leo's maths progress" });
    const messages = await listDocuments(messagesOf('conv-leo-progress'), messageSchema, {
      all: true,
    });
    expect(messages).toHaveLength(3);
    const mine = await listDocuments('conversations', anyDoc, {
      filters: [{ field: 'participantIds', op: 'array-contains', value: par }],
      all: true,
    });
    expect(mine.map((c) => c.id)).toEqual(
      expect.arrayContaining(['conv-leo-progress', 'conv-ivy-pickup', 'conv-leo-trip']),
    );
  });

  it('refuses another parent the document, its messages and an unscoped list', async () => {
    await signInAsMember(anotherMember('parent', par));
    await denied(getDocument('conversations', 'conv-leo-progress', anyDoc));
    await denied(listDocuments(messagesOf('conv-leo-progress'), anyDoc, { all: true }));
    await denied(getDocument(messagesOf('conv-leo-progress'), 'msg-000', anyDoc));
    await denied(listDocuments('conversations', anyDoc, { all: true }));
  });

  it('refuses a facilitator who is not in the conversation', async () => {
    await signInAsMember(anotherMember('facilitator', fac));
    await denied(getDocument('conversations', 'conv-leo-progress', anyDoc));
    await denied(listDocuments(messagesOf('conv-leo-progress'), anyDoc, { all: true }));
  });

  it("lets office staff read the office's conversations, and no one else's", async () => {
    for (const role of ['administration', 'admin'] satisfies Role[]) {
      await signInAs(role);
      const uid = demoAccount(role).uid;
      expect(await getDocument('conversations', 'conv-leo-trip', anyDoc)).not.toBeNull();
      expect(await listDocuments(messagesOf('conv-leo-trip'), anyDoc, { all: true })).toHaveLength(
        2,
      );
      const theirs = await listDocuments('conversations', anyDoc, {
        filters: [
          { field: 'participantIds', op: 'array-contains-any', value: [uid, OFFICE_PARTICIPANT] },
        ],
        all: true,
      });
      expect(theirs.map((c) => c.id)).toContain('conv-leo-trip');
      await denied(getDocument('conversations', 'conv-leo-progress', anyDoc));
    }
    await signInAs('facilitator');
    await denied(getDocument('conversations', 'conv-leo-trip', anyDoc));
  });
});

describe('who may start a conversation and write a message', () => {
  beforeEach(async () => {
    await fake.reset();
  });

  const start = (id: string, participantIds: string[], sender: string) =>
    commitBatch([
      {
        type: 'set',
        collection: 'conversations',
        id,
        data: {
          subject: 'A question',
          participantIds,
          lastMessagePreview: 'Hello',
          createdBy: sender,
        },
      },
      {
        type: 'set',
        collection: messagesOf(id),
        id: 'm1',
        data: newMessage(sender, 'Hello'),
      },
    ]);

  it('lets a parent write to facilitators, staff and the office, but not to another parent', async () => {
    await signInAs('parent');
    await start('conv-p-fac', [par, fac], par);
    await start('conv-p-office', [par, OFFICE_PARTICIPANT], par);
    await start('conv-p-staff', [par, off], par);
    await denied(start('conv-p-parent', [par, anotherMember('parent', par)], par));
    await denied(start('conv-p-without-me', [fac, OFFICE_PARTICIPANT], par));
    expect(fake.getDocument('conversations/conv-p-office')).not.toBeNull();
  });

  it('lets a student write only to facilitators', async () => {
    await signInAs('student');
    await start('conv-s-fac', [stu, fac], stu);
    await denied(start('conv-s-office', [stu, OFFICE_PARTICIPANT], stu));
    await denied(start('conv-s-staff', [stu, off], stu));
  });

  it("refuses a message whose senderId is not the writer's, and one from a non-participant", async () => {
    await signInAs('parent');
    await denied(setDocument(messagesOf('conv-leo-progress'), 'forged', newMessage(fac, 'Hi')));
    await setDocument(messagesOf('conv-leo-progress'), 'own', newMessage(par, 'Hi'));
    await denied(setDocument(messagesOf('conv-leo-homework'), 'intruder', newMessage(par, 'Hi')));
  });

  it('lets an office member answer in a conversation with the office', async () => {
    await signInAs('administration');
    await setDocument(messagesOf('conv-leo-trip'), 'answer', newMessage(off, 'Sent home today.'));
    await denied(setDocument(messagesOf('conv-leo-trip'), 'as-office', newMessage('office', 'Hi')));
  });
});

describe('read receipts', () => {
  beforeEach(async () => {
    await fake.reset();
  });

  // msg-002 of conv-leo-progress: sent by the parent, not yet read by the facilitator.
  const receipt = (data: Record<string, unknown>) =>
    updateDocument(messagesOf('conv-leo-progress'), 'msg-002', data);
  const at = '2025-03-03T10:42:00.000Z';

  it('lets a reader add themselves to readBy and set their own readAt', async () => {
    await signInAs('facilitator');
    await receipt({ readBy: [par, fac], [`readAt.${fac}`]: at });
    expect(fake.getDocument(`${messagesOf('conv-leo-progress')}/msg-002`)).toMatchObject({
      readBy: [par, fac],
      readAt: { [fac]: at },
    });
  });

  it('refuses a reader anything else: others in readBy, removals, others’ times, the body, a delete', async () => {
    await signInAs('facilitator');
    await denied(receipt({ readBy: [par, fac, adm] }));
    await denied(receipt({ readBy: [fac] }));
    await denied(receipt({ [`readAt.${par}`]: at }));
    await denied(receipt({ body: 'Edited by someone else' }));
    await denied(deleteDocument(messagesOf('conv-leo-progress'), 'msg-002'));
  });

  it('lets the sender edit their own message', async () => {
    await signInAs('parent');
    await receipt({ body: 'Anything we can practise at home this week?' });
  });
});

describe('the message trigger', () => {
  beforeEach(async () => {
    await fake.reset();
  });

  it('notifies the other participant of a two-person conversation, never the sender', async () => {
    await signInAs('parent');
    const sentAt = new Date(Date.now() + 60_000).toISOString();
    await setDocument(messagesOf('conv-leo-progress'), 'm-new', {
      ...newMessage(par, 'Thank you!\nSee you on Friday.', sentAt),
    });
    const created = messageNotifications('conv-leo-progress');
    expect(created.map((n) => n.data.memberUUID)).toEqual([fac]);
    const notification = notificationSchema.parse({ id: created[0]?.id, ...created[0]?.data });
    expect(notification).toMatchObject({
      memberUUID: fac,
      action: 'message',
      actionItem: 'conversations/conv-leo-progress',
      description: `New message from ${demoAccount('parent').displayName}: Leo's maths progress`,
      status: 'active',
      isNew: true,
    });
    expect(fake.getDocument('conversations/conv-leo-progress')).toMatchObject({
      lastMessageAt: sentAt,
      lastMessagePreview: previewOf('Thank you!\nSee you on Friday.'),
    });
  });

  it('notifies every other participant of a three-person conversation', async () => {
    await signInAs('facilitator');
    await setDocument(
      messagesOf('conv-staff-planning'),
      'm-new',
      newMessage(fac, 'See you there.'),
    );
    const recipients = messageNotifications('conv-staff-planning').map((n) => n.data.memberUUID);
    expect(recipients.sort()).toEqual([adm, off].sort());
  });

  it("expands 'office' to every active office member, leaving out the sender", async () => {
    const office = officeMembers();
    expect(office).toEqual(expect.arrayContaining([adm, off]));
    await signInAs('parent');
    await setDocument(messagesOf('conv-leo-trip'), 'm-parent', newMessage(par, 'Thanks!'));
    expect(
      messageNotifications('conv-leo-trip')
        .map((n) => n.data.memberUUID)
        .sort(),
    ).toEqual(office);
    const suspended = fake.listDocuments('Members').find((m) => m.data.status === 'suspended');
    expect(office).not.toContain(suspended?.id);

    await signInAs('administration');
    await setDocument(messagesOf('conv-leo-trip'), 'm-office', newMessage(off, 'You are welcome.'));
    const forReply = messageNotifications('conv-leo-trip')
      .filter((n) => n.id.includes('-m-office-'))
      .map((n) => n.data.memberUUID)
      .sort();
    expect(forReply).toEqual([par, ...office.filter((id) => id !== off)].sort());
  });

  it('creates nothing twice when a create whose acknowledgement was lost is sent again', async () => {
    await signInAs('parent');
    const message = newMessage(par, 'Is the trip still on?');
    fake.faults.loseNextCommitAck();
    allowConsoleErrors();
    // As the app sends a message: a merging set, so the retry writes the same fields again.
    await rejectionOf(
      setDocument(messagesOf('conv-leo-progress'), 'm-retry', message, { merge: true }),
    );
    expect(messageNotifications('conv-leo-progress')).toHaveLength(1);
    // The facilitator reads it before the retry arrives; the retry must not make it new again.
    const [first] = messageNotifications('conv-leo-progress');
    fake.setDocument(`Notifications/${first?.id ?? ''}`, { ...first?.data, isNew: false });
    await setDocument(messagesOf('conv-leo-progress'), 'm-retry', message, { merge: true });
    const after = messageNotifications('conv-leo-progress');
    expect(after).toHaveLength(1);
    expect(after[0]?.data.isNew).toBe(false);
  });

  it('moves the last message time only forward', async () => {
    const before = fake.getDocument('conversations/conv-leo-progress');
    await signInAs('parent');
    await setDocument(
      messagesOf('conv-leo-progress'),
      'm-old',
      newMessage(par, 'Written long ago, sent late', '2000-01-01T00:00:00.000Z'),
    );
    expect(fake.getDocument('conversations/conv-leo-progress')).toMatchObject({
      lastMessageAt: before?.lastMessageAt,
      lastMessagePreview: before?.lastMessagePreview,
    });
    // It still notifies: the message is new to the facilitator.
    expect(messageNotifications('conv-leo-progress')).toHaveLength(1);
  });

  it("announces the trigger's writes on the fake's change feed", async () => {
    const paths: string[] = [];
    const stop = fake.onChange((event) => paths.push(event.path));
    try {
      await signInAs('parent');
      await setDocument(messagesOf('conv-leo-progress'), 'm-live', newMessage(par, 'Hello'));
    } finally {
      stop();
    }
    const [notification] = messageNotifications('conv-leo-progress');
    expect(paths).toEqual(
      expect.arrayContaining([
        `${messagesOf('conv-leo-progress')}/m-live`,
        `Notifications/${notification?.id ?? ''}`,
        'conversations/conv-leo-progress',
      ]),
    );
  });

  it('sends nothing for an edit of a message', async () => {
    await signInAs('parent');
    await updateDocument(messagesOf('conv-leo-progress'), 'msg-002', { body: 'Edited' });
    expect(messageNotifications('conv-leo-progress')).toHaveLength(0);
  });
});

describe('notifications of one member', () => {
  beforeEach(async () => {
    await fake.reset();
  });

  it('reads the legacy `descripton` field as `description`', async () => {
    const legacy = notificationsFor(par).find(
      (n) => typeof n.data.descripton === 'string' && n.data.description === undefined,
    );
    expect(legacy).toBeDefined();
    await signInAs('parent');
    const listed = await listDocuments('Notifications', notificationSchema, {
      filters: [{ field: 'memberUUID', op: '==', value: par }],
      all: true,
    });
    const read = listed.find((n) => n.id === legacy?.id);
    expect(read?.description).toBe(legacy?.data.descripton);

    if (legacy?.data.status !== 'active') return;
    const deliveries: Notification[][] = [];
    const stop = watchNotifications(par, (items) => deliveries.push(items));
    try {
      await expect.poll(() => deliveries.length).toBeGreaterThan(0);
    } finally {
      stop();
    }
    const watched = deliveries.at(-1)?.find((n) => n.id === legacy.id);
    expect(watched?.description).toBe(legacy.data.descripton);
  });

  it('deletes only read notifications, and only their own', async () => {
    await signInAs('parent');
    const own = notificationsFor(par);
    const ownNew = own.find((n) => n.data.isNew === true);
    const ownRead = own.find((n) => n.data.isNew === false);
    const othersRead = notificationsFor(fac).find((n) => n.data.isNew === false);
    if (!ownNew || !ownRead || !othersRead) throw new Error('the seed lacks a notification');
    await denied(deleteDocument('Notifications', ownNew.id));
    await deleteDocument('Notifications', ownRead.id);
    expect(fake.getDocument(`Notifications/${ownRead.id}`)).toBeNull();
    await denied(deleteDocument('Notifications', othersRead.id));
    expect(fake.getDocument(`Notifications/${othersRead.id}`)).not.toBeNull();
  });

  it('lets a member change only isNew of their own notifications', async () => {
    await signInAs('parent');
    const ownNew = notificationsFor(par).find((n) => n.data.isNew === true);
    const othersNew = notificationsFor(fac).find((n) => n.data.isNew === true);
    if (!ownNew || !othersNew) throw new Error('the seed lacks a notification');
    await denied(updateDocument('Notifications', ownNew.id, { description: 'Changed' }));
    await denied(updateDocument('Notifications', ownNew.id, { memberUUID: fac }));
    await denied(updateDocument('Notifications', ownNew.id, { isNew: false, status: 'archived' }));
    await denied(updateDocument('Notifications', othersNew.id, { isNew: false }));
    await updateDocument('Notifications', ownNew.id, { isNew: false });
    expect(fake.getDocument(`Notifications/${ownNew.id}`)).toMatchObject({ isNew: false });
  });
});
