// One student's attendance as parents, students and the student profile show it: the term and the
// last 30 days, with the dates of each absence, late arrival and excused day. A roll-call document
// holds the marks of the whole class (the backend cannot hide the other entries of a map), so the
// summary is built from that student's own entry only and carries no roll calls onward: nothing a
// page renders from it can name or count a classmate. With the absence reports the person reads
// (issue 32), each absence is told as reported or unreported ("Absences 3; of the absences: 1
// reported, 2 unreported"); only that student's reports are read.
import type { AbsenceReportLike } from '~/domain/absences';
import {
  LOW_RATE_WINDOW_DAYS,
  addDays,
  studentSummary,
  termStart,
  type StudentSummary,
} from '~/domain/attendance';
import { formatDate } from '~/domain/format';
import type { Attendance, AttendanceEntry } from '~/domain/records';
import { reportedAmong, reportedDays } from './reported';

/**
 * An ISO date as people read it: "Mon 16 Nov", with the year when it is not `today`'s year
 * ("Wed 31 Dec 2025"). A calendar date, so the text does not shift with the device's time zone.
 */
export function formatDay(date: string, today?: string): string {
  return formatDate(date, today && today.slice(0, 4) !== date.slice(0, 4) ? 'medium' : 'short');
}

/** A rate (0–1) as a whole percentage ("95%"); a dash when nothing was marked. */
export function formatRate(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)}%`;
}

/**
 * The roll calls reduced to one student's entry each; roll calls without a mark for the student are
 * left out. Only `entries[studentId]` is read, never the rest of the map.
 */
export function ownEntriesOnly(
  rollCalls: readonly Pick<Attendance, 'classroomId' | 'date' | 'entries'>[],
  studentId: string,
): Array<Pick<Attendance, 'classroomId' | 'date' | 'entries'>> {
  return rollCalls.flatMap((rc) => {
    const entry: AttendanceEntry | undefined = Object.hasOwn(rc.entries, studentId)
      ? rc.entries[studentId]
      : undefined;
    return entry
      ? [{ classroomId: rc.classroomId, date: rc.date, entries: { [studentId]: entry } }]
      : [];
  });
}

export interface SummaryPeriod {
  /** "This term" or "Last 30 days". */
  label: string;
  from: string;
  to: string;
  summary: StudentSummary;
  /**
   * The absent days a family's report covers (reported absences; the others are unreported), or
   * null when the page did not read the reports (then it says nothing about them).
   */
  reportedAbsentDates: string[] | null;
}

/** What the summary of one student shows; plain data, safe to hand to any page. */
export interface StudentAttendanceSummary {
  studentId: string;
  /** The name the summary speaks of ("Asha"): the preferred or first name. */
  callName: string;
  fullName: string;
  today: string;
  term: SummaryPeriod;
  recent: SummaryPeriod;
}

/**
 * The term (termStart(today) to today) and the last 30 days of one student. With `reports` (the
 * absence reports the person reads), each period also says which absences were reported.
 */
export function attendanceSummaryFor(
  rollCalls: readonly Pick<Attendance, 'classroomId' | 'date' | 'entries'>[],
  student: { id: string; firstName: string; lastName: string; preferredName?: string },
  today: string,
  reports?: readonly AbsenceReportLike[],
): StudentAttendanceSummary {
  const own = ownEntriesOnly(rollCalls, student.id);
  const termFrom = termStart(today);
  const recentFrom = addDays(today, -(LOW_RATE_WINDOW_DAYS - 1));
  const covered = reports
    ? reportedDays(reports.filter((report) => report.studentId === student.id))
    : null;
  const period = (label: string, from: string): SummaryPeriod => {
    const summary = studentSummary(own, student.id, from, today);
    return {
      label,
      from,
      to: today,
      summary,
      reportedAbsentDates: covered ? reportedAmong(student.id, summary.absentDates, covered) : null,
    };
  };
  return {
    studentId: student.id,
    callName: student.preferredName?.trim() || student.firstName,
    fullName: `${student.firstName} ${student.lastName}`,
    today,
    term: period('This term', termFrom),
    recent: period(`Last ${LOW_RATE_WINDOW_DAYS} days`, recentFrom),
  };
}

/**
 * "1 reported, 2 unreported": how a period's absences split, when the reports were read and there
 * were absences; null otherwise.
 */
export function absenceSplit(period: SummaryPeriod): string | null {
  const absent = period.summary.absent;
  if (period.reportedAbsentDates === null || absent === 0) return null;
  const reported = period.reportedAbsentDates.length;
  return `${reported} reported, ${absent - reported} unreported`;
}

/** What an empty period says: true to the facts, naming the student. */
export function emptyPeriodText(period: SummaryPeriod, callName: string): string {
  return period.label === 'This term'
    ? `No roll calls taken for ${callName} this term yet.`
    : `No roll calls taken for ${callName} in the ${period.label.toLowerCase()}.`;
}

/** "19 of 20 roll calls" — the rate's basis, so a percentage is never read without it. */
export function rateBasis(summary: StudentSummary): string {
  const attended = summary.present + summary.late;
  return `present or late at ${attended} of ${summary.marked} roll call${summary.marked === 1 ? '' : 's'}`;
}
