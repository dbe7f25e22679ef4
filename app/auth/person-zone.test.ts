// The signed-in person's zone as the dashboard layout reads it from the cache: each role finds its
// campus through its own records (clock.signedInZone's rule), and staff read no person's list. The
// cache and the store are replaced; the campuses are in three zones so each answer tells.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPersonZone, watchPersonZone } from './person-zone';
import type { SessionUser } from './session-user';

const cache = vi.hoisted(() => ({
  collections: {} as Record<string, unknown[]>,
  listed: [] as string[],
  listeners: new Set<(event: { collections: string[] }) => void>(),
}));

vi.mock('~/data/route-data', () => ({
  parseOnce: (schema: { safeParse: (v: unknown) => unknown }, item: unknown) =>
    schema.safeParse(item),
}));
vi.mock('~/data/store', () => ({
  store: {
    list: async (name: string) => {
      cache.listed.push(name);
      return cache.collections[name] ?? [];
    },
    subscribe: (listener: (event: { collections: string[] }) => void) => {
      cache.listeners.add(listener);
      return () => cache.listeners.delete(listener);
    },
  },
}));

afterEach(() => {
  cache.collections = {};
  cache.listed = [];
});

const CAMPUSES = [
  { id: 'north', name: 'North', timezone: 'Asia/Kolkata' },
  { id: 'west', name: 'West', timezone: 'America/Los_Angeles' },
  { id: 'east', name: 'East', timezone: 'Pacific/Auckland' },
];

function user(roles: SessionUser['roles'], member: SessionUser['member'] = null): SessionUser {
  return {
    uid: 'u-1',
    email: 'person@example.com',
    displayName: 'A Person',
    photoURL: null,
    roles,
    isAdmin: false,
    isSuperAdmin: false,
    tokens: {},
    preferences: { persistLogin: false },
    memberUUID: 'm-1',
    member,
    dashboardTypes: [],
  };
}

describe('loadPersonZone', () => {
  it('gives a facilitator their own record’s campus', async () => {
    cache.collections = {
      campuses: CAMPUSES,
      facilitators: [{ id: 'f1', memberUUID: 'm-1', campusId: 'west', classroomIds: ['kiwis'] }],
      classrooms: [{ id: 'kiwis', campusId: 'east', facilitatorIds: ['f1'] }],
    };
    expect(await loadPersonZone(user(['facilitator']))).toBe('America/Los_Angeles');
  });

  it('gives a facilitator whose campus is gone the campus of their classes', async () => {
    cache.collections = {
      campuses: CAMPUSES,
      facilitators: [{ id: 'f1', memberUUID: 'm-1', campusId: 'closed', classroomIds: [] }],
      classrooms: [{ id: 'kiwis', campusId: 'east', facilitatorIds: ['f1'] }],
    };
    expect(await loadPersonZone(user(['facilitator']))).toBe('Pacific/Auckland');
  });

  it('gives a parent their children’s campus', async () => {
    cache.collections = {
      campuses: CAMPUSES,
      families: [{ id: 'fam-1', guardians: [{ name: 'A Person', memberUUID: 'm-1' }] }],
      students: [{ id: 's1', familyId: 'fam-1', campusId: 'west', classroomIds: [] }],
    };
    expect(await loadPersonZone(user(['parent']))).toBe('America/Los_Angeles');
  });

  it('gives office staff the school’s first campus, without reading anyone’s records', async () => {
    cache.collections = { campuses: CAMPUSES };
    expect(await loadPersonZone(user(['admin', 'administration']))).toBe('Asia/Kolkata');
    expect(cache.listed).toEqual(['campuses']);
  });

  it('gives the device’s zone to a school with no campus yet', async () => {
    const deviceZone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(await loadPersonZone(user(['admin']))).toBe('America/Los_Angeles');
    } finally {
      if (deviceZone === undefined) delete process.env.TZ;
      else process.env.TZ = deviceZone;
    }
  });
});

describe('watchPersonZone', () => {
  it('reads the zone again when the sync brings campuses, and not for other collections', async () => {
    const zones: string[] = [];
    const stop = watchPersonZone(user(['admin']), (zone) => zones.push(zone));
    const announce = (collections: string[]) => {
      for (const listener of cache.listeners) listener({ collections });
    };
    announce(['messages']);
    cache.collections = { campuses: CAMPUSES.slice(1) };
    announce(['campuses']);
    await vi.waitFor(() => expect(zones).toEqual(['America/Los_Angeles']));
    expect(cache.listed).toEqual(['campuses']);

    stop();
    expect(cache.listeners.size).toBe(0);
  });
});
