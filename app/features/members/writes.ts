// What the members and roles pages' clientActions do: invite (or send an invitation again), change
// roles, suspend or reactivate (callables: they need the network) and link a member to a family,
// student or facilitator (a cache write, queued while offline). After a callable changes an
// account, the members cache is refreshed so the list shows what the backend now holds.
import { z } from 'zod';
import {
  callInviteMember,
  callResendInvitation,
  callSetMemberRoles,
  callSetMemberStatus,
} from '~/backend/callables';
import { store } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { memberSchema } from '~/domain/records';
import { settingsStore } from '~/settings/store';
import { emailAddress } from '~/ui/form/fields';
import { formFailure, parseForm, type FieldErrors, type FormValues } from '~/ui/form/parse-form';
import {
  describeCallableFailure,
  inviteFormSchema,
  linkFormSchema,
  NEEDS_NETWORK,
  setRolesFormSchema,
  setStatusFormSchema,
} from './member-rules';

export interface MemberActionData {
  intent: string;
  ok: boolean;
  /** 400 when the form was refused: `fieldErrors` and `values` say why and what was typed. */
  status?: 400;
  /** Which member the result is about, so each row shows only its own outcome. */
  uid?: string;
  /** What happened, in a sentence (a saved change, or a refusal that belongs to no one field). */
  message?: string;
  fieldErrors?: FieldErrors;
  values?: FormValues;
  /** The address an invitation went to (the invitee sets a password from its link). */
  invitedEmail?: string;
}

type FormInput = FormData | FormValues;

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

/** What the office sees once an invitation is on its way (no password: the invitee sets one). */
export const invitationSent = (email: string) => `Invitation sent to ${email}`;

/**
 * Invites a person. A refused form answers 400 with its field errors; a refusal of the backend (or
 * no network) goes under `_form`, so the invite form shows it above the fields, with what was typed.
 */
export async function inviteMember(input: FormInput): Promise<MemberActionData> {
  const parsed = parseForm(inviteFormSchema, input);
  if (!parsed.ok) return { intent: 'invite', ...parsed };
  const { values } = parsed;
  const refuse = (message: string) =>
    fail('invite', message, { status: 400, fieldErrors: { _form: message }, values });
  if (!isOnline()) return refuse(`Could not invite. ${NEEDS_NETWORK}`);
  try {
    const invited = await callInviteMember(parsed.data);
    await refreshMembers();
    settingsStore.notify(invitationSent(invited.email), 'success');
    return {
      intent: 'invite',
      ok: true,
      uid: invited.uid,
      invitedEmail: invited.email,
      message: `${invitationSent(invited.email)}.`,
    };
  } catch (error) {
    return refuse(describeCallableFailure(error, 'Could not invite the member'));
  }
}

const resendFormSchema = z.object({
  email: emailAddress({ invalid: 'Enter a valid e-mail address, like name@example.com.' }),
});

/**
 * "Send again": a new invitation e-mail with a new link (the last one expired, or never arrived).
 * Its answer keeps the invitation's outcome on screen (`invitedEmail`, `uid`).
 */
export async function resendInvitation(input: FormInput): Promise<MemberActionData> {
  const parsed = parseForm(resendFormSchema, input);
  const uid = uidOf(parsed.values);
  if (!parsed.ok) {
    return { intent: 'resend', uid, message: Object.values(parsed.fieldErrors)[0], ...parsed };
  }
  const { email } = parsed.data;
  const keep = { uid, invitedEmail: email };
  if (!isOnline()) return fail('resend', `Not sent again. ${NEEDS_NETWORK}`, keep);
  try {
    const sent = await callResendInvitation(email);
    const message = `${invitationSent(sent.email)} again.`;
    settingsStore.notify(message, 'success');
    return { intent: 'resend', ok: true, uid: sent.uid, invitedEmail: sent.email, message };
  } catch (error) {
    return fail('resend', describeCallableFailure(error, 'Not sent again'), keep);
  }
}

/** The invite page's action: a new invitation, or "Send again" (the form's `intent`). */
export function inviteFormAction(formData: FormData): Promise<MemberActionData> {
  return formData.get('intent') === 'resend' ? resendInvitation(formData) : inviteMember(formData);
}

/** The `uid` a row's form sent, so its answer reaches that row. */
function uidOf(values: FormValues): string | undefined {
  return typeof values.uid === 'string' ? values.uid : undefined;
}

export async function setMemberRoles(input: FormInput): Promise<MemberActionData> {
  const parsed = parseForm(setRolesFormSchema, input);
  const uid = uidOf(parsed.values);
  if (!parsed.ok) {
    // A role row has no field to put the message beside: the row shows it as its outcome.
    const message = Object.values(parsed.fieldErrors)[0];
    return { intent: 'roles', uid, message, ...parsed };
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

export async function setMemberStatus(input: FormInput): Promise<MemberActionData> {
  const parsed = parseForm(setStatusFormSchema, input);
  const uid = uidOf(parsed.values);
  if (!parsed.ok) {
    return { intent: 'status', uid, message: 'Choose a member and a status.', ...parsed };
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
export async function linkMember(uid: string, input: FormInput): Promise<MemberActionData> {
  const parsed = parseForm(linkFormSchema, input);
  if (!parsed.ok) return { intent: 'link', uid, ...parsed };
  const { data: links, values } = parsed;
  const checks = [
    ['familyId', 'families', 'Choose a family from the list.'],
    ['studentId', 'students', 'Choose a student from the list.'],
    ['facilitatorId', 'facilitators', 'Choose a facilitator from the list.'],
  ] as const;
  const fieldErrors: FieldErrors = {};
  for (const [field, collection, message] of checks) {
    const id = links[field];
    if (id && !(await store.get(collection, id))) fieldErrors[field] = message;
  }
  if (Object.keys(fieldErrors).length > 0) {
    return { intent: 'link', uid, ...formFailure(values, fieldErrors) };
  }
  const existing = memberSchema.safeParse(await store.get('members', uid));
  if (!existing.success) return fail('link', 'Member not found.', { uid, values });
  const saved = await store.save('members', { id: uid, ...links });
  if (!saved) return fail('link', 'Failed to save item', { uid, values });
  settingsStore.notify('Links saved', 'success');
  return { intent: 'link', ok: true, uid, message: 'Links saved.' };
}
