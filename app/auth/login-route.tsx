// The sign-in page shared by /, /login, /auth/login and /auth/signin (spec §2, §4, §5). E-mail first,
// then the password step; remember-me; password reset; Google sign-in (in demo mode the fake's account
// chooser stands in for Google). A refused sign-in keeps what the person typed and says why.
import {
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
} from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { sendPasswordReset, signInWithEmail } from '~/backend/auth';
import { BackendError } from '~/backend/errors';
import { STORAGE_KEYS } from '~/config/constants';
import { getDemoControl } from '~/config/demo-control';
import { getRuntimeConfig } from '~/config/env';
import { settingsStore, useSettings } from '~/settings/store';
import { Modal } from '~/ui/Modal';
import { completeGoogleRedirect, loadGoogleIdentityScript, startGoogleSignIn } from './google';
import { afterSignInTarget, REDIRECT_PARAM } from './guards';
import {
  establishSession,
  runInteractiveSignIn,
  SIGN_IN_SUCCESS,
  whenSessionKnown,
} from './session';

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
      return 'You seem to be offline. Signing in needs a connection the first time.';
    default:
      return error instanceof Error && error.message ? error.message : SIGN_IN_FAILED;
  }
}

function readDefaultRememberMe(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.defaultRememberMe) === 'true';
  } catch {
    return false;
  }
}

function storeDefaultRememberMe(remember: boolean) {
  try {
    localStorage.setItem(STORAGE_KEYS.defaultRememberMe, String(remember));
  } catch {
    // Only the default of the checkbox is lost.
  }
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get(REDIRECT_PARAM);
  const config = getRuntimeConfig();
  if (config.mode === 'firebase') {
    void loadGoogleIdentityScript();
    // Back from Google's redirect: finish that sign-in here, with its expected-e-mail check.
    const finished = await finishGoogleRedirect();
    if (finished) throw redirect(afterSignInTarget(redirectTo));
  }
  const session = await whenSessionKnown();
  if (session.status === 'signedIn') throw redirect(afterSignInTarget(redirectTo));
  const demo = getDemoControl();
  return {
    redirectTo,
    rememberMe: readDefaultRememberMe(),
    demoAccounts: demo?.accounts ?? [],
    googleAccounts: demo?.googleAccounts ?? [],
    googleEnabled: config.mode === 'demo' ? demo !== null : config.googleSignInEnabled,
  };
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

const email = z
  .string()
  .trim()
  .min(1, 'Enter your e-mail address.')
  .email('Enter a valid e-mail address, like name@example.com.');
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on');

const actionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('email'), email }),
  z.object({
    intent: z.literal('signin'),
    email,
    password: z.string().min(1, 'Enter your password.'),
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
  step: 'email' | 'password';
  email: string;
  fieldErrors?: { email?: string; password?: string };
  formError?: string;
  info?: string;
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const typedEmail = typeof form.email === 'string' ? form.email.trim() : '';
  const parsed = actionSchema.safeParse(form);
  if (!parsed.success) {
    const flat = parsed.error.flatten().fieldErrors;
    const step = form.intent === 'email' || !typedEmail ? 'email' : 'password';
    return {
      step: flat.email ? 'email' : step,
      email: typedEmail,
      fieldErrors: { email: flat.email?.[0], password: flat.password?.[0] },
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
          const authUser = await signInWithEmail(data.email, data.password, {
            remember: data.remember,
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
            remember: data.remember,
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

function GoogleChooser({
  open,
  onClose,
  accounts,
  expectedEmail,
  remember,
  redirectTo,
}: {
  open: boolean;
  onClose: () => void;
  accounts: readonly { email: string; displayName: string }[];
  expectedEmail: string | null;
  remember: boolean;
  redirectTo: string | null;
}) {
  const skin = useSettings((s) => s.skin);
  return (
    <Modal
      open={open}
      title="Choose a Google account"
      onClose={onClose}
      actions={[{ label: 'Cancel', variant: 'secondary', onClick: onClose }]}
    >
      <p className="text-sm text-muted">
        Demo mode: this list stands in for Google’s account chooser.
      </p>
      <ul className="mt-3 grid gap-2">
        {accounts.map((account) => (
          <li key={account.email}>
            <Form method="post" onSubmit={onClose}>
              <input type="hidden" name="intent" value="google" />
              <input type="hidden" name="chosenEmail" value={account.email} />
              {expectedEmail ? (
                <input type="hidden" name="expectedEmail" value={expectedEmail} />
              ) : null}
              {remember ? <input type="hidden" name="remember" value="on" /> : null}
              {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
              <button
                type="submit"
                className={`${skin.buttonSecondary} ${skin.rounded} w-full justify-start text-left`}
              >
                <span className="flex flex-col">
                  <span className="font-semibold">{account.displayName}</span>
                  <span className="text-sm">{account.email}</span>
                </span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

export function LoginPage() {
  const loaderData = useLoaderData<typeof clientLoader>();
  const actionData = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const skin = useSettings((s) => s.skin);
  const busy = navigation.state !== 'idle';
  const submittingIntent = navigation.formData?.get('intent');

  const [step, setStep] = useState<'email' | 'password'>('email');
  const [emailValue, setEmailValue] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(loaderData.rememberMe);
  const [chooserOpen, setChooserOpen] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const ids = {
    email: useId(),
    password: useId(),
    remember: useId(),
    emailError: useId(),
    passwordError: useId(),
    formError: useId(),
  };

  // The action decides the step and hands back the typed e-mail, so nothing typed is lost.
  useEffect(() => {
    if (!actionData) return;
    setStep(actionData.step);
    if (actionData.email) setEmailValue(actionData.email);
  }, [actionData]);

  useEffect(() => {
    if (step === 'password') passwordRef.current?.focus();
    else emailRef.current?.focus();
  }, [step, actionData]);

  const fieldErrors = actionData?.fieldErrors;
  const formError = actionData?.formError;
  const redirectTo = loaderData.redirectTo;

  return (
    <div className="mx-auto grid max-w-4xl gap-6 lg:grid-cols-[1fr_1fr]">
      <section
        className={`p-6 sm:p-8 ${skin.card} ${skin.rounded}`}
        aria-labelledby="signin-heading"
      >
        <h1 id="signin-heading" className="text-2xl font-bold">
          Sign in
        </h1>
        <p className="mt-1 text-muted">
          {step === 'email' ? 'Start with your e-mail address.' : 'Now your password.'}
        </p>

        {formError ? (
          <div id={ids.formError} role="alert" className={`mt-4 p-3 ${skin.error} ${skin.rounded}`}>
            {formError}
          </div>
        ) : null}
        {actionData?.info ? (
          <div role="status" className={`mt-4 p-3 ${skin.success} ${skin.rounded}`}>
            {actionData.info}
          </div>
        ) : null}

        <Form
          method="post"
          className="mt-6 grid gap-4"
          noValidate
          aria-describedby={formError ? ids.formError : undefined}
        >
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <div className="grid gap-1">
            <label htmlFor={ids.email} className="font-medium">
              E-mail address
            </label>
            <div className="flex gap-2">
              <input
                ref={emailRef}
                id={ids.email}
                name="email"
                type="email"
                autoComplete="username"
                required
                value={emailValue}
                readOnly={step === 'password'}
                onChange={(event) => setEmailValue(event.target.value)}
                aria-invalid={fieldErrors?.email ? true : undefined}
                aria-describedby={fieldErrors?.email ? ids.emailError : undefined}
                className={`${skin.input} ${skin.rounded} ${step === 'password' ? 'opacity-80' : ''}`}
              />
              {step === 'password' ? (
                <button
                  type="button"
                  className={`${skin.buttonSecondary} ${skin.rounded}`}
                  onClick={() => {
                    setStep('email');
                    setPassword('');
                  }}
                >
                  Change
                </button>
              ) : null}
            </div>
            {fieldErrors?.email ? (
              <p id={ids.emailError} className="text-sm font-medium text-danger">
                {fieldErrors.email}
              </p>
            ) : null}
          </div>

          {step === 'password' ? (
            <>
              <div className="grid gap-1">
                <label htmlFor={ids.password} className="font-medium">
                  Password
                </label>
                <input
                  ref={passwordRef}
                  id={ids.password}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  aria-invalid={fieldErrors?.password ? true : undefined}
                  aria-describedby={fieldErrors?.password ? ids.passwordError : undefined}
                  className={`${skin.input} ${skin.rounded}`}
                />
                {fieldErrors?.password ? (
                  <p id={ids.passwordError} className="text-sm font-medium text-danger">
                    {fieldErrors.password}
                  </p>
                ) : null}
              </div>
              <div className="flex items-center gap-2">
                <input
                  id={ids.remember}
                  name="remember"
                  type="checkbox"
                  checked={remember}
                  onChange={(event) => setRemember(event.target.checked)}
                  className="size-5 accent-[var(--lc-primary)]"
                />
                <label htmlFor={ids.remember}>Keep me signed in on this device</label>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <button
                  type="submit"
                  name="intent"
                  value="signin"
                  disabled={busy}
                  className={`${skin.button} ${skin.rounded}`}
                >
                  {busy && submittingIntent === 'signin' ? 'Signing in…' : 'Sign in'}
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="reset"
                  disabled={busy}
                  className={`${skin.buttonSecondary} ${skin.rounded}`}
                >
                  {busy && submittingIntent === 'reset' ? 'Sending…' : 'Forgot password?'}
                </button>
              </div>
            </>
          ) : (
            <button
              type="submit"
              name="intent"
              value="email"
              disabled={busy}
              className={`${skin.button} ${skin.rounded}`}
            >
              Continue
            </button>
          )}
        </Form>

        {loaderData.googleEnabled ? (
          <div className="mt-6 border-t border-border pt-6">
            <Form
              method="post"
              onSubmit={(event) => {
                // Demo mode: open the fake's account chooser instead of leaving for Google.
                if (loaderData.googleAccounts.length > 0) {
                  event.preventDefault();
                  setChooserOpen(true);
                }
              }}
            >
              <input type="hidden" name="intent" value="google" />
              {step === 'password' ? (
                <input type="hidden" name="expectedEmail" value={emailValue} />
              ) : null}
              {remember ? <input type="hidden" name="remember" value="on" /> : null}
              {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
              <button
                type="submit"
                disabled={busy}
                className={`${skin.buttonSecondary} ${skin.rounded} w-full`}
              >
                {busy && submittingIntent === 'google'
                  ? 'Signing in with Google…'
                  : step === 'password'
                    ? `Continue with Google as ${emailValue}`
                    : 'Sign in with Google'}
              </button>
            </Form>
            <GoogleChooser
              open={chooserOpen}
              onClose={() => setChooserOpen(false)}
              accounts={loaderData.googleAccounts}
              expectedEmail={step === 'password' ? emailValue : null}
              remember={remember}
              redirectTo={redirectTo}
            />
          </div>
        ) : null}
      </section>

      {loaderData.demoAccounts.length > 0 ? (
        <section
          className={`p-6 sm:p-8 ${skin.card} ${skin.rounded}`}
          aria-labelledby="demo-heading"
        >
          <h2 id="demo-heading" className="text-xl font-semibold">
            Demo accounts
          </h2>
          <p className="mt-1 text-sm text-muted">
            One per role. Choose one to fill in the form, then sign in.
          </p>
          <ul className="mt-4 grid gap-2">
            {loaderData.demoAccounts.map((account) => (
              <li
                key={account.email}
                className={`flex items-center justify-between gap-3 p-3 ${skin.listItem}`}
              >
                <span className="min-w-0">
                  <span className="block font-semibold capitalize">{account.role}</span>
                  <span className="block truncate text-sm">{account.email}</span>
                </span>
                <button
                  type="button"
                  className={`${skin.buttonSecondary} ${skin.rounded}`}
                  aria-label={`Use the ${account.role} demo account`}
                  onClick={() => {
                    setEmailValue(account.email);
                    setPassword(account.password);
                    setStep('password');
                  }}
                >
                  Use
                </button>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-muted">
            Password for every demo account:{' '}
            <code className="font-mono">{loaderData.demoAccounts[0]?.password}</code>
          </p>
        </section>
      ) : null}
    </div>
  );
}
