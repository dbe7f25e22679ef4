// The student form's schema and the create/edit action behind both student routes (style.md rule 2:
// the schema sits next to the action that parses it). The action is written against small
// dependencies (the records it checks against and a save function) so its validation can be tested
// without a browser; the routes pass the cache service's data and `cacheService.save`.
import { z } from 'zod';
import { STUDENT_STATUSES, type Student } from '~/domain/records';
import {
  calendarDate,
  fieldErrorsOf,
  optionalCalendarDate,
  plainText,
  requiredText,
  stringList,
  todayIso,
} from './fields';
import { appendStatus, joinNotes, splitNotes } from './status-history';

export const STUDENT_STATUS_LABELS: Record<(typeof STUDENT_STATUSES)[number], string> = {
  enrolled: 'Enrolled',
  waitlisted: 'Waitlisted',
  withdrawn: 'Withdrawn',
  graduated: 'Graduated',
};

export const studentFormSchema = z.object({
  firstName: requiredText('Enter the first name.'),
  lastName: requiredText('Enter the last name.'),
  preferredName: plainText(80),
  dateOfBirth: calendarDate('Enter the date of birth.').refine((value) => value <= todayIso(), {
    message: 'The date of birth cannot be in the future.',
  }),
  familyId: requiredText('Choose a family.', 200),
  campusId: requiredText('Choose a campus.', 200),
  classroomIds: stringList,
  status: z.enum(STUDENT_STATUSES, { errorMap: () => ({ message: 'Choose a status.' }) }),
  enrolledOn: optionalCalendarDate,
  medicalNotes: plainText(1000),
  notes: plainText(2000),
  confirmDuplicate: z.string().optional(),
});
export type StudentFormValues = z.infer<typeof studentFormSchema>;

export type StudentRecord = Student & { id: string };

/** What the person typed, as strings, so the form can show it again. */
export type TypedValues = Record<string, string | string[]>;

export type StudentFormResult =
  | { status: 'invalid'; fieldErrors: Record<string, string>; values: TypedValues }
  | {
      status: 'duplicate';
      duplicates: Array<{ id: string; name: string; dateOfBirth: string }>;
      values: TypedValues;
    }
  | { status: 'failed'; message: string; values: TypedValues }
  | { status: 'saved'; id: string };

export interface StudentFormContext {
  /** The record being edited; null when creating. */
  existing: StudentRecord | null;
  /** Students to check for duplicates (the cache's copy). */
  students: readonly StudentRecord[];
  families: ReadonlyArray<{ id: string }>;
  campuses: ReadonlyArray<{ id: string }>;
  classrooms: ReadonlyArray<{ id: string; campusId: string }>;
  save: (item: Record<string, unknown>) => Promise<{ id: string } | null>;
  today?: string;
}

export const SAVE_FAILED = 'Failed to save item';

function normalise(name: string): string {
  return name.trim().toLocaleLowerCase().replace(/\s+/g, ' ');
}

/** Other students with the same first and last name (ignoring case) and date of birth. */
export function findDuplicateStudents(
  candidate: Pick<Student, 'firstName' | 'lastName' | 'dateOfBirth'>,
  students: readonly StudentRecord[],
  excludeId?: string,
): StudentRecord[] {
  return students.filter(
    (s) =>
      s.id !== excludeId &&
      s.dateOfBirth === candidate.dateOfBirth &&
      normalise(s.firstName) === normalise(candidate.firstName) &&
      normalise(s.lastName) === normalise(candidate.lastName),
  );
}

/** FormData or an object → the typed strings, for showing them again. */
export function typedValues(input: FormData | Record<string, unknown>): TypedValues {
  const out: TypedValues = {};
  if (input instanceof FormData) {
    for (const key of new Set(input.keys())) {
      const all = input.getAll(key).filter((v): v is string => typeof v === 'string');
      out[key] = key === 'classroomIds' || all.length > 1 ? all : (all[0] ?? '');
    }
    return out;
  }
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string') out[key] = value;
    else if (Array.isArray(value))
      out[key] = value.filter((v): v is string => typeof v === 'string');
  }
  return out;
}

/**
 * Validates and saves a student. Invalid input saves nothing and returns every field's error; a
 * likely duplicate saves nothing until the form comes back with confirmDuplicate=1 ("Save anyway").
 */
export async function submitStudentForm(
  input: FormData | Record<string, unknown>,
  ctx: StudentFormContext,
): Promise<StudentFormResult> {
  const values = typedValues(input);
  const parsed = studentFormSchema.safeParse(values);
  if (!parsed.success) {
    return { status: 'invalid', fieldErrors: fieldErrorsOf(parsed.error), values };
  }
  const data = parsed.data;
  const fieldErrors: Record<string, string> = {};
  if (!ctx.families.some((f) => f.id === data.familyId))
    fieldErrors.familyId = 'Choose a family from the list.';
  if (!ctx.campuses.some((c) => c.id === data.campusId))
    fieldErrors.campusId = 'Choose a campus from the list.';
  const onCampus = new Set(
    ctx.classrooms.filter((c) => c.campusId === data.campusId).map((c) => c.id),
  );
  if (data.classroomIds.some((id) => !onCampus.has(id)))
    fieldErrors.classroomIds = 'Choose only classrooms of the chosen campus.';
  if (Object.keys(fieldErrors).length > 0) return { status: 'invalid', fieldErrors, values };

  if (data.confirmDuplicate !== '1') {
    const duplicates = findDuplicateStudents(data, ctx.students, ctx.existing?.id);
    if (duplicates.length > 0) {
      return {
        status: 'duplicate',
        duplicates: duplicates.map((d) => ({
          id: d.id,
          name: `${d.firstName} ${d.lastName}`,
          dateOfBirth: d.dateOfBirth,
        })),
        values,
      };
    }
  }

  const today = ctx.today ?? todayIso();
  const existing = ctx.existing;
  // The free text the person edited, with the stored history kept below it and a new entry when
  // the status changes (or the record is new).
  let notes: string;
  if (existing) {
    const kept = joinKeepingHistory(data.notes, existing.notes);
    notes =
      existing.status === data.status
        ? kept
        : appendStatus(kept, {
            date: today,
            status: data.status,
            note: `Changed from ${STUDENT_STATUS_LABELS[existing.status].toLowerCase()}`,
          });
  } else {
    notes = appendStatus(data.notes, {
      date: data.enrolledOn ?? today,
      status: data.status,
      note: 'Record created',
    });
  }

  const item: Record<string, unknown> = {
    firstName: data.firstName,
    lastName: data.lastName,
    preferredName: data.preferredName,
    dateOfBirth: data.dateOfBirth,
    familyId: data.familyId,
    campusId: data.campusId,
    classroomIds: data.classroomIds,
    status: data.status,
    medicalNotes: data.medicalNotes,
    notes,
  };
  if (data.enrolledOn) item.enrolledOn = data.enrolledOn;
  if (existing) item.id = existing.id;
  const saved = await ctx.save(item);
  if (!saved) return { status: 'failed', message: SAVE_FAILED, values };
  return { status: 'saved', id: saved.id };
}

function joinKeepingHistory(text: string, storedNotes: string | undefined): string {
  return joinNotes(text, splitNotes(storedNotes).history);
}
