// The sign-in page (spec §2, §4, §5): e-mail first, then the password step; remember-me; password
// reset; Google sign-in (in demo mode the fake's account chooser stands in for Google); and, in demo
// mode, the demo accounts to fill in. The inputs are controlled: the action hands back the step and
// the typed e-mail, so nothing typed is lost when a sign-in is refused. The page itself is light:
// what signing in needs is loaded when the person starts using it (preloadSignIn).
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { DEMO_DATA_NOTICE } from '~/config/demo';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { CheckboxField, Field } from '~/ui/form/Field';
import { Modal } from '~/ui/Modal';
import { preloadSignIn, type clientAction, type clientLoader } from './login-route';
import { signInPageNote } from './offline-sign-in';

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
              <Button type="submit" variant="secondary" className="w-full justify-start text-left">
                <span className="flex flex-col">
                  <span className="font-semibold">{account.displayName}</span>
                  <span className="text-sm">{account.email}</span>
                </span>
              </Button>
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
  const formErrorId = useId();

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
  // Until the person tries again, the reason they were signed out (a suspended account) stands.
  const formError = actionData ? actionData.formError : loaderData.signedOutMessage;
  const redirectTo = loaderData.redirectTo;
  // Why the person is asked to sign in (the last session ended) and, offline, why they cannot yet.
  const note = signInPageNote();

  return (
    // The first key press or pointer press in the page starts loading what signing in needs
    // (Firebase Auth, the session, the data layer), so it is there before "Sign in" is pressed.
    <div
      className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
      onKeyDownCapture={preloadSignIn}
      onPointerDownCapture={preloadSignIn}
    >
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
          <div id={formErrorId} role="alert" className={`mt-4 p-3 ${skin.error} ${skin.rounded}`}>
            {formError}
          </div>
        ) : note ? (
          <p role="status" className={`mt-4 p-3 ${skin.info} ${skin.rounded}`}>
            {note}
          </p>
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
          aria-describedby={formError ? formErrorId : undefined}
        >
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <Field label="E-mail address" error={fieldErrors?.email}>
            {(control) => (
              <div className="flex gap-2">
                <input
                  {...control}
                  ref={emailRef}
                  name="email"
                  type="email"
                  autoComplete="username"
                  required
                  value={emailValue}
                  readOnly={step === 'password'}
                  onChange={(event) => setEmailValue(event.target.value)}
                  className={`${control.className} ${step === 'password' ? 'opacity-80' : ''}`}
                />
                {step === 'password' ? (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setStep('email');
                      setPassword('');
                    }}
                  >
                    Change
                  </Button>
                ) : null}
              </div>
            )}
          </Field>

          {step === 'password' ? (
            <>
              <Field label="Password" error={fieldErrors?.password}>
                {(control) => (
                  <input
                    {...control}
                    ref={passwordRef}
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                )}
              </Field>
              <CheckboxField
                name="remember"
                label="Keep me signed in on this device"
                checked={remember}
                onChange={(event) => setRemember(event.target.checked)}
              />
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" name="intent" value="signin" disabled={busy}>
                  {busy && submittingIntent === 'signin' ? 'Signing in…' : 'Sign in'}
                </Button>
                <Button
                  type="submit"
                  variant="secondary"
                  name="intent"
                  value="reset"
                  disabled={busy}
                >
                  {busy && submittingIntent === 'reset' ? 'Sending…' : 'Forgot password?'}
                </Button>
              </div>
            </>
          ) : (
            <Button type="submit" name="intent" value="email" disabled={busy}>
              Continue
            </Button>
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
              <Button type="submit" variant="secondary" disabled={busy} className="w-full">
                {busy && submittingIntent === 'google'
                  ? 'Signing in with Google…'
                  : step === 'password'
                    ? `Continue with Google as ${emailValue}`
                    : 'Sign in with Google'}
              </Button>
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

      {loaderData.demoMode || loaderData.demoAccounts.length > 0 ? (
        <section
          className={`p-6 sm:p-8 ${skin.card} ${skin.rounded}`}
          aria-labelledby={loaderData.demoAccounts.length > 0 ? 'demo-heading' : 'demo-notice'}
        >
          {/* Said before anything else in the demo's column (issue 28): a demo holds no real data. */}
          {loaderData.demoMode ? (
            <div
              role="note"
              aria-labelledby="demo-notice"
              className={`mb-6 border-l-4 p-4 ${skin.warning} ${skin.rounded}`}
            >
              <p id="demo-notice" className="font-bold">
                {DEMO_DATA_NOTICE.title}
              </p>
              <p className="mt-1 text-sm">{DEMO_DATA_NOTICE.body}</p>
            </div>
          ) : null}
          {loaderData.demoAccounts.length > 0 ? (
            <>
              <h2 id="demo-heading" className="text-xl font-semibold">
                Demo accounts
              </h2>
              <p className="mt-1 text-sm text-muted">
                One per role. Choose one to fill in the form, then sign in.
              </p>
              <ul className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-2">
                {loaderData.demoAccounts.map((account) => (
                  <li
                    key={account.email}
                    className={`flex items-center justify-between gap-3 p-3 ${skin.listItem}`}
                  >
                    <span className="min-w-0">
                      <span className="block font-semibold capitalize">{account.role}</span>
                      <span className="block truncate text-sm">{account.email}</span>
                    </span>
                    <Button
                      variant="secondary"
                      aria-label={`Use the ${account.role} demo account`}
                      onClick={() => {
                        setEmailValue(account.email);
                        setPassword(account.password);
                        setStep('password');
                      }}
                    >
                      Use
                    </Button>
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-sm text-muted">
                Password for every demo account:{' '}
                <code className="font-mono">{loaderData.demoAccounts[0]?.password}</code>
              </p>
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
