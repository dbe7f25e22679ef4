// The auth domain functions through the real firebase/auth SDK against the fake's identitytoolkit.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeGoogleIdToken, DEMO_PASSWORD, demoAccount } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import {
  deleteCurrentUser,
  getCurrentUser,
  getIdTokenClaims,
  sendPasswordReset,
  signInWithEmail,
  signInWithGoogleCredential,
  signOutUser,
  subscribeToAuthState,
  updateUserPassword,
  type AuthUserInfo,
} from './auth';
import { rejectionOf } from './test-helpers';

const admin = demoAccount('admin');
const facilitator = demoAccount('facilitator');
/** A seeded account whose status is suspended, so its auth account is disabled. */
const SUSPENDED_EMAIL = 'former.office@demo-learning.example';

beforeAll(async () => {
  await fake.reset();
});

beforeEach(async () => {
  await signOutUser();
});

describe('signInWithEmail', () => {
  it('signs in and exposes the custom claims through getIdTokenClaims', async () => {
    const user = await signInWithEmail(facilitator.email, facilitator.password, { remember: true });
    expect(user).toMatchObject({ uid: facilitator.uid, email: facilitator.email });
    const claims = await getIdTokenClaims();
    expect(claims?.roles).toEqual(['facilitator']);
    expect(claims?.memberUUID).toBe(facilitator.uid);
    expect(claims).toHaveProperty('tokens');
    expect(await getIdTokenClaims(true)).toMatchObject({ memberUUID: facilitator.uid });
  });

  it('fails a wrong password with auth/invalid-credential', async () => {
    const error = await rejectionOf(
      signInWithEmail(admin.email, 'wrong-password', { remember: false }),
    );
    expect(error.message).toBe('Failed to sign in');
    expect(error.code).toBe('auth/invalid-credential');
    expect(error.permanent).toBe(true);
  });

  it('fails an unknown address like a wrong password (e-mail enumeration protection)', async () => {
    const error = await rejectionOf(
      signInWithEmail('nobody@demo-learning.example', DEMO_PASSWORD, { remember: false }),
    );
    expect(error.code).toBe('auth/invalid-credential');
  });

  it('fails a disabled account with auth/user-disabled', async () => {
    const error = await rejectionOf(
      signInWithEmail(SUSPENDED_EMAIL, DEMO_PASSWORD, { remember: false }),
    );
    expect(error.code).toBe('auth/user-disabled');
  });

  it('locks an account after repeated wrong passwords with auth/too-many-requests', async () => {
    const student = demoAccount('student');
    let last = await rejectionOf(signInWithEmail(student.email, 'nope', { remember: false }));
    for (let attempt = 0; attempt < 6 && last.code !== 'auth/too-many-requests'; attempt += 1) {
      last = await rejectionOf(signInWithEmail(student.email, 'nope', { remember: false }));
    }
    expect(last.code).toBe('auth/too-many-requests');
  });
});

describe('Google credential sign-in', () => {
  it('signs in with a Google ID token and reports the google.com provider', async () => {
    const user = await signInWithGoogleCredential(createFakeGoogleIdToken(facilitator.email), {
      remember: false,
    });
    expect(user.email).toBe(facilitator.email);
    expect(user.providerData.map((p) => p.providerId)).toContain('google.com');
    expect(await getIdTokenClaims()).toMatchObject({ memberUUID: facilitator.uid });
  });

  it('deletes the signed-in account, so a mismatched Google sign-in can be reversed', async () => {
    const email = 'stranger@gmail.example';
    const user = await signInWithGoogleCredential(createFakeGoogleIdToken(email), {
      remember: false,
    });
    await deleteCurrentUser();
    expect(await getCurrentUser()).toBeNull();
    expect(fake.accounts.list().some((account) => account.uid === user.uid)).toBe(false);
  });
});

describe('session functions', () => {
  it('says "No user is signed in" when updating a password or deleting without a user', async () => {
    const update = await rejectionOf(updateUserPassword('new-password-1'));
    expect(update.message).toBe('No user is signed in');
    const remove = await rejectionOf(deleteCurrentUser());
    expect(remove.message).toBe('No user is signed in');
    expect(await getIdTokenClaims()).toBeNull();
  });

  it('updates the password so the next sign-in needs the new one', async () => {
    const parent = demoAccount('parent');
    await signInWithEmail(parent.email, parent.password, { remember: false });
    await updateUserPassword('a-new-password');
    await signOutUser();
    await expect(
      signInWithEmail(parent.email, 'a-new-password', { remember: false }),
    ).resolves.toMatchObject({ email: parent.email });
    await updateUserPassword(parent.password);
  });

  it('reports a weak new password as "Failed to update password" with its code', async () => {
    await signInWithEmail(admin.email, admin.password, { remember: false });
    const error = await rejectionOf(updateUserPassword('123'));
    expect(error.message).toBe('Failed to update password');
    expect(error.code).toBe('auth/weak-password');
  });

  it('sends a password reset e-mail', async () => {
    await expect(sendPasswordReset(admin.email)).resolves.toBeUndefined();
    expect(fake.requests('accounts:sendOobCode').length).toBeGreaterThan(0);
  });

  it('tells auth-state subscribers about sign-in and sign-out', async () => {
    const seen: (AuthUserInfo | null)[] = [];
    const unsubscribe = subscribeToAuthState((user) => seen.push(user));
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    await signInWithEmail(admin.email, admin.password, { remember: false });
    await expect.poll(() => seen.at(-1)?.uid).toBe(admin.uid);
    await signOutUser();
    await expect.poll(() => seen.at(-1)).toBeNull();
    unsubscribe();
    await signInWithEmail(admin.email, admin.password, { remember: false });
    expect(seen.at(-1)).toBeNull();
  });
});

describe('offline', () => {
  it('fails a sign-in at once with the transient auth/network-request-failed while offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const error = await rejectionOf(
      signInWithEmail(admin.email, admin.password, { remember: true }),
    );
    expect(error.message).toBe('Failed to sign in');
    expect(error.code).toBe('auth/network-request-failed');
    expect(error.permanent).toBe(false);
  });
});
