// What the family page loads and does about guardian requests (issue 28): a parent's requests and
// the form to ask for a change; for office staff, the requests waiting for a decision and the
// approve / refuse action. Reads and writes go through the cache service, so a parent can ask
// offline and the request reaches the office with the next sync.
import { redirect } from '@remix-run/react';
import type { SessionUser } from '~/auth/session-user';
import { loadCollection } from '~/data/route-data';
import { store } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { collectionAccess } from '~/domain/permissions';
import { isAdmin } from '~/domain/roles';
import { settingsStore } from '~/settings/store';
import { formFailure, parseForm, type FormFailure } from '~/ui/form/parse-form';
import { notAllowed } from '~/ui/responses';
import { loadParentMembers } from '../forms/family-editor-route';
import { SAVE_FAILED } from '../forms/student-form';
import {
  accountFor,
  byNewest,
  decisionFormSchema,
  decisionOperations,
  guardianRequestRecordSchema,
  mayAskForGuardianChange,
  mayDecideGuardianRequests,
  REQUEST_GONE,
  REQUEST_SAVED_OFFLINE,
  REQUEST_SENT,
  submitGuardianRequest,
  GUARDIAN_DECISION_INTENT,
  GUARDIAN_REQUEST_INTENT,
  type GuardianRequestView,
  type ParentAccount,
} from './guardian-requests';
import type { FamilyRecord } from '../forms/family-form';

export async function loadFamilyGuardianRequests(user: SessionUser, family: FamilyRecord) {
  const canAsk = mayAskForGuardianChange(user.roles);
  const canDecide = mayDecideGuardianRequests(user.roles);
  if (!canAsk && !canDecide) return { canAsk, canDecide, requests: [] };
  const [requests, accounts, pending] = await Promise.all([
    loadCollection('guardianRequests', {
      schema: guardianRequestRecordSchema,
      filters: [{ field: 'familyId', op: '==', value: family.id }],
    }),
    canDecide ? loadParentMembers() : Promise.resolve([]),
    store.pendingIds('guardianRequests'),
  ]);
  const nameOf = (id: string | undefined) => {
    if (!id) return null;
    if (id === user.memberUUID) return 'You';
    const account = accounts.find((a) => a.id === id);
    if (account) return account.label;
    return (
      family.guardians.find((g) => g.memberUUID === id)?.name ?? (canDecide ? id : 'The office')
    );
  };
  const views: GuardianRequestView[] = byNewest(requests).map((r) => ({
    ...r,
    askedBy: nameOf(r.createdBy) ?? '',
    decidedByName: nameOf(r.decidedBy),
    linksTo:
      canDecide && r.kind === 'add' ? (accountFor(r.guardian, accounts)?.label ?? null) : null,
    waitingToSend: pending.has(r.id),
  }));
  return { canAsk, canDecide, requests: views };
}

/** The pending requests of every family, for the office's families list (empty for others). */
export async function loadPendingRequestCounts(user: SessionUser): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!mayDecideGuardianRequests(user.roles)) return counts;
  const pending = await loadCollection('guardianRequests', {
    schema: guardianRequestRecordSchema,
    filters: [{ field: 'status', op: '==', value: 'pending' }],
  });
  for (const r of pending) counts.set(r.familyId, (counts.get(r.familyId) ?? 0) + 1);
  return counts;
}

/**
 * The family page's action for guardian requests: a parent's request (queued, then back to the
 * page), or an office decision (one batch). Anything else is not this action's.
 */
export async function guardianRequestAction(
  request: Request,
  user: SessionUser,
  family: FamilyRecord,
): Promise<FormFailure & { intent: string }> {
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (intent === GUARDIAN_REQUEST_INTENT) {
    if (!mayAskForGuardianChange(user.roles)) throw notAllowed();
    const result = await submitGuardianRequest(formData, {
      family,
      createdBy: user.memberUUID,
      online: syncEngine.connectivity.isOnline(),
      save: (item) => store.save('guardianRequests', item),
    });
    if (result.ok) {
      settingsStore.notify(result.offline ? REQUEST_SAVED_OFFLINE : REQUEST_SENT, 'success');
      throw redirect(`/dash/families/${family.id}`);
    }
    if (result.fieldErrors._form) settingsStore.setError(result.fieldErrors._form);
    return { ...result, intent };
  }
  if (intent === GUARDIAN_DECISION_INTENT) {
    if (!mayDecideGuardianRequests(user.roles)) throw notAllowed();
    const parsed = parseForm(decisionFormSchema, formData);
    if (!parsed.ok) return { ...parsed, intent };
    const { data, values } = parsed;
    const stored = await store.get('guardianRequests', data.requestId);
    const found = guardianRequestRecordSchema.safeParse(stored);
    const accounts: ParentAccount[] = await loadParentMembers();
    const plan = found.success
      ? decisionOperations(found.data, data.decision, data.decisionNote, {
          family,
          accounts,
          decidedBy: user.memberUUID,
          now: new Date(),
          canLinkMembers:
            collectionAccess(user.roles, 'Members') === 'write' && isAdmin(user.roles),
        })
      : ({ ok: false, error: REQUEST_GONE } as const);
    const failure = (message: string) => {
      settingsStore.setError(message);
      return { ...formFailure(values, { _form: message }), intent };
    };
    if (!plan.ok) return failure(plan.error);
    const applied = await store.batch(plan.operations);
    if (applied !== plan.operations.length) return failure(SAVE_FAILED);
    const request_ = found.success ? found.data : null;
    settingsStore.notify(
      data.decision === 'refuse'
        ? 'Request refused.'
        : request_?.kind === 'add'
          ? `Request approved: ${request_.guardian.name} is now a guardian of the family.`
          : `Request approved: ${request_?.guardian.name ?? 'the guardian'} was removed from the family.`,
      'success',
    );
    throw redirect(`/dash/families/${family.id}`);
  }
  throw new Response('Unknown form', { status: 400 });
}
