// What the members and roles pages' clientActions do: invite, change roles, suspend or reactivate
// (callables: they need the network) and link a member to a family, student or facilitator (a cache
// write, queued while offline). After a callable changes an account, the members cache is refreshed
// so the list shows what the backend now holds.
import { getSession } from '~/auth/session';
import { callInviteMember, callSetMemberRoles, callSetMemberStatus } from '~/backend/callables';
import { cacheService } from '~/data/cache-service';
import { formDataToObject } from '~/data/route-data';
import { syncEngine } from '~/data/sync-status';
import { memberSchema } from '~/domain/records';
import { settingsStore } from '~/settings/store';
import {
  describeCallableFailure,
  firstFieldErrors,
  inviteFormSchema,
  linkFormSchema,
  NEEDS_NETWORK,
  setRolesFormSchema,
  setStatusFormSchema,
  type FieldErrors,
} from './member-rules';

export interface MemberActionData {
  intent: string;
  ok: boolean;
  /** Which member the result is about, so each row shows only its own outcome. */
  uid?: string;
  message?: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, unknown>;
  /** Demo mode only: the invitee's first password, shown once. */
  temporaryPassword?: string;
  invitedEmail?: string;
}

function isOnline(): boolean {
  return syncEngine.connectivity.isOnline();
}

async function refreshMembers(): Promise<void> {
  // A failed refresh leaves the older list on screen; the next sync brings it up to date.
  await syncEngine.refresh('members');
}

function fail(intent: string, message: string, extra: Partial<MemberActionData> = {}) {
  settingsStore.setError(message);
  return { intent, ok: false, message, ...extra } satisfies MemberActionData;
}

export async function inviteMember(values: Record<string, unknown>): Promise<MemberActionData> {
  const parsed = inviteFormSchema.safeParse(values);
  if (!parsed.success) {
    return { intent: 'invite', ok: false, fieldErrors: firstFieldErrors(parsed.error), values };
  }
  if (!isOnline()) return fail('invite', `Could not invite. ${NEEDS_NETWORK}`, { values });
  try {
    const invited = await callInviteMember(parsed.data);
    await refreshMembers();
    settingsStore.notify(`Invitation created for ${invited.email}`, 'success');
    return {
      intent: 'invite',
      ok: true,
      uid: invited.uid,
      invitedEmail: invited.email,
      message: `Invitation created for ${invited.email}.`,
      ...(invited.temporaryPassword ? { temporaryPassword: invited.temporaryPassword } : {}),
    };
  } catch (error) {
    return fail('invite', describeCallableFailure(error, 'Could not invite the member'), {
      values,
    });
  }
}

export async function setMemberRoles(values: Record<string, unknown>): Promise<MemberActionData> {
  const parsed = setRolesFormSchema.safeParse(values);
  const uid = typeof values.uid === 'string' ? values.uid : undefined;
  if (!parsed.success) {
    const fieldErrors = firstFieldErrors(parsed.error);
    return { intent: 'roles', ok: false, uid, fieldErrors, message: Object.values(fieldErrors)[0] };
  }
  if (!isOnline()) return fail('roles', `Roles not saved. ${NEEDS_NETWORK}`, { uid });
  try {
    await callSetMemberRoles(parsed.data);
    await refreshMembers();
    settingsStore.notify('Roles saved', 'success');
    return { intent: 'roles', ok: true, uid, message: 'Roles saved.' };
  } catch (error) {
    return fail('roles', describeCallableFailure(error, 'Roles not saved'), { uid });
  }
}

export async function setMemberStatus(values: Record<string, unknown>): Promise<MemberActionData> {
  const parsed = setStatusFormSchema.safeParse(values);
  const uid = typeof values.uid === 'string' ? values.uid : undefined;
  if (!parsed.success) {
    return { intent: 'status', ok: false, uid, message: 'Choose a member and a status.' };
  }
  const verb = parsed.data.status === 'suspended' ? 'suspend' : 'reactivate';
  if (!isOnline()) return fail('status', `Could not ${verb}. ${NEEDS_NETWORK}`, { uid });
  try {
    await callSetMemberStatus(parsed.data);
    await refreshMembers();
    const done = parsed.data.status === 'suspended' ? 'Member suspended' : 'Member reactivated';
    settingsStore.notify(done, 'success');
    return { intent: 'status', ok: true, uid, message: `${done}.` };
  } catch (error) {
    return fail('status', describeCallableFailure(error, `Could not ${verb} the member`), { uid });
  }
}

/**
 * Links a member to records. Only the three link fields are written (a merge), so a stale cached
 * copy of the member can never undo a role change the backend made meanwhile.
 */
export async function linkMember(
  uid: string,
  values: Record<string, unknown>,
): Promise<MemberActionData> {
  const parsed = linkFormSchema.safeParse(values);
  if (!parsed.success) {
    return { intent: 'link', ok: false, uid, fieldErrors: firstFieldErrors(parsed.error), values };
  }
  const links = parsed.data;
  const checks = [
    ['familyId', 'families', 'Choose a family from the list.'],
    ['studentId', 'students', 'Choose a student from the list.'],
    ['facilitatorId', 'facilitators', 'Choose a facilitator from the list.'],
  ] as const;
  const fieldErrors: FieldErrors = {};
  for (const [field, collection, message] of checks) {
    const id = links[field];
    if (id && !(await cacheService.get(collection, id))) fieldErrors[field] = message;
  }
  if (Object.keys(fieldErrors).length > 0) {
    return { intent: 'link', ok: false, uid, fieldErrors, values };
  }
  const existing = memberSchema.safeParse(await cacheService.get('members', uid));
  if (!existing.success) return fail('link', 'Member not found.', { uid, values });
  const saved = await cacheService.save('members', { id: uid, ...links });
  if (!saved) return fail('link', 'Failed to save item', { uid, values });
  settingsStore.notify('Links saved', 'success');
  return { intent: 'link', ok: true, uid, message: 'Links saved.' };
}

/** Dispatches a members or roles form by its `intent`. */
export async function handleMemberAction(request: Request): Promise<MemberActionData> {
  const values = formDataToObject(await request.formData());
  const user = getSession().user;
  if (!user) return { intent: 'unknown', ok: false, message: 'No user is signed in' };
  switch (values.intent) {
    case 'invite':
      return inviteMember(values);
    case 'roles':
      return setMemberRoles(values);
    case 'status':
      return setMemberStatus(values);
    default:
      return { intent: 'unknown', ok: false, message: 'Unknown action' };
  }
}
