import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getIdTokenClaims, signInWithEmail, signOutUser } from '~/backend/auth';
import { getMember, listDocuments } from '~/backend/documents';
import { cachedCollections } from '~/data/collections';
import { DEMO_ACCOUNTS } from '../../mocks/demo-accounts';
import { rolesFromClaims } from './roles';
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
      const user = { roles, member, memberUUID, uid: authUser.uid };

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
});
