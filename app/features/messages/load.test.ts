// The names the messages screens give participants: a facilitator cannot read the Members list,
// so the parents and colleagues they write with are named by the conversation itself (its
// `participantNames`, kept by the trigger), not by the "Centre staff" fallback. The cache and
// the store are replaced.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '~/auth/session-user';
import { loadMessagesData, personOf } from './load';

const cache = vi.hoisted(() => ({ collections: {} as Record<string, unknown[]> }));

vi.mock('~/data/route-data', () => ({
  loadCollection: async (name: string, options: { schema: { parse: (v: unknown) => unknown } }) =>
    (cache.collections[name] ?? []).map((record) => options.schema.parse(record)),
}));
vi.mock('~/data/store', () => ({ store: { pendingIds: async () => new Set<string>() } }));

afterEach(() => {
  cache.collections = {};
});

const facilitator: SessionUser = {
  uid: 'u-fac',
  email: 'daniel@example.com',
  displayName: 'Daniel Mensah',
  photoURL: null,
  roles: ['facilitator'],
  isAdmin: false,
  isSuperAdmin: false,
  tokens: {},
  preferences: { persistLogin: false },
  memberUUID: 'm-fac',
  member: null,
  dashboardTypes: ['facilitator'],
};

const conversation = {
  id: 'c1',
  subject: 'Planning day agenda',
  participantIds: ['m-fac', 'm-colleague', 'm-parent'],
  lastMessagePreview: '',
};

describe('loadMessagesData: participants', () => {
  it("names a facilitator's colleagues and parents from the conversation, not as Centre staff", async () => {
    cache.collections.conversations = [
      {
        ...conversation,
        participantNames: {
          'm-fac': { name: 'Daniel Mensah', role: 'Facilitator' },
          'm-colleague': { name: 'Priya Raman', role: 'Facilitator' },
          'm-parent': { name: 'Grace Okafor', role: 'Parent' },
        },
      },
    ];
    const data = await loadMessagesData(facilitator);
    expect(personOf(data, 'm-colleague')).toEqual({ name: 'Priya Raman', role: 'Facilitator' });
    expect(personOf(data, 'm-parent')).toEqual({ name: 'Grace Okafor', role: 'Parent' });
  });

  it('prefers a fresher name from the cache over the one the conversation was given', async () => {
    cache.collections.conversations = [
      {
        ...conversation,
        participantNames: { 'm-colleague': { name: 'Priya R.', role: 'Facilitator' } },
      },
    ];
    cache.collections.facilitators = [
      {
        id: 'f2',
        memberUUID: 'm-colleague',
        firstName: 'Priya',
        lastName: 'Raman',
        email: 'priya@example.com',
        status: 'active',
        campusId: 'north',
        classroomIds: [],
      },
    ];
    const data = await loadMessagesData(facilitator);
    expect(personOf(data, 'm-colleague').name).toBe('Priya Raman');
  });

  it('writes times by the app’s one zone rule: a facilitator whose campus is gone takes their class’s', async () => {
    cache.collections.campuses = [
      { id: 'north', timezone: 'Asia/Kolkata' },
      { id: 'east', timezone: 'Pacific/Auckland' },
    ];
    cache.collections.classrooms = [{ id: 'kiwis', campusId: 'east' }];
    cache.collections.facilitators = [
      {
        id: 'f1',
        memberUUID: 'm-fac',
        firstName: 'Daniel',
        lastName: 'Mensah',
        email: 'daniel@example.com',
        status: 'active',
        campusId: 'closed',
        classroomIds: ['kiwis'],
      },
    ];
    expect((await loadMessagesData(facilitator)).timeZone).toBe('Pacific/Auckland');
  });

  it('falls back only for a participant the conversation does not name', async () => {
    cache.collections.conversations = [conversation];
    const data = await loadMessagesData(facilitator);
    expect(personOf(data, 'm-parent')).toEqual({ name: 'Centre staff', role: 'Staff' });
  });
});
