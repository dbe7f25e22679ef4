// Setting a password from an e-mail link (issue 31: invitations, "Forgot password"): the two Auth
// calls of the /auth/action page. Apart from auth.ts on purpose: that module sits in the signed-in
// pages' first-load chunk, and a page that imported it too would split it out of that chunk (the
// /dash/home budget). Failures keep auth's vocabulary, as auth.ts's authRequest words them.
import { getAuthInstance } from './app';
import { BACKEND_MESSAGES, BackendError } from './errors';
import { request } from './request';

async function resetRequest<T>(call: () => Promise<T>): Promise<T> {
  const message = BACKEND_MESSAGES.passwordUpdateFailed;
  try {
    return await request(message, call);
  } catch (error) {
    const networkLike =
      error instanceof BackendError &&
      error.message === message &&
      (error.code === 'unavailable' || error.code === 'deadline-exceeded');
    if (!networkLike) throw error;
    throw new BackendError(message, { code: 'auth/network-request-failed', cause: error });
  }
}

/**
 * The address a password-reset code (an invitation's or a "Forgot password" e-mail's link) is for.
 * Fails with 'auth/invalid-action-code' (wrong or used) or 'auth/expired-action-code'.
 */
export function checkPasswordResetCode(oobCode: string): Promise<string> {
  return resetRequest(async () => {
    const [auth, { verifyPasswordResetCode }] = await Promise.all([
      getAuthInstance(),
      import('firebase/auth'),
    ]);
    return verifyPasswordResetCode(auth, oobCode);
  });
}

/** Sets the password with a reset code (used up); 'auth/weak-password' under 6 characters. */
export function resetPasswordWithCode(oobCode: string, newPassword: string): Promise<void> {
  return resetRequest(async () => {
    const [auth, { confirmPasswordReset }] = await Promise.all([
      getAuthInstance(),
      import('firebase/auth'),
    ]);
    await confirmPasswordReset(auth, oobCode, newPassword);
  });
}
