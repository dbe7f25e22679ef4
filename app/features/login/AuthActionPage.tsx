// The /auth/action page (auth-action.ts): "Set a password for <email>" with the password twice, on
// the form kit; or, for a link that cannot be used, what went wrong and how to get a new one.
import { Form, Link, useNavigation } from '@remix-run/react';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { FormError, TextField, type FormState } from '~/ui/form/Field';
import { LINK_PROBLEMS, type AuthActionPage, type SetPasswordResult } from './auth-action-route';

export function SetPasswordPage({
  page,
  result,
}: {
  page: AuthActionPage;
  result: SetPasswordResult | undefined;
}) {
  if (result && 'problem' in result) return <LinkProblemNotice problem={result.problem} />;
  if (page.state === 'problem') return <LinkProblemNotice problem={page.problem} />;
  if (result?.ok) return <SignInFailed email={page.email} message={result.signInError} />;
  return <SetPasswordForm email={page.email} oobCode={page.oobCode} result={result} />;
}

function SetPasswordForm({
  email,
  oobCode,
  result,
}: {
  email: string;
  oobCode: string;
  result: SetPasswordResult | undefined;
}) {
  const skin = useSettings((s) => s.skin);
  const busy = useNavigation().state !== 'idle';
  const form: FormState | undefined =
    result && !result.ok && 'fieldErrors' in result ? result : undefined;
  return (
    <section aria-labelledby="set-password-heading" className="grid gap-4">
      <h1 id="set-password-heading" className="text-2xl font-semibold wrap-anywhere">
        Set a password for {email}
      </h1>
      <p className="text-muted">
        Choose a password of at least 8 characters. You will use it with this e-mail address to sign
        in.
      </p>
      <Form method="post" noValidate className={`grid gap-4 p-6 ${skin.card} ${skin.rounded}`}>
        <input type="hidden" name="oobCode" value={oobCode} />
        {/* Lets a password manager save the new password under the right address. */}
        <input type="hidden" name="email" autoComplete="username" value={email} />
        <FormError form={form} />
        <TextField
          name="password"
          label="New password"
          form={form}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          name="confirmPassword"
          label="Repeat the new password"
          form={form}
          type="password"
          autoComplete="new-password"
        />
        <div>
          <Button type="submit" busy={busy} busyLabel="Setting the password…">
            Set password and sign in
          </Button>
        </div>
      </Form>
    </section>
  );
}

function LinkProblemNotice({ problem }: { problem: keyof typeof LINK_PROBLEMS }) {
  const skin = useSettings((s) => s.skin);
  const { title, text } = LINK_PROBLEMS[problem];
  return (
    <section
      aria-labelledby="link-problem-heading"
      className={`grid gap-3 p-6 ${skin.warning} ${skin.rounded}`}
    >
      <h1 id="link-problem-heading" className="text-2xl font-semibold">
        {title}
      </h1>
      <p>{text}</p>
      <p>
        <Link to="/login" className={skin.link}>
          Go to the sign-in page
        </Link>
      </p>
    </section>
  );
}

function SignInFailed({ email, message }: { email: string; message: string }) {
  const skin = useSettings((s) => s.skin);
  return (
    <section aria-labelledby="password-set-heading" className="grid gap-3">
      <h1 id="password-set-heading" className="text-2xl font-semibold wrap-anywhere">
        Your password is set
      </h1>
      <p role="alert" className={`p-3 ${skin.warning} ${skin.rounded}`}>
        Signing in as {email} did not work: {message}
      </p>
      <p>
        <Link to="/login" className={skin.link}>
          Sign in with your new password
        </Link>
      </p>
    </section>
  );
}
