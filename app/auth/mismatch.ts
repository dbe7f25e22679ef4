// Decides whether an account that has just signed in may use the app (spec §5): it must be the
// expected address when one was asked for, and it must have a Members profile. Otherwise the
// sign-in is reversed, the attempt is reported through logUnregisterdSignin, and an account that
// Google sign-in created for a stranger is deleted, so it does not linger in Firebase Auth.
//
// State owned here: the `handlingMismatch` localStorage flag. The session store reads it
// (isHandlingMismatch) to ignore the short-lived signed-in state this flow produces; it is cleared
// MISMATCH_FLAG_CLEAR_MS after the flow ends, which covers the sign-out's auth-state event.
import { deleteCurrentUser, signOutUser, type AuthUserInfo } from '~/backend/auth';
import type { BackendNotice } from '~/backend/callables';
import type { Member } from '~/backend/documents';
import { BackendError } from '~/backend/errors';
import { MISMATCH_FLAG_CLEAR_MS, STORAGE_KEYS } from '~/config/constants';

/** Spec §5 and §8 messages of this flow. */
export const MISMATCH_MESSAGES = {
  expectedAddress: 'Please sign in with the expected address',
  profileNotFound: 'User profile not found',
} as const;

/** The `warning` field sent with each kind of report. */
export const UNREGISTERED_WARNINGS = {
  mismatch: 'Signed in with an account other than the expected address',
  noProfile: 'No member profile',
} as const;

export type AccountCheck =
  | { ok: true; member: Member; user: AuthUserInfo }
  | {
      ok: false;
      message: string;
      /** The callable's answer, shown as a notification when present (spec §7). */
      notice?: BackendNotice;
    };

export interface AccountCheckOptions {
  /**
   * Whether this sign-in created the account. Unknown (undefined) means: judge by the providers, an
   * account with only the google.com provider was made by a Google sign-in, never by an invitation.
   */
  newAccount?: boolean;
}

function storage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

let clearTimer: ReturnType<typeof setTimeout> | undefined;

function setMismatchFlag(): void {
  // A second flow started within 500 ms of the first must not have its flag cleared early.
  clearTimeout(clearTimer);
  clearTimer = undefined;
  storage()?.setItem(STORAGE_KEYS.handlingMismatch, 'true');
}

function scheduleMismatchFlagClear(): void {
  clearTimeout(clearTimer);
  clearTimer = setTimeout(() => {
    clearTimer = undefined;
    storage()?.removeItem(STORAGE_KEYS.handlingMismatch);
  }, MISMATCH_FLAG_CLEAR_MS);
}

/** True while a mismatch or no-profile flow is reversing a sign-in (and for 500 ms after it). */
export function isHandlingMismatch(): boolean {
  return storage()?.getItem(STORAGE_KEYS.handlingMismatch) === 'true';
}

function sameAddress(a: string | null, b: string): boolean {
  return a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();
}

function createdByGoogleSignIn(user: AuthUserInfo, options: AccountCheckOptions): boolean {
  if (options.newAccount !== undefined) return options.newAccount;
  return (
    user.providerData.length > 0 && user.providerData.every((p) => p.providerId === 'google.com')
  );
}

/** Reports the attempt; a failed report must not keep the account signed in, so it is only logged. */
async function report(
  user: AuthUserInfo,
  expectedEmail: string | null,
  warning: string,
): Promise<BackendNotice | undefined> {
  try {
    // Loaded when needed: the callables and the documents (with the records' schemas) stay off the
    // first load of every page that restores the session (issue 29, decision 043).
    const { callLogUnregisteredSignin } = await import('~/backend/callables');
    const notice = await callLogUnregisteredSignin({
      email: user.email,
      displayName: user.displayName,
      photoURL: user.photoURL,
      uid: user.uid,
      providerData: user.providerData,
      expectedEmail,
      timestamp: new Date().toISOString(),
      warning,
    });
    return notice ?? undefined;
  } catch (error) {
    console.warn('Could not report the unregistered sign-in', error);
    return undefined;
  }
}

/** Deletes the account when asked, then makes sure nobody stays signed in. */
async function reverseSignIn(deleteAccount: boolean): Promise<void> {
  if (deleteAccount) {
    try {
      await deleteCurrentUser();
    } catch (error) {
      // Deletion can fail (for example auth/requires-recent-login); signing out still reverses it.
      console.warn('Could not delete the unregistered account', error);
    }
  }
  try {
    await signOutUser();
  } catch (error) {
    console.warn('Could not sign out after a refused sign-in', error);
  }
}

/**
 * The profile, or null when there is none. When it cannot be read: undefined, or the error itself
 * with `rethrow`.
 */
async function readMember(
  uid: string,
  options: { rethrow?: boolean } = {},
): Promise<Member | null | undefined> {
  try {
    const { getMember } = await import('~/backend/documents');
    return await getMember(uid);
  } catch (error) {
    // Every member may read their own profile; the rules refuse it only to an account without any
    // role, which is no registered member either.
    if (error instanceof BackendError && error.code === 'permission-denied') return null;
    if (options.rethrow) throw error;
    console.warn('Could not read the Members profile', error);
    return undefined;
  }
}

/**
 * Checks the account that has just signed in. `expectedEmail` is the address the person was asked
 * to use (compared case-insensitively), or null when any registered account will do. A refused
 * account ends signed out, with the message for the login page. Throws the BackendError (and
 * leaves the account signed in) only when the Members profile cannot be read and no expected
 * address was missed: the caller decides whether to continue offline or sign out.
 */
export async function handleSignedInAccount(
  user: AuthUserInfo,
  expectedEmail: string | null,
  options: AccountCheckOptions = {},
): Promise<AccountCheck> {
  const expected = expectedEmail?.trim() ? expectedEmail.trim() : null;
  const mismatch = expected !== null && !sameAddress(user.email, expected);

  if (!mismatch) {
    // A read failure is thrown: a session restored offline may go on with its cached data, while
    // an interactive sign-in signs out (startGoogleSignIn does). Either way nothing is deleted.
    const member = await readMember(user.uid, { rethrow: true });
    if (member) return { ok: true, member, user };
  }

  setMismatchFlag();
  try {
    // In the mismatch case the profile decides only whether the account may be deleted.
    const member = mismatch ? await readMember(user.uid) : null;
    const notice = await report(
      user,
      expected,
      mismatch ? UNREGISTERED_WARNINGS.mismatch : UNREGISTERED_WARNINGS.noProfile,
    );
    // A registered member who picked the wrong account keeps it (decision 011): only an account
    // with no profile at all, made by this Google sign-in, is deleted.
    await reverseSignIn(member === null && createdByGoogleSignIn(user, options));
    const message = mismatch
      ? MISMATCH_MESSAGES.expectedAddress
      : MISMATCH_MESSAGES.profileNotFound;
    return notice ? { ok: false, message, notice } : { ok: false, message };
  } finally {
    scheduleMismatchFlagClear();
  }
}
