// The profile page's data and actions (spec §7): what the page shows (the signed-in member's name,
// photo, roles and sign-in preference), and the three forms it posts (name and photo, password,
// staying signed in). Profile writes go through the store, so they are kept and synced later when
// the device is offline; a password change needs the network and says so.
import { z } from 'zod';
import { getSession, updateSessionUser, type SessionUser } from '~/auth/session';
import { updateUserPassword } from '~/backend/auth';
import { BackendError } from '~/backend/errors';
import { STORAGE_KEYS } from '~/config/constants';
import { store } from '~/data/store';
import { memberSchema, type Member } from '~/domain/records';
import { settingsStore } from '~/settings/store';
import { checkbox, newPassword, plainText, requiredText } from '~/ui/form/fields';
import { formFailure, parseForm, type FormFailure } from '~/ui/form/parse-form';

export const PASSWORD_UPDATED = 'Password updated successfully';
export const PASSWORD_UPDATE_FAILED = 'Failed to update password';
export const PROFILE_SAVED = 'Profile saved';
export const PREFERENCE_SAVED = 'Sign-in preference saved';
const SAVE_FAILED = 'Failed to save item';

export const profileSchema = z.object({
  displayName: requiredText('name others should see', 80),
  photoURL: plainText(500).refine(
    (value) => value === '' || /^https:\/\/\S+$/.test(value),
    'Use an https:// address, or leave it empty.',
  ),
});

export const passwordSchema = z
  .object({ newPassword, confirmPassword: z.string().optional() })
  .refine((data) => data.newPassword === data.confirmPassword, {
    message: 'The two passwords are not the same.',
    path: ['confirmPassword'],
  });

export const preferencesSchema = z.object({ persistLogin: checkbox });

export interface ProfileData {
  email: string | null;
  displayName: string;
  photoURL: string;
  roles: string[];
  persistLogin: boolean;
}

const memberRecordSchema = memberSchema.extend({ id: z.string() });

/**
 * What the page shows. The member record in the store comes first: it holds a change saved on this
 * device that the backend has not seen yet. Without one (most roles do not cache Members), the
 * profile read at sign-in does.
 */
export async function loadProfile(user: SessionUser): Promise<ProfileData> {
  const cached = memberRecordSchema.safeParse(await store.get('members', user.uid));
  const member: Member | null = cached.success ? cached.data : user.member;
  return {
    email: user.email,
    displayName: member?.displayName || user.displayName || '',
    photoURL: member?.photoURL || user.photoURL || '',
    roles: [...user.roles],
    persistLogin: member?.preferences.persistLogin ?? user.preferences.persistLogin,
  };
}

/** Writes the member's own profile fields through the store (queued while offline). */
async function saveOwnMember(fields: Record<string, unknown>): Promise<boolean> {
  const user = getSession().user;
  if (!user?.member) return false;
  const { createdAt: _c, updatedAt: _u, lastUpdated: _l, ...member } = user.member;
  const saved = await store.save('members', { ...member, id: user.uid, ...fields });
  return saved !== null;
}

export type ProfileIntent = 'profile' | 'password' | 'preferences' | 'unknown';
export type ProfileActionData =
  (FormFailure & { intent: ProfileIntent }) | { intent: ProfileIntent; ok: true; message: string };

function failed(intent: ProfileIntent, message: string): ProfileActionData {
  return { intent, ...formFailure({}, { _form: message }) };
}

export async function profileAction(request: Request): Promise<ProfileActionData> {
  const formData = await request.formData();
  switch (formData.get('intent')) {
    case 'profile': {
      const parsed = parseForm(profileSchema, formData);
      if (!parsed.ok) return { intent: 'profile', ...parsed };
      const { displayName, photoURL } = parsed.data;
      if (!(await saveOwnMember({ displayName, photoURL }))) {
        settingsStore.setError(SAVE_FAILED);
        return { intent: 'profile', ...formFailure(parsed.values, { _form: SAVE_FAILED }) };
      }
      updateSessionUser({ displayName, photoURL });
      settingsStore.notify(PROFILE_SAVED, 'success');
      return { intent: 'profile', ok: true, message: PROFILE_SAVED };
    }
    case 'password': {
      const parsed = parseForm(passwordSchema, formData);
      if (!parsed.ok) return { intent: 'password', ...parsed };
      try {
        await updateUserPassword(parsed.data.newPassword);
        settingsStore.notify(PASSWORD_UPDATED, 'success');
        return { intent: 'password', ok: true, message: PASSWORD_UPDATED };
      } catch (error) {
        settingsStore.setError(PASSWORD_UPDATE_FAILED);
        return failed('password', `${PASSWORD_UPDATE_FAILED}.${passwordFailureDetail(error)}`);
      }
    }
    case 'preferences': {
      const parsed = parseForm(preferencesSchema, formData);
      if (!parsed.ok) return failed('preferences', SAVE_FAILED);
      const { persistLogin } = parsed.data;
      const user = getSession().user;
      try {
        localStorage.setItem(STORAGE_KEYS.defaultRememberMe, String(persistLogin));
      } catch {
        // The member preference below still carries the choice.
      }
      await saveOwnMember({ preferences: { ...(user?.member?.preferences ?? {}), persistLogin } });
      updateSessionUser({
        preferences: { ...(user?.preferences ?? { persistLogin: true }), persistLogin },
      });
      settingsStore.notify(PREFERENCE_SAVED, 'success');
      return { intent: 'preferences', ok: true, message: PREFERENCE_SAVED };
    }
    default:
      return failed('unknown', 'Unknown action');
  }
}

/** What the person can do about a refused password change. */
function passwordFailureDetail(error: unknown): string {
  const code = error instanceof BackendError ? error.code : '';
  if (code === 'auth/requires-recent-login')
    return ' For your security, sign out, sign in again and then change it.';
  if (code === 'auth/network-request-failed' || code === 'unavailable')
    return ' Changing the password needs a connection.';
  if (error instanceof BackendError && error.message === 'No user is signed in')
    return ' No user is signed in.';
  return '';
}
