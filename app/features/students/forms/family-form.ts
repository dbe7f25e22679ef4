// The family forms' schemas and actions: the full editor (family name, address, notes, guardians
// with one primary, each optionally linked to a parent account) and the parent's contact form (the
// permission matrix's 'ownFamilyContact': guardians' e-mail and phone, and the address, nothing
// else). Guardian fields are posted as `guardians.<position>.<field>`, so an issue's path names the
// very input that is wrong.
import { z } from 'zod';
import type { BatchOperation } from '~/data/store';
import type { Family, Guardian } from '~/domain/records';
import { checkEdit, SOMEONE, type EditConflictFailure } from '~/ui/form/edit-conflicts';
import {
  notes,
  optionalEmail,
  optionalPhone,
  optionalText,
  plainText,
  requiredText,
} from '~/ui/form/fields';
import {
  formFailure,
  parseForm,
  type FieldErrors,
  type FormFailure,
  type FormValues,
} from '~/ui/form/parse-form';
import { SAVE_FAILED } from './student-form';

export type FamilyRecord = Family & { id: string };

export const GUARDIAN_FIELDS = ['name', 'relationship', 'email', 'phone', 'memberUUID'] as const;
const GUARDIAN_FIELD_NAMES = new Set<string>(GUARDIAN_FIELDS);

export const guardianFormSchema = z.object({
  name: requiredText("guardian's name", 80),
  relationship: plainText(40),
  email: optionalEmail,
  phone: optionalPhone,
  memberUUID: optionalText(200),
});

/** A row left completely empty (an added row nobody filled in) is not a guardian. */
function isBlankRow(row: unknown): boolean {
  if (typeof row !== 'object' || row === null) return true;
  return Object.entries(row).every(
    ([field, value]) =>
      !GUARDIAN_FIELD_NAMES.has(field) || typeof value !== 'string' || value.trim() === '',
  );
}

export const familyFormSchema = z.object({
  familyName: requiredText('family name', 80),
  address: plainText(300),
  notes,
  // A blank row parses to undefined instead of being dropped, so the rows keep their positions and
  // an error's path (`guardians.2.email`) is the name of the input it is about.
  guardians: z
    .array(
      z.preprocess((row) => (isBlankRow(row) ? undefined : row), guardianFormSchema.optional()),
    )
    .default([]),
  primaryGuardian: z.string().optional(),
});

export const contactFormSchema = z.object({
  // Fields the form did not send stay as they are (undefined), rather than being emptied.
  address: plainText(300).optional(),
  guardians: z
    .array(z.object({ email: optionalEmail.optional(), phone: optionalPhone.optional() }))
    .default([]),
});

export type FamilyFormResult = FormFailure | { ok: true; id: string };
/** An edit may also stop on someone else's change to a field the person changed (decision 052). */
export type FamilyEditResult = FamilyFormResult | EditConflictFailure;

/** The staff form's fields as an edit compares and patches them, with their labels. */
export const FAMILY_FORM_FIELDS = ['familyName', 'address', 'notes', 'guardians'] as const;
export const FAMILY_FIELD_LABELS: Record<string, string> = {
  familyName: 'Family name',
  address: 'Address',
  notes: 'Notes',
  guardians: 'Guardians',
};

export interface FamilyFormContext {
  existing: FamilyRecord | null;
  /** Members holding the parent role (admins' cache holds them). */
  parentMembers: ReadonlyArray<{ id: string; familyId?: string }>;
  /** Whether the person may write Members documents (only then is the member's familyId set). */
  canLinkMembers: boolean;
  commit: (operations: BatchOperation[]) => Promise<number>;
  newId?: () => string;
  /** The freshest copy of the edited family (decision 052); `existing` without it. */
  current?: () => Promise<FamilyRecord | null>;
  /** The display name of whoever last changed the family. */
  nameOf?: (uid: string | undefined) => Promise<string>;
}

const LINKED_ACCOUNT = /^guardians\.(\d+)\.memberUUID$/;

/**
 * The parent accounts chosen for guardians must exist and be linked once. Checked on the typed
 * values, so these errors show together with the schema's.
 */
function linkedAccountErrors(
  values: FormValues,
  parentMembers: FamilyFormContext['parentMembers'],
): FieldErrors {
  const linked = Object.entries(values)
    .flatMap(([name, value]) => {
      const match = LINKED_ACCOUNT.exec(name);
      const id = typeof value === 'string' ? value.trim() : '';
      return match && id ? [{ name, position: Number(match[1]), id }] : [];
    })
    .sort((a, b) => a.position - b.position);
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  for (const { name, id } of linked) {
    if (!parentMembers.some((m) => m.id === id))
      errors[name] = 'Choose a parent account from the list.';
    else if (seen.has(id)) errors[name] = 'This account is linked to another guardian already.';
    seen.add(id);
  }
  return errors;
}

/**
 * Validates and saves a family with its guardians; linking a parent account also sets its familyId.
 * An edit writes only the fields the person changed since the form opened (decision 052).
 */
export async function submitFamilyForm(
  input: FormData | FormValues,
  ctx: FamilyFormContext & { existing: null },
): Promise<FamilyFormResult>;
export async function submitFamilyForm(
  input: FormData | FormValues,
  ctx: FamilyFormContext,
): Promise<FamilyEditResult>;
export async function submitFamilyForm(
  input: FormData | FormValues,
  ctx: FamilyFormContext,
): Promise<FamilyEditResult> {
  const parsed = parseForm(familyFormSchema, input);
  const linkErrors = linkedAccountErrors(parsed.values, ctx.parentMembers);
  if (!parsed.ok) return formFailure(parsed.values, { ...parsed.fieldErrors, ...linkErrors });
  if (Object.keys(linkErrors).length > 0) return formFailure(parsed.values, linkErrors);
  const { data, values } = parsed;

  const primary = data.primaryGuardian === undefined ? -1 : Number(data.primaryGuardian);
  const guardians: Guardian[] = data.guardians.flatMap((g, position) =>
    g
      ? [
          {
            name: g.name,
            relationship: g.relationship,
            email: g.email,
            phone: g.phone,
            ...(g.memberUUID ? { memberUUID: g.memberUUID } : {}),
            isPrimary: position === primary,
          },
        ]
      : [],
  );
  // With no primary chosen among the kept rows, the first guardian is the primary contact.
  const [first] = guardians;
  if (first && !guardians.some((g) => g.isPrimary)) first.isPrimary = true;

  const id = ctx.existing?.id ?? (ctx.newId ?? (() => `temp_${crypto.randomUUID()}`))();
  let family: Record<string, unknown> = {
    familyName: data.familyName,
    address: data.address,
    notes: data.notes,
    guardians,
  };
  const existing = ctx.existing;
  if (existing) {
    const current = (ctx.current ? await ctx.current() : null) ?? existing;
    const edit = await checkEdit({
      values,
      fields: FAMILY_FORM_FIELDS,
      submitted: family,
      current,
      by: async () => (ctx.nameOf ? ctx.nameOf(current.updatedBy) : SOMEONE),
      labels: FAMILY_FIELD_LABELS,
    });
    if (!edit.ok) return edit;
    family = edit.patch;
  }
  const operations: BatchOperation[] =
    !existing || Object.keys(family).length > 0
      ? [{ type: 'save', collection: 'families', item: { id, ...family } }]
      : [];
  // Accounts are linked only when this save changes the guardians.
  if (ctx.canLinkMembers && (!existing || 'guardians' in family)) {
    for (const g of guardians) {
      const member = ctx.parentMembers.find((m) => m.id === g.memberUUID);
      if (member && member.familyId !== id)
        operations.push({
          type: 'save',
          collection: 'members',
          item: { id: member.id, familyId: id },
        });
    }
  }
  const applied = operations.length > 0 ? await ctx.commit(operations) : 0;
  if (applied !== operations.length) return formFailure(values, { _form: SAVE_FAILED });
  return { ok: true, id };
}

/**
 * The parent's contact update: only the address and each guardian's e-mail and phone change. The
 * saved fields are the family's own (no timestamps), so the backend sees no other field change.
 */
export async function submitContactForm(
  input: FormData | FormValues,
  ctx: { existing: FamilyRecord; save: (item: Record<string, unknown>) => Promise<unknown> },
): Promise<FamilyFormResult> {
  const parsed = parseForm(contactFormSchema, input);
  if (!parsed.ok) return parsed;
  const { data, values } = parsed;
  const guardians = ctx.existing.guardians.map((g, position) => {
    const contact = data.guardians[position];
    return {
      ...g,
      email: contact?.email ?? g.email,
      phone: contact?.phone ?? g.phone,
    };
  });
  // Only the fields a parent may change: sending the name or notes back as they were read would
  // undo an office change made since, and the matrix refuses it (ownFamilyContact).
  const saved = await ctx.save({
    id: ctx.existing.id,
    address: data.address ?? ctx.existing.address,
    guardians,
  });
  if (!saved) return formFailure(values, { _form: SAVE_FAILED });
  return { ok: true, id: ctx.existing.id };
}
