// The student form's schema and the create/edit action behind both student routes (style.md rule 2:
// the schema sits next to the action that parses it). The action is written against small
// dependencies (the records it checks against and a save function) so its validation can be tested
// without a browser; the routes pass the store's cached records and `store.save`.
import { z } from 'zod';
import { STUDENT_STATUSES, type Student } from '~/domain/records';
import {
  dateOfBirth,
  notBefore,
  notes,
  optionalCalendarDate,
  personName,
  plainText,
  requiredChoice,
  stringList,
  todayIso,
} from '~/ui/form/fields';
import { formFailure, parseForm, type FormFailure, type FormValues } from '~/ui/form/parse-form';
import { appendStatus, joinNotes, splitNotes } from './status-history';

export const STUDENT_STATUS_LABELS: Record<(typeof STUDENT_STATUSES)[number], string> = {
  enrolled: 'Enrolled',
  waitlisted: 'Waitlisted',
  withdrawn: 'Withdrawn',
  graduated: 'Graduated',
};

export const ENROLLED_BEFORE_BIRTH = 'The enrolment date cannot be before the date of birth.';

export const studentFormSchema = z
  .object({
    firstName: personName('first name'),
    lastName: personName('last name'),
    preferredName: plainText(80),
    dateOfBirth: dateOfBirth(),
    familyId: requiredChoice('Choose a family.'),
    campusId: requiredChoice('Choose a campus.'),
    classroomIds: stringList,
    status: z.enum(STUDENT_STATUSES, { errorMap: () => ({ message: 'Choose a status.' }) }),
    enrolledOn: optionalCalendarDate,
    medicalNotes: plainText(1000),
    notes,
    confirmDuplicate: z.string().optional(),
  })
  .superRefine(notBefore('enrolledOn', 'dateOfBirth', ENROLLED_BEFORE_BIRTH));
export type StudentFormValues = z.infer<typeof studentFormSchema>;

export type StudentRecord = Student & { id: string };

/** "Save anyway?": other students share the name and date of birth; nothing was saved. */
export interface DuplicateWarning {
  ok: false;
  status: 409;
  duplicates: Array<{ id: string; name: string; dateOfBirth: string }>;
  values: FormValues;
}

export type StudentFormResult = FormFailure | DuplicateWarning | { ok: true; id: string };

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

/**
 * Validates and saves a student. Invalid input saves nothing and returns every field's error (400);
 * a likely duplicate saves nothing until the form comes back with confirmDuplicate=1 ("Save anyway").
 */
export async function submitStudentForm(
  input: FormData | FormValues,
  ctx: StudentFormContext,
): Promise<StudentFormResult> {
  const parsed = parseForm(studentFormSchema, input);
  if (!parsed.ok) return parsed;
  const { data, values } = parsed;
  // The choices must name records this person has: checked here, where the lists are known.
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
  if (Object.keys(fieldErrors).length > 0) return formFailure(values, fieldErrors);

  if (data.confirmDuplicate !== '1') {
    const duplicates = findDuplicateStudents(data, ctx.students, ctx.existing?.id);
    if (duplicates.length > 0) {
      return {
        ok: false,
        status: 409,
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
  let notesWithHistory: string;
  if (existing) {
    const kept = joinKeepingHistory(data.notes, existing.notes);
    notesWithHistory =
      existing.status === data.status
        ? kept
        : appendStatus(kept, {
            date: today,
            status: data.status,
            note: `Changed from ${STUDENT_STATUS_LABELS[existing.status].toLowerCase()}`,
          });
  } else {
    notesWithHistory = appendStatus(data.notes, {
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
    notes: notesWithHistory,
  };
  if (data.enrolledOn) item.enrolledOn = data.enrolledOn;
  if (existing) item.id = existing.id;
  const saved = await ctx.save(item);
  if (!saved) return formFailure(values, { _form: SAVE_FAILED });
  return { ok: true, id: saved.id };
}

function joinKeepingHistory(text: string, storedNotes: string | undefined): string {
  return joinNotes(text, splitNotes(storedNotes).history);
}
