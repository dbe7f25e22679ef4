// The student form's schema and the create/edit action behind both student routes (style.md rule 2:
// the schema sits next to the action that parses it). The action is written against small
// dependencies (the records it checks against and a save function) so its validation can be tested
// without a browser; the routes pass the store's cached records and `store.save`.
import { z } from 'zod';
import { campusZone, schoolDay } from '~/domain/clock';
import { STUDENT_STATUSES, type Student } from '~/domain/records';
import {
  conflictFailure,
  planEdit,
  readOpened,
  readResolutions,
  SOMEONE,
  type EditableValues,
  type EditConflictFailure,
} from '~/ui/form/edit-conflicts';
import {
  dateOfBirth,
  enrolmentDate,
  notBefore,
  notes,
  personName,
  plainText,
  requiredChoice,
  stringList,
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

/**
 * The student form's checks. The date of birth may not be after today, and the enrolment date not
 * after the end of next year, on the school day of `timeZone`: the chosen campus's (the device's
 * when the form names none).
 */
export const studentFormSchemaFor = (timeZone?: string) =>
  z
    .object({
      firstName: personName('first name'),
      lastName: personName('last name'),
      preferredName: plainText(80, 'preferred name'),
      dateOfBirth: dateOfBirth(undefined, timeZone),
      familyId: requiredChoice('Choose a family.'),
      campusId: requiredChoice('Choose a campus.'),
      classroomIds: stringList,
      status: z.enum(STUDENT_STATUSES, { errorMap: () => ({ message: 'Choose a status.' }) }),
      // A real date, no later than the end of next year (2099 is a typing mistake).
      enrolledOn: enrolmentDate(undefined, timeZone),
      medicalNotes: plainText(1000, 'medical notes'),
      notes,
      confirmDuplicate: z.string().optional(),
    })
    .superRefine(notBefore('enrolledOn', 'dateOfBirth', ENROLLED_BEFORE_BIRTH));
export const studentFormSchema = studentFormSchemaFor();
export type StudentFormValues = z.infer<typeof studentFormSchema>;

export type StudentRecord = Student & { id: string };

/** "Save anyway?": other students share the name and date of birth; nothing was saved. */
export interface DuplicateWarning {
  ok: false;
  status: 409;
  duplicates: Array<{ id: string; name: string; dateOfBirth: string }>;
  values: FormValues;
}

export type StudentFormResult =
  FormFailure | DuplicateWarning | EditConflictFailure | { ok: true; id: string };

/** The fields' labels, as the conflict panel names them. */
export const STUDENT_FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  preferredName: 'Preferred name',
  dateOfBirth: 'Date of birth',
  familyId: 'Family',
  campusId: 'Campus',
  classroomIds: 'Classrooms',
  status: 'Status',
  enrolledOn: 'Enrolled on',
  medicalNotes: 'Medical notes',
  notes: 'Notes',
};

type EditableStudent = Pick<
  Student,
  'firstName' | 'lastName' | 'dateOfBirth' | 'familyId' | 'campusId' | 'status'
> &
  Partial<
    Pick<Student, 'preferredName' | 'classroomIds' | 'enrolledOn' | 'medicalNotes' | 'notes'>
  >;

/**
 * A student as the form's fields read it (decision 052): notes without the status history (which
 * the form does not show), classrooms in a stable order, optional text as ''. The edit form keeps
 * these values as it opened them; a save compares the submitted ones and the freshest copy's.
 */
export function studentEditable(student: EditableStudent): EditableValues {
  return {
    firstName: student.firstName,
    lastName: student.lastName,
    preferredName: student.preferredName ?? '',
    dateOfBirth: student.dateOfBirth,
    familyId: student.familyId,
    campusId: student.campusId,
    classroomIds: [...(student.classroomIds ?? [])].sort(),
    status: student.status,
    enrolledOn: student.enrolledOn ?? '',
    medicalNotes: student.medicalNotes ?? '',
    notes: splitNotes(student.notes).text,
  };
}

export interface StudentFormContext {
  /** The record being edited; null when creating. */
  existing: StudentRecord | null;
  /** Students to check for duplicates (the cache's copy). */
  students: readonly StudentRecord[];
  families: ReadonlyArray<{ id: string }>;
  campuses: ReadonlyArray<{ id: string; timezone?: string | null }>;
  classrooms: ReadonlyArray<{ id: string; campusId: string }>;
  save: (item: Record<string, unknown>) => Promise<{ id: string } | null>;
  /**
   * The freshest copy of the edited record (the backend's when online, else the cache's); the
   * save compares it with what the form opened. Without it, `existing` is the freshest there is.
   */
  current?: () => Promise<StudentRecord | null>;
  /** The display name of whoever last changed the record ("Someone" when unknown). */
  nameOf?: (uid: string | undefined) => Promise<string>;
  /** Labels of ids for the conflict panel (a family's or classroom's name). */
  describe?: (field: string, value: unknown) => string | undefined;
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

/** What a create can answer: a new record has no one else's changes to conflict with. */
export type StudentCreateResult = Exclude<StudentFormResult, EditConflictFailure>;

/**
 * Validates and saves a student. Invalid input saves nothing and returns every field's error (400);
 * a likely duplicate saves nothing until the form comes back with confirmDuplicate=1 ("Save anyway");
 * an edit that meets someone else's change to the same field saves nothing either (412).
 */
export async function submitStudentForm(
  input: FormData | FormValues,
  ctx: StudentFormContext & { existing: null },
): Promise<StudentCreateResult>;
export async function submitStudentForm(
  input: FormData | FormValues,
  ctx: StudentFormContext,
): Promise<StudentFormResult>;
export async function submitStudentForm(
  input: FormData | FormValues,
  ctx: StudentFormContext,
): Promise<StudentFormResult> {
  const campusId = input instanceof FormData ? input.get('campusId') : input.campusId;
  const chosen = ctx.campuses.find((c) => c.id === campusId);
  const zone = chosen ? campusZone(chosen.id, ctx.campuses) : undefined;
  const parsed = parseForm(studentFormSchemaFor(zone), input);
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

  // The day at the student's campus (the one clock), for the status history's dates.
  const today = ctx.today ?? schoolDay(campusZone(data.campusId, ctx.campuses));
  if (ctx.existing) return saveStudentEdit(data, values, ctx.existing, ctx, today);
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
    notes: appendStatus(data.notes, {
      date: data.enrolledOn ?? today,
      status: data.status,
      note: 'Record created',
    }),
  };
  if (data.enrolledOn) item.enrolledOn = data.enrolledOn;
  const saved = await ctx.save(item);
  if (!saved) return formFailure(values, { _form: SAVE_FAILED });
  return { ok: true, id: saved.id };
}

/**
 * Saves an edit as a patch of the fields the person changed (decision 052): a colleague's change
 * to another field since the form opened is kept; one to a field the person changed too stops the
 * save with a conflict until they keep theirs or their own.
 */
async function saveStudentEdit(
  data: StudentFormValues,
  values: FormValues,
  existing: StudentRecord,
  ctx: StudentFormContext,
  today: string,
): Promise<StudentFormResult> {
  const current = (ctx.current ? await ctx.current() : null) ?? existing;
  const currentFields = studentEditable(current);
  // A form without its opening snapshot (an older page) changes what differs from the record.
  const opened = readOpened(values)?.values ?? currentFields;
  const submitted = studentEditable(data);
  const plan = planEdit({ opened, submitted, current: currentFields, ...readResolutions(values) });
  if (plan.conflicts.length > 0) {
    const by = ctx.nameOf ? await ctx.nameOf(current.updatedBy) : SOMEONE;
    return conflictFailure(values, plan, submitted, currentFields, {
      labels: STUDENT_FIELD_LABELS,
      by,
      describe: ctx.describe,
    });
  }
  const patch: Record<string, unknown> = {};
  const typed: Record<string, unknown> = { ...data };
  for (const field of plan.write) {
    // The stored notes keep their status history; an emptied enrolment date is not removed (as
    // before: the date of a record once enrolled stays).
    if (field === 'notes' || field === 'status') continue;
    if (field === 'enrolledOn' && !data.enrolledOn) continue;
    patch[field] = typed[field];
  }
  const notesChanged = plan.write.includes('notes');
  const statusChanged = plan.write.includes('status');
  if (notesChanged || statusChanged) {
    // Built on the freshest notes, so a colleague's history entry (or text) is not dropped.
    const kept = notesChanged
      ? joinKeepingHistory(data.notes, current.notes)
      : (current.notes ?? '');
    patch.notes = statusChanged
      ? appendStatus(kept, {
          date: today,
          status: data.status,
          note: `Changed from ${STUDENT_STATUS_LABELS[current.status].toLowerCase()}`,
        })
      : kept;
    if (statusChanged) patch.status = data.status;
  }
  if (Object.keys(patch).length === 0) return { ok: true, id: existing.id };
  const saved = await ctx.save({ ...patch, id: existing.id });
  if (!saved) return formFailure(values, { _form: SAVE_FAILED });
  return { ok: true, id: saved.id };
}

function joinKeepingHistory(text: string, storedNotes: string | undefined): string {
  return joinNotes(text, splitNotes(storedNotes).history);
}
