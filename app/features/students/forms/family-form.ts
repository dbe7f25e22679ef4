// The family forms' schemas and actions: the full editor (family name, address, notes, guardians
// with one primary, each optionally linked to a parent account) and the parent's contact form (the
// permission matrix's 'ownFamilyContact': guardians' e-mail and phone, and the address, nothing
// else). Guardian fields are posted as `guardians.<index>.<field>`, so zod's issue paths name the
// very input that is wrong.
import { z } from 'zod';
import type { BatchOperation } from '~/data/cache-service';
import type { Family, Guardian } from '~/domain/records';
import {
  fieldErrorsOf,
  optionalEmail,
  optionalPhone,
  optionalText,
  plainText,
  requiredText,
} from './fields';
import { SAVE_FAILED, typedValues, type TypedValues } from './student-form';

export type FamilyRecord = Family & { id: string };

export const GUARDIAN_FIELDS = ['name', 'relationship', 'email', 'phone', 'memberUUID'] as const;

export const guardianFormSchema = z.object({
  name: requiredText("Enter the guardian's name."),
  relationship: plainText(40),
  email: optionalEmail,
  phone: optionalPhone,
  memberUUID: optionalText(200),
});

export const familyFormSchema = z.object({
  familyName: requiredText('Enter the family name.'),
  address: plainText(300),
  notes: plainText(2000),
  guardians: z.array(guardianFormSchema),
  primaryGuardian: z.string().optional(),
});

export const contactFormSchema = z.object({
  address: plainText(300),
  guardians: z.array(z.object({ email: optionalEmail, phone: optionalPhone })),
});

/** `guardians.<i>.<field>` keys → an array of guardian objects, in index order. */
export function guardianRows(values: TypedValues): Array<Record<string, string>> {
  const rows = new Map<number, Record<string, string>>();
  for (const [key, value] of Object.entries(values)) {
    const match = /^guardians\.(\d+)\.(\w+)$/.exec(key);
    if (!match || typeof value !== 'string') continue;
    const index = Number(match[1]);
    const row = rows.get(index) ?? {};
    row[match[2] ?? ''] = value;
    rows.set(index, row);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

function isBlank(row: Record<string, string>): boolean {
  return GUARDIAN_FIELDS.every((field) => !(row[field] ?? '').trim());
}

export type FamilyFormResult =
  | { status: 'invalid'; fieldErrors: Record<string, string>; values: TypedValues }
  | { status: 'failed'; message: string; values: TypedValues }
  | { status: 'saved'; id: string };

export interface FamilyFormContext {
  existing: FamilyRecord | null;
  /** Members holding the parent role (admins' cache holds them). */
  parentMembers: ReadonlyArray<{ id: string; familyId?: string }>;
  /** Whether the person may write Members documents (only then is the member's familyId set). */
  canLinkMembers: boolean;
  commit: (operations: BatchOperation[]) => Promise<number>;
  newId?: () => string;
}

/** Validates and saves a family with its guardians; linking a parent account also sets its familyId. */
export async function submitFamilyForm(
  input: FormData | Record<string, unknown>,
  ctx: FamilyFormContext,
): Promise<FamilyFormResult> {
  const values = typedValues(input);
  // Rows left completely empty (an added row nobody filled in) are not guardians.
  const indexed = guardianRows(values).map((row, index) => ({ row, index }));
  const kept = indexed.filter(({ row }) => !isBlank(row));
  const parsed = familyFormSchema.safeParse({
    familyName: values.familyName,
    address: values.address,
    notes: values.notes,
    guardians: kept.map(({ row }) => row),
    primaryGuardian: values.primaryGuardian,
  });
  const fieldErrors: Record<string, string> = {};
  if (!parsed.success) {
    // Issue paths count kept rows; the inputs are named by their row on the page.
    for (const [key, message] of Object.entries(fieldErrorsOf(parsed.error))) {
      const match = /^guardians\.(\d+)\.(.+)$/.exec(key);
      const row = match ? kept[Number(match[1])] : undefined;
      fieldErrors[row && match ? `guardians.${row.index}.${match[2]}` : key] = message;
    }
  }
  const guardiansIn = parsed.success ? parsed.data.guardians : [];
  const seen = new Set<string>();
  // Checked on the typed rows, so these errors show together with the others.
  kept.forEach(({ row, index }) => {
    const memberUUID = row.memberUUID?.trim();
    if (!memberUUID) return;
    if (!ctx.parentMembers.some((m) => m.id === memberUUID))
      fieldErrors[`guardians.${index}.memberUUID`] = 'Choose a parent account from the list.';
    else if (seen.has(memberUUID))
      fieldErrors[`guardians.${index}.memberUUID`] =
        'This account is linked to another guardian already.';
    seen.add(memberUUID);
  });
  if (!parsed.success || Object.keys(fieldErrors).length > 0) {
    return { status: 'invalid', fieldErrors, values };
  }

  const primary = Number(parsed.data.primaryGuardian ?? kept[0]?.index ?? -1);
  const guardians: Guardian[] = kept.map(({ index }, position) => {
    const g = guardiansIn[position];
    return {
      name: g?.name ?? '',
      relationship: g?.relationship ?? '',
      email: g?.email ?? '',
      phone: g?.phone ?? '',
      ...(g?.memberUUID ? { memberUUID: g.memberUUID } : {}),
      isPrimary: index === primary,
    };
  });
  // With no primary chosen among the kept rows, the first guardian is the primary contact.
  if (guardians.length > 0 && !guardians.some((g) => g.isPrimary) && guardians[0])
    guardians[0].isPrimary = true;

  const id = ctx.existing?.id ?? (ctx.newId ?? (() => `temp_${crypto.randomUUID()}`))();
  const operations: BatchOperation[] = [
    {
      type: 'save',
      collection: 'families',
      item: {
        id,
        familyName: parsed.data.familyName,
        address: parsed.data.address,
        notes: parsed.data.notes,
        guardians,
      },
    },
  ];
  if (ctx.canLinkMembers) {
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
  const applied = await ctx.commit(operations);
  if (applied !== operations.length) return { status: 'failed', message: SAVE_FAILED, values };
  return { status: 'saved', id };
}

/**
 * The parent's contact update: only the address and each guardian's e-mail and phone change. The
 * saved fields are the family's own (no timestamps), so the backend sees no other field change.
 */
export async function submitContactForm(
  input: FormData | Record<string, unknown>,
  ctx: { existing: FamilyRecord; save: (item: Record<string, unknown>) => Promise<unknown> },
): Promise<FamilyFormResult> {
  const values = typedValues(input);
  const rows = guardianRows(values);
  const parsed = contactFormSchema.safeParse({ address: values.address, guardians: rows });
  if (!parsed.success) {
    return { status: 'invalid', fieldErrors: fieldErrorsOf(parsed.error), values };
  }
  const guardians = ctx.existing.guardians.map((g, i) => {
    const contact = parsed.data.guardians[i];
    return contact ? { ...g, email: contact.email, phone: contact.phone } : g;
  });
  const saved = await ctx.save({
    id: ctx.existing.id,
    familyName: ctx.existing.familyName,
    notes: ctx.existing.notes,
    address: parsed.data.address,
    guardians,
  });
  if (!saved) return { status: 'failed', message: SAVE_FAILED, values };
  return { status: 'saved', id: ctx.existing.id };
}
