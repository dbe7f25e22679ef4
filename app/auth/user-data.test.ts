import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getIdTokenClaims, signInWithEmail, signOutUser } from '~/backend/auth';
import { getDocument, getMember, listDocuments } from '~/backend/documents';
import { cachedCollections } from '~/data/collections';
import { facilitatorSchema } from '~/domain/records';
import { rolesFromClaims } from '~/domain/roles';
import { DEMO_ACCOUNTS } from '../../mocks/demo-accounts';
import { scopeForUser } from './user-data';

const anyRecord = z.object({ id: z.string() }).passthrough();

describe('refresh scopes per role', () => {
  afterEach(async () => {
    await signOutUser();
  });

  for (const account of DEMO_ACCOUNTS) {
    it(`lets the ${account.role} refresh every collection the sync asks for without a refusal`, async () => {
      const authUser = await signInWithEmail(account.email, account.password, { remember: false });
      const claims = await getIdTokenClaims();
      const { roles } = rolesFromClaims(claims, authUser.email, []);
      const member = await getMember(authUser.uid);
      const memberUUID = typeof claims?.memberUUID === 'string' ? claims.memberUUID : authUser.uid;
      const facilitator = member?.facilitatorId
        ? await getDocument('facilitators', member.facilitatorId, facilitatorSchema)
        : null;
      const user = {
        roles,
        member,
        memberUUID,
        uid: authUser.uid,
        classroomIds: facilitator?.classroomIds ?? [],
      };

      let refreshed = 0;
      for (const definition of cachedCollections()) {
        const scope = scopeForUser(user, definition.name);
        if (scope === null) continue;
        const documents = await listDocuments(definition.remoteName, anyRecord, {
          all: true,
          ...(scope?.filters ? { filters: scope.filters } : {}),
        });
        expect(Array.isArray(documents)).toBe(true);
        refreshed += 1;
      }
      expect(refreshed).toBeGreaterThan(0);
    });
  }

  it('gives a parent only their own family’s students', async () => {
    const parent = DEMO_ACCOUNTS.find((a) => a.role === 'parent');
    if (!parent) throw new Error('no parent demo account');
    const authUser = await signInWithEmail(parent.email, parent.password, { remember: false });
    const member = await getMember(authUser.uid);
    const scope = scopeForUser(
      { roles: ['parent'], member, memberUUID: authUser.uid, uid: authUser.uid },
      'students',
    );
    const students = await listDocuments('students', anyRecord, {
      all: true,
      filters: scope?.filters ?? [],
    });
    expect(students.length).toBeGreaterThan(0);
    expect(new Set(students.map((s) => s.familyId))).toEqual(new Set([member?.familyId]));
  });

  it('gives a facilitator the students of their own classrooms and a student their own record', async () => {
    const facilitatorAccount = DEMO_ACCOUNTS.find((a) => a.role === 'facilitator');
    if (!facilitatorAccount) throw new Error('no facilitator demo account');
    const authUser = await signInWithEmail(facilitatorAccount.email, facilitatorAccount.password, {
      remember: false,
    });
    const member = await getMember(authUser.uid);
    const facilitator = await getDocument(
      'facilitators',
      member?.facilitatorId ?? '',
      facilitatorSchema,
    );
    const classroomIds = facilitator?.classroomIds ?? [];
    expect(classroomIds.length).toBeGreaterThan(0);
    const scope = scopeForUser(
      { roles: ['facilitator'], member, memberUUID: authUser.uid, uid: authUser.uid, classroomIds },
      'students',
    );
    const students = await listDocuments('students', anyRecord, {
      all: true,
      filters: scope?.filters ?? [],
    });
    expect(students.length).toBeGreaterThan(0);
    for (const s of students) {
      expect(
        z
          .array(z.string())
          .parse(s.classroomIds)
          .some((c) => classroomIds.includes(c)),
      ).toBe(true);
    }
    await signOutUser();

    const studentAccount = DEMO_ACCOUNTS.find((a) => a.role === 'student');
    if (!studentAccount) throw new Error('no student demo account');
    const student = await signInWithEmail(studentAccount.email, studentAccount.password, {
      remember: false,
    });
    const own = scopeForUser(
      {
        roles: ['student'],
        member: await getMember(student.uid),
        memberUUID: student.uid,
        uid: student.uid,
      },
      'students',
    );
    const mine = await listDocuments('students', anyRecord, {
      all: true,
      filters: own?.filters ?? [],
    });
    expect(mine).toHaveLength(1);
  });
});
