import { describe, expect, it } from 'vitest';
import {
  participantNamesOf,
  participantNameWrites,
  renamedParticipantWrites,
} from './participant-names';
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

describe('renamedParticipantWrites', () => {
  const grace = members['Members/u-parent'] ?? {};
  const renamed = { ...grace, displayName: 'Grace Okafor-Boateng' };
  const named = (participantIds: string[], state: typeof members) => ({
    participantIds,
    participantNames: participantNamesOf(participantIds, contextOf(state)),
  });
  function contextOf(state: Record<string, Record<string, unknown>>) {
    return {
      today: '2025-03-03',
      get: (path: string) => state[path] ?? null,
      list: (collection: string) =>
        Object.entries(state)
          .filter(([path]) => path.startsWith(`${collection}/`))
          .map(([path, data]) => ({ id: path.slice(collection.length + 1), data })),
    };
  }
  // The state after the rename: the parent's new profile, and the conversations as stored before.
  const after = {
    ...members,
    'Members/u-parent': renamed,
    'conversations/c1': named(['f1', 'p1', 'office'], members),
    'conversations/c2': named(['f1'], members),
    'conversations/c3': named(['p1', 'office'], members),
  };

  it('gives every conversation of a renamed person their new name, by memberUUID', () => {
    const writes = renamedParticipantWrites(
      { path: 'Members/u-parent', before: grace, after: renamed },
      contextOf(after),
    );
    expect(writes.map((w) => w.path)).toEqual(['conversations/c1', 'conversations/c3']);
    expect(writes[0]).toEqual({
      path: 'conversations/c1',
      data: {
        participantNames: {
          f1: { name: 'Daniel Mensah', role: 'Facilitator' },
          p1: { name: 'Grace Okafor-Boateng', role: 'Parent' },
          office: { name: 'The office', role: 'Office' },
        },
      },
      merge: true,
    });
  });

  it('finds the conversations by the profile id too, and follows a change of role label', () => {
    const state = { ...after, 'conversations/c4': named(['u-parent'], members) };
    const promoted = { ...grace, roles: ['parent', 'facilitator'] };
    const writes = renamedParticipantWrites(
      { path: 'Members/u-parent', before: grace, after: promoted },
      contextOf({ ...state, 'Members/u-parent': promoted }),
    );
    expect(writes.map((w) => w.path)).toEqual([
      'conversations/c1',
      'conversations/c3',
      'conversations/c4',
    ]);
    expect(writes[2]).toEqual({
      path: 'conversations/c4',
      data: { participantNames: { 'u-parent': { name: 'Grace Okafor', role: 'Facilitator' } } },
      merge: true,
    });
  });

  it('writes nothing when the name and label stay, for a create or delete, or once names are right', () => {
    const status = { ...grace, status: 'suspended' };
    expect(
      renamedParticipantWrites(
        { path: 'Members/u-parent', before: grace, after: status },
        contextOf(after),
      ),
    ).toEqual([]);
    expect(
      renamedParticipantWrites(
        { path: 'Members/u-parent', before: null, after: renamed },
        contextOf(after),
      ),
    ).toEqual([]);
    expect(
      renamedParticipantWrites(
        { path: 'Members/u-parent', before: grace, after: null },
        contextOf(after),
      ),
    ).toEqual([]);
    const fresh = {
      ...after,
      'conversations/c1': named(['f1', 'p1', 'office'], after),
      'conversations/c3': named(['p1', 'office'], after),
    };
    expect(
      renamedParticipantWrites(
        { path: 'Members/u-parent', before: grace, after: renamed },
        contextOf(fresh),
      ),
    ).toEqual([]);
    expect(
      renamedParticipantWrites(
        { path: 'students/u-parent', before: grace, after: renamed },
        contextOf(after),
      ),
    ).toEqual([]);
  });

  it('runs with the participant names of every write', () => {
    const change = { path: 'Members/u-parent', before: grace, after: renamed };
    const { writes } = changeTriggers([change], contextOf(after), '2025-03-03T09:00:00Z', {
      participantNames: true,
    });
    expect(writes).toEqual(renamedParticipantWrites(change, contextOf(after)));
    expect(writes).toHaveLength(2);
  });
});
