// The profile page (issue: sign-in §7): display name and photo, password update, the remember-me
// preference, and sign-out. Profile writes go through the cache service, so they are kept and
// synced later when the device is offline; a password change needs the network and says so.
import {
  Form,
  useActionData,
  useNavigation,
  type ClientActionFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { useId } from 'react';
import { z } from 'zod';
import { getSession, updateSessionUser, useSession } from '~/auth/session';
import { SignOutButton } from '~/auth/SignOutButton';
import { updateUserPassword } from '~/backend/auth';
import { BackendError } from '~/backend/errors';
import { STORAGE_KEYS } from '~/config/constants';
import { cacheService } from '~/data/cache-service';
import { settingsStore, useSettings } from '~/settings/store';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export const handle = {
  title: 'Profile',
  description: 'Manage your name, photo, password and sign-in preference.',
  area: 'profile',
  nav: { label: 'Profile', order: 140 },
  guide: 'features/profile-management',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export const PASSWORD_UPDATED = 'Password updated successfully';
export const PASSWORD_UPDATE_FAILED = 'Failed to update password';

const profileSchema = z.object({
  intent: z.literal('profile'),
  displayName: z
    .string()
    .trim()
    .min(1, 'Enter the name others should see.')
    .max(80, 'Use at most 80 characters.'),
  photoURL: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || /^https:\/\/\S+$/.test(value),
      'Use an https:// address, or leave it empty.',
    ),
});

const passwordSchema = z
  .object({
    intent: z.literal('password'),
    newPassword: z.string().min(8, 'Use at least 8 characters.'),
    confirmPassword: z.string(),
  })
  .refine((data) => data.newPassword === data.confirmPassword, {
    message: 'The two passwords are not the same.',
    path: ['confirmPassword'],
  });

const preferencesSchema = z.object({
  intent: z.literal('preferences'),
  persistLogin: z
    .string()
    .optional()
    .transform((value) => value === 'on'),
});

type FieldErrors = Partial<
  Record<'displayName' | 'photoURL' | 'newPassword' | 'confirmPassword', string>
>;
export interface ProfileActionData {
  intent: string;
  ok: boolean;
  message?: string;
  fieldErrors?: FieldErrors;
}

function firstErrors(error: z.ZodError): FieldErrors {
  const flat = error.flatten().fieldErrors;
  return {
    displayName: flat.displayName?.[0],
    photoURL: flat.photoURL?.[0],
    newPassword: flat.newPassword?.[0],
    confirmPassword: flat.confirmPassword?.[0],
  };
}

/** Writes the member's own profile fields through the cache (queued while offline). */
async function saveOwnMember(fields: Record<string, unknown>): Promise<boolean> {
  const user = getSession().user;
  if (!user?.member) return false;
  const { createdAt: _c, updatedAt: _u, lastUpdated: _l, ...member } = user.member;
  const saved = await cacheService.save('members', { ...member, id: user.uid, ...fields });
  return saved !== null;
}

export async function clientAction({
  request,
}: ClientActionFunctionArgs): Promise<ProfileActionData> {
  const form = Object.fromEntries(await request.formData());
  switch (form.intent) {
    case 'profile': {
      const parsed = profileSchema.safeParse(form);
      if (!parsed.success)
        return { intent: 'profile', ok: false, fieldErrors: firstErrors(parsed.error) };
      const { displayName, photoURL } = parsed.data;
      if (!(await saveOwnMember({ displayName, photoURL }))) {
        settingsStore.setError('Failed to save item');
        return { intent: 'profile', ok: false, message: 'Failed to save item' };
      }
      updateSessionUser({ displayName, photoURL });
      settingsStore.notify('Profile saved', 'success');
      return { intent: 'profile', ok: true, message: 'Profile saved' };
    }
    case 'password': {
      const parsed = passwordSchema.safeParse(form);
      if (!parsed.success)
        return { intent: 'password', ok: false, fieldErrors: firstErrors(parsed.error) };
      try {
        await updateUserPassword(parsed.data.newPassword);
        settingsStore.notify(PASSWORD_UPDATED, 'success');
        return { intent: 'password', ok: true, message: PASSWORD_UPDATED };
      } catch (error) {
        const code = error instanceof BackendError ? error.code : '';
        const detail =
          code === 'auth/requires-recent-login'
            ? ' For your security, sign out, sign in again and then change it.'
            : code === 'auth/network-request-failed' || code === 'unavailable'
              ? ' Changing the password needs a connection.'
              : error instanceof BackendError && error.message === 'No user is signed in'
                ? ' No user is signed in.'
                : '';
        settingsStore.setError(PASSWORD_UPDATE_FAILED);
        return { intent: 'password', ok: false, message: `${PASSWORD_UPDATE_FAILED}.${detail}` };
      }
    }
    case 'preferences': {
      const parsed = preferencesSchema.safeParse(form);
      if (!parsed.success)
        return { intent: 'preferences', ok: false, message: 'Failed to save item' };
      const user = getSession().user;
      const preferences = {
        ...(user?.member?.preferences ?? {}),
        persistLogin: parsed.data.persistLogin,
      };
      try {
        localStorage.setItem(STORAGE_KEYS.defaultRememberMe, String(parsed.data.persistLogin));
      } catch {
        // The member preference below still carries the choice.
      }
      await saveOwnMember({ preferences });
      updateSessionUser({
        preferences: {
          ...(user?.preferences ?? { persistLogin: true }),
          persistLogin: parsed.data.persistLogin,
        },
      });
      settingsStore.notify('Sign-in preference saved', 'success');
      return { intent: 'preferences', ok: true, message: 'Sign-in preference saved' };
    }
    default:
      return { intent: 'unknown', ok: false, message: 'Unknown action' };
  }
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm font-medium text-danger">
      {message}
    </p>
  ) : null;
}

export default function Profile() {
  const { user } = useSession();
  const skin = useSettings((s) => s.skin);
  const actionData = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busyIntent = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const ids = {
    name: useId(),
    nameError: useId(),
    photo: useId(),
    photoError: useId(),
    pw: useId(),
    pwError: useId(),
    confirm: useId(),
    confirmError: useId(),
    persist: useId(),
  };
  const errors = actionData?.fieldErrors ?? {};
  const resultFor = (intent: string) =>
    actionData?.intent === intent && actionData.message ? actionData : null;

  if (!user) return null;
  const initials = (user.displayName || user.email || '?').slice(0, 1).toUpperCase();

  return (
    <>
      <PageHeading
        title={handle.title}
        lead={user.email ?? undefined}
        actions={<SignOutButton />}
      />
      <div className="grid max-w-3xl gap-6">
        <section aria-labelledby="profile-heading" className={`p-6 ${skin.card} ${skin.rounded}`}>
          <h2 id="profile-heading" className="text-xl font-semibold">
            Name and photo
          </h2>
          <div className="mt-4 flex items-center gap-4">
            {user.photoURL ? (
              <img src={user.photoURL} alt="" className="size-16 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-16 items-center justify-center rounded-full bg-selected text-2xl font-bold text-on-selected"
              >
                {initials}
              </span>
            )}
            <p className="text-muted">Roles: {user.roles.join(', ') || 'none'}</p>
          </div>
          <Form method="post" className="mt-4 grid gap-4" noValidate>
            <input type="hidden" name="intent" value="profile" />
            <div className="grid gap-1">
              <label htmlFor={ids.name} className="font-medium">
                Display name
              </label>
              <input
                id={ids.name}
                name="displayName"
                defaultValue={user.displayName ?? ''}
                autoComplete="name"
                aria-invalid={errors.displayName ? true : undefined}
                aria-describedby={errors.displayName ? ids.nameError : undefined}
                className={`${skin.input} ${skin.rounded}`}
              />
              <FieldError id={ids.nameError} message={errors.displayName} />
            </div>
            <div className="grid gap-1">
              <label htmlFor={ids.photo} className="font-medium">
                Photo address (optional)
              </label>
              <input
                id={ids.photo}
                name="photoURL"
                type="url"
                defaultValue={user.photoURL ?? ''}
                placeholder="https://…"
                aria-invalid={errors.photoURL ? true : undefined}
                aria-describedby={errors.photoURL ? ids.photoError : undefined}
                className={`${skin.input} ${skin.rounded}`}
              />
              <FieldError id={ids.photoError} message={errors.photoURL} />
            </div>
            <div>
              <button
                type="submit"
                disabled={busyIntent === 'profile'}
                className={`${skin.button} ${skin.rounded}`}
              >
                {busyIntent === 'profile' ? 'Saving…' : 'Save profile'}
              </button>
            </div>
          </Form>
        </section>

        <section aria-labelledby="password-heading" className={`p-6 ${skin.card} ${skin.rounded}`}>
          <h2 id="password-heading" className="text-xl font-semibold">
            Password
          </h2>
          {resultFor('password') ? (
            <p
              role={actionData?.ok ? 'status' : 'alert'}
              className={`mt-3 p-3 ${actionData?.ok ? skin.success : skin.error} ${skin.rounded}`}
            >
              {actionData?.message}
            </p>
          ) : null}
          <Form method="post" className="mt-4 grid gap-4" noValidate>
            <input type="hidden" name="intent" value="password" />
            <input type="hidden" name="username" autoComplete="username" value={user.email ?? ''} />
            <div className="grid gap-1">
              <label htmlFor={ids.pw} className="font-medium">
                New password
              </label>
              <input
                id={ids.pw}
                name="newPassword"
                type="password"
                autoComplete="new-password"
                aria-invalid={errors.newPassword ? true : undefined}
                aria-describedby={errors.newPassword ? ids.pwError : undefined}
                className={`${skin.input} ${skin.rounded}`}
              />
              <FieldError id={ids.pwError} message={errors.newPassword} />
            </div>
            <div className="grid gap-1">
              <label htmlFor={ids.confirm} className="font-medium">
                Repeat the new password
              </label>
              <input
                id={ids.confirm}
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                aria-invalid={errors.confirmPassword ? true : undefined}
                aria-describedby={errors.confirmPassword ? ids.confirmError : undefined}
                className={`${skin.input} ${skin.rounded}`}
              />
              <FieldError id={ids.confirmError} message={errors.confirmPassword} />
            </div>
            <div>
              <button
                type="submit"
                disabled={busyIntent === 'password'}
                className={`${skin.button} ${skin.rounded}`}
              >
                {busyIntent === 'password' ? 'Updating…' : 'Update password'}
              </button>
            </div>
          </Form>
        </section>

        <section
          aria-labelledby="signin-pref-heading"
          className={`p-6 ${skin.card} ${skin.rounded}`}
        >
          <h2 id="signin-pref-heading" className="text-xl font-semibold">
            Staying signed in
          </h2>
          <Form method="post" className="mt-4 grid gap-4">
            <input type="hidden" name="intent" value="preferences" />
            <div className="flex items-center gap-2">
              <input
                id={ids.persist}
                name="persistLogin"
                type="checkbox"
                defaultChecked={user.preferences.persistLogin}
                className="size-5 accent-[var(--lc-primary)]"
              />
              <label htmlFor={ids.persist}>
                Keep me signed in on this device (from the next sign-in)
              </label>
            </div>
            <p className="text-sm text-muted">Leave this off on a computer that others use too.</p>
            <div>
              <button
                type="submit"
                disabled={busyIntent === 'preferences'}
                className={`${skin.buttonSecondary} ${skin.rounded}`}
              >
                Save preference
              </button>
            </div>
          </Form>
        </section>
      </div>
    </>
  );
}
