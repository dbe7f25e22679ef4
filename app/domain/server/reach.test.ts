// The server's reach decisions (issue 31): from a trigger run's notifications, pushes now, pushes
// held by quiet hours (released at their end, collapsed per conversation), e-mails, and the
// evening digest, each for the preferences the recipient chose. A small school in Tokyo (UTC+9).
import { describe, expect, it } from 'vitest';
import type { DocData } from '~/domain/permissions';
import type { ReachPreferences } from '~/domain/reach';
import { isDelete, type ServerWrite } from './outcome';
import { dailyDigests, releaseHeldPushes } from './reach';
import { applyWrites, contextOf as worldContext } from './test-world';
import { changeTriggers } from './triggers';

const HOST = { appOrigin: 'https://school.example' };

function world(parentReach: Partial<ReachPreferences> | null): Map<string, DocData> {
  const docs = new Map<string, DocData>();
  docs.set('campuses/tokyo', { name: 'Tokyo', timezone: 'Asia/Tokyo' });
  docs.set('classrooms/c1', { name: 'Room 1', campusId: 'tokyo' });
  docs.set('families/fam', { guardians: [{ memberUUID: 'parent', name: 'Pat' }] });
  docs.set('students/kid', { familyId: 'fam', classroomIds: ['c1'], campusId: 'tokyo' });
  docs.set('Members/parent', {
    memberUUID: 'parent',
    email: 'pat@example.org',
    displayName: 'Pat Parent',
    roles: ['parent'],
    status: 'active',
    preferences: parentReach
      ? {
          persistLogin: true,
          reach: { channels: {}, quietHours: null, pausedUntil: null, ...parentReach },
        }
      : { persistLogin: true },
  });
  docs.set('Members/fac', {
    memberUUID: 'fac',
    email: 'daniel@example.org',
    displayName: 'Daniel Mensah',
    roles: ['facilitator'],
    status: 'active',
  });
  docs.set('Members/parent/devices/phone', { token: 'demo:phone', platform: 'Android' });
  docs.set('Members/parent/devices/laptop', { token: 'demo:laptop', platform: 'Linux' });
  docs.set('conversations/conv', {
    participantIds: ['parent', 'fac'],
    subject: 'Leo’s reading',
    createdBy: 'parent',
  });
  return docs;
}

const contextOf = (docs: Map<string, DocData>) => worldContext(docs, '2026-11-28');

const apply = applyWrites;

/** A new document, stored, then its notification and reach triggers run as a host runs them. */
function created(docs: Map<string, DocData>, path: string, data: DocData, nowIso: string) {
  docs.set(path, data);
  const outcome = changeTriggers(
    [{ path, before: null, after: data }],
    contextOf(docs),
    nowIso,
    { notifications: true, reach: true },
    HOST,
  );
  apply(docs, outcome.writes);
  return outcome;
}

/** The facilitator's reply, through the triggers as a host runs them. */
function reply(docs: Map<string, DocData>, id: string, body: string, nowIso: string) {
  const path = `conversations/conv/messages/${id}`;
  const data = { senderId: 'fac', body, sentAt: nowIso, conversationId: 'conv' };
  return created(docs, path, data, nowIso);
}

function eventCreated(docs: Map<string, DocData>, id: string, classroomId: string, nowIso: string) {
  const path = `events/${id}`;
  const data = {
    title: `Trip ${id}`,
    audience: ['parent'],
    classroomIds: [classroomId],
    audienceKeys: [`parent@classroom:${classroomId}`],
    createdBy: 'fac',
  };
  return created(docs, path, data, nowIso);
}

const paths = (writes: readonly ServerWrite[], prefix: string) =>
  writes.filter((w) => w.path.startsWith(prefix)).map((w) => w.path);

describe('reach decisions of a trigger run', () => {
  it('pushes a reply to every device of the parent, titled with the sender, by default', () => {
    const docs = world(null);
    const outcome = reply(docs, 'm1', 'See you at pickup', '2026-11-28T03:00:00.000Z');
    expect(outcome.pushes).toEqual([
      {
        memberUUID: 'parent',
        notificationId: 'msg-conv-m1-parent',
        devices: [
          { deviceId: 'laptop', token: 'demo:laptop' },
          { deviceId: 'phone', token: 'demo:phone' },
        ],
        payload: {
          title: 'Daniel Mensah',
          body: 'See you at pickup',
          link: '/dash/messages/conv?notification=msg-conv-m1-parent',
          tag: 'conversation:conv',
          badge: 1,
        },
      },
    ]);
    // Messages are not e-mailed unless chosen.
    expect(paths(outcome.writes, 'mail/')).toEqual([]);
  });

  it('e-mails an event to a parent who chose e-mail for events, with links to the app', () => {
    const docs = world({ channels: { events: ['email'] } });
    const outcome = eventCreated(docs, 'trip', 'c1', '2026-11-28T03:00:00.000Z');
    expect(outcome.pushes).toEqual([]);
    const mail = outcome.writes.find((w) => w.path === 'mail/notice-evt-trip-parent');
    expect(mail && !isDelete(mail) ? mail.data : null).toMatchObject({
      to: ['pat@example.org'],
      kind: 'notice',
      memberUUID: 'parent',
      message: { subject: 'New event: Trip trip' },
    });
    const text = mail && !isDelete(mail) ? JSON.stringify(mail.data) : '';
    expect(text).toContain(
      'https://school.example/dash/notifications?notification=evt-trip-parent',
    );
    expect(text).toContain('https://school.example/dash/profile#notifications');
    // Another classroom's event tells the parent nothing.
    const other = eventCreated(docs, 'far', 'c2', '2026-11-28T03:00:00.000Z');
    expect(paths(other.writes, 'mail/')).toEqual([]);
  });

  it('holds pushes in quiet hours, collapsed per conversation, and releases them at the end', () => {
    const docs = world({
      channels: { messages: ['push'] },
      quietHours: { start: '21:00', end: '07:00' },
    });
    // 23:00 and 23:30 in Tokyo.
    const first = reply(docs, 'm1', 'First', '2026-11-28T14:00:00.000Z');
    const second = reply(docs, 'm2', 'Second', '2026-11-28T14:30:00.000Z');
    expect([...first.pushes, ...second.pushes]).toEqual([]);
    const queue = [...docs].filter(([path]) => path.startsWith('pushQueue/'));
    expect(queue).toHaveLength(1);
    expect(queue[0]?.[1]).toMatchObject({
      memberUUID: 'parent',
      sendAt: '2026-11-28T22:00:00.000Z',
      body: 'Second',
      tag: 'conversation:conv',
    });
    // 06:59 Tokyo: still held.
    expect(releaseHeldPushes(contextOf(docs), '2026-11-28T21:59:00.000Z')).toEqual({
      writes: [],
      pushes: [],
    });
    // 07:00 Tokyo: sent once, with both unread, and the entry deleted.
    const released = releaseHeldPushes(contextOf(docs), '2026-11-28T22:00:00.000Z');
    expect(released.pushes).toHaveLength(1);
    expect(released.pushes[0]?.payload).toMatchObject({
      title: 'Daniel Mensah',
      body: 'Second',
      link: '/dash/messages/conv?notification=msg-conv-m2-parent',
      badge: 2,
    });
    apply(docs, released.writes);
    expect([...docs.keys()].filter((p) => p.startsWith('pushQueue/'))).toEqual([]);
    expect(releaseHeldPushes(contextOf(docs), '2026-11-28T22:01:00.000Z').pushes).toEqual([]);
  });

  it('sends nothing but the feed while the person has paused', () => {
    const docs = world({
      channels: { messages: ['push', 'email'] },
      pausedUntil: '2026-12-05T00:00:00Z',
    });
    const outcome = reply(docs, 'm1', 'Hello', '2026-11-28T03:00:00.000Z');
    expect(outcome.pushes).toEqual([]);
    expect(paths(outcome.writes, 'mail/')).toEqual([]);
    expect(paths(outcome.writes, 'pushQueue/')).toEqual([]);
    expect(paths(outcome.writes, 'Notifications/')).toEqual(['Notifications/msg-conv-m1-parent']);
  });
});

describe('dailyDigests', () => {
  it('sends one digest at 17:00 campus time with the day’s notices, once', () => {
    const docs = world({ channels: { events: ['digest'], messages: [] } });
    eventCreated(docs, 'trip', 'c1', '2026-11-28T01:00:00.000Z');
    eventCreated(docs, 'fair', 'c1', '2026-11-28T02:00:00.000Z');
    // 16:59 Tokyo is 07:59 UTC: not yet.
    expect(dailyDigests(contextOf(docs), '2026-11-28T07:59:00.000Z', HOST)).toEqual([]);
    const writes = dailyDigests(contextOf(docs), '2026-11-28T08:00:00.000Z', HOST);
    expect(writes.map((w) => w.path)).toEqual([
      'digests/parent_2026-11-28',
      'mail/digest-parent_2026-11-28',
    ]);
    const mail = writes[1];
    expect(mail && !isDelete(mail) ? mail.data : null).toMatchObject({
      kind: 'digest',
      to: ['pat@example.org'],
      message: { subject: 'Your daily summary: 2 notices' },
    });
    apply(docs, writes);
    // Idempotent: a rerun the same evening writes nothing.
    expect(dailyDigests(contextOf(docs), '2026-11-28T08:01:00.000Z', HOST)).toEqual([]);
    // The next evening has nothing new: a marker, no e-mail.
    expect(
      dailyDigests(contextOf(docs), '2026-11-29T08:00:00.000Z', HOST).map((w) => w.path),
    ).toEqual(['digests/parent_2026-11-29']);
  });

  it('sends no digest to someone who did not choose it', () => {
    const docs = world({ channels: { events: ['email'] } });
    eventCreated(docs, 'trip', 'c1', '2026-11-28T01:00:00.000Z');
    expect(dailyDigests(contextOf(docs), '2026-11-28T08:00:00.000Z', HOST)).toEqual([]);
  });
});
