// The profile page's sections: name and photo, password, staying signed in, and notifications
// (issue 31; `#notifications` is the unsubscribe link of every e-mail). Each is its own form with an
// `intent`; the action's answer is shown in the section that posted it, with each error beside its
// field.
import { Form, useNavigation } from '@remix-run/react';
import { useId } from 'react';
import { usePersonZone } from '~/auth/person-zone-context';
import { SignOutButton } from '~/auth/SignOutButton';
import { now, zoneName } from '~/domain/clock';
import { formatDateTime } from '~/domain/format';
import {
  channelsFor,
  DIGEST_TIME,
  MAX_PAUSE_DAYS,
  REACH_CHANNEL_LABELS,
  REACH_CHANNELS,
  REACH_KIND_LABELS,
  type ReachKind,
} from '~/domain/reach';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { CheckboxField, FieldError, FormError, TextField, type FormState } from '~/ui/form/Field';
import { typedList } from '~/ui/form/parse-form';
import { PageHeading } from '~/ui/PageHeading';
import { isPaused } from './reach-form';
import type { ProfileActionData, ProfileData, ProfileIntent } from './profile-route';
import type { ReactNode } from 'react';

function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  const skin = useSettings((s) => s.skin);
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`min-w-0 scroll-mt-4 p-6 ${skin.card} ${skin.rounded}`}
    >
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

        <NotificationsSection profile={profile} result={result} busyIntent={busyIntent} />
      </div>
    </>
  );
}

/**
 * One kind's channels: "In the app" is always on (shown ticked and disabled, so it is not sent),
 * then a box per channel; after a refused submit the boxes show what was ticked.
 */
function KindChannels({
  kind,
  ticked,
  error,
}: {
  kind: ReachKind;
  ticked: readonly string[];
  error?: string;
}) {
  const id = useId();
  const name = `channels.${kind}`;
  return (
    <fieldset
      className="grid min-w-0 gap-1"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-1 font-medium">{REACH_KIND_LABELS[kind]}</legend>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <div className="flex min-h-11 items-center gap-2">
          <input
            id={`${id}-app`}
            type="checkbox"
            checked
            disabled
            readOnly
            className="size-5 shrink-0 accent-[var(--lc-primary)]"
          />
          <label htmlFor={`${id}-app`} className="text-muted">
            In the app (always on)
          </label>
        </div>
        {REACH_CHANNELS.map((channel) => (
          <div key={channel} className="flex min-h-11 items-center gap-2">
            <input
              id={`${id}-${channel}`}
              type="checkbox"
              name={name}
              value={channel}
              defaultChecked={ticked.includes(channel)}
              className="size-5 shrink-0 accent-[var(--lc-primary)]"
            />
            <label htmlFor={`${id}-${channel}`}>{REACH_CHANNEL_LABELS[channel]}</label>
          </div>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/**
 * How notices reach the person when the app is closed: channels per kind, quiet hours in their
 * campus's zone (named, since a parent may read this on a phone set to another zone), and a pause.
 */
function NotificationsSection({
  profile,
  result,
  busyIntent,
}: {
  profile: ProfileData;
  result: ProfileActionData | undefined;
  busyIntent: FormDataEntryValue | null | undefined;
}) {
  const skin = useSettings((s) => s.skin);
  const timeZone = usePersonZone();
  const formFor = (intent: ProfileIntent): FormState | undefined =>
    result?.intent === intent && !result.ok ? result : undefined;
  const channelsForm = formFor('notifications');
  const pauseForm = formFor('pause');
  const { reach } = profile;
  const paused = isPaused(reach, now());
  const zoneLabel = `${timeZone} (${zoneName(timeZone)})`;
  return (
    <Section id="notifications" title="Notifications">
      <p className="mt-2 text-muted">
        Everything always arrives in the app, under the bell. Choose what else reaches you when the
        app is closed. The daily digest is one e-mail at {DIGEST_TIME}, only on days with news.
      </p>
      <Form method="post" className="mt-4 grid gap-4" noValidate>
        <input type="hidden" name="intent" value="notifications" />
        <FormError form={channelsForm} />
        {profile.reachKinds.map((kind) => (
          <KindChannels
            key={kind}
            kind={kind}
            ticked={typedList(channelsForm?.values, `channels.${kind}`, channelsFor(reach, kind))}
            error={channelsForm?.fieldErrors?.[`channels.${kind}`]}
          />
        ))}
        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-1 font-medium">Quiet hours</legend>
          <p className="text-sm text-muted">
            No pushes between these times; what arrives then is sent, collapsed, when they end.
            24-hour times in your campus&apos;s time zone, {zoneLabel}. Leave both empty for none.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="quietStart"
              label="From"
              form={channelsForm}
              inputMode="numeric"
              placeholder="21:00"
              autoComplete="off"
              defaultValue={reach.quietHours?.start ?? ''}
            />
            <TextField
              name="quietEnd"
              label="To"
              form={channelsForm}
              inputMode="numeric"
              placeholder="07:00"
              autoComplete="off"
              defaultValue={reach.quietHours?.end ?? ''}
            />
          </div>
        </fieldset>
        <div>
          <Button type="submit" disabled={busyIntent === 'notifications'}>
            {busyIntent === 'notifications' ? 'Saving…' : 'Save notification preferences'}
          </Button>
        </div>
      </Form>

      <h3 className="mt-6 font-medium">Pause</h3>
      <p role="status" className={`mt-2 p-3 ${skin.rounded} ${paused ? skin.info : ''}`}>
        {paused && reach.pausedUntil
          ? `Paused until ${formatDateTime(reach.pausedUntil, timeZone)}: only the app shows new notices.`
          : 'Not paused.'}
      </p>
      {paused ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="resume" />
          <FormError form={formFor('resume')} />
          <Button type="submit" variant="secondary" disabled={busyIntent === 'resume'}>
            Resume now
          </Button>
        </Form>
      ) : null}
      <Form method="post" className="mt-3 grid gap-4" noValidate>
        <input type="hidden" name="intent" value="pause" />
        <FormError form={pauseForm} />
        <TextField
          name="pauseDays"
          label={`Pause everything for this many days (1 to ${MAX_PAUSE_DAYS})`}
          form={pauseForm}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_PAUSE_DAYS}
          hint={
            paused
              ? 'A new pause starts now and replaces the current one.'
              : 'Push and e-mail stop; the app still shows everything.'
          }
        />
        <div>
          <Button type="submit" variant="secondary" disabled={busyIntent === 'pause'}>
            Pause notifications
          </Button>
        </div>
      </Form>
    </Section>
  );
}
