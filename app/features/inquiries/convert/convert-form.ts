// The conversion form's action, written against small dependencies so it can be tested without a
// browser: the family editor's and the student editor's own validation (submitFamilyForm,
// submitStudentForm: the same rules as /dash/families/new and /dash/students/new) run on their
// halves of one form, their writes are collected instead of committed, and the family, the student
// and the inquiry's link go to the store as ONE batch under the ids the plan derived from the
// inquiry's (a retried batch writes the same documents again, never a second family).
import type { BatchOperation } from '~/data/store';
import { conversionLinkPatch, type ConversionPlan } from '~/domain/inquiries';
import type { ParentInquiry } from '~/domain/records';
import { submitFamilyForm } from '~/features/students';
import {
  SAVE_FAILED,
  submitStudentForm,
  type DuplicateWarning,
  type StudentRecord,
} from '~/features/students';
import {
  formFailure,
  formValues,
  type FieldErrors,
  type FormFailure,
  type FormValues,
} from '~/ui/form/parse-form';

/** Input names of the family editor's fields on the conversion form. */
export const FAMILY_PREFIX = 'family.';
/** Input names of the student editor's fields on the conversion form. */
export const STUDENT_PREFIX = 'student.';
/** The family choice's value for "Create a new family" (else an existing family's id). */
export const NEW_FAMILY = 'new';

/**
 * Whether the conversion form offers "Invite the parent as a member", and else what it says instead.
 * Inviting creates an account, which only those who manage members may (mayManageMembers, the
 * permission matrix's Members row); the others are told an administrator can do it from Members.
 */
export function invitationChoice(input: {
  email: string;
  hasAccount: boolean;
  mayInvite: boolean;
}): { offer: true; note: null } | { offer: false; note: string } {
  const email = input.email.trim();
  if (email === '') {
    return {
      offer: false,
      note: 'The inquiry gave no e-mail address, so the parent cannot be invited from here.',
    };
  }
  if (input.hasAccount) {
    return {
      offer: false,
      note: input.mayInvite
        ? `An account with ${email} exists already: link it to the family from Members.`
        : `An account with ${email} exists already: an administrator can link it to the family from Members.`,
    };
  }
  if (!input.mayInvite) {
    return {
      offer: false,
      note: `Only an administrator can create accounts: an administrator can invite ${email} from Members later.`,
    };
  }
  return { offer: true, note: null };
}

export const CONVERTED_MESSAGE = 'Family and student created from the inquiry';
export const CLOSED_MESSAGE = 'This inquiry is closed. Reopen it before creating a family from it.';

export type ConversionResult =
  | FormFailure
  | DuplicateWarning
  | {
      ok: true;
      familyId: string;
      studentId: string;
      /** False when the student joined an existing family. */
      createdFamily: boolean;
      /** Whether the person asked for the parent to be invited as a member. */
      invite: boolean;
    };

export interface ConversionContext {
  inquiry: Pick<ParentInquiry, 'status' | 'history'> & { id: string };
  plan: Pick<ConversionPlan, 'family' | 'student' | 'duplicates'>;
  /** Cached students, for the student editor's "same name and date of birth" check. */
  students: readonly StudentRecord[];
  /** Cached families (the student editor checks that the chosen family exists). */
  families: ReadonlyArray<{ id: string }>;
  campuses: ReadonlyArray<{ id: string }>;
  classrooms: ReadonlyArray<{ id: string; campusId: string }>;
  parentMembers: ReadonlyArray<{ id: string; familyId?: string }>;
  canLinkMembers: boolean;
  /** memberUUID of the person converting. */
  by: string;
  /** ISO-8601 date-time of the conversion. */
  now: string;
  commit: (operations: BatchOperation[]) => Promise<number>;
}

/** The values whose names start with `prefix`, without it. */
export function withoutPrefix(values: FormValues, prefix: string): FormValues {
  const out: FormValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (name.startsWith(prefix)) out[name.slice(prefix.length)] = value;
  }
  return out;
}

/** One editor's field errors, named as the inputs on the shared form are (`_form` stays). */
export function withPrefix(errors: FieldErrors, prefix: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [name, message] of Object.entries(errors)) {
    out[name === '_form' ? name : `${prefix}${name}`] = message;
  }
  return out;
}

/**
 * Validates both halves and, when both are valid, saves them with the inquiry's link in one batch.
 * Every field's error is returned at once (400); a student who may exist already asks "Save
 * anyway?" (409) exactly as the student editor does. Nothing is written unless all is valid.
 */
export async function submitConversion(
  input: FormData | FormValues,
  ctx: ConversionContext,
): Promise<ConversionResult> {
  const values = input instanceof FormData ? formValues(input) : input;
  const choice = typeof values.familyChoice === 'string' ? values.familyChoice : NEW_FAMILY;
  const existing = ctx.plan.duplicates.find((f) => f.id === choice);
  const createsFamily = !existing;
  const familyId = existing ? existing.id : ctx.plan.family.id;
  const errors: FieldErrors = {};
  if (choice !== NEW_FAMILY && !existing) errors.familyChoice = 'Choose a family from the list.';

  // The family editor's rules, its write collected rather than committed.
  let familyOperations: BatchOperation[] = [];
  if (createsFamily) {
    const family = await submitFamilyForm(withoutPrefix(values, FAMILY_PREFIX), {
      existing: null,
      parentMembers: ctx.parentMembers,
      canLinkMembers: ctx.canLinkMembers,
      newId: () => ctx.plan.family.id,
      commit: async (operations) => {
        familyOperations = operations;
        return operations.length;
      },
    });
    if (!family.ok) Object.assign(errors, withPrefix(family.fieldErrors, FAMILY_PREFIX));
  }

  // The student editor's rules, in the family chosen above (not yet in the cache when new).
  const collected: { student?: Record<string, unknown> } = {};
  const student = await submitStudentForm(
    { ...withoutPrefix(values, STUDENT_PREFIX), familyId },
    {
      existing: null,
      students: ctx.students,
      families: [...ctx.families, { id: familyId }],
      campuses: ctx.campuses,
      classrooms: ctx.classrooms,
      today: ctx.now.slice(0, 10),
      save: async (item) => {
        collected.student = { ...item, id: ctx.plan.student.id };
        return { id: ctx.plan.student.id };
      },
    },
  );
  if (!student.ok && student.status === 400) {
    Object.assign(errors, withPrefix(student.fieldErrors, STUDENT_PREFIX));
  }
  if (Object.keys(errors).length > 0) return formFailure(values, errors);
  if (!student.ok) return { ...student, values };
  const studentItem = collected.student;
  if (!studentItem) return formFailure(values, { _form: SAVE_FAILED });

  const link = conversionLinkPatch(ctx.inquiry, {
    familyId,
    studentId: ctx.plan.student.id,
    by: ctx.by,
    at: ctx.now,
  });
  if (!link) return formFailure(values, { _form: CLOSED_MESSAGE });

  const operations: BatchOperation[] = [
    ...familyOperations,
    { type: 'save', collection: 'students', item: studentItem },
    { type: 'save', collection: 'parentInquiries', item: { id: ctx.inquiry.id, ...link } },
  ];
  const applied = await ctx.commit(operations);
  if (applied !== operations.length) return formFailure(values, { _form: SAVE_FAILED });
  return {
    ok: true,
    familyId,
    studentId: ctx.plan.student.id,
    createdFamily: createsFamily,
    invite: values.invite === 'on' || values.invite === '1',
  };
}
