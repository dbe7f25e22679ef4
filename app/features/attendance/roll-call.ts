// The roll call's rules outside React: who may mark which class on which date (the UI guard over the
// permission matrix), the form a save posts, and what a save writes. A save writes the students
// whose mark changed, each as its own `entries.<studentId>` field path, so two people marking one
// class merge per student instead of overwriting each other; the students nobody has marked yet
// get "present" as a DEFAULT (`ifMissing`), written only where the roll call still has no entry for
// them when the save reaches the backend, so a default never replaces someone else's real mark.
// A student whose family reported the day (issue 32) defaults to the report's mark instead
// (excused for the whole day, late for arriving late), with the report as its note; still a
// default, written only where missing.
import { z } from 'zod';
import { reportedNote, reportedStatus, reportsOn, type AbsenceReportLike } from '~/domain/absences';
import {
  ATTENDANCE_STATUS_INFO,
  canMarkRollCall,
  rollCallPatch,
  type AttendanceStatus,
} from '~/domain/attendance';
import { deviceTimeZone, schoolDay } from '~/domain/clock';
import { formatDay, isCalendarDate } from '~/domain/dates';
import { formatDate, formatTime } from '~/domain/format';
import { NOT_ALLOWED_MESSAGE } from '~/domain/not-allowed';
import { FIRST_ATTENDANCE_DATE, type Principal } from '~/domain/permissions';
import { ATTENDANCE_STATUSES, attendanceId, type AttendanceEntry } from '~/domain/records';
import { calendarDate, optionalText, requiredChoice, stringList } from '~/ui/form/fields';
import { formFailure, parseForm, type FormFailure, type FormValues } from '~/ui/form/parse-form';

/** What anyone reads on a roll call after today: the matrix allows dates up to today, staff too. */
export const FUTURE_DATE_MESSAGE = 'Roll calls can be taken up to today.';
/** A roll call dated before FIRST_ATTENDANCE_DATE: a typing mistake (1800-01-01). */
export const TOO_EARLY_DATE_MESSAGE = `Roll calls can be taken from ${formatDay(FIRST_ATTENDANCE_DATE)}.`;
/** A date that does not exist (2025-02-30). */
export const NOT_A_DATE_MESSAGE = 'Use a real date (YYYY-MM-DD).';
/** The longest note a mark may carry. */
export const NOTE_MAX_LENGTH = 500;

/** One student's mark as the person sets it on the page (not yet saved). */
export interface Mark {
  status: AttendanceStatus;
  note?: string;
}

export type RollCallGuard =
  { ok: true } | { ok: false; reason: 'future-date' | 'bad-date' | 'not-allowed'; message: string };

/**
 * Why no roll call may be taken on `date`, whoever asks: not a real date, before
 * FIRST_ATTENDANCE_DATE, or after today (the matrix's date rule, for every role); null when the
 * date is fine. `today` is the one clock's YYYY-MM-DD.
 */
export function rollCallDateProblem(date: string, today: string): string | null {
  if (!isCalendarDate(date)) return NOT_A_DATE_MESSAGE;
  if (date < FIRST_ATTENDANCE_DATE) return TOO_EARLY_DATE_MESSAGE;
  if (date > today) return FUTURE_DATE_MESSAGE;
  return null;
}

/**
 * The UI guard: may this person mark this classroom on `date`? The same matrix the fake enforces,
 * with its date rule checked first, so a refusal that only the date causes (a class they may
 * mark, a later day) says why, for staff too; anything else is "not allowed".
 */
export function rollCallGuard(
  principal: Principal,
  classroomId: string,
  date: string,
  today: string,
): RollCallGuard {
  const problem = rollCallDateProblem(date, today);
  if (!problem) {
    if (canMarkRollCall(principal, classroomId, date, today)) return { ok: true };
  } else if (canMarkRollCall(principal, classroomId, today, today)) {
    const reason = problem === FUTURE_DATE_MESSAGE ? 'future-date' : 'bad-date';
    return { ok: false, reason, message: problem };
  }
  return { ok: false, reason: 'not-allowed', message: NOT_ALLOWED_MESSAGE };
}

/** A mark's note: trimmed, left out when empty, at most NOTE_MAX_LENGTH characters. */
export const markNoteSchema = optionalText(NOTE_MAX_LENGTH, 'note');

const markSchema = z.object({
  status: z.enum(ATTENDANCE_STATUSES, { message: 'Choose present, absent, late or excused.' }),
  note: markNoteSchema,
});

/**
 * The posted roll call: `marks.<studentId>.status` and `.note` for the students the person marked,
 * `unmarked` for the students nobody has marked yet (shown as present, or as reported), and
 * `reports`, the ids of the absence reports the page showed those students pre-marked with.
 */
export const rollCallFormSchema = z.object({
  classroomId: requiredChoice('Choose a classroom.'),
  date: calendarDate('Choose a date.'),
  marks: z.record(markSchema).default({}),
  unmarked: stringList,
  reports: stringList,
});

/** Form field names of one student's mark. */
export function markFieldNames(studentId: string) {
  return { status: `marks.${studentId}.status`, note: `marks.${studentId}.note` };
}

/**
 * The form values of a save: one status and note per marked student, the unmarked ids, and the ids
 * of the reports the unmarked students were shown pre-marked with.
 */
export function rollCallFormValues(
  classroomId: string,
  date: string,
  marks: Readonly<Record<string, Mark>>,
  unmarked: readonly string[],
  reportIds: readonly string[] = [],
): FormValues {
  const values: FormValues = { classroomId, date };
  for (const [studentId, mark] of Object.entries(marks)) {
    const names = markFieldNames(studentId);
    values[names.status] = mark.status;
    values[names.note] = mark.note ?? '';
  }
  if (unmarked.length > 0) values.unmarked = [...unmarked];
  if (reportIds.length > 0) values.reports = [...reportIds];
  return values;
}

/** A report's default on the roll call: its mark, and the report it comes from. */
export interface ReportedMark extends Mark {
  reportId: string;
}

/** A note cut to NOTE_MAX_LENGTH (a family's note may be longer than a mark's), with an ellipsis. */
function clipNote(note: string): string {
  return note.length <= NOTE_MAX_LENGTH ? note : `${note.slice(0, NOTE_MAX_LENGTH - 1).trimEnd()}…`;
}

/**
 * The marks absence reports suggest on a roll call, by student: for each student of the roster a
 * report covers on `date` (reportsOn: not withdrawn; the latest written wins), the report's mark
 * (reportedStatus: excused for the whole day, late for arriving late, present for leaving early)
 * with the report as its note (reportedNote). With `only`, just the reports of those ids (the ones
 * the page showed when the person saved).
 */
export function reportedMarks(
  reports: readonly (AbsenceReportLike & { id: string })[],
  date: string,
  rosterIds: readonly string[],
  only?: ReadonlySet<string>,
): Record<string, ReportedMark> {
  const candidates = only ? reports.filter((report) => only.has(report.id)) : reports;
  const covering = reportsOn(candidates, date);
  const marks: Record<string, ReportedMark> = {};
  for (const studentId of rosterIds) {
    const report = covering.get(studentId);
    if (!report) continue;
    marks[studentId] = {
      status: reportedStatus(report),
      note: clipNote(reportedNote(report)),
      reportId: report.id,
    };
  }
  return marks;
}

function sameNote(a: string | undefined, b: string | undefined): boolean {
  return (a?.trim() ?? '') === (b?.trim() ?? '');
}

/**
 * The marks a save writes explicitly, by student: each mark that differs from the saved entry
 * (status or note). Students outside the roster are ignored.
 */
export function explicitMarks(
  marks: Readonly<Record<string, Mark>>,
  saved: Readonly<Record<string, AttendanceEntry>>,
  rosterIds: readonly string[],
): Record<string, Mark> {
  const roster = new Set(rosterIds);
  const changes: Record<string, Mark> = {};
  for (const [studentId, mark] of Object.entries(marks)) {
    if (!roster.has(studentId)) continue;
    const before = saved[studentId];
    if (before && before.status === mark.status && sameNote(before.note, mark.note)) continue;
    const note = mark.note?.trim();
    changes[studentId] = { status: mark.status, ...(note ? { note } : {}) };
  }
  return changes;
}

/**
 * The default marks of a save: for each unmarked student on the roster who has no saved entry and
 * no explicit mark, the mark their family's report suggests (`reported`, see reportedMarks), else
 * present. They are written only where the roll call has no entry yet.
 */
export function defaultMarks(
  unmarked: readonly string[],
  explicit: Readonly<Record<string, Mark>>,
  saved: Readonly<Record<string, AttendanceEntry>>,
  rosterIds: readonly string[],
  reported: Readonly<Record<string, Mark>> = {},
): Record<string, Mark> {
  const roster = new Set(rosterIds);
  const defaults: Record<string, Mark> = {};
  for (const studentId of unmarked) {
    if (!roster.has(studentId) || saved[studentId] || explicit[studentId]) continue;
    const report = reported[studentId];
    const note = report?.note?.trim();
    defaults[studentId] = report
      ? { status: report.status, ...(note ? { note } : {}) }
      : { status: 'present' };
  }
  return defaults;
}

/**
 * Everything a save writes, by student: the explicit marks and the default ones (see
 * explicitMarks and defaultMarks). Someone else's mark that arrived meanwhile is never replaced by
 * a default, present or reported.
 */
export function rollCallChanges(
  marks: Readonly<Record<string, Mark>>,
  unmarked: readonly string[],
  saved: Readonly<Record<string, AttendanceEntry>>,
  rosterIds: readonly string[],
  reported: Readonly<Record<string, Mark>> = {},
): Record<string, Mark> {
  const explicit = explicitMarks(marks, saved, rosterIds);
  return { ...explicit, ...defaultMarks(unmarked, explicit, saved, rosterIds, reported) };
}

export interface RollCallSaveContext {
  principal: Principal;
  today: string;
  /** The time the marks are stamped with (ISO). */
  now: string;
  /** The person's member id, stamped as `by` on every written entry. */
  by: string;
  rosterIds: readonly string[];
  /** The entries the cache holds for the roll call now. */
  saved: Readonly<Record<string, AttendanceEntry>>;
  /**
   * The absence reports the cache holds now: an unmarked student the page showed pre-marked with
   * one of them (the posted `reports` ids) defaults to its mark instead of present.
   */
  reports?: readonly (AbsenceReportLike & { id: string })[];
  /**
   * Stores one change through the data layer: the item (explicit `entries.<id>` paths) and the
   * defaults written only where missing; false when it could not be stored.
   */
  save: (item: Record<string, unknown>, ifMissing: Record<string, unknown>) => Promise<boolean>;
}

export type RollCallSaveResult =
  | {
      ok: true;
      id: string;
      /** Every mark the save wrote: the explicit ones and the defaults. */
      written: Record<string, Mark>;
      /** The students whose default (present, or reported) fills in only if nobody has marked them. */
      defaulted: string[];
    }
  | FormFailure;

/**
 * The save action: parse, guard, work out the changes, and store them as one per-student patch
 * (the explicit marks) with per-student defaults (where nobody has marked yet: the reported mark
 * the page showed, else present).
 */
export async function submitRollCall(
  input: FormData | FormValues,
  context: RollCallSaveContext,
): Promise<RollCallSaveResult> {
  const parsed = parseForm(rollCallFormSchema, input);
  if (!parsed.ok) return parsed;
  const { classroomId, date, marks, unmarked, reports } = parsed.data;
  const guard = rollCallGuard(context.principal, classroomId, date, context.today);
  if (!guard.ok) return formFailure(parsed.values, { _form: guard.message });
  const id = attendanceId(classroomId, date);
  const explicit = explicitMarks(marks, context.saved, context.rosterIds);
  // Only the reports the page showed: one that arrived after it was drawn was not confirmed.
  const reported = reportedMarks(context.reports ?? [], date, context.rosterIds, new Set(reports));
  const defaults = defaultMarks(unmarked, explicit, context.saved, context.rosterIds, reported);
  const written = { ...explicit, ...defaults };
  const defaulted = Object.keys(defaults);
  if (Object.keys(written).length === 0) return { ok: true, id, written, defaulted };
  const stored = await context.save(
    { id, classroomId, date, ...rollCallPatch(explicit, context.by, context.now) },
    rollCallPatch(defaults, context.by, context.now),
  );
  if (!stored) {
    return formFailure(parsed.values, {
      _form: 'The roll call could not be stored on this device. Try again.',
    });
  }
  return { ok: true, id, written, defaulted };
}

interface MemberNames {
  /** The signed-in person's member id: their marks say "you". */
  self: string;
  /** Facilitators' names by member id; anyone else is "office staff". */
  byMember: ReadonlyMap<string, string>;
}

/**
 * "by Priya Nair at 09:12": who made a saved mark, and when (the date too if not that day). With
 * `timeZone` (the classroom's campus's), the time and day are the campus's, and the zone is named
 * when it is not the device's ("at 09:00 GMT+5:30"); without one, the device's clock.
 */
export function describeMarker(
  entry: AttendanceEntry,
  names: MemberNames,
  rollCallDate: string,
  timeZone?: string,
): string {
  const who = entry.by === names.self ? 'you' : (names.byMember.get(entry.by) ?? 'office staff');
  const at = new Date(entry.at);
  if (Number.isNaN(at.getTime())) return `by ${who}`;
  const zone = timeZone ?? deviceTimeZone();
  const time = formatTime(at, zone);
  const day = schoolDay(zone, at);
  return day === rollCallDate
    ? `by ${who} at ${time}`
    : `by ${who} on ${formatDate(day, 'short')} at ${time}`;
}

/** "Late · by Priya Nair at 09:12": a saved mark, who made it, and when. */
export function describeEntry(
  entry: AttendanceEntry,
  names: MemberNames,
  rollCallDate: string,
  timeZone?: string,
): string {
  return `${ATTENDANCE_STATUS_INFO[entry.status].label} · ${describeMarker(entry, names, rollCallDate, timeZone)}`;
}
