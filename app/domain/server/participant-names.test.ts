import { describe, expect, it } from 'vitest';
import { participantNamesOf, participantNameWrites } from './participant-names';
import { changeTriggers } from './triggers';

const members: Record<string, Record<string, unknown>> = {
  'Members/u-parent': { memberUUID: 'p1', displayName: 'Grace Okafor', roles: ['parent'] },
  'Members/u-fac': { memberUUID: 'f1', displayName: 'Daniel Mensah', roles: ['facilitator'] },
};
const ctx = {
  today: '2025-03-03',
  get: (path: string) => members[path] ?? null,
  list: (collection: string) =>
    collection === 'Members'
      ? Object.entries(members).map(([path, data]) => ({ id: path.split('/')[1] ?? '', data }))
      : [],
};

const conversation = { subject: 'Planning day agenda', participantIds: ['f1', 'p1', 'office'] };

describe('participantNamesOf', () => {
  it('names each participant from their profile, the office as the office, and skips the unknown', () => {
    expect(participantNamesOf(['f1', 'p1', 'office', 'gone'], ctx)).toEqual({
      f1: { name: 'Daniel Mensah', role: 'Facilitator' },
      p1: { name: 'Grace Okafor', role: 'Parent' },
      office: { name: 'The office', role: 'Office' },
    });
  });
});

describe('participantNameWrites', () => {
  it('writes the names when a conversation is created', () => {
    expect(
      participantNameWrites({ path: 'conversations/c1', before: null, after: conversation }, ctx),
    ).toEqual([
      {
        path: 'conversations/c1',
        data: {
          participantNames: {
            f1: { name: 'Daniel Mensah', role: 'Facilitator' },
            p1: { name: 'Grace Okafor', role: 'Parent' },
            office: { name: 'The office', role: 'Office' },
          },
        },
        merge: true,
      },
    ]);
  });

  it('writes nothing once the names are right, or for an archive that keeps the participants', () => {
    const named = {
      ...conversation,
      participantNames: participantNamesOf(conversation.participantIds, ctx),
    };
    expect(
      participantNameWrites({ path: 'conversations/c1', before: null, after: named }, ctx),
    ).toEqual([]);
    const archived = { ...named, archivedAt: '2025-03-03T09:00:00Z', archivedBy: 'f1' };
    expect(
      participantNameWrites({ path: 'conversations/c1', before: named, after: archived }, ctx),
    ).toEqual([]);
  });

  it('ignores messages, deletes and other collections', () => {
    const message = { senderId: 'f1', body: 'Hi', participantIds: ['f1'] };
    expect(
      participantNameWrites(
        { path: 'conversations/c1/messages/m1', before: null, after: message },
        ctx,
      ),
    ).toEqual([]);
    expect(
      participantNameWrites({ path: 'conversations/c1', before: conversation, after: null }, ctx),
    ).toEqual([]);
    expect(
      participantNameWrites({ path: 'events/e1', before: null, after: conversation }, ctx),
    ).toEqual([]);
  });

  it('is one of the triggers every conversation write runs', () => {
    const { writes } = changeTriggers(
      [{ path: 'conversations/c1', before: null, after: conversation }],
      ctx,
      '2025-03-03T09:00:00Z',
      { participantNames: true },
    );
    expect(writes).toEqual(
      participantNameWrites({ path: 'conversations/c1', before: null, after: conversation }, ctx),
    );
    expect(writes).toHaveLength(1);
  });
});
