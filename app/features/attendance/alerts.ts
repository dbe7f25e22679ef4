// What the "Needs attention" page and the staff home tiles list: classrooms whose class meets today
// with no roll call yet, students below a threshold over the last 30 days, and students absent on
// their latest roll calls in a row. The rules themselves are in ~/domain/attendance; this module
// joins them to names and links, and reads the threshold from the URL with the form kit. With
// "Count only unreported absences" (issue 32, `?unreported=on`), an absence a family reported and
// an excused day count against nobody: they leave the rate's basis, and they end a streak.
import { z } from 'zod';
import type { AbsenceReportLike } from '~/domain/absences';
import {
  absenceStreaks,
  addDays,
  LOW_ATTENDANCE_THRESHOLD,
  LOW_RATE_WINDOW_DAYS,
  lowAttendance,
  notMarkedOn,
  studentSummary,
  type StudentSummary,
} from '~/domain/attendance';
import { campusLabels } from '~/domain/campus-labels';
import type { FormState } from '~/ui/form/Field';
import { checkbox, wholeNumber } from '~/ui/form/fields';
import { parseForm } from '~/ui/form/parse-form';
import {
  dayOf,
  type AttendanceData,
  type ClassroomRecord,
  type FacilitatorRecord,
  type StudentRecord,
} from './load';
import { reportedAbsencesExcused, reportedDays, withoutReportedAbsences } from './reported';

/** The default of the threshold field, in per cent. */
export const DEFAULT_THRESHOLD_PERCENT = Math.round(LOW_ATTENDANCE_THRESHOLD * 100);

export const thresholdSchema = z.object({
  threshold: wholeNumber('Enter a percentage from 1 to 100.', {
    min: 1,
    max: 100,
    outOfRange: 'Use a percentage from 1 to 100.',
  }),
});

export interface ThresholdChoice {
  /** The threshold in use, in per cent (the default while the typed one is invalid). */
  percent: number;
  /** The field's error and typed value, when what the URL holds is not a valid percentage. */
  form: FormState | null;
}

/** `?threshold=` as a whole percentage from 1 to 100; absent means 90. */
export function readThreshold(url: URL): ThresholdChoice {
  const typed = url.searchParams.get('threshold');
  if (typed === null) return { percent: DEFAULT_THRESHOLD_PERCENT, form: null };
  const parsed = parseForm(thresholdSchema, { threshold: typed });
  if (parsed.ok) return { percent: parsed.data.threshold, form: null };
  return {
    percent: DEFAULT_THRESHOLD_PERCENT,
    form: { fieldErrors: parsed.fieldErrors, values: parsed.values },
  };
}

/** `?unreported=on`: count only the absences no family reported (the alerts page's checkbox). */
export function readUnreportedOnly(url: URL): boolean {
  const parsed = checkbox.safeParse(url.searchParams.get('unreported') ?? undefined);
  return parsed.success && parsed.data;
}

/** The roll-call page of a classroom on a date. */
export function rollCallHref(classroomId: string, date: string): string {
  const params = new URLSearchParams({ classroom: classroomId, date });
  return `/dash/attendance?${params.toString()}`;
}

export function studentHref(studentId: string): string {
  return `/dash/students/${encodeURIComponent(studentId)}`;
}

export function studentName(student: Pick<StudentRecord, 'firstName' | 'lastName'>): string {
  return `${student.firstName} ${student.lastName}`;
}

/** "Comets (ages 10–11), Northside Campus": a classroom's name that no other campus shares. */
export function classroomLabel(classroom: Pick<ClassroomRecord, 'name'>, campusName: string) {
  return campusName ? `${classroom.name}, ${campusName}` : classroom.name;
}

export function facilitatorName(f: Pick<FacilitatorRecord, 'firstName' | 'lastName'>): string {
  return `${f.firstName} ${f.lastName}`;
}

export interface NotMarkedClass {
  classroom: ClassroomRecord;
  /** Classrooms of two campuses may share a name ("Comets"); the campus tells them apart. */
  campusName: string;
  facilitatorNames: string[];
  href: string;
}

/** Classrooms meeting today with no mark yet, with their facilitators' names and roll-call link. */
export function notMarkedToday(
  data: Pick<
    AttendanceData,
    'today' | 'campusDays' | 'classrooms' | 'campuses' | 'rollCalls' | 'facilitators'
  >,
): NotMarkedClass[] {
  const facilitators = new Map(data.facilitators.map((f) => [f.id, f]));
  const campuses = new Map(data.campuses.map((c) => [c.id, c.name]));
  // Each classroom on its own campus's day (the one clock): group them by that day.
  const byDay = new Map<string, ClassroomRecord[]>();
  for (const c of data.classrooms) {
    const day = dayOf(data, c);
    byDay.set(day, [...(byDay.get(day) ?? []), c]);
  }
  const notMarked = [...byDay]
    .flatMap(([day, classrooms]) => notMarkedOn(classrooms, data.rollCalls, day))
    .sort((a, b) => a.name.localeCompare(b.name));
  return notMarked.map((classroom) => ({
    classroom,
    campusName: campuses.get(classroom.campusId) ?? '',
    facilitatorNames: classroom.facilitatorIds.flatMap((id) => {
      const f = facilitators.get(id);
      return f ? [facilitatorName(f)] : [];
    }),
    href: rollCallHref(classroom.id, dayOf(data, classroom)),
  }));
}

/** A rate as a whole percentage, rounded down (89.7 % never reads as 90 %), immune to 0.29 × 100 = 28.99…. */
export function wholePercent(rate: number): number {
  return Math.floor(rate * 100 + 1e-9);
}

export interface LowAttendanceRow {
  student: StudentRecord;
  /** The student's name, with the campus when another enrolled student has the same name. */
  label: string;
  /**
   * The marks the rate is counted from: every mark, or (counting only unreported absences) every
   * mark but the reported absences and excused days.
   */
  summary: StudentSummary;
  /** summary.rate as a whole percentage (rounded down, so 89.7 % never reads as 90 %). */
  percent: number;
  /**
   * Reported absences in the window: Absent marks a family's report covers, and, counting only
   * unreported absences, excused days too (both left out of the rate then).
   */
  reported: number;
}

export interface StreakRow {
  student: StudentRecord;
  /** The student's name, with the campus when another enrolled student has the same name. */
  label: string;
  dates: string[];
  /** The streak's days a family reported (none when counting only unreported absences). */
  reportedDates: string[];
}

export interface Alerts {
  /** The person's school day (the one clock), which "today" means in the lists. */
  today: string;
  notMarked: NotMarkedClass[];
  low: LowAttendanceRow[];
  streaks: StreakRow[];
  thresholdPercent: number;
  /** The lists count only the absences no family reported. */
  unreportedOnly: boolean;
}

export interface AlertOptions {
  /** The absence reports the person reads (issue 32). */
  reports?: readonly AbsenceReportLike[];
  /** Count only unreported absences: reported ones and excused days count against nobody. */
  unreportedOnly?: boolean;
}

/** Every list of the page, for the enrolled students the person's cache holds. */
export function buildAlerts(
  data: AttendanceData,
  thresholdPercent: number,
  options: AlertOptions = {},
): Alerts {
  const unreportedOnly = options.unreportedOnly ?? false;
  const reported = reportedDays(options.reports ?? []);
  const enrolled = data.students.filter((s) => s.status === 'enrolled');
  const byId = new Map(enrolled.map((s) => [s.id, s]));
  const ids = enrolled.map((s) => s.id);
  // Two campuses may have a student of the same name: the campus tells the two apart.
  const labels = campusLabels(enrolled, studentName, data.campuses);
  const labelOf = (student: StudentRecord) => labels.get(student.id) ?? studentName(student);
  // The window's roll calls, as every list reads them.
  const from = addDays(data.today, -(LOW_RATE_WINDOW_DAYS - 1));
  const inWindow = data.rollCalls.filter((rc) => rc.date >= from && rc.date <= data.today);
  const counted = unreportedOnly ? withoutReportedAbsences(inWindow, reported) : inWindow;
  const reportedIn = (studentId: string) => {
    const all = studentSummary(inWindow, studentId, from, data.today);
    const absent = all.absentDates.filter((date) => reported(studentId, date)).length;
    return unreportedOnly ? absent + all.excused : absent;
  };
  const low = lowAttendance(counted, ids, data.today, thresholdPercent / 100).flatMap(
    ({ studentId, summary }) => {
      const student = byId.get(studentId);
      return student
        ? [
            {
              student,
              label: labelOf(student),
              summary,
              percent: wholePercent(summary.rate ?? 0),
              reported: reportedIn(studentId),
            },
          ]
        : [];
    },
  );
  const streakRollCalls = unreportedOnly
    ? reportedAbsencesExcused(data.rollCalls, reported)
    : data.rollCalls;
  const streaks = absenceStreaks(streakRollCalls, ids, data.today).flatMap(
    ({ studentId, dates }) => {
      const student = byId.get(studentId);
      const reportedDates = dates.filter((date) => reported(studentId, date));
      return student ? [{ student, label: labelOf(student), dates, reportedDates }] : [];
    },
  );
  return {
    today: data.today,
    notMarked: notMarkedToday(data),
    low,
    streaks,
    thresholdPercent,
    unreportedOnly,
  };
}
