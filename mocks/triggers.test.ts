import { describe, expect, it } from 'vitest';
import {
  commitTriggerWrites,
  messageRecipients,
  messageTriggerWrites,
  resourceRecipients,
  resourceTriggerWrites,
  UNKNOWN_SENDER,
} from './triggers';
import type { DocData, PermissionContext } from '../app/domain/permissions';

/** A rule-free view over a handful of documents, as the fake hands the trigger after a commit. */
function contextOf(docs: Record<string, DocData>): PermissionContext {
  return {
    today: '2025-03-03',
    get: (path) => docs[path] ?? null,
    list: (collection) =>
      Object.entries(docs)
        .filter(([path]) => path.startsWith(`${collection}/`) && path.split('/').length === 2)
        .map(([path, data]) => ({ id: path.split('/')[1] ?? '', data })),
  };
}

const NOW = '2025-03-03T12:00:00.000Z';
const members: Record<string, DocData> = {
  'Members/ama': { memberUUID: 'ama', displayName: 'Ama Owusu', roles: ['parent'] },
  'Members/dan': { memberUUID: 'dan', displayName: 'Daniel Mensah', roles: ['facilitator'] },
  'Members/boss': { memberUUID: 'boss', displayName: 'Head', roles: ['superAdmin', 'admin'] },
  'Members/desk': { memberUUID: 'desk', displayName: 'Front desk', roles: ['administration'] },
  'Members/gone': { memberUUID: 'gone', roles: ['administration'], status: 'suspended' },
};
const conversation = (participantIds: string[], extra: DocData = {}): DocData => ({
  subject: 'Trip',
  participantIds,
  lastMessageAt: '2025-03-03T09:00:00.000Z',
  lastMessagePreview: 'Old',
  ...extra,
});
const message = (senderId: string, sentAt: string, body = 'Hello') => ({ senderId, sentAt, body });

describe('messageRecipients', () => {
  it('is every participant but the sender, the office expanded to its active members', () => {
    const ctx = contextOf(members);
    expect(messageRecipients(['ama', 'dan'], 'ama', ctx)).toEqual(['dan']);
    expect(messageRecipients(['ama', 'office'], 'ama', ctx).sort()).toEqual(['boss', 'desk']);
    expect(messageRecipients(['ama', 'office'], 'desk', ctx).sort()).toEqual(['ama', 'boss']);
    // Listed both by name and through the office: one notification.
    expect(messageRecipients(['ama', 'desk', 'office'], 'ama', ctx).sort()).toEqual([
      'boss',
      'desk',
    ]);
  });
});

describe('messageTriggerWrites', () => {
  it('writes one notification per recipient and the conversation’s last message', () => {
    const ctx = contextOf({ ...members, 'conversations/c1': conversation(['ama', 'dan']) });
    const writes = messageTriggerWrites(
      [{ path: 'conversations/c1/messages/m1', data: message('ama', '2025-03-03T10:00:00.000Z') }],
      ctx,
      NOW,
    );
    expect(writes).toEqual([
      {
        path: 'Notifications/msg-c1-m1-dan',
        data: expect.objectContaining({
          memberUUID: 'dan',
          description: 'New message from Ama Owusu: Trip',
          date: NOW,
          isNew: true,
        }),
      },
      {
        path: 'conversations/c1',
        data: { lastMessageAt: '2025-03-03T10:00:00.000Z', lastMessagePreview: 'Hello' },
        fields: ['lastMessageAt', 'lastMessagePreview'],
      },
    ]);
  });

  it('keeps the latest of several messages of one commit as the last message', () => {
    const ctx = contextOf({ ...members, 'conversations/c1': conversation(['ama', 'dan']) });
    const writes = messageTriggerWrites(
      [
        {
          path: 'conversations/c1/messages/m2',
          data: message('ama', '2025-03-03T11:00:00.000Z', 'Second'),
        },
        {
          path: 'conversations/c1/messages/m1',
          data: message('ama', '2025-03-03T10:00:00.000Z', 'First'),
        },
      ],
      ctx,
      NOW,
    );
    expect(writes.filter((w) => w.path === 'conversations/c1')).toEqual([
      expect.objectContaining({
        data: { lastMessageAt: '2025-03-03T11:00:00.000Z', lastMessagePreview: 'Second' },
      }),
    ]);
  });

  it('leaves existing notifications and a later last message alone', () => {
    const ctx = contextOf({
      ...members,
      'conversations/c1': conversation(['ama', 'dan']),
      'Notifications/msg-c1-m1-dan': { memberUUID: 'dan', isNew: false },
    });
    const writes = messageTriggerWrites(
      [{ path: 'conversations/c1/messages/m1', data: message('ama', '2025-03-03T08:00:00.000Z') }],
      ctx,
      NOW,
    );
    expect(writes).toEqual([]);
  });

  it('names an unknown sender "Someone", and ignores other documents and orphan messages', () => {
    const ctx = contextOf({ ...members, 'conversations/c1': conversation(['stranger', 'dan']) });
    const writes = messageTriggerWrites(
      [
        {
          path: 'conversations/c1/messages/m1',
          data: message('stranger', '2025-03-03T10:00:00.000Z'),
        },
        { path: 'conversations/c2/messages/m1', data: message('ama', '2025-03-03T10:00:00.000Z') },
        { path: 'events/e1', data: { title: 'Not a message' } },
      ],
      ctx,
      NOW,
    );
    expect(writes.map((w) => w.path)).toEqual(['Notifications/msg-c1-m1-dan', 'conversations/c1']);
    expect(writes[0]?.data.description).toBe(`New message from ${UNKNOWN_SENDER}: Trip`);
  });
});

describe('the new resource trigger', () => {
  // Ama's child Kofi is in c1 (campus north); Efua's child is in c2; Dan teaches c1; Sam is Kofi.
  const school: Record<string, DocData> = {
    ...members,
    'Members/efua': { memberUUID: 'efua', roles: ['parent'], familyId: 'f2' },
    'Members/sam': { memberUUID: 'sam', roles: ['student'], studentId: 's1' },
    'Members/ama': { memberUUID: 'ama', roles: ['parent'], familyId: 'f1' },
    'Members/dan': { memberUUID: 'dan', roles: ['facilitator'], facilitatorId: 'fac1' },
    'families/f1': { guardians: [] },
    'families/f2': { guardians: [] },
    'students/s1': { familyId: 'f1', classroomIds: ['c1'], campusId: 'north' },
    'students/s2': { familyId: 'f2', classroomIds: ['c2'], campusId: 'river' },
    'facilitators/fac1': { classroomIds: ['c1'], campusId: 'north' },
  };
  const resource = (extra: DocData): DocData => ({
    title: 'Fractions worksheet',
    createdBy: 'dan',
    audience: ['parent', 'student'],
    classroomIds: ['c1'],
    ...extra,
  });

  it('tells the members of the audience, narrowed to its classrooms, but not the author', () => {
    const ctx = contextOf(school);
    expect(resourceRecipients(resource({}), ctx)).toEqual(['ama', 'sam']);
    expect(resourceRecipients(resource({ classroomIds: ['c2'] }), ctx)).toEqual(['efua']);
    expect(
      resourceRecipients(resource({ audience: ['facilitator'], createdBy: 'desk' }), ctx),
    ).toEqual(['dan']);
    // The author is never told about their own resource.
    expect(resourceRecipients(resource({ audience: ['facilitator'] }), ctx)).toEqual([]);
  });

  it('tells a campus-wide audience by campus, and everyone with the role when not narrowed', () => {
    const ctx = contextOf(school);
    expect(
      resourceRecipients(
        resource({ classroomIds: [], campusId: 'river', audience: ['parent'] }),
        ctx,
      ),
    ).toEqual(['efua']);
    expect(resourceRecipients(resource({ classroomIds: [], audience: ['parent'] }), ctx)).toEqual([
      'ama',
      'efua',
    ]);
  });

  it('tells staff only when one of their roles is in the audience, and never suspended members', () => {
    const ctx = contextOf(school);
    expect(resourceRecipients(resource({ audience: ['administration'] }), ctx)).toEqual(['desk']);
    // A superAdmin is in the admin audience.
    expect(resourceRecipients(resource({ audience: ['admin'] }), ctx)).toEqual(['boss']);
    expect(resourceRecipients(resource({}), ctx)).not.toContain('desk');
  });

  it('writes one notification per recipient with a deterministic id, and none twice', () => {
    const created = [{ path: 'resources/r1', data: resource({}) }];
    const writes = resourceTriggerWrites(created, contextOf(school), NOW);
    expect(writes).toEqual([
      {
        path: 'Notifications/res-r1-ama',
        data: {
          notificationUUID: 'res-r1-ama',
          memberUUID: 'ama',
          action: 'resource',
          actionItem: 'resources/r1',
          description: 'New resource: Fractions worksheet',
          date: NOW,
          status: 'active',
          isNew: true,
        },
      },
      expect.objectContaining({ path: 'Notifications/res-r1-sam' }),
    ]);
    // Re-applied after a lost acknowledgement: the notifications exist, nothing is written again.
    const again = contextOf({
      ...school,
      'Notifications/res-r1-ama': { memberUUID: 'ama', isNew: false },
      'Notifications/res-r1-sam': { memberUUID: 'sam' },
    });
    expect(resourceTriggerWrites(created, again, NOW)).toEqual([]);
  });

  it('runs beside the message and event triggers for a commit that creates all three', () => {
    const ctx = contextOf({ ...school, 'conversations/c1': conversation(['ama', 'dan']) });
    const paths = commitTriggerWrites(
      [
        { path: 'conversations/c1/messages/m1', data: message('ama', '2025-03-03T10:00:00.000Z') },
        { path: 'resources/r1', data: resource({}) },
        { path: 'events/e1', data: resource({}) },
      ],
      ctx,
      NOW,
    ).map((w) => w.path);
    expect(paths).toEqual([
      'Notifications/msg-c1-m1-dan',
      'conversations/c1',
      // An event with the same audience tells the same people (issue 17).
      'Notifications/evt-e1-ama',
      'Notifications/evt-e1-sam',
      'Notifications/res-r1-ama',
      'Notifications/res-r1-sam',
    ]);
  });
});
