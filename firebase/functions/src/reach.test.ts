// @vitest-environment node
// Issue 31 in the deployed functions, offline with firebase-functions-test against the in-memory
// firebase-admin (testing/memory-admin.ts) and `admin.messaging()` stubbed at its edge: a new
// message pushes to the recipient's devices through sendEachForMulticast, a token FCM reports as
// unregistered loses its device document, and a push held by quiet hours goes out with the
// scheduled job at their end.
import functionsTest from 'firebase-functions-test';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runScheduledReach } from './reach';
import { memory } from './testing/memory-admin';
import { SCHOOL, SCHOOL_NOW } from './testing/school';
import * as fns from './index';

const sent = vi.hoisted(() => ({
  calls: [] as Array<{ tokens: string[]; data: Record<string, string> }>,
}));

vi.mock('firebase-admin/app', () => ({ getApps: () => [{}], initializeApp: () => ({}) }));
vi.mock('firebase-admin/firestore', async () => {
  const m = await import('./testing/memory-admin');
  return { getFirestore: () => m.memory.db, FieldValue: m.FieldValue };
});
vi.mock('firebase-admin/auth', async () => {
  const m = await import('./testing/memory-admin');
  return { getAuth: () => m.memory.auth };
});
// FCM's edge: every token is accepted but those named `dead-…`, which FCM no longer knows.
vi.mock('firebase-admin/messaging', () => ({
  getMessaging: () => ({
    sendEachForMulticast: (message: { tokens: string[]; data: Record<string, string> }) => {
      sent.calls.push({ tokens: message.tokens, data: message.data });
      const responses = message.tokens.map((token) =>
        token.startsWith('dead-')
          ? {
              success: false,
              error: { code: 'messaging/registration-token-not-registered' },
            }
          : { success: true, messageId: `m-${token}` },
      );
      return Promise.resolve({
        responses,
        successCount: responses.filter((r) => r.success).length,
        failureCount: responses.filter((r) => !r.success).length,
      });
    },
  }),
}));

process.env.APP_URL = 'https://school.example';
const t = functionsTest();
afterAll(() => {
  t.cleanup();
  return new Promise((r) => setTimeout(r, 100));
});

beforeEach(() => {
  memory.db.reset();
  memory.db.seed(SCHOOL);
  sent.calls = [];
});

async function messageCreated(id: string, sentAt: string) {
  const path = `conversations/c1/messages/${id}`;
  const data = { senderId: 'ama', sentAt, body: 'See you there' };
  memory.db.docs.set(path, data);
  await t.wrap(fns.onMessageCreated)({
    data: t.firestore.makeDocumentSnapshot(data, path),
    document: path,
    time: sentAt,
  } as never);
}

describe('pushes from the functions', () => {
  it('sends a message’s push to every device and deletes the one FCM no longer knows', async () => {
    memory.db.docs.set('Members/adm/devices/phone', { token: 'live-phone', platform: 'Android' });
    memory.db.docs.set('Members/adm/devices/old', { token: 'dead-old', platform: 'Linux' });
    await messageCreated('m1', SCHOOL_NOW);
    expect(sent.calls).toEqual([
      {
        tokens: ['dead-old', 'live-phone'],
        data: expect.objectContaining({
          title: 'Ama Owusu',
          body: 'See you there',
          link: '/dash/messages/c1?notification=msg-c1-m1-adm',
          tag: 'conversation:c1',
          notificationId: 'msg-c1-m1-adm',
        }) as unknown,
      },
    ]);
    expect(memory.db.docs.get('Members/adm/devices/old')).toBeUndefined();
    expect(memory.db.docs.get('Members/adm/devices/phone')).toBeDefined();
    // The badge counts the recipient's own notifications: a query, not the whole collection.
    expect(memory.db.reads).toContain('Notifications where memberUUID == adm');
    expect(memory.db.reads).not.toContain('Notifications');
  });

  it('holds a push during quiet hours and the scheduled job sends it at their end', async () => {
    memory.db.docs.set('Members/adm/devices/phone', { token: 'live-phone', platform: 'Android' });
    const adm = memory.db.docs.get('Members/adm') ?? {};
    // Quiet from 00:00 to 23:59 in the campus’s zone: the message at SCHOOL_NOW falls inside.
    memory.db.docs.set('Members/adm', {
      ...adm,
      preferences: {
        reach: {
          channels: { messages: ['push', 'email'] },
          quietHours: { start: '00:00', end: '23:59' },
          pausedUntil: null,
        },
      },
    });
    await messageCreated('m2', SCHOOL_NOW);
    expect(sent.calls).toEqual([]);
    const queue = [...memory.db.docs.entries()].filter(([p]) => p.startsWith('pushQueue/'));
    expect(queue).toHaveLength(1);
    const sendAt = String(queue[0]?.[1].sendAt);
    // The e-mail is not held: it waits in the inbox, with the app's origin in its links.
    const mail = memory.db.docs.get('mail/notice-msg-c1-m2-adm');
    expect(JSON.stringify(mail)).toContain(
      'https://school.example/dash/messages/c1?notification=msg-c1-m2-adm',
    );
    await runScheduledReach(new Date(Date.parse(sendAt) - 60_000));
    expect(sent.calls).toEqual([]);
    await runScheduledReach(new Date(sendAt));
    expect(sent.calls).toHaveLength(1);
    expect(sent.calls[0]?.tokens).toEqual(['live-phone']);
    expect([...memory.db.docs.keys()].filter((p) => p.startsWith('pushQueue/'))).toEqual([]);
  });

  it('sends the evening digest to those who chose it, reading only them and their notices', async () => {
    const adm = memory.db.docs.get('Members/adm') ?? {};
    memory.db.docs.set('Members/adm', {
      ...adm,
      preferences: {
        reach: { channels: { events: ['digest'] }, quietHours: null, pausedUntil: null },
      },
    });
    memory.db.docs.set('Notifications/n-event', {
      memberUUID: 'adm',
      action: 'event',
      description: 'New event: Sports day',
      date: '2025-03-03T10:00:00.000Z',
      isNew: true,
    });
    // After 17:00 on the person's day (no campus in this school: UTC).
    await runScheduledReach(new Date('2025-03-03T17:05:00.000Z'));
    const mail = memory.db.docs.get('mail/digest-adm_2025-03-03');
    expect(JSON.stringify(mail)).toContain('New event: Sports day');
    expect(memory.db.docs.get('digests/adm_2025-03-03')).toMatchObject({ count: 1 });
    // Every minute, the job reads the members who chose a digest, not every member, and each
    // one's own notices and markers.
    expect(memory.db.reads).toContain(
      'Members where preferences.reach.channels.events array-contains digest',
    );
    expect(memory.db.reads).not.toContain('Members');
    expect(memory.db.reads).not.toContain('Notifications');
    expect(memory.db.reads).not.toContain('digests');
    // A second run the same evening sends nothing more.
    const mails = () => [...memory.db.docs.keys()].filter((p) => p.startsWith('mail/')).length;
    const before = mails();
    await runScheduledReach(new Date('2025-03-03T17:06:00.000Z'));
    expect(mails()).toBe(before);
  });
});
