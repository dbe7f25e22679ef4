// The fake's host for the write triggers (commitChangeTriggers): the shared decisions' writes in the
// fake's trigger format, and their claims applied to the fake's accounts.
import { afterEach, describe, expect, it } from 'vitest';
import { store } from './store';
import {
  applyAuthEffects,
  commitChangeTriggers,
  mergeFieldPaths,
  triggerWriteOf,
} from './triggers';
import type { DocData, PermissionContext } from '../app/domain/permissions';

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
const ACCOUNT = 'triggers-changes-test';

afterEach(() => {
  store.accounts.delete(ACCOUNT);
});

describe('mergeFieldPaths', () => {
  it('names every leaf, so a merge keeps the sibling entries of a map', () => {
    expect(
      mergeFieldPaths({ collections: { students: { version: '1.0.1' } }, lastUpdated: 'x' }),
    ).toEqual(['collections.students.version', 'lastUpdated']);
    // Arrays, dates and empty maps are written whole.
    expect(mergeFieldPaths({ roles: ['a'], at: new Date(0), empty: {} })).toEqual([
      'roles',
      'at',
      'empty',
    ]);
  });

  it('passes a delete on (a released push, an absence alert taken back)', () => {
    expect(triggerWriteOf({ path: 'absenceAlerts/s1_2026-11-27', delete: true })).toEqual({
      path: 'absenceAlerts/s1_2026-11-27',
      data: {},
      delete: true,
    });
  });
});

describe('commitChangeTriggers', () => {
  const school: Record<string, DocData> = {
    'Members/ama': { memberUUID: 'ama', roles: ['parent'], familyId: 'f1' },
    'families/f1': { guardians: [{ memberUUID: 'ama' }] },
    'students/s1': { familyId: 'f1', classroomIds: ['c1'], campusId: 'north' },
    'system/collectionVersions': { collections: { students: { version: '1.0.0' } } },
  };

  it('writes the access links and (when asked) the version bump of a student write, as merges', () => {
    const after = { ...school['students/s1'], classroomIds: ['c1', 'c2'] };
    const changes = [{ path: 'students/s1', before: school['students/s1'] ?? null, after }];
    const ctx = contextOf({ ...school, 'students/s1': after });
    // By default the fake leaves the version to the app, which bumps it itself (and audits).
    expect(commitChangeTriggers(changes, ctx, NOW).map((w) => w.path)).toEqual([
      'Members/ama',
      expect.stringMatching(/^auditLog\/students_s1_/),
    ]);
    const writes = commitChangeTriggers(changes, ctx, NOW, { access: true, versions: true });
    expect(writes.map((w) => [w.path, w.fields])).toEqual([
      [
        'Members/ama',
        [
          'access.familyIds',
          'access.childIds',
          'access.childClassroomIds',
          'access.classroomIds',
          'access.studentFamilyIds',
          'access.studentId',
          'access.facilitatorId',
          'access.audienceKeys',
        ],
      ],
      [
        'system/collectionVersions',
        ['collections.students.version', 'collections.students.updatedAt', 'lastUpdated'],
      ],
    ]);
    expect(writes[0]?.data).toMatchObject({ access: { childClassroomIds: ['c1', 'c2'] } });
    expect(writes[1]?.data).toMatchObject({ collections: { students: { version: '1.0.1' } } });
  });

  it('repairs an event’s audienceKeys that disagree with its fields, as a merge of that field', () => {
    const event = { title: 'Trip', audience: ['parent'], classroomIds: ['c1'] };
    const path = 'events/e1';
    const after = { ...event, audienceKeys: ['parent'] };
    const writes = commitChangeTriggers(
      [{ path, before: null, after }],
      contextOf({ ...school, [path]: after }),
      NOW,
    );
    // The notification of the new event goes to the audience the fields name, whatever the keys.
    expect(writes.filter((w) => w.path === path)).toEqual([
      { path, data: { audienceKeys: ['parent@classroom:c1'] }, fields: ['audienceKeys'] },
    ]);
    expect(writes.map((w) => w.path)).toContain('Notifications/evt-e1-ama');
    const repaired = { ...after, audienceKeys: ['parent@classroom:c1'] };
    expect(
      commitChangeTriggers(
        [{ path, before: after, after: repaired }],
        contextOf({ ...school, [path]: repaired }),
        NOW,
      ),
    ).toEqual([]);
  });

  it('keeps the fake account’s claims in step with a roles change', () => {
    store.accounts.set(ACCOUNT, {
      uid: ACCOUNT,
      email: 'x@mail.example',
      password: null,
      displayName: '',
      photoUrl: '',
      disabled: false,
      emailVerified: true,
      claims: { roles: ['parent'], role: 'parent', memberUUID: ACCOUNT },
      providers: ['password'],
      createdAt: 0,
      lastLoginAt: 0,
      passwordUpdatedAt: 0,
    });
    const path = `Members/${ACCOUNT}`;
    const before = { memberUUID: ACCOUNT, roles: ['parent'] };
    const after = { memberUUID: ACCOUNT, roles: ['facilitator', 'parent'] };
    commitChangeTriggers([{ path, before, after }], contextOf({ [path]: after }), NOW);
    expect(store.accounts.get(ACCOUNT)?.claims).toEqual({
      roles: ['facilitator', 'parent'],
      role: 'facilitator',
      memberUUID: ACCOUNT,
    });
    applyAuthEffects([{ kind: 'disabled', uid: ACCOUNT, disabled: true }]);
    expect(store.accounts.get(ACCOUNT)?.disabled).toBe(true);
    // An account the fake does not have is nothing to change.
    expect(() =>
      applyAuthEffects([{ kind: 'claims', uid: 'nobody', claims: { roles: [] } }]),
    ).not.toThrow();
  });
});
