// The expected-e-mail and unregistered-account flows (spec §5) through the real Firebase SDK
// against the fake: what logUnregisterdSignin receives, and which accounts survive.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getCurrentUser, signInWithGoogleCredential, signOutUser } from '~/backend/auth';
import { BackendError } from '~/backend/errors';
import { MISMATCH_FLAG_CLEAR_MS, STORAGE_KEYS } from '~/config/constants';
import { createFakeGoogleIdToken, demoAccount } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import { handleSignedInAccount, isHandlingMismatch, UNREGISTERED_WARNINGS } from './mismatch';

const parent = demoAccount('parent');
const facilitator = demoAccount('facilitator');

function strangerEmail(): string {
  return `stranger-${Math.random().toString(36).slice(2, 10)}@gmail.example`;
}

function googleSignIn(email: string) {
  return signInWithGoogleCredential(createFakeGoogleIdToken(email, 'Sam Stranger'), {
    remember: false,
  });
}

function reportsFor(uid: string) {
  return fake
    .listDocuments('unregisteredSignins')
    .map((doc) => doc.data)
    .filter((data) => data.uid === uid);
}

function accountExists(uid: string): boolean {
  return fake.accounts.list().some((account) => account.uid === uid);
}

const waitPastFlagClear = () =>
  new Promise((resolve) => setTimeout(resolve, MISMATCH_FLAG_CLEAR_MS + 100));

beforeAll(async () => {
  await fake.reset();
});

beforeEach(async () => {
  await signOutUser();
  localStorage.clear();
});

describe('handleSignedInAccount', () => {
  it('accepts a registered member whose address matches the expected one in any letter case', async () => {
    const user = await googleSignIn(parent.email);
    const result = await handleSignedInAccount(user, parent.email.toUpperCase());
    expect(result).toMatchObject({ ok: true, member: { memberUUID: parent.uid } });
    expect((await getCurrentUser())?.uid).toBe(parent.uid);
    expect(isHandlingMismatch()).toBe(false);
  });

  it('accepts any registered member when no address is expected', async () => {
    const user = await googleSignIn(facilitator.email);
    const result = await handleSignedInAccount(user, null);
    expect(result.ok).toBe(true);
    expect(reportsFor(facilitator.uid)).toHaveLength(0);
  });

  it('reports a mismatched new Google account with the full payload, deletes it and signs out', async () => {
    const email = strangerEmail();
    const user = await googleSignIn(email);
    expect(accountExists(user.uid)).toBe(true);
    const before = Date.now();

    const result = await handleSignedInAccount(user, parent.email);

    expect(result).toEqual({
      ok: false,
      message: 'Please sign in with the expected address',
      notice: { type: 'warning', message: 'Please sign in with the expected address' },
    });
    const reports = reportsFor(user.uid);
    expect(reports).toHaveLength(1);
    const report = reports[0];
    expect(report).toMatchObject({
      email,
      displayName: 'Sam Stranger',
      uid: user.uid,
      expectedEmail: parent.email,
      warning: UNREGISTERED_WARNINGS.mismatch,
    });
    expect(report).toHaveProperty('photoURL');
    expect(report?.providerData).toEqual([
      expect.objectContaining({ providerId: 'google.com', email }),
    ]);
    expect(Date.parse(String(report?.timestamp))).toBeGreaterThanOrEqual(before - 1000);
    expect(accountExists(user.uid)).toBe(false);
    expect(await getCurrentUser()).toBeNull();
  });

  it('keeps handlingMismatch set while the flow ends and clears it 500 ms later', async () => {
    const user = await googleSignIn(strangerEmail());
    await handleSignedInAccount(user, parent.email);
    expect(localStorage.getItem(STORAGE_KEYS.handlingMismatch)).toBe('true');
    expect(isHandlingMismatch()).toBe(true);
    await waitPastFlagClear();
    expect(localStorage.getItem(STORAGE_KEYS.handlingMismatch)).toBeNull();
  });

  it('only signs out a registered member who chose the wrong account, and keeps their account', async () => {
    const user = await googleSignIn(facilitator.email);
    const result = await handleSignedInAccount(user, parent.email);
    expect(result).toMatchObject({
      ok: false,
      message: 'Please sign in with the expected address',
    });
    expect(reportsFor(facilitator.uid)).toEqual([
      expect.objectContaining({
        email: facilitator.email,
        expectedEmail: parent.email,
        warning: UNREGISTERED_WARNINGS.mismatch,
      }),
    ]);
    expect(accountExists(facilitator.uid)).toBe(true);
    expect(await getCurrentUser()).toBeNull();
  });

  it('refuses a Google account without a Members profile with "User profile not found" and deletes it', async () => {
    const email = strangerEmail();
    const user = await googleSignIn(email);
    const result = await handleSignedInAccount(user, null);
    expect(result).toMatchObject({ ok: false, message: 'User profile not found' });
    expect(result.ok === false && result.notice?.message).toBeTruthy();
    expect(reportsFor(user.uid)).toEqual([
      expect.objectContaining({ email, expectedEmail: null, warning: 'No member profile' }),
    ]);
    expect(accountExists(user.uid)).toBe(false);
    expect(await getCurrentUser()).toBeNull();
    expect(isHandlingMismatch()).toBe(true);
    await waitPastFlagClear();
    expect(isHandlingMismatch()).toBe(false);
  });

  it('signs out but does not delete a profile-less account that this sign-in did not create', async () => {
    const user = await googleSignIn(strangerEmail());
    const result = await handleSignedInAccount(user, null, { newAccount: false });
    expect(result).toMatchObject({ ok: false, message: 'User profile not found' });
    expect(accountExists(user.uid)).toBe(true);
    expect(await getCurrentUser()).toBeNull();
  });

  it('throws a transient error and deletes nothing when the profile cannot be read', async () => {
    const user = await googleSignIn(strangerEmail());
    fake.faults.failNext(/documents:batchGet/, 1, 503);
    const outcome = await handleSignedInAccount(user, null).then(
      () => null,
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(BackendError);
    expect(outcome).toMatchObject({ message: 'Failed to get data', permanent: false });
    // The caller decides: a restored session may continue offline, a fresh sign-in signs out.
    expect((await getCurrentUser())?.uid).toBe(user.uid);
    expect(accountExists(user.uid)).toBe(true);
    expect(reportsFor(user.uid)).toHaveLength(0);
  });

  it('still reverses a mismatch, without deleting, when the profile cannot be read', async () => {
    const user = await googleSignIn(strangerEmail());
    fake.faults.failNext(/documents:batchGet/, 1, 503);
    const result = await handleSignedInAccount(user, parent.email);
    expect(result).toMatchObject({
      ok: false,
      message: 'Please sign in with the expected address',
    });
    expect(accountExists(user.uid)).toBe(true);
    expect(reportsFor(user.uid)).toHaveLength(1);
    expect(await getCurrentUser()).toBeNull();
  });
});
