// What a roll-call save reads to authorise its one write (issue 29, "phone budgets"): the
// principal, the roster, the one roll call and the absence reports, from the collections the page
// already holds in memory, without asking about refreshes or reading the queue, the names or the
// other roll calls.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '~/auth/session-user';
import { getCollectionDefinition } from '~/data/collections';
import { clearCache, initCache, store } from '~/data/store';
import { loadRollCallSaveData, rosterOf } from './load';

const user: SessionUser = {
  uid: 'uid-fac',
  email: 'fac@example.org',
  displayName: 'Priya Nair',
  photoURL: null,
  roles: ['facilitator'],
  isAdmin: false,
  isSuperAdmin: false,
  tokens: {},
  preferences: { persistLogin: false },
  memberUUID: 'member-fac',
  member: null,
  dashboardTypes: ['facilitator'],
};

const student = (id: string, lastName: string, classroomIds: string[], status = 'enrolled') => ({
  id,
  firstName: 'Kid',
  lastName,
  dateOfBirth: '2020-01-01',
  familyId: 'fam-1',
  campusId: 'north',
  classroomIds,
  status,
  notes: '',
});

const records: Record<string, Record<string, unknown>[]> = {
  classrooms: [
    { id: 'maples', name: 'Maples', campusId: 'north', facilitatorIds: ['fac-1'] },
    { id: 'oaks', name: 'Oaks', campusId: 'north', facilitatorIds: ['fac-2'] },
  ],
  facilitators: [
    {
      id: 'fac-1',
      memberUUID: 'member-fac',
      firstName: 'Priya',
      lastName: 'Nair',
      campusId: 'north',
      classroomIds: ['maples'],
      status: 'active',
    },
  ],
  students: [
    student('s-2', 'Zed', ['maples']),
    student('s-1', 'Abel', ['maples']),
    student('s-3', 'Oak', ['oaks']),
    student('s-4', 'Gone', ['maples'], 'withdrawn'),
  ],
  families: [{ id: 'fam-1', familyName: 'Kid' }],
  attendance: [
    {
      id: 'maples_2026-03-09',
      classroomId: 'maples',
      date: '2026-03-09',
      entries: { 's-1': { status: 'late', at: '2026-03-09T08:00:00.000Z', by: 'member-fac' } },
    },
    { id: 'maples_2026-03-06', classroomId: 'maples', date: '2026-03-06', entries: {} },
  ],
  absenceReports: [
    {
      id: 'report-1',
      studentId: 's-2',
      familyId: 'fam-1',
      campusId: 'north',
      classroomIds: ['maples'],
      from: '2026-03-09',
      to: '2026-03-09',
      part: 'day',
      reason: 'ill',
      status: 'reported',
      createdBy: 'parent-1',
      reporterName: 'Grace Whitfield',
    },
  ],
};

beforeAll(async () => {
  expect(await initCache({ uid: user.uid })).toBe(true);
  for (const [collection, items] of Object.entries(records)) {
    const ok = await store.applyRefresh(
      getCollectionDefinition(collection),
      items.map((item) => ({ ...item, id: String(item.id) })),
      '1.0.0',
    );
    expect(ok).toBe(true);
  }
});

afterAll(async () => {
  await clearCache();
});

describe('loadRollCallSaveData', () => {
  it('authorises from the lists in memory: the principal, the roster and the one roll call', async () => {
    const data = await loadRollCallSaveData(user, 'maples_2026-03-09');
    expect(data.principal).toMatchObject({ facilitatorId: 'fac-1', classroomIds: ['maples'] });
    expect(rosterOf(data.students, 'maples').map((s) => s.id)).toEqual(['s-1', 's-2']);
    expect(data.rollCall?.entries).toEqual(records.attendance?.[0]?.entries);
    expect((await loadRollCallSaveData(user, 'maples_2026-03-10')).rollCall).toBeNull();
  });

  it('reads the absence reports the cache holds, for the reported students’ defaults (issue 32)', async () => {
    const data = await loadRollCallSaveData(user, 'maples_2026-03-09');
    expect(data.reports.map((r) => [r.id, r.studentId, r.status])).toEqual([
      ['report-1', 's-2', 'reported'],
    ]);
  });

  it('reads nothing from IndexedDB once the page has loaded the lists (no metadata, no queue)', async () => {
    await loadRollCallSaveData(user, 'maples_2026-03-09');
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    const getAll = vi.spyOn(IDBObjectStore.prototype, 'openCursor');
    try {
      const data = await loadRollCallSaveData(user, 'maples_2026-03-09');
      expect(data.rollCall?.id).toBe('maples_2026-03-09');
      expect(get).not.toHaveBeenCalled();
      expect(getAll).not.toHaveBeenCalled();
    } finally {
      get.mockRestore();
      getAll.mockRestore();
    }
  });
});
