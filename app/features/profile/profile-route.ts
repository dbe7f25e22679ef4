// The profile page's data and actions (spec §7): what the page shows (the signed-in member's name,
// photo, roles, sign-in preference and how notices reach them), and the forms it posts (name and
// photo, password, staying signed in, notification channels and quiet hours, pause and resume).
// Profile writes go through the store, so they are kept and synced later when the device is
// offline; a password change needs the network and says so.
import { z } from 'zod';
import { loadPersonZone } from '~/auth/person-zone';
import { getSession, updateSessionUser, type SessionUser } from '~/auth/session';
import { updateUserPassword } from '~/backend/auth';
import { BackendError } from '~/backend/errors';
import { STORAGE_KEYS } from '~/config/constants';
import { store } from '~/data/store';
import { now } from '~/domain/clock';
import { reachOf, type ReachKind, type ReachPreferences } from '~/domain/reach';
import { memberSchema, type Member } from '~/domain/records';
import { settingsStore } from '~/settings/store';
import { checkbox, newPassword, plainText, requiredText } from '~/ui/form/fields';
import { formFailure, parseForm, type FormFailure, type FormValues } from '~/ui/form/parse-form';
import { nextReach, pauseEnd, pauseFormSchema, reachFormSchema, reachKindsFor } from './reach-form';

export const PASSWORD_UPDATED = 'Password updated successfully';
export const PASSWORD_UPDATE_FAILED = 'Failed to update password';
export const PROFILE_SAVED = 'Profile saved';
export const PREFERENCE_SAVED = 'Sign-in preference saved';
export const NOTIFICATIONS_SAVED = 'Notification preferences saved';
export const NOTIFICATIONS_PAUSED = 'Notifications paused';
export const NOTIFICATIONS_RESUMED = 'Notifications resumed';
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
  /** How notices reach the person when the app is closed (`preferences.reach`). */
  reach: ReachPreferences;
  /** The kinds they may route (inquiries for office staff only). */
  reachKinds: readonly ReachKind[];
}

const memberRecordSchema = memberSchema.extend({ id: z.string() });

/**
 * What the page shows. The member record in the store comes first: it holds a change saved on this
 * device that the backend has not seen yet. Without one (most roles do not cache Members), the
 * profile read at sign-in does.
 */
export async function loadProfile(user: SessionUser): Promise<ProfileData> {
  const member = await ownMember(user);
  return {
    email: user.email,
    displayName: member?.displayName || user.displayName || '',
    photoURL: member?.photoURL || user.photoURL || '',
    roles: [...user.roles],
    persistLogin: member?.preferences.persistLogin ?? user.preferences.persistLogin,
    reach: reachOf(member?.preferences),
    reachKinds: reachKindsFor(user.roles),
  };
}

/** The member's own record: the store's copy (it may hold a change not yet synced), else the session's. */
async function ownMember(user: SessionUser): Promise<Member | null> {
  const cached = memberRecordSchema.safeParse(await store.get('members', user.uid));
  if (!cached.success) return user.member;
  const { id: _id, ...member } = cached.data;
  return member;
}

/**
 * Writes the member's own profile fields through the store (queued while offline), on top of their
 * latest record, and keeps the session's copy in step: each form changes only its own fields, so a
 * later save from another section must not put back what an earlier one changed.
 */
async function saveOwnMember(fields: Record<string, unknown>): Promise<boolean> {
  const user = getSession().user;
  const latest = user ? await ownMember(user) : null;
  if (!user || !latest) return false;
  const { createdAt: _c, updatedAt: _u, lastUpdated: _l, ...member } = latest;
  const saved = await store.save('members', { ...member, id: user.uid, ...fields });
  if (saved === null) return false;
  const updated = memberSchema.safeParse({ ...latest, ...fields });
  if (updated.success) updateSessionUser({ member: updated.data });
  return true;
}

/** Saves `preferences.reach`, keeping the member's other preferences (persistLogin, theme). */
async function saveReach(reach: ReachPreferences): Promise<boolean> {
  const user = getSession().user;
  const latest = user ? await ownMember(user) : null;
  return saveOwnMember({ preferences: { ...(latest?.preferences ?? {}), reach } });
}

/** The stored reach preferences of the signed-in person. */
async function currentReach(): Promise<ReachPreferences> {
  const user = getSession().user;
  return reachOf(user ? (await ownMember(user))?.preferences : undefined);
}

export type ProfileIntent =
  'profile' | 'password' | 'preferences' | 'notifications' | 'pause' | 'resume' | 'unknown';
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
      const latest = user ? await ownMember(user) : null;
      await saveOwnMember({ preferences: { ...(latest?.preferences ?? {}), persistLogin } });
      updateSessionUser({
        preferences: { ...(user?.preferences ?? { persistLogin: true }), persistLogin },
      });
      settingsStore.notify(PREFERENCE_SAVED, 'success');
      return { intent: 'preferences', ok: true, message: PREFERENCE_SAVED };
    }
    case 'notifications': {
      const user = getSession().user;
      const parsed = parseForm(reachFormSchema(reachKindsFor(user?.roles ?? [])), formData);
      if (!parsed.ok) return { intent: 'notifications', ...parsed };
      const next = nextReach(await currentReach(), parsed.data);
      if (!next.ok) return { intent: 'notifications', ...formFailure(parsed.values, next.errors) };
      return saveReachAnswer('notifications', next.reach, NOTIFICATIONS_SAVED, parsed.values);
    }
    case 'pause': {
      const user = getSession().user;
      const parsed = parseForm(pauseFormSchema, formData);
      if (!parsed.ok) return { intent: 'pause', ...parsed };
      const zone = user ? await loadPersonZone(user) : 'UTC';
      const pausedUntil = pauseEnd(parsed.data.pauseDays, zone, now());
      const next = nextReach(await currentReach(), { pausedUntil });
      if (!next.ok) return { intent: 'pause', ...formFailure(parsed.values, next.errors) };
      return saveReachAnswer('pause', next.reach, NOTIFICATIONS_PAUSED, parsed.values);
    }
    case 'resume': {
      const next = nextReach(await currentReach(), { pausedUntil: null });
      if (!next.ok) return { intent: 'resume', ...formFailure({}, next.errors) };
      return saveReachAnswer('resume', next.reach, NOTIFICATIONS_RESUMED, {});
    }
    default:
      return failed('unknown', 'Unknown action');
  }
}

/** Saves checked reach preferences and answers the form that asked. */
async function saveReachAnswer(
  intent: ProfileIntent,
  reach: ReachPreferences,
  message: string,
  values: FormValues,
): Promise<ProfileActionData> {
  if (!(await saveReach(reach))) {
    settingsStore.setError(SAVE_FAILED);
    return { intent, ...formFailure(values, { _form: SAVE_FAILED }) };
  }
  settingsStore.notify(message, 'success');
  return { intent, ok: true, message };
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
