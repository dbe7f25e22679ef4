// The sign-in page's heavy half (spec §2, §4, §5), loaded on demand by login-route.ts: the action (the
// e-mail step, the password step, password reset and Google sign-in) and the finishing of a Google
// redirect or restored session. It pulls in Firebase Auth, the session and (through it) the data
// layer, which the page itself must not load up front (issue 11, part 5). A refused sign-in keeps
// what the person typed and says why.
import { redirect } from '@remix-run/react';
import { z } from 'zod';
import { prepareSignIn } from '~/auth/browser-session';
import { completeGoogleRedirect, startGoogleSignIn } from '~/auth/google';
import { afterSignInTarget } from '~/auth/redirect-target';
import {
  establishSession,
  preloadSignedInModules,
  runInteractiveSignIn,
  SIGN_IN_SUCCESS,
  whenSessionKnown,
} from '~/auth/session';
import { sendPasswordReset, signInWithEmail } from '~/backend/auth';
import { BackendError } from '~/backend/errors';
import { getDemoControl } from '~/config/demo-control';
import { getRuntimeConfig } from '~/config/env';
import { settingsStore } from '~/settings/store';
import { checkbox, emailAddress } from '~/ui/form/fields';
import { parseForm, type FieldErrors } from '~/ui/form/parse-form';
import { offlineSignInMessage } from './offline-sign-in';
import { storeDefaultRememberMe } from './remember-me';

export { preloadSignedInModules };

export const PASSWORD_RESET_SENT = 'Password reset email sent. Check your inbox.';
export const PASSWORD_RESET_FAILED = 'Failed to send password reset email';
export const SIGN_IN_FAILED = 'Failed to sign in';

/** Wording for each sign-in failure a person can meet; the spec's message heads the toast. */
export function describeSignInError(error: unknown): string {
  const code = error instanceof BackendError ? error.code : '';
  switch (code) {
    case 'auth/invalid-credential':
    case 'auth/wrong-password':
    case 'auth/invalid-login-credentials':
      return 'The e-mail address or password is not right. Check both and try again.';
    case 'auth/user-not-found':
      return 'No account uses this e-mail address. Check it, or ask the centre’s office for an invitation.';
    case 'auth/user-disabled':
      return 'This account is suspended. Ask the centre’s office to reactivate it.';
    case 'auth/too-many-requests':
      return 'Too many attempts. Wait a few minutes, or reset your password.';
    case 'auth/network-request-failed':
    case 'unavailable':
      // No session could be restored here (else this page would not show): say why.
      return offlineSignInMessage();
    default:
      return error instanceof Error && error.message ? error.message : SIGN_IN_FAILED;
  }
}

/**
 * For a visitor who may already be signed in: finishes a Google redirect (Firebase mode) or waits
 * for the restored session. Returns where to send them, or null to show the sign-in page.
 */
export async function signedInTarget(redirectTo: string | null): Promise<string | null> {
  if (getRuntimeConfig().mode === 'firebase') {
    // Back from Google's redirect: finish that sign-in here, with its expected-e-mail check.
    if (await finishGoogleRedirect()) return afterSignInTarget(redirectTo);
  }
  const session = await whenSessionKnown();
  return session.status === 'signedIn' ? afterSignInTarget(redirectTo) : null;
}

async function finishGoogleRedirect(): Promise<boolean> {
  const outcome = await runInteractiveSignIn(async () => {
    try {
      const checked = await completeGoogleRedirect();
      if (!checked) return null;
      if (!checked.ok) return { ok: false as const, message: checked.message };
      return await establishSession(checked.user, null, { checkedMember: checked.member });
    } catch (error) {
      return { ok: false as const, message: describeSignInError(error) };
    }
  });
  if (!outcome) return false;
  if (!outcome.ok) {
    settingsStore.setError(outcome.message);
    return false;
  }
  settingsStore.notify(SIGN_IN_SUCCESS, 'success');
  return true;
}

// The sign-in page asks for the person's own address, and says so.
const email = emailAddress({
  required: 'Enter your e-mail address.',
  invalid: 'Enter a valid e-mail address, like name@example.com.',
});

export const loginActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('email'), email }),
  z.object({
    intent: z.literal('signin'),
    email,
    // Not trimmed: spaces may be part of a password.
    password: z.string({ required_error: 'Enter your password.' }).min(1, 'Enter your password.'),
    remember: checkbox,
    redirectTo: z.string().optional(),
  }),
  z.object({ intent: z.literal('reset'), email }),
  z.object({
    intent: z.literal('google'),
    chosenEmail: z.string().email().optional(),
    expectedEmail: z.string().optional(),
    remember: checkbox,
    redirectTo: z.string().optional(),
  }),
]);

export interface LoginActionData {
  /** 400 when the form was refused as typed (the field errors say why). */
  status?: 400;
  step: 'email' | 'password';
  email: string;
  fieldErrors?: FieldErrors;
  formError?: string;
  info?: string;
}

export async function loginAction(formData: FormData) {
  const parsed = parseForm(loginActionSchema, formData);
  const typedEmail = typeof parsed.values.email === 'string' ? parsed.values.email.trim() : '';
  if (!parsed.ok) {
    const { fieldErrors } = parsed;
    // A refused address sends the person back to the e-mail step; a missing password keeps them at
    // the password step with the address they typed.
    const step = parsed.values.intent === 'email' || !typedEmail ? 'email' : 'password';
    return {
      status: 400,
      step: fieldErrors.email ? 'email' : step,
      email: typedEmail,
      fieldErrors,
    } satisfies LoginActionData;
  }
  const data = parsed.data;

  switch (data.intent) {
    case 'email':
      return { step: 'password', email: data.email } satisfies LoginActionData;

    case 'reset':
      try {
        await sendPasswordReset(data.email);
        settingsStore.notify(PASSWORD_RESET_SENT, 'success');
        return {
          step: 'password',
          email: data.email,
          info: PASSWORD_RESET_SENT,
        } satisfies LoginActionData;
      } catch {
        settingsStore.setError(PASSWORD_RESET_FAILED);
        return {
          step: 'password',
          email: data.email,
          formError: PASSWORD_RESET_FAILED,
        } satisfies LoginActionData;
      }

    case 'signin': {
      const outcome = await runInteractiveSignIn(async () => {
        try {
          // Kept in Firebase's IndexedDB store for the device or for this browser session
          // (browser-session.ts); in this tab only where no session cookie can be set.
          const authUser = await signInWithEmail(data.email, data.password, {
            remember: prepareSignIn(data.remember),
          });
          return await establishSession(authUser, null);
        } catch (error) {
          return { ok: false as const, message: describeSignInError(error) };
        }
      });
      if (!outcome.ok) {
        settingsStore.setError(SIGN_IN_FAILED);
        return {
          step: 'password',
          email: data.email,
          formError: outcome.message,
        } satisfies LoginActionData;
      }
      storeDefaultRememberMe(data.remember);
      settingsStore.notify(SIGN_IN_SUCCESS, 'success');
      return redirect(afterSignInTarget(data.redirectTo));
    }

    case 'google': {
      const expected = data.expectedEmail?.trim() || null;
      const mode = getRuntimeConfig().mode;
      const demo = getDemoControl();
      const outcome = await runInteractiveSignIn(async () => {
        try {
          // In demo mode the fake's account chooser stands in for Google and supplies the token.
          const idToken =
            mode === 'demo' && demo && data.chosenEmail
              ? demo.createGoogleIdToken(data.chosenEmail)
              : undefined;
          const started = await startGoogleSignIn({
            expectedEmail: expected,
            remember: prepareSignIn(data.remember),
            mode,
            idToken,
          });
          if (started.status === 'redirecting')
            return { ok: false as const, message: '', redirecting: true };
          if (!started.result.ok) {
            if (started.result.notice)
              settingsStore.notify(started.result.notice.message, 'warning');
            return { ok: false as const, message: started.result.message };
          }
          return await establishSession(started.result.user, null, {
            checkedMember: started.result.member,
          });
        } catch (error) {
          return { ok: false as const, message: describeSignInError(error) };
        }
      });
      if ('redirecting' in outcome) return null;
      if (!outcome.ok) {
        settingsStore.setError(outcome.message);
        return {
          step: expected ? 'password' : 'email',
          email: expected ?? '',
          formError: outcome.message,
        } satisfies LoginActionData;
      }
      storeDefaultRememberMe(data.remember);
      settingsStore.notify(SIGN_IN_SUCCESS, 'success');
      return redirect(afterSignInTarget(data.redirectTo));
    }
  }
}
