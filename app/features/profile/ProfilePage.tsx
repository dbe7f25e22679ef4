// The profile page's sections: name and photo, password, and staying signed in. Each is its own
// form with an `intent`; the action's answer is shown in the section that posted it, with each
// error beside its field.
import { Form, useNavigation } from '@remix-run/react';
import { useId } from 'react';
import { SignOutButton } from '~/auth/SignOutButton';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { CheckboxField, FormError, TextField, type FormState } from '~/ui/form/Field';
import { PageHeading } from '~/ui/PageHeading';
import type { ProfileActionData, ProfileData, ProfileIntent } from './profile-route';
import type { ReactNode } from 'react';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const skin = useSettings((s) => s.skin);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`p-6 ${skin.card} ${skin.rounded}`}>
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ProfilePage({
  title,
  profile,
  result,
}: {
  title: string;
  profile: ProfileData;
  result: ProfileActionData | undefined;
}) {
  const skin = useSettings((s) => s.skin);
  const navigation = useNavigation();
  const busyIntent = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  /** The refused answer of the form that posted `intent`, for its fields. */
  const formFor = (intent: ProfileIntent): FormState | undefined =>
    result?.intent === intent && !result.ok ? result : undefined;
  const passwordSaved = result?.intent === 'password' && result.ok ? result.message : null;
  const initials = (profile.displayName || profile.email || '?').slice(0, 1).toUpperCase();

  return (
    <>
      <PageHeading title={title} lead={profile.email ?? undefined} actions={<SignOutButton />} />
      <div className="grid max-w-3xl gap-6">
        <Section title="Name and photo">
          <div className="mt-4 flex items-center gap-4">
            {profile.photoURL ? (
              <img src={profile.photoURL} alt="" className="size-16 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-16 items-center justify-center rounded-full bg-selected text-2xl font-bold text-on-selected"
              >
                {initials}
              </span>
            )}
            <p className="text-muted">Roles: {profile.roles.join(', ') || 'none'}</p>
          </div>
          <Form method="post" className="mt-4 grid gap-4" noValidate>
            <input type="hidden" name="intent" value="profile" />
            <FormError form={formFor('profile')} />
            <TextField
              name="displayName"
              label="Display name"
              form={formFor('profile')}
              autoComplete="name"
              defaultValue={profile.displayName}
            />
            <TextField
              name="photoURL"
              label="Photo address (optional)"
              form={formFor('profile')}
              type="url"
              placeholder="https://…"
              defaultValue={profile.photoURL}
            />
            <div>
              <Button type="submit" disabled={busyIntent === 'profile'}>
                {busyIntent === 'profile' ? 'Saving…' : 'Save profile'}
              </Button>
            </div>
          </Form>
        </Section>

        <Section title="Password">
          {passwordSaved ? (
            <p role="status" className={`mt-3 p-3 ${skin.success} ${skin.rounded}`}>
              {passwordSaved}
            </p>
          ) : null}
          <Form method="post" className="mt-4 grid gap-4" noValidate>
            <input type="hidden" name="intent" value="password" />
            <input
              type="hidden"
              name="username"
              autoComplete="username"
              value={profile.email ?? ''}
            />
            <FormError form={formFor('password')} />
            <TextField
              name="newPassword"
              label="New password"
              form={formFor('password')}
              type="password"
              autoComplete="new-password"
            />
            <TextField
              name="confirmPassword"
              label="Repeat the new password"
              form={formFor('password')}
              type="password"
              autoComplete="new-password"
            />
            <div>
              <Button type="submit" disabled={busyIntent === 'password'}>
                {busyIntent === 'password' ? 'Updating…' : 'Update password'}
              </Button>
            </div>
          </Form>
        </Section>

        <Section title="Staying signed in">
          <Form method="post" className="mt-4 grid gap-4">
            <input type="hidden" name="intent" value="preferences" />
            <FormError form={formFor('preferences')} />
            <CheckboxField
              name="persistLogin"
              label="Keep me signed in on this device (from the next sign-in)"
              hint="Leave this off on a computer that others use too."
              defaultChecked={profile.persistLogin}
            />
            <div>
              <Button type="submit" variant="secondary" disabled={busyIntent === 'preferences'}>
                Save preference
              </Button>
            </div>
          </Form>
        </Section>
      </div>
    </>
  );
}
