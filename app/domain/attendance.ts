// Attendance rules that every screen, the home tiles, the reports and the tests share: which classes
// meet on a date, the state of a roll call, counts, a student's summary, the staff alerts, the
// register grid and the CSV rows. Pure functions over records (no I/O, no clock: "today" is passed
// in), so the same answers come from the cache, the fake and the seed.
//
// Definitions (also in the user guide):
// - A student attended a roll call when marked present or late. Excused counts as a day missed
//   but is listed apart; the attendance rate is attended ÷ marked roll calls.
// - "School days" of a classroom are the dates with a roll call for it, or, when none was taken,
//   the dates its schedule meets on.
import { addDays, isoWeekday } from './clock';
import { canWrite, type PermissionContext, type Principal } from './permissions';
import type { ATTENDANCE_STATUSES, Attendance, AttendanceEntry, Classroom } from './records';

export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** Below this rate over the last LOW_RATE_WINDOW_DAYS a student is listed for staff (90 %). */
export const LOW_ATTENDANCE_THRESHOLD = 0.9;
/** The window of the low-attendance list and of the "last 30 days" summary. */
export const LOW_RATE_WINDOW_DAYS = 30;
/** Absent this many roll calls in a row (the latest ones) puts a student on the streak list. */
export const ABSENCE_STREAK_LENGTH = 3;

/** Words and symbols, so a status is never told by colour alone. */
export const ATTENDANCE_STATUS_INFO: Record<
  AttendanceStatus,
  { label: string; symbol: string; description: string }
> = {
  present: { label: 'Present', symbol: 'P', description: 'In class' },
  absent: { label: 'Absent', symbol: 'A', description: 'Not in class' },
  late: { label: 'Late', symbol: 'L', description: 'Arrived late' },
  excused: { label: 'Excused', symbol: 'E', description: 'Away with a reason' },
};
/** The register's symbol for a student with no mark on a roll call that was taken. */
export const NOT_MARKED_SYMBOL = '–';

const CYCLE: readonly AttendanceStatus[] = ['present', 'absent', 'late', 'excused'];

/** A tap cycles present → absent → late → excused → present. */
export function nextStatus(status: AttendanceStatus): AttendanceStatus {
  const i = CYCLE.indexOf(status);
  return CYCLE[(i + 1) % CYCLE.length] ?? 'present';
}

// ---- dates ------------------------------------------------------------------------------------
// School days and their arithmetic come from the one clock (./clock); re-exported for the screens.
export { addDays, isoWeekday } from './clock';

/** Every date from `from` to `to`, both included (empty when from > to). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** The first day of the term `date` is in (terms start 1 January, 1 May and 1 September). */
export function termStart(date: string): string {
  const [y, m] = date.split('-').map(Number);
  const month = m ?? 1;
  const start = month >= 9 ? 9 : month >= 5 ? 5 : 1;
  return `${y}-${String(start).padStart(2, '0')}-01`;
}

// ---- classes and roll calls ---------------------------------------------------------------------

/** Does this classroom meet on `date` (a schedule slot on its weekday)? */
export function meetsOn(classroom: Pick<Classroom, 'schedule'>, date: string): boolean {
  const weekday = isoWeekday(date);
  return classroom.schedule.some((slot) => slot.weekday === weekday);
}

/** The first class time of a classroom on `date` ("09:00"), or null. */
export function firstClassTime(
  classroom: Pick<Classroom, 'schedule'>,
  date: string,
): string | null {
  const weekday = isoWeekday(date);
  const starts = classroom.schedule.filter((s) => s.weekday === weekday).map((s) => s.start);
  return starts.length > 0 ? ([...starts].sort()[0] ?? null) : null;
}

export type RollCallState = 'taken' | 'partly taken' | 'not taken';

/**
 * Taken: every student of the roster has a mark. Partly taken: some have. Not taken: none (or no
 * roll call). A roster of nobody counts as taken once a roll call exists.
 */
export function rollCallState(
  rollCall: Pick<Attendance, 'entries'> | null | undefined,
  rosterIds: readonly string[],
): RollCallState {
  if (!rollCall) return 'not taken';
  const marked = rosterIds.filter((id) => rollCall.entries[id] !== undefined).length;
  if (rosterIds.length === 0)
    return Object.keys(rollCall.entries).length > 0 ? 'taken' : 'not taken';
  if (marked === 0) return 'not taken';
  return marked === rosterIds.length ? 'taken' : 'partly taken';
}

export type StatusCounts = Record<AttendanceStatus | 'unmarked', number>;

/** How many of the roster have each status; `unmarked` = no mark yet. */
export function countStatuses(
  entries: Readonly<Record<string, { status: AttendanceStatus }>>,
  rosterIds: readonly string[],
): StatusCounts {
  const counts: StatusCounts = { present: 0, absent: 0, late: 0, excused: 0, unmarked: 0 };
  for (const id of rosterIds) {
    const entry = entries[id];
    if (entry) counts[entry.status] += 1;
    else counts.unmarked += 1;
  }
  return counts;
}

/**
 * The per-student patch of a save: one `entries.<studentId>` field path per changed student, so two
 * people marking different students of one class merge instead of overwriting each other.
 */
export function rollCallPatch(
  marks: Readonly<Record<string, { status: AttendanceStatus; note?: string }>>,
  by: string,
  at: string,
): Record<`entries.${string}`, AttendanceEntry> {
  const patch: Record<`entries.${string}`, AttendanceEntry> = {};
  for (const [studentId, mark] of Object.entries(marks)) {
    const note = mark.note?.trim();
    patch[`entries.${studentId}`] = { status: mark.status, ...(note ? { note } : {}), at, by };
  }
  return patch;
}

/**
 * May this principal mark this classroom's roll call on `date`? The same matrix the fake and the
 * Firestore rules enforce (facilitators: own classrooms, dates up to today; staff: any).
 */
export function canMarkRollCall(
  principal: Principal,
  classroomId: string,
  date: string,
  today: string,
): boolean {
  const ctx: PermissionContext = { get: () => null, list: () => [], today };
  const doc = { classroomId, date, entries: {} };
  return canWrite(
    principal,
    'attendance',
    {
      ref: { path: `attendance/${classroomId}_${date}`, id: `${classroomId}_${date}` },
      before: null,
      after: doc,
    },
    ctx,
  );
}

// ---- summaries ----------------------------------------------------------------------------------

export interface StudentSummary {
  /** Roll calls the student was marked on in the range. */
  marked: number;
  present: number;
  absent: number;
  late: number;
  excused: number;
  /** (present + late) ÷ marked, 0–1; null when nothing was marked. */
  rate: number | null;
  absentDates: string[];
  lateDates: string[];
  excusedDates: string[];
}

/** One student's marks over [from, to] (ISO dates, both included), from any classroom's roll calls. */
export function studentSummary(
  rollCalls: readonly Pick<Attendance, 'date' | 'entries'>[],
  studentId: string,
  from: string,
  to: string,
): StudentSummary {
  const summary: StudentSummary = {
    marked: 0,
    present: 0,
    absent: 0,
    late: 0,
    excused: 0,
    rate: null,
    absentDates: [],
    lateDates: [],
    excusedDates: [],
  };
  const byDate = new Map<string, AttendanceStatus>();
  for (const rc of rollCalls) {
    if (rc.date < from || rc.date > to) continue;
    const entry = rc.entries[studentId];
    if (!entry) continue;
    // A student in two classrooms on one day counts once: the worse mark wins (absent over late).
    const previous = byDate.get(rc.date);
    if (!previous || severity(entry.status) > severity(previous)) byDate.set(rc.date, entry.status);
  }
  for (const [date, status] of [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    summary.marked += 1;
    summary[status] += 1;
    if (status === 'absent') summary.absentDates.push(date);
    if (status === 'late') summary.lateDates.push(date);
    if (status === 'excused') summary.excusedDates.push(date);
  }
  summary.rate = summary.marked > 0 ? (summary.present + summary.late) / summary.marked : null;
  return summary;
}

function severity(status: AttendanceStatus): number {
  return { present: 0, late: 1, excused: 2, absent: 3 }[status];
}

export interface DailyRate {
  date: string;
  marked: number;
  attended: number;
  /** attended ÷ marked, null on a day with no marks. */
  rate: number | null;
}

/** The attendance rate of each date in [from, to] over the given roll calls. */
export function dailyRates(
  rollCalls: readonly Pick<Attendance, 'date' | 'entries'>[],
  from: string,
  to: string,
): DailyRate[] {
  const days = new Map<string, { marked: number; attended: number }>();
  for (const date of datesBetween(from, to)) days.set(date, { marked: 0, attended: 0 });
  for (const rc of rollCalls) {
    const day = days.get(rc.date);
    if (!day) continue;
    for (const entry of Object.values(rc.entries)) {
      day.marked += 1;
      if (entry.status === 'present' || entry.status === 'late') day.attended += 1;
    }
  }
  return [...days.entries()].map(([date, d]) => ({
    date,
    ...d,
    rate: d.marked > 0 ? d.attended / d.marked : null,
  }));
}

// ---- staff alerts -------------------------------------------------------------------------------

/** Classrooms that meet on `date` and whose roll call has no mark yet (sorted by name). */
export function notMarkedOn<C extends Pick<Classroom, 'name' | 'schedule'> & { id: string }>(
  classrooms: readonly C[],
  rollCalls: readonly Pick<Attendance, 'classroomId' | 'date' | 'entries'>[],
  date: string,
): C[] {
  const marked = new Set(
    rollCalls
      .filter((rc) => rc.date === date && Object.keys(rc.entries).length > 0)
      .map((rc) => rc.classroomId),
  );
  return classrooms
    .filter((c) => meetsOn(c, date) && !marked.has(c.id))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface LowAttendance {
  studentId: string;
  summary: StudentSummary;
}

/** Students whose rate over the last `days` days (to `today`) is below `threshold`, lowest first. */
export function lowAttendance(
  rollCalls: readonly Pick<Attendance, 'date' | 'entries'>[],
  studentIds: readonly string[],
  today: string,
  threshold = LOW_ATTENDANCE_THRESHOLD,
  days = LOW_RATE_WINDOW_DAYS,
): LowAttendance[] {
  const from = addDays(today, -(days - 1));
  const inRange = rollCalls.filter((rc) => rc.date >= from && rc.date <= today);
  return studentIds
    .map((studentId) => ({ studentId, summary: studentSummary(inRange, studentId, from, today) }))
    .filter((s) => s.summary.rate !== null && s.summary.rate < threshold)
    .sort((a, b) => (a.summary.rate ?? 0) - (b.summary.rate ?? 0));
}

export interface AbsenceStreak {
  studentId: string;
  /** The dates of the streak, oldest first (at least ABSENCE_STREAK_LENGTH). */
  dates: string[];
}

/**
 * Students absent on their latest `length` (or more) marked roll calls in a row, up to `today`.
 * A day with a present, late or excused mark ends the streak; days with no mark are skipped.
 */
export function absenceStreaks(
  rollCalls: readonly Pick<Attendance, 'date' | 'entries'>[],
  studentIds: readonly string[],
  today: string,
  length = ABSENCE_STREAK_LENGTH,
): AbsenceStreak[] {
  const wanted = new Set(studentIds);
  const marks = new Map<string, Map<string, AttendanceStatus>>();
  for (const rc of rollCalls) {
    if (rc.date > today) continue;
    for (const [studentId, entry] of Object.entries(rc.entries)) {
      if (!wanted.has(studentId)) continue;
      let byDate = marks.get(studentId);
      if (!byDate) marks.set(studentId, (byDate = new Map()));
      const previous = byDate.get(rc.date);
      if (!previous || severity(entry.status) < severity(previous))
        byDate.set(rc.date, entry.status);
    }
  }
  const streaks: AbsenceStreak[] = [];
  for (const studentId of studentIds) {
    const byDate = marks.get(studentId);
    if (!byDate) continue;
    const dates = [...byDate.keys()].sort().reverse();
    const streak: string[] = [];
    for (const date of dates) {
      if (byDate.get(date) !== 'absent') break;
      streak.push(date);
    }
    if (streak.length >= length) streaks.push({ studentId, dates: streak.reverse() });
  }
  return streaks.sort((a, b) => b.dates.length - a.dates.length);
}

// ---- register and CSV ---------------------------------------------------------------------------

export interface RegisterCell {
  status: AttendanceStatus | null;
  note?: string;
}

export interface Register {
  /** Dates with a roll call of the classroom in the range, oldest first. */
  dates: string[];
  rows: { studentId: string; cells: RegisterCell[]; summary: StudentSummary }[];
}

/** A classroom's grid of students against the dates of its roll calls in [from, to]. */
export function buildRegister(
  rollCalls: readonly Pick<Attendance, 'classroomId' | 'date' | 'entries'>[],
  classroomId: string,
  rosterIds: readonly string[],
  from: string,
  to: string,
): Register {
  const own = rollCalls
    .filter((rc) => rc.classroomId === classroomId && rc.date >= from && rc.date <= to)
    .sort((a, b) => a.date.localeCompare(b.date));
  const dates = own.map((rc) => rc.date);
  const rows = rosterIds.map((studentId) => ({
    studentId,
    cells: own.map((rc): RegisterCell => {
      const entry = rc.entries[studentId];
      return entry
        ? { status: entry.status, ...(entry.note ? { note: entry.note } : {}) }
        : { status: null };
    }),
    summary: studentSummary(own, studentId, from, to),
  }));
  return { dates, rows };
}

export const ATTENDANCE_CSV_HEADER = [
  'Date',
  'Campus',
  'Classroom',
  'Student ID',
  'Student',
  'Status',
  'Note',
  'Marked at',
  'Marked by',
] as const;

export interface CsvLookups {
  studentName(studentId: string): string;
  classroomName(classroomId: string): string;
  campusName(classroomId: string): string;
  memberName(memberId: string): string;
}

/**
 * The rows of an attendance export: the header, then one row per marked student per roll call in
 * [from, to], by date, classroom, then student name. ISO dates; `keep` narrows to a campus,
 * classroom or student.
 */
export function attendanceCsvRows(
  rollCalls: readonly Attendance[],
  from: string,
  to: string,
  lookups: CsvLookups,
  keep: (rollCall: Attendance, studentId: string) => boolean = () => true,
): string[][] {
  const rows: string[][] = [];
  const sorted = rollCalls
    .filter((rc) => rc.date >= from && rc.date <= to)
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        lookups.classroomName(a.classroomId).localeCompare(lookups.classroomName(b.classroomId)),
    );
  for (const rc of sorted) {
    const students = Object.keys(rc.entries)
      .filter((id) => keep(rc, id))
      .sort((a, b) => lookups.studentName(a).localeCompare(lookups.studentName(b)));
    for (const studentId of students) {
      const entry = rc.entries[studentId];
      if (!entry) continue;
      rows.push([
        rc.date,
        lookups.campusName(rc.classroomId),
        lookups.classroomName(rc.classroomId),
        studentId,
        lookups.studentName(studentId),
        ATTENDANCE_STATUS_INFO[entry.status].label,
        entry.note ?? '',
        entry.at,
        lookups.memberName(entry.by),
      ]);
    }
  }
  return [[...ATTENDANCE_CSV_HEADER], ...rows];
}
