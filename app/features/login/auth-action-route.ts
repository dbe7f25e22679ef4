// /auth/action: the page Firebase Auth's e-mail links open (the project's e-mail template names it
// as action URL, docs/deploy.md; the fake's invitation links point here too). For
// mode=resetPassword (an invitation, or "Forgot password") it checks the code, asks for a password
// twice, sets it (the code is used up) and signs the person in with it, so an invitee lands on
// their dashboard. A link that is wrong, used or expired says so and how to get a new one. Its own
// route chunk: nothing here weighs on /login's first load.
import { redirect } from '@remix-run/react';
import { z } from 'zod';
import { firebaseCodeOf } from '~/backend/errors';
import { checkPasswordResetCode, resetPasswordWithCode } from '~/backend/password-reset';
import { settingsStore } from '~/settings/store';
import { newPassword } from '~/ui/form/fields';
import { formFailure, parseForm, type FormFailure } from '~/ui/form/parse-form';
import { readDefaultRememberMe } from './remember-me';

export const PASSWORD_SET = 'Password set';

/** Why a link cannot be used, each with its own words on the page. */
export type LinkProblem = 'expired' | 'invalid' | 'unsupported' | 'offline' | 'failed';

export type AuthActionPage =
  { state: 'ready'; email: string; oobCode: string } | { state: 'problem'; problem: LinkProblem };

export const LINK_PROBLEMS: Record<LinkProblem, { title: string; text: string }> = {
  expired: {
    title: 'This link has expired',
    text: 'A link to set a password works for one hour. Ask the centre’s office to send the invitation again, or use “Forgot password” on the sign-in page.',
  },
  invalid: {
    title: 'This link has already been used or is not complete',
    text: 'Each link works once. If you have set your password, sign in with it. Otherwise ask the centre’s office to send the invitation again, or use “Forgot password” on the sign-in page.',
  },
  unsupported: {
    title: 'This link cannot be used here',
    text: 'This page sets a password from an invitation or a password-reset e-mail. Open the link from the latest such e-mail, or sign in.',
  },
  offline: {
    title: 'No connection',
    text: 'Checking the link needs a connection. Connect to the internet and open the link again.',
  },
  failed: {
    title: 'The link could not be checked',
    text: 'Something went wrong while checking the link. Open it again in a moment, or ask the centre’s office for a new one.',
  },
};

/** A failed check or reset, as one of the page's problems (by Firebase Auth's error code). */
export function problemOf(error: unknown): LinkProblem {
  switch (firebaseCodeOf(error)) {
    case 'auth/expired-action-code':
      return 'expired';
    case 'auth/invalid-action-code':
    case 'auth/user-not-found':
    case 'auth/user-disabled':
      return 'invalid';
    case 'auth/network-request-failed':
    case 'unavailable':
      return 'offline';
    default:
      return 'failed';
  }
}

/** What the link says: the mode and the code (Auth's own parameter names). */
export async function loadAuthAction(url: URL): Promise<AuthActionPage> {
  const mode = url.searchParams.get('mode');
  const oobCode = url.searchParams.get('oobCode') ?? '';
  if (mode !== 'resetPassword') return { state: 'problem', problem: 'unsupported' };
  if (!oobCode) return { state: 'problem', problem: 'invalid' };
  try {
    const email = await checkPasswordResetCode(oobCode);
    return { state: 'ready', email, oobCode };
  } catch (error) {
    return { state: 'problem', problem: problemOf(error) };
  }
}

export const setPasswordSchema = z
  .object({
    oobCode: z.string().min(1),
    email: z.string().email(),
    password: newPassword,
    confirmPassword: z.string().optional(),
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: 'The two passwords are not the same.',
    path: ['confirmPassword'],
  });

export type SetPasswordResult =
  | FormFailure
  /** The link stopped working between opening the page and sending the form. */
  | { ok: false; status?: undefined; problem: LinkProblem }
  /** The password is set but signing in failed: the page says so and links to sign in. */
  | { ok: true; signInError: string };

/**
 * Sets the password, then signs in with it through the sign-in page's own action (the session,
 * its checks and where to land), so the person arrives on their dashboard.
 */
export async function setPasswordAction(formData: FormData): Promise<SetPasswordResult | Response> {
  const parsed = parseForm(setPasswordSchema, formData);
  if (!parsed.ok) return parsed;
  const { oobCode, email, password } = parsed.data;
  try {
    await resetPasswordWithCode(oobCode, password);
  } catch (error) {
    if (firebaseCodeOf(error) === 'auth/weak-password') {
      return formFailure(parsed.values, {
        password: 'This password is too weak. Use at least 8 characters.',
      });
    }
    const problem = problemOf(error);
    if (problem === 'offline' || problem === 'failed') {
      return formFailure(parsed.values, { _form: LINK_PROBLEMS[problem].text });
    }
    return { ok: false, problem };
  }
  settingsStore.notify(PASSWORD_SET, 'success');
  const { loginAction } = await import('./sign-in');
  const signIn = new FormData();
  signIn.set('intent', 'signin');
  signIn.set('email', email);
  signIn.set('password', password);
  if (readDefaultRememberMe()) signIn.set('remember', 'on');
  const outcome = await loginAction(signIn);
  if (outcome === null) return redirect('/login');
  // Anything but the page's answer is the redirect to the dashboard.
  if (!('step' in outcome)) return outcome;
  return { ok: true, signInError: outcome.formError ?? 'Signing in failed.' };
}
