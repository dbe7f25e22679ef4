// Issue 31's probes, over HTTP against the fake's server mode as an attacker would send them: a
// member's devices (push tokens) are theirs alone, `preferences.reach` must be the owner's and
// parse with reachPreferencesSchema, and the backend's collections (mail, pushQueue, digests,
// demoPushes) answer no client. Each refusal sits beside its control, the allowed write.
import { describe, expect, it } from 'vitest';
import { wallClockAt } from '../../app/domain/clock';
import { SERVER_ONLY_COLLECTIONS } from '../../app/domain/permissions';
import { reachZone } from '../../app/domain/server/reach';
import { fake } from '../../mocks/index';
import { createContext } from '../../mocks/principal';
import {
  create,
  expectAllowed,
  expectDenied,
  expectRefused,
  getDocument,
  merge,
  patch,
  remove,
  runQuery,
  signInAs,
  startFakeServerPerFile,
  stored,
} from './http';

startFakeServerPerFile();

const PARENT = 'demo-parent';
const FACILITATOR = 'demo-facilitator';

const device = (token: string) => ({
  token,
  platform: 'Chrome on Linux',
  lastSeen: '2026-11-28T09:00:00.000Z',
  createdAt: '2026-11-28T09:00:00.000Z',
});

const reach = (channels: Record<string, unknown>) => ({
  persistLogin: true,
  reach: { channels, quietHours: null, pausedUntil: null },
});

describe('a member’s devices', () => {
  it('refuses a parent writing, reading or deleting another member’s device', async () => {
    const parent = await signInAs('parent');
    fake.setDocument(`Members/${FACILITATOR}/devices/phone`, device('demo:phone'));
    await expectDenied(
      create(parent, `Members/${FACILITATOR}/devices/planted`, device('demo:attacker')),
    );
    expect(stored(`Members/${FACILITATOR}/devices/planted`)).toBeNull();
    await expectDenied(
      patch(parent, `Members/${FACILITATOR}/devices/phone`, { token: 'demo:stolen' }, ['token']),
    );
    await expectDenied(getDocument(parent, `Members/${FACILITATOR}/devices/phone`));
    await expectDenied(remove(parent, `Members/${FACILITATOR}/devices/phone`));
    expect(stored(`Members/${FACILITATOR}/devices/phone`)?.token).toBe('demo:phone');
    // Control: their own device is theirs to register, read and remove.
    await expectAllowed(create(parent, `Members/${PARENT}/devices/laptop`, device('demo:laptop')));
    await expectAllowed(getDocument(parent, `Members/${PARENT}/devices/laptop`));
    await expectAllowed(remove(parent, `Members/${PARENT}/devices/laptop`));
  });

  it('refuses a device without a token', async () => {
    const parent = await signInAs('parent');
    const { token: _token, ...tokenless } = device('demo:x');
    await expectRefused(create(parent, `Members/${PARENT}/devices/tokenless`, tokenless));
    expect(stored(`Members/${PARENT}/devices/tokenless`)).toBeNull();
  });
});

describe('preferences.reach', () => {
  it('refuses a parent’s reach preferences with an unknown channel', async () => {
    const parent = await signInAs('parent');
    await expectRefused(
      patch(parent, `Members/${PARENT}`, { preferences: reach({ messages: ['sms'] }) }, [
        'preferences',
      ]),
    );
    expect(stored(`Members/${PARENT}`)?.preferences).not.toHaveProperty('reach');
    // Control: known channels are saved.
    await expectAllowed(
      patch(parent, `Members/${PARENT}`, { preferences: reach({ messages: ['push', 'email'] }) }, [
        'preferences',
      ]),
    );
    expect(stored(`Members/${PARENT}`)?.preferences).toMatchObject({
      reach: { channels: { messages: ['push', 'email'] } },
    });
  });

  it('refuses an admin changing another member’s reach preferences', async () => {
    const admin = await signInAs('admin');
    const member = stored(`Members/${PARENT}`) ?? {};
    await expectRefused(
      patch(admin, `Members/${PARENT}`, { preferences: reach({ messages: [] }) }, ['preferences']),
    );
    expect(stored(`Members/${PARENT}`)?.preferences).toEqual(member.preferences);
  });
});

describe('the backend’s collections', () => {
  it('answer no client: anyone reading mail, or writing any of them, is refused', async () => {
    fake.setDocument('mail/seeded', {
      to: ['parent@example.org'],
      message: { subject: 'Secret', text: 'x', html: '<p>x</p>' },
      kind: 'notice',
      createdAt: '2026-11-28T09:00:00.000Z',
    });
    for (const role of ['admin', 'administration', 'facilitator', 'parent', 'student'] as const) {
      const session = await signInAs(role);
      await expectDenied(getDocument(session, 'mail/seeded'));
      await expectDenied(runQuery(session, 'mail', []));
      for (const collection of SERVER_ONLY_COLLECTIONS) {
        await expectDenied(create(session, `${collection}/planted-${role}`, { to: ['a@b.c'] }));
        expect(stored(`${collection}/planted-${role}`)).toBeNull();
      }
    }
  });
});

describe('the fake’s push service (mocks/triggers.ts)', () => {
  const CONVERSATION = 'conv-leo-progress';
  const reply = () => ({
    senderId: FACILITATOR,
    body: 'Leo read two chapters today',
    sentAt: new Date().toISOString(),
    conversationId: CONVERSATION,
    readBy: [FACILITATOR],
  });
  const pushesTo = (uid: string) =>
    fake.listDocuments('demoPushes').filter((d) => d.data.memberUUID === uid);

  it('records a reply’s push for the parent’s devices and deletes an unregistered one', async () => {
    fake.setDocument(`Members/${PARENT}/devices/phone`, device('demo:phone'));
    fake.setDocument(`Members/${PARENT}/devices/old`, device('demo:invalid-old'));
    const facilitator = await signInAs('facilitator');
    await expectAllowed(
      create(facilitator, `conversations/${CONVERSATION}/messages/push-1`, reply()),
    );
    const [push] = pushesTo(PARENT);
    expect(push?.data).toMatchObject({
      deviceIds: ['phone'],
      tokens: ['demo:phone'],
      notificationId: `msg-${CONVERSATION}-push-1-${PARENT}`,
      payload: {
        tag: `conversation:${CONVERSATION}`,
        link: `/dash/messages/${CONVERSATION}?notification=msg-${CONVERSATION}-push-1-${PARENT}`,
        body: 'Leo read two chapters today',
      },
    });
    expect(stored(`Members/${PARENT}/devices/old`)).toBeNull();
    expect(stored(`Members/${PARENT}/devices/phone`)).not.toBeNull();
  });

  it('holds a push during quiet hours and sends it when runScheduled passes their end', async () => {
    fake.setDocument(`Members/${PARENT}/devices/phone`, device('demo:phone'));
    const zone = reachZone(PARENT, createContext());
    const wall = wallClockAt(zone, new Date());
    const pad = (n: number) => String(n).padStart(2, '0');
    const quietHours = { start: `${pad(wall.hour)}:00`, end: `${pad((wall.hour + 2) % 24)}:00` };
    const parent = await signInAs('parent');
    await expectAllowed(
      merge(
        parent,
        `Members/${PARENT}`,
        {
          preferences: {
            persistLogin: true,
            reach: { channels: {}, quietHours, pausedUntil: null },
          },
        },
        ['preferences'],
      ),
    );
    const facilitator = await signInAs('facilitator');
    await expectAllowed(
      create(facilitator, `conversations/${CONVERSATION}/messages/quiet-1`, reply()),
    );
    expect(pushesTo(PARENT)).toEqual([]);
    const [held] = fake.listDocuments('pushQueue');
    expect(held?.data.memberUUID).toBe(PARENT);
    const end = new Date(String(held?.data.sendAt));
    expect(end.getTime()).toBeGreaterThan(Date.now());
    expect(end.getTime() - Date.now()).toBeLessThanOrEqual(2 * 60 * 60 * 1000);
    await fake.runScheduled(new Date(end.getTime() - 60_000).toISOString());
    expect(pushesTo(PARENT)).toEqual([]);
    await fake.runScheduled(end.toISOString());
    expect(pushesTo(PARENT)).toHaveLength(1);
    expect(fake.listDocuments('pushQueue')).toEqual([]);
  });
});
