// Reported and unreported absences (issue 32). A family reports an absence ahead; once the roll
// call is taken, an absence is REPORTED when its mark is Excused, or when it is Absent and a report
// that was not withdrawn covers that student and day (reportCovers); any other Absent mark is
// UNREPORTED. The summary, the register, the CSV and the "Needs attention" lists all ask here, so
// they tell the two apart the same way. Pure: the reports are passed in.
import { reportCovers, type AbsenceReportLike } from '~/domain/absences';
import type { AttendanceStatus } from '~/domain/attendance';
import type { Attendance, AttendanceEntry } from '~/domain/records';

/** Whether a report covers a student on a day. */
export type ReportedDays = (studentId: string, date: string) => boolean;

/** What a page knows when it has not read the reports: no day is covered. */
export const NO_REPORTS: ReportedDays = () => false;

/** The reports as a lookup by student and day (withdrawn ones cover nothing). */
export function reportedDays(reports: readonly AbsenceReportLike[]): ReportedDays {
  const byStudent = new Map<string, AbsenceReportLike[]>();
  for (const report of reports) {
    if (report.status === 'withdrawn') continue;
    const list = byStudent.get(report.studentId);
    if (list) list.push(report);
    else byStudent.set(report.studentId, [report]);
  }
  if (byStudent.size === 0) return NO_REPORTS;
  return (studentId, date) =>
    byStudent.get(studentId)?.some((report) => reportCovers(report, studentId, date)) ?? false;
}

export type AbsenceKind = 'reported' | 'unreported';

/** Whether a mark is an absence, and a reported one; null for present and late. */
export function absenceKind(
  status: AttendanceStatus | null | undefined,
  covered: boolean,
): AbsenceKind | null {
  if (status === 'excused') return 'reported';
  if (status === 'absent') return covered ? 'reported' : 'unreported';
  return null;
}

/** `absenceKind` of one student's mark on one day. */
export function absenceKindOn(
  status: AttendanceStatus | null | undefined,
  studentId: string,
  date: string,
  reported: ReportedDays,
): AbsenceKind | null {
  if (status !== 'absent' && status !== 'excused') return null;
  return absenceKind(status, reported(studentId, date));
}

type RollCallLike = Pick<Attendance, 'date' | 'entries'>;

/** Each roll call with its entries rewritten (or dropped, for null); unchanged ones are kept as they are. */
function mapEntries<R extends RollCallLike>(
  rollCalls: readonly R[],
  rewrite: (entry: AttendanceEntry, studentId: string, date: string) => AttendanceEntry | null,
): R[] {
  return rollCalls.map((rollCall) => {
    let changed = false;
    const entries: Record<string, AttendanceEntry> = {};
    for (const [studentId, entry] of Object.entries(rollCall.entries)) {
      const next = rewrite(entry, studentId, rollCall.date);
      if (next !== entry) changed = true;
      if (next) entries[studentId] = next;
    }
    return changed ? { ...rollCall, entries } : rollCall;
  });
}

/**
 * The roll calls with every reported absence taken out, as if that day had not been marked: a rate
 * computed from them is attended ÷ (marked − reported absences), so only unreported absences
 * count against a student.
 */
export function withoutReportedAbsences<R extends RollCallLike>(
  rollCalls: readonly R[],
  reported: ReportedDays,
): R[] {
  return mapEntries(rollCalls, (entry, studentId, date) =>
    absenceKindOn(entry.status, studentId, date, reported) === 'reported' ? null : entry,
  );
}

/**
 * The roll calls with a reported Absent mark read as Excused: a run of unreported absences ends on a
 * day the family explained, as it ends on an excused day.
 */
export function reportedAbsencesExcused<R extends RollCallLike>(
  rollCalls: readonly R[],
  reported: ReportedDays,
): R[] {
  return mapEntries(rollCalls, (entry, studentId, date) =>
    entry.status === 'absent' && reported(studentId, date)
      ? { ...entry, status: 'excused' }
      : entry,
  );
}

/** The days among a student's absent `dates` that a report covers. */
export function reportedAmong(
  studentId: string,
  dates: readonly string[],
  reported: ReportedDays,
): string[] {
  return dates.filter((date) => reported(studentId, date));
}
