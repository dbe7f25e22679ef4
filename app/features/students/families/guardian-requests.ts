// Guardian links belong to the office (issue 28): a parent may change how to reach their family's
// guardians, never who they are. To add a guardian (a partner) or remove one (an ex-partner) they
// ask the office with a guardianRequests record, and office staff approve or refuse it. This module
// holds the two forms' schemas and the writes they make, as pure builders over the store's
// functions (the routes pass `store.save` / `store.batch`), so every write goes through the cache
// and the pending-changes queue, offline too, and tests can watch exactly what would be written.
//
// An approval is ONE batch: the family's new guardians list, the parent account's familyId where
// the approver may write Members, and the request's decision. The backend's access trigger then
// recomputes the links of every member the family change touches, so a removed parent loses their
// access to the children at once (app/domain/server/access.ts).
import { z } from 'zod';
import type { BatchOperation } from '~/data/store';
import { PERMISSION_MATRIX } from '~/domain/permissions';
import {
  guardianRequestSchema,
  MAX_GUARDIANS,
  type Guardian,
  type GuardianRequest,
} from '~/domain/records';
import type { Role } from '~/domain/roles';
import { optionalEmail, optionalPhone, plainText } from '~/ui/form/fields';
import { formFailure, parseForm, type FormFailure, type FormValues } from '~/ui/form/parse-form';
import { SAVE_FAILED } from '../forms/student-form';
import type { FamilyRecord } from '../forms/family-form';

export const guardianRequestRecordSchema = guardianRequestSchema.extend({ id: z.string() });
export type GuardianRequestRecord = GuardianRequest & { id: string };

/** The form a family page action answers for: the parent's request or the office's decision. */
export const GUARDIAN_REQUEST_INTENT = 'guardian-request';
export const GUARDIAN_DECISION_INTENT = 'guardian-decision';

/** A request as the family page shows it. */
export interface GuardianRequestView extends GuardianRequestRecord {
  /** Who asked ("You" for the person themselves). */
  askedBy: string;
  /** Who decided, when decided. */
  decidedByName: string | null;
  /** Add, for the office: the parent account the new guardian will be linked to, if any. */
  linksTo: string | null;
  /** Not yet accepted by the backend. */
  waitingToSend: boolean;
}

export const GUARDIAN_REQUEST_STATUS_LABELS: Record<GuardianRequest['status'], string> = {
  pending: 'Waiting for the office',
  approved: 'Approved',
  refused: 'Refused',
};

export const CHOOSE_KIND = 'Choose whether to add or remove a guardian.';
export const ENTER_NAME = "Enter the guardian's name.";
export const ENTER_CONTACT =
  'Enter an e-mail address or a phone number, so the office can reach them.';
export const CHOOSE_GUARDIAN = 'Choose the guardian to remove.';
export const ALREADY_GUARDIAN = 'This person is already a guardian of the family.';
export const TOO_MANY_GUARDIANS = `A family can list at most ${MAX_GUARDIANS} guardians. Ask to remove one first.`;
export const REQUEST_SENT = 'Your request was sent to the office.';
export const REQUEST_SAVED_OFFLINE =
  'Your request is saved on this device. It will reach the office when you are back online.';
export const REQUEST_GONE = 'This request has been decided already, or no longer exists.';
export const GUARDIAN_GONE =
  'This guardian is no longer listed in the family. Refuse the request, with a note if you like.';
export const ADMIN_MUST_UNLINK =
  "Only an administrator can approve this: the guardian's parent account names this family, and removing that link changes a member's profile.";

/** Whether these roles may ask the office for a change (a parent, for their own family). */
export function mayAskForGuardianChange(roles: readonly Role[]): boolean {
  return roles.some(
    (r) => PERMISSION_MATRIX.guardianRequests[r].write === 'createOwnFamilyRequest',
  );
}

/** Whether these roles decide requests (office staff: they write families and requests). */
export function mayDecideGuardianRequests(roles: readonly Role[]): boolean {
  return roles.some(
    (r) =>
      PERMISSION_MATRIX.guardianRequests[r].write === 'all' &&
      PERMISSION_MATRIX.families[r].write === 'all',
  );
}

const sameEmail = (a: string, b: string) =>
  a !== '' && a.trim().toLowerCase() === b.trim().toLowerCase();

// ---- The parent's request ---------------------------------------------------------------------

/**
 * The request form: what to do, who (add: the new guardian's details; remove: the position of one
 * of the family's guardians, as listed), and a note for the office. Checked against the family in
 * `submitGuardianRequest`.
 */
export const guardianRequestFormSchema = z
  .object({
    kind: z.enum(['add', 'remove'], { errorMap: () => ({ message: CHOOSE_KIND }) }),
    name: plainText(80),
    relationship: plainText(40),
    // Lower-cased, as Members e-mails are: the office links the account with this address.
    email: optionalEmail.transform((value) => value.toLowerCase()),
    phone: optionalPhone,
    remove: plainText(3),
    note: plainText(1000),
  })
  .superRefine((data, ctx) => {
    if (data.kind === 'add') {
      if (!data.name) ctx.addIssue({ code: 'custom', path: ['name'], message: ENTER_NAME });
      if (!data.email && !data.phone) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: ENTER_CONTACT });
      }
    } else if (!/^\d+$/.test(data.remove)) {
      ctx.addIssue({ code: 'custom', path: ['remove'], message: CHOOSE_GUARDIAN });
    }
  });

export type GuardianRequestFormResult = FormFailure | { ok: true; id: string; offline: boolean };

export interface GuardianRequestContext {
  family: FamilyRecord;
  /** The parent asking (their memberUUID). */
  createdBy: string;
  online: boolean;
  save: (item: Record<string, unknown>) => Promise<{ id: string } | null>;
}

/** Validates a parent's request against their family and queues it (status pending). */
export async function submitGuardianRequest(
  input: FormData | FormValues,
  ctx: GuardianRequestContext,
): Promise<GuardianRequestFormResult> {
  const parsed = parseForm(guardianRequestFormSchema, input);
  if (!parsed.ok) return parsed;
  const { data, values } = parsed;
  const { guardians } = ctx.family;

  let guardian: GuardianRequest['guardian'];
  if (data.kind === 'add') {
    if (guardians.length >= MAX_GUARDIANS)
      return formFailure(values, { _form: TOO_MANY_GUARDIANS });
    if (guardians.some((g) => sameEmail(g.email, data.email))) {
      return formFailure(values, { email: ALREADY_GUARDIAN });
    }
    guardian = {
      name: data.name,
      relationship: data.relationship,
      email: data.email,
      phone: data.phone,
    };
  } else {
    const chosen = guardians[Number(data.remove)];
    if (!chosen) return formFailure(values, { remove: CHOOSE_GUARDIAN });
    guardian = {
      name: chosen.name,
      relationship: chosen.relationship,
      email: chosen.email,
      phone: chosen.phone,
      ...(chosen.memberUUID ? { memberUUID: chosen.memberUUID } : {}),
    };
  }

  // No decision fields: the backend refuses a parent's request that names a decider.
  const saved = await ctx.save({
    familyId: ctx.family.id,
    kind: data.kind,
    guardian,
    note: data.note,
    status: 'pending',
    createdBy: ctx.createdBy,
    decisionNote: '',
  });
  if (!saved) return formFailure(values, { _form: SAVE_FAILED });
  return { ok: true, id: saved.id, offline: !ctx.online };
}

// ---- The office's decision --------------------------------------------------------------------

export const decisionFormSchema = z.object({
  requestId: z.string().trim().min(1, REQUEST_GONE),
  decision: z.enum(['approve', 'refuse'], {
    errorMap: () => ({ message: 'Choose Approve or Refuse.' }),
  }),
  decisionNote: plainText(1000),
});

/** A parent account a new guardian may be linked to (Members holding the parent role). */
export interface ParentAccount {
  id: string;
  email: string;
  familyId?: string;
  label: string;
}

/** The parent account an added guardian is linked to: the one whose e-mail is theirs, if any. */
export function accountFor(
  guardian: Pick<GuardianRequest['guardian'], 'email'>,
  accounts: readonly ParentAccount[],
): ParentAccount | null {
  return accounts.find((a) => sameEmail(a.email, guardian.email)) ?? null;
}

/** The position in the family of the guardian a removal is about: by account, else name and e-mail. */
export function guardianToRemove(
  family: FamilyRecord,
  guardian: GuardianRequest['guardian'],
): number {
  if (guardian.memberUUID)
    return family.guardians.findIndex((g) => g.memberUUID === guardian.memberUUID);
  return family.guardians.findIndex(
    (g) => !g.memberUUID && g.name === guardian.name && g.email === guardian.email,
  );
}

export interface DecisionContext {
  family: FamilyRecord;
  accounts: readonly ParentAccount[];
  /** The approver's memberUUID. */
  decidedBy: string;
  now: Date;
  /** Whether the approver may write Members (admins): only then is an account's familyId changed. */
  canLinkMembers: boolean;
}

export type DecisionPlan =
  { ok: true; operations: BatchOperation[] } | { ok: false; error: string };

/**
 * The writes that decide a request, as one batch: the request's decision, and for an approval the
 * family's guardians after the change (and the parent account's familyId, where the approver may
 * write it). Nothing is written when the approval cannot be applied.
 */
export function decisionOperations(
  request: GuardianRequestRecord,
  decision: 'approve' | 'refuse',
  decisionNote: string,
  ctx: DecisionContext,
): DecisionPlan {
  if (request.status !== 'pending' || request.familyId !== ctx.family.id) {
    return { ok: false, error: REQUEST_GONE };
  }
  const decided: BatchOperation = {
    type: 'save',
    collection: 'guardianRequests',
    item: {
      id: request.id,
      status: decision === 'approve' ? 'approved' : 'refused',
      decidedBy: ctx.decidedBy,
      decidedAt: ctx.now.toISOString(),
      decisionNote,
    },
  };
  if (decision === 'refuse') return { ok: true, operations: [decided] };

  const { family } = ctx;
  const operations: BatchOperation[] = [];
  let guardians: Guardian[];
  if (request.kind === 'add') {
    if (family.guardians.length >= MAX_GUARDIANS) return { ok: false, error: TOO_MANY_GUARDIANS };
    if (family.guardians.some((g) => sameEmail(g.email, request.guardian.email))) {
      return { ok: false, error: ALREADY_GUARDIAN };
    }
    const account = accountFor(request.guardian, ctx.accounts);
    // An account linked to another guardian of this family already is not linked twice.
    const link =
      account && !family.guardians.some((g) => g.memberUUID === account.id) ? account : null;
    guardians = [
      ...family.guardians,
      {
        name: request.guardian.name,
        relationship: request.guardian.relationship,
        email: request.guardian.email,
        phone: request.guardian.phone,
        ...(link ? { memberUUID: link.id } : {}),
        isPrimary: family.guardians.length === 0,
      },
    ];
    // An account with no family yet is given this one (its scope on the device follows it); an
    // account that names another family keeps it, and sees this one through the guardian link.
    if (link && ctx.canLinkMembers && !link.familyId) {
      operations.push({
        type: 'save',
        collection: 'members',
        item: { id: link.id, familyId: family.id },
      });
    }
  } else {
    const position = guardianToRemove(family, request.guardian);
    if (position === -1) return { ok: false, error: GUARDIAN_GONE };
    const removed = family.guardians[position];
    guardians = family.guardians.filter((_, i) => i !== position);
    // The primary contact left: the next guardian becomes it.
    const [first] = guardians;
    if (removed?.isPrimary && first) guardians[0] = { ...first, isPrimary: true };
    // An account whose profile names the family keeps its access through that name, so the link
    // goes too; only those who may write Members can do it.
    const account = removed?.memberUUID
      ? ctx.accounts.find((a) => a.id === removed.memberUUID)
      : undefined;
    if (account?.familyId === family.id) {
      if (!ctx.canLinkMembers) return { ok: false, error: ADMIN_MUST_UNLINK };
      operations.push({
        type: 'save',
        collection: 'members',
        item: { id: account.id, familyId: '' },
      });
    }
  }
  return {
    ok: true,
    operations: [
      { type: 'save', collection: 'families', item: { id: family.id, guardians } },
      ...operations,
      decided,
    ],
  };
}

/** Newest first; requests the backend has not stamped yet (just made on this device) on top. */
export function byNewest(requests: readonly GuardianRequestRecord[]): GuardianRequestRecord[] {
  return [...requests].sort((a, b) =>
    (b.createdAt ?? '\uffff').localeCompare(a.createdAt ?? '\uffff'),
  );
}
