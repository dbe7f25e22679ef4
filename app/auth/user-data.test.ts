import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getIdTokenClaims, signInWithEmail, signOutUser } from '~/backend/auth';
import { getMember, listDocuments } from '~/backend/documents';
import { cachedCollections } from '~/data/collections';
import type { RefreshScope } from '~/data/sync-engine';
import { memberSchema } from '~/domain/records';
import { rolesFromClaims } from '~/domain/roles';
import type { Role } from '~/domain/roles';
import { DEMO_ACCOUNTS } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import { resolveScopeLinks, scopeForUser } from './user-data';

const anyRecord = z.object({ id: z.string() }).passthrough();
const strings = z.array(z.string()).catch([]);

/** Every query of a scope, as the sync engine runs them (undefined = the whole collection). */
function queriesOf(scope: RefreshScope | undefined) {
  if (!scope) return [undefined];
  return 'anyOf' in scope ? scope.anyOf : [scope.filters];
}

/** What the sync engine stores for a scope: the union of its queries, each document once. */
async function fetchScope(collection: string, scope: RefreshScope | undefined) {
  const lists = await Promise.all(
    queriesOf(scope).map((filters) =>
      listDocuments(collection, anyRecord, { all: true, ...(filters ? { filters } : {}) }),
    ),
  );
  return new Map(lists.flat().map((d) => [d.id, d]));
}

async function signInAs(role: Role) {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`no ${role} demo account`);
  const authUser = await signInWithEmail(account.email, account.password, { remember: false });
  const claims = await getIdTokenClaims();
  const { roles } = rolesFromClaims(claims, authUser.email, []);
  const member = await getMember(authUser.uid);
  const memberUUID = typeof claims?.memberUUID === 'string' ? claims.memberUUID : authUser.uid;
  const user = { roles, member, memberUUID, uid: authUser.uid };
  return { ...user, ...(await resolveScopeLinks(user)) };
}

/** The seed, read rule-free: what each person should see. */
function seeded(collection: string) {
  return fake.listDocuments(collection).map((d) => ({
    id: d.id,
    familyId: typeof d.data.familyId === 'string' ? d.data.familyId : '',
    classroomIds: strings.parse(d.data.classroomIds),
    facilitatorIds: strings.parse(d.data.facilitatorIds),
  }));
}

function facilitatorsTeaching(classroomIds: readonly string[]) {
  return seeded('facilitators')
    .filter((f) => f.classroomIds.some((c) => classroomIds.includes(c)))
    .map((f) => f.id)
    .sort();
}

beforeAll(async () => {
  await fake.reset({ profile: 'demo' });
});

afterEach(async () => {
  await signOutUser();
});

describe('refresh scopes against the fake Firebase', () => {
  for (const account of DEMO_ACCOUNTS) {
    it(`lets the ${account.role} refresh every collection the sync asks for without a refusal`, async () => {
      const user = await signInAs(account.role);
      let refreshed = 0;
      for (const definition of cachedCollections()) {
        const scope = scopeForUser(user, definition.name);
        if (scope === null) continue;
        const documents = await fetchScope(definition.remoteName, scope);
        expect(documents).toBeInstanceOf(Map);
        refreshed += 1;
      }
      expect(refreshed).toBeGreaterThan(0);
    });
  }

  it('gives a facilitator exactly the families of the students in their classrooms, in queries of at most 30 ids', async () => {
    const user = await signInAs('facilitator');
    const taught = seeded('classrooms')
      .filter((c) => c.facilitatorIds.includes(user.member?.facilitatorId ?? ''))
      .map((c) => c.id);
    expect(taught.length).toBeGreaterThan(0);
    const expected = new Set(
      seeded('students')
        .filter((s) => s.classroomIds.some((c) => taught.includes(c)))
        .map((s) => s.familyId),
    );
    // More families than one `in` filter may name: the scope must split them.
    expect(expected.size).toBeGreaterThan(30);

    const scope = scopeForUser(user, 'families');
    for (const filters of queriesOf(scope ?? undefined)) {
      expect(z.array(z.unknown()).parse(filters?.[0]?.value).length).toBeLessThanOrEqual(30);
    }
    const families = await fetchScope('families', scope ?? undefined);
    expect(new Set(families.keys())).toEqual(expected);
  });

  it("reads a facilitator's students from this device's cache once they are fetched, not from the backend every sync", async () => {
    const user = await signInAs('facilitator');
    const { store, initCache, clearCache } = await import('~/data/store');
    const { getCollectionDefinition } = await import('~/data/collections');
    await initCache({ uid: user.uid });
    try {
      // What the sync stored for this facilitator: the students of their classrooms.
      const students = fake
        .listDocuments('students')
        .filter((d) =>
          strings.parse(d.data.classroomIds).some((c) => user.taughtClassroomIds.includes(c)),
        )
        .map((d) => ({ ...d.data, id: d.id }));
      await store.applyRefresh(getCollectionDefinition('students'), students, '1.0.0', false);
      fake.clearRequestLog();
      const links = await resolveScopeLinks(user);
      expect(fake.requests(/students/)).toEqual([]);
      expect(new Set(links.familyIds)).toEqual(new Set(user.familyIds));
    } finally {
      await clearCache();
    }
  });

  it("reads a parent's children from this device's cache once they are fetched, not from the backend every sync", async () => {
    const user = await signInAs('parent');
    const { store, initCache, clearCache } = await import('~/data/store');
    const { getCollectionDefinition } = await import('~/data/collections');
    await initCache({ uid: user.uid });
    try {
      const familyId = user.member?.familyId;
      expect(familyId).toBeTruthy();
      // What the sync stored for this parent: their family's students.
      const children = fake
        .listDocuments('students')
        .filter((d) => d.data.familyId === familyId)
        .map((d) => ({ ...d.data, id: d.id }));
      expect(children.length).toBeGreaterThan(0);
      await store.applyRefresh(getCollectionDefinition('students'), children, '1.0.0', false);
      fake.clearRequestLog();
      const links = await resolveScopeLinks(user);
      expect(fake.requests(/students/)).toEqual([]);
      expect(new Set(links.childClassroomIds)).toEqual(new Set(user.childClassroomIds));
      expect(links.childClassroomIds.length).toBeGreaterThan(0);
    } finally {
      await clearCache();
    }
  });
  it("gives office staff the office's conversations and their own, and no one else's", async () => {
    const user = await signInAs('administration');
    const scope = scopeForUser(user, 'conversations') ?? undefined;
    const conversations = await fetchScope('conversations', scope);
    const expected = fake
      .listDocuments('conversations')
      .filter((c) => {
        const ids = strings.parse(c.data.participantIds);
        return ids.includes(user.memberUUID) || ids.includes('office');
      })
      .map((c) => c.id)
      .sort();
    expect(expected).toContain('conv-leo-trip');
    expect([...conversations.keys()].sort()).toEqual(expected);
  });

  it('gives a facilitator the students of their own classrooms and nothing else', async () => {
    const user = await signInAs('facilitator');
    const students = await fetchScope('students', scopeForUser(user, 'students') ?? undefined);
    const expected = seeded('students')
      .filter((s) => s.classroomIds.some((c) => user.taughtClassroomIds.includes(c)))
      .map((s) => s.id);
    expect([...students.keys()].sort()).toEqual(expected.sort());
  });

  it('gives a parent only their own family, its students and their children’s facilitators', async () => {
    const user = await signInAs('parent');
    const familyId = user.member?.familyId ?? '';
    const families = await fetchScope('families', scopeForUser(user, 'families') ?? undefined);
    expect([...families.keys()]).toEqual([familyId]);
    const students = await fetchScope('students', scopeForUser(user, 'students') ?? undefined);
    expect(students.size).toBeGreaterThan(0);
    expect(new Set([...students.values()].map((s) => s.familyId))).toEqual(new Set([familyId]));

    const childClassrooms = seeded('students')
      .filter((s) => s.familyId === familyId)
      .flatMap((s) => s.classroomIds);
    const expected = facilitatorsTeaching(childClassrooms);
    expect(expected.length).toBeGreaterThan(0);
    const facilitators = await fetchScope(
      'facilitators',
      scopeForUser(user, 'facilitators') ?? undefined,
    );
    expect([...facilitators.keys()].sort()).toEqual(expected);
  });

  it('gives a student their own record and the facilitators of their own classrooms', async () => {
    const user = await signInAs('student');
    const mine = await fetchScope('students', scopeForUser(user, 'students') ?? undefined);
    expect([...mine.keys()]).toEqual([user.member?.studentId]);

    const own = seeded('students').find((s) => s.id === user.member?.studentId);
    const expected = facilitatorsTeaching(own?.classroomIds ?? []);
    expect(expected.length).toBeGreaterThan(0);
    const facilitators = await fetchScope(
      'facilitators',
      scopeForUser(user, 'facilitators') ?? undefined,
    );
    expect([...facilitators.keys()].sort()).toEqual(expected);
  });
});

describe('attendance scopes against the fake Firebase', () => {
  function rollCallsOf(classroomIds: readonly string[]) {
    return fake
      .listDocuments('attendance')
      .filter((d) => classroomIds.includes(String(d.data.classroomId)))
      .map((d) => d.id)
      .sort();
  }

  it('gives a facilitator the roll calls of their own classrooms only', async () => {
    const user = await signInAs('facilitator');
    const scope = scopeForUser(user, 'attendance') ?? undefined;
    const rollCalls = await fetchScope('attendance', scope);
    const expected = rollCallsOf(user.taughtClassroomIds);
    expect(expected.length).toBeGreaterThan(0);
    expect([...rollCalls.keys()].sort()).toEqual(expected);
    expect(rollCalls.size).toBeLessThan(fake.listDocuments('attendance').length);
  });

  it("gives a parent the roll calls of their children's classrooms, which the fake lets through", async () => {
    const user = await signInAs('parent');
    expect(user.childClassroomIds.length).toBeGreaterThan(0);
    const rollCalls = await fetchScope('attendance', scopeForUser(user, 'attendance') ?? undefined);
    const expected = rollCallsOf(user.childClassroomIds);
    expect(expected.length).toBeGreaterThan(0);
    expect([...rollCalls.keys()].sort()).toEqual(expected);
  });

  it('gives a student the roll calls of their own classrooms, which the fake lets through', async () => {
    const user = await signInAs('student');
    expect(user.attendedClassroomIds.length).toBeGreaterThan(0);
    const rollCalls = await fetchScope('attendance', scopeForUser(user, 'attendance') ?? undefined);
    const expected = rollCallsOf(user.attendedClassroomIds);
    expect(expected.length).toBeGreaterThan(0);
    expect([...rollCalls.keys()].sort()).toEqual(expected);
  });

  it("refuses a parent's unscoped query for roll calls, as Firestore rules would", async () => {
    await signInAs('parent');
    await expect(listDocuments('attendance', anyRecord, { all: true })).rejects.toThrow();
  });
});

describe('scopeForUser', () => {
  const base = { member: null, memberUUID: 'm1', uid: 'm1' };

  it('reads everything for staff and skips the notifications the live feed reads', () => {
    const admin = { ...base, roles: ['administration'] satisfies Role[] };
    expect(scopeForUser(admin, 'families')).toBeUndefined();
    expect(scopeForUser(admin, 'Notifications')).toBeNull();
  });

  it('scopes conversations by participant, with the office among them and every archived one for office staff', () => {
    for (const role of ['admin', 'superAdmin', 'administration'] satisfies Role[]) {
      expect(scopeForUser({ ...base, roles: [role] }, 'conversations')).toEqual({
        anyOf: [
          [{ field: 'participantIds', op: 'array-contains-any', value: ['m1', 'office'] }],
          [{ field: 'archivedAt', op: '!=', value: null }],
        ],
      });
    }
    for (const role of ['facilitator', 'parent', 'student'] satisfies Role[]) {
      expect(scopeForUser({ ...base, roles: [role] }, 'conversations')).toEqual({
        filters: [{ field: 'participantIds', op: 'array-contains', value: 'm1' }],
      });
    }
    // Messages are fetched under each conversation the person has (decision 045).
    expect(scopeForUser({ ...base, roles: ['admin'] }, 'messages')).toBeNull();
  });

  it('splits a long list of ids into queries of 30 values', () => {
    const familyIds = Array.from({ length: 69 }, (_, i) => `fam-${String(i).padStart(4, '0')}`);
    const scope = scopeForUser({ ...base, roles: ['facilitator'], familyIds }, 'families');
    expect(scope && 'anyOf' in scope ? scope.anyOf.map((q) => q.length) : null).toEqual([1, 1, 1]);
    const values = queriesOf(scope ?? undefined).flatMap((q) =>
      z.array(z.string()).parse(q?.[0]?.value),
    );
    expect(values).toEqual(familyIds);
  });

  it('gives a facilitator with no students an empty, readable families scope rather than none', () => {
    expect(scopeForUser({ ...base, roles: ['facilitator'], familyIds: [] }, 'families')).toEqual({
      anyOf: [],
    });
    expect(scopeForUser({ ...base, roles: ['parent'] }, 'facilitators')).toEqual({ anyOf: [] });
  });

  it('skips collections no role of the person may list, and everything for a person with no role', () => {
    expect(scopeForUser({ ...base, roles: ['student'] }, 'families')).toBeNull();
    expect(scopeForUser({ ...base, roles: ['parent'] }, 'subjects')).toBeUndefined();
    expect(scopeForUser({ ...base, roles: ['student'] }, 'parentInquiries')).toBeNull();
    expect(scopeForUser({ ...base, roles: [] }, 'campuses')).toBeNull();
    expect(scopeForUser({ ...base, roles: [] }, 'events')).toBeNull();
  });

  it('joins the queries of a person with two roles, so a facilitator who is also a parent sees both', () => {
    const scope = scopeForUser(
      {
        ...base,
        roles: ['facilitator', 'parent'],
        member: memberSchema.parse({ memberUUID: 'm1', email: 'a@b.example', familyId: 'fam-9' }),
        taughtClassroomIds: ['room-a'],
      },
      'students',
    );
    expect(scope).toEqual({
      anyOf: [
        [{ field: 'classroomIds', op: 'array-contains-any', value: ['room-a'] }],
        [{ field: 'familyId', op: '==', value: 'fam-9' }],
      ],
    });
  });
});
