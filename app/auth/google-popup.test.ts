// The production popup/redirect choice of startGoogleSignIn. Node cannot open Google's popup, so the
// two calls that would are replaced; everything else (credential sign-in, the Members check) is the
// real SDK against the fake.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  signInWithGoogleCredential,
  signInWithGooglePopup,
  signInWithGoogleRedirect,
  signOutUser,
} from '~/backend/auth';
import type * as BackendAuth from '~/backend/auth';
import { BackendError } from '~/backend/errors';
import { STORAGE_KEYS } from '~/config/constants';
import { createFakeGoogleIdToken, demoAccount } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import { GoogleSignInError, readRedirectState, startGoogleSignIn } from './google';

vi.mock('~/backend/auth', async (importOriginal) => {
  const actual = await importOriginal<typeof BackendAuth>();
  return { ...actual, signInWithGooglePopup: vi.fn(), signInWithGoogleRedirect: vi.fn() };
});

const popup = vi.mocked(signInWithGooglePopup);
const redirect = vi.mocked(signInWithGoogleRedirect);
const parent = demoAccount('parent');
const config = {
  mode: 'firebase' as const,
  googleClientId: '1234-abc.apps.googleusercontent.com',
  googleSignInEnabled: true,
};

function popupError(code: string): BackendError {
  return new BackendError('Failed to sign in with Google', { code });
}

function start(canRedirect: boolean) {
  return startGoogleSignIn({
    expectedEmail: parent.email,
    remember: true,
    mode: 'firebase',
    config,
    canRedirect: async () => canRedirect,
  });
}

async function rejection(promise: Promise<unknown>): Promise<GoogleSignInError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof GoogleSignInError)) throw new Error('expected a GoogleSignInError');
  return outcome;
}

beforeAll(async () => {
  await fake.reset();
});

beforeEach(async () => {
  popup.mockReset();
  redirect.mockReset();
  localStorage.clear();
  await signOutUser();
});

describe('startGoogleSignIn in production', () => {
  it('opens the popup with the expected address as a hint and checks the account', async () => {
    popup.mockImplementation((options) =>
      signInWithGoogleCredential(createFakeGoogleIdToken(parent.email), options),
    );
    const outcome = await start(true);
    expect(popup).toHaveBeenCalledWith({ remember: true, loginHint: parent.email });
    expect(outcome).toMatchObject({
      status: 'checked',
      result: { ok: true, member: { memberUUID: parent.uid } },
    });
    expect(redirect).not.toHaveBeenCalled();
  });

  it('words a closed popup as "Sign-in was canceled or failed. Please try again."', async () => {
    popup.mockRejectedValue(popupError('auth/popup-closed-by-user'));
    const error = await rejection(start(true));
    expect(error.message).toBe('Sign-in was canceled or failed. Please try again.');
    expect(error.code).toBe('cancelled');
  });

  it('falls back to the redirect when the popup is blocked and the hosting can finish it', async () => {
    popup.mockRejectedValue(popupError('auth/popup-blocked'));
    redirect.mockResolvedValue(undefined);
    await expect(start(true)).resolves.toEqual({ status: 'redirecting' });
    expect(redirect).toHaveBeenCalledWith({ remember: true, loginHint: parent.email });
    expect(readRedirectState()).toMatchObject({
      expectedEmail: parent.email,
      remember: true,
      pending: true,
      initiated: true,
    });
  });

  it('says "Failed to sign in with Google" when the popup is blocked and no redirect is possible', async () => {
    popup.mockRejectedValue(popupError('auth/popup-blocked'));
    const error = await rejection(start(false));
    expect(error.message).toBe('Failed to sign in with Google');
    expect(redirect).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.redirectPending)).toBeNull();
  });

  it('removes the redirect state again when the redirect cannot start', async () => {
    popup.mockRejectedValue(popupError('auth/popup-blocked'));
    redirect.mockRejectedValue(popupError('auth/network-request-failed'));
    const error = await rejection(start(true));
    expect(error.message).toBe('Failed to sign in with Google');
    expect(readRedirectState()).toBeNull();
  });
});
