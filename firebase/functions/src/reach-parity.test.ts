// @vitest-environment node
// Issue 31, one logic, two hosts: the same message reaches the same people the same way through
// the fake (mocks/triggers.ts: a commit's triggers, its push service writing `demoPushes`, its
// scheduled work) and through the Cloud Functions (firebase-functions-test on the in-memory
// firebase-admin, `admin.messaging()` stubbed at its edge): the same e-mail documents, the same
// pushes to the same tokens, the same held entry in quiet hours and the same release at their end,
// and the same device forgotten when the push service no longer knows its token.
import functionsTest from 'firebase-functions-test';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Slice } from '../../../mocks/slices';
import {
  commitChangeTriggersInSlices,
  scheduledWrites,
  setAppOrigin,
  UNREGISTERED_DEMO_TOKEN_PREFIX,
  type TriggerWrite,
} from '../../../mocks/triggers';
import { runScheduledReach } from './reach';
import { memory } from './testing/memory-admin';
import { contextOf, SCHOOL, SCHOOL_NOW } from './testing/school';
import * as fns from './index';
import type { DocData } from '../../../app/domain/permissions';

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
// FCM's edge: it no longer knows the tokens the fake treats as unregistered (`demo:invalid…`).
vi.mock('firebase-admin/messaging', () => ({
  getMessaging: () => ({
    sendEachForMulticast: (message: { tokens: string[]; data: Record<string, string> }) => {
      sent.calls.push({ tokens: message.tokens, data: message.data });
      const responses = message.tokens.map((token) =>
        token.startsWith('demo:invalid')
          ? { success: false, error: { code: 'messaging/registration-token-not-registered' } }
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

const ORIGIN = 'https://school.example';
process.env.APP_URL = ORIGIN;
const t = functionsTest();
afterAll(() => {
  t.cleanup();
  return new Promise((r) => setTimeout(r, 100));
});

beforeEach(() => {
  memory.db.reset();
  sent.calls = [];
  setAppOrigin(ORIGIN);
});

/** The office's admin, who chose push and e-mail for messages, with a live and a forgotten device. */
function schoolWith(reach: Record<string, unknown>): Record<string, DocData> {
  return {
    ...SCHOOL,
    'Members/adm': { ...SCHOOL['Members/adm'], preferences: { reach } },
    'Members/adm/devices/phone': { token: 'demo:phone', platform: 'Android' },
    'Members/adm/devices/old': {
      token: `${UNREGISTERED_DEMO_TOKEN_PREFIX}-old`,
      platform: 'Linux',
    },
  };
}

const MESSAGE_PATH = 'conversations/c1/messages/m1';
const MESSAGE = { senderId: 'ama', sentAt: SCHOOL_NOW, body: 'See you there' };

/** The fake's writes for the new message, as its commit runs them. */
async function viaFake(school: Record<string, DocData>, nowIso = SCHOOL_NOW) {
  const state = { ...school, [MESSAGE_PATH]: MESSAGE };
  return commitChangeTriggersInSlices(
    [{ path: MESSAGE_PATH, before: null, after: MESSAGE }],
    contextOf(state),
    nowIso,
    new Slice('parity', Infinity),
  );
}

/** The functions' run for the same message, on the same documents. */
async function viaFunctions(school: Record<string, DocData>) {
  memory.db.seed(school);
  memory.db.docs.set(MESSAGE_PATH, MESSAGE);
  await t.wrap(fns.onMessageCreated)({
    data: t.firestore.makeDocumentSnapshot(MESSAGE, MESSAGE_PATH),
    document: MESSAGE_PATH,
    time: SCHOOL_NOW,
  } as never);
}

const byPrefix = (writes: readonly TriggerWrite[], prefix: string) =>
  writes.filter((w) => w.path.startsWith(prefix) && !w.delete);

/** A push as both hosts hand it over: the tokens and the payload (FCM's data values are strings). */
function fakePushes(writes: readonly TriggerWrite[]) {
  return byPrefix(writes, 'demoPushes/').map((w) => {
    const payload = w.data.payload as Record<string, unknown>;
    return {
      tokens: w.data.tokens,
      data: Object.fromEntries(
        Object.entries({ ...payload, notificationId: w.data.notificationId }).map(([k, v]) => [
          k,
          String(v),
        ]),
      ),
    };
  });
}

/** Both hosts stamp what they store (the functions' applyWrites, the fake's store): stamps aside. */
const stampless = (data: unknown) =>
  JSON.parse(
    JSON.stringify(data, (k, v: unknown) =>
      k === 'createdAt' || k === 'updatedAt' ? undefined : v,
    ),
  ) as unknown;

describe('reaching people: the fake and the functions agree', () => {
  it('a message sends the same e-mail and the same push, and forgets the same dead device', async () => {
    const school = schoolWith({
      channels: { messages: ['push', 'email'] },
      quietHours: null,
      pausedUntil: null,
    });
    const fake = await viaFake(school);
    await viaFunctions(school);

    const fakeMail = byPrefix(fake, 'mail/');
    expect(fakeMail.map((w) => w.path)).toEqual(['mail/notice-msg-c1-m1-adm']);
    expect(stampless(memory.db.docs.get('mail/notice-msg-c1-m1-adm'))).toEqual(
      stampless(fakeMail[0]?.data),
    );
    expect(JSON.stringify(fakeMail[0]?.data)).toContain(`${ORIGIN}/dash/messages/c1`);

    const pushes = fakePushes(fake);
    expect(pushes).toHaveLength(1);
    // The functions offer FCM every device and delete the one it refuses; the fake's push
    // service refuses it at once. The live device gets the same push from both.
    expect(
      sent.calls.map((c) => ({ ...c, tokens: c.tokens.filter((x) => x === 'demo:phone') })),
    ).toEqual(pushes);
    expect(
      fake.filter((w) => w.delete && w.path.startsWith('Members/')).map((w) => w.path),
    ).toEqual(['Members/adm/devices/old']);
    expect(memory.db.docs.get('Members/adm/devices/old')).toBeUndefined();
    expect(memory.db.docs.get('Members/adm/devices/phone')).toBeDefined();
  });

  it('quiet hours hold the same entry in both, and both send it when they end', async () => {
    const school = schoolWith({
      channels: { messages: ['push'] },
      quietHours: { start: '00:00', end: '23:59' },
      pausedUntil: null,
    });
    const fake = await viaFake(school);
    await viaFunctions(school);
    expect(fakePushes(fake)).toEqual([]);
    expect(sent.calls).toEqual([]);
    const held = byPrefix(fake, 'pushQueue/');
    expect(held).toHaveLength(1);
    const path = held[0]?.path ?? '';
    expect(stampless(memory.db.docs.get(path))).toEqual(stampless(held[0]?.data));

    // At the end of quiet hours: the fake's scheduled work and the functions' job.
    const sendAt = String(held[0]?.data.sendAt);
    // The fake's state after its commit: the school, the message and every trigger write.
    const state: Record<string, DocData> = { ...school, [MESSAGE_PATH]: MESSAGE };
    for (const w of fake) {
      if (w.delete) delete state[w.path];
      else state[w.path] = w.data;
    }
    delete state['Members/adm/devices/old'];
    memory.db.docs.delete('Members/adm/devices/old');
    const released = scheduledWrites(contextOf(state), sendAt);
    await runScheduledReach(new Date(sendAt));
    expect(sent.calls).toEqual(fakePushes(released));
    expect(sent.calls).toHaveLength(1);
    expect(released.filter((w) => w.delete).map((w) => w.path)).toContain(path);
    expect(memory.db.docs.get(path)).toBeUndefined();
  });

  it('a paused person gets neither a push nor an e-mail from either', async () => {
    const school = schoolWith({
      channels: { messages: ['push', 'email'] },
      quietHours: null,
      pausedUntil: '2025-03-10T00:00:00.000Z',
    });
    const fake = await viaFake(school);
    await viaFunctions(school);
    expect(byPrefix(fake, 'mail/')).toEqual([]);
    expect(fakePushes(fake)).toEqual([]);
    expect(sent.calls).toEqual([]);
    expect([...memory.db.docs.keys()].filter((p) => p.startsWith('mail/'))).toEqual([]);
  });
});
