// Attendance reports: the CSV export of a classroom, a campus or a student over a date range (one
// row per marked student per roll call, from ~/domain/attendance's attendanceCsvRows, written by the
// students list's RFC 4180 writer), and what the reports page offers each person. A facilitator's
// cache holds their own classrooms' roll calls only; the choices are narrowed to them as well. A
// last column says whether an absence was reported by the family (issue 32).
import { z } from 'zod';
import type { AbsenceReportLike } from '~/domain/absences';
import {
  ATTENDANCE_CSV_HEADER,
  ATTENDANCE_STATUS_INFO,
  addDays,
  attendanceCsvRows,
  type AttendanceStatus,
  type CsvLookups,
} from '~/domain/attendance';
import { ATTENDANCE_STATUSES } from '~/domain/records';
import { toCsv } from '~/ui/csv';
import { calendarDate, notBefore } from '~/ui/form/fields';
import { formFailure, parseForm, type FormFailure, type FormValues } from '~/ui/form/parse-form';
import { classroomLabel, studentName } from './alerts';
import { markableClassrooms, type AttendanceData } from './load';
import { absenceKindOn, reportedDays, type ReportedDays } from './reported';

export const EXPORT_SCOPES = {
  classroom: 'A classroom',
  campus: 'A campus',
  student: 'A student',
} as const;
export type ExportScope = keyof typeof EXPORT_SCOPES;

/** The default range of the export and the span of the chart: the last 30 days. */
export const REPORT_DAYS = 30;

const SCOPE_MESSAGE = 'Choose what to export.';

export const exportSchema = z
  .object({
    scope: z.enum(['classroom', 'campus', 'student'], {
      errorMap: () => ({ message: SCOPE_MESSAGE }),
    }),
    classroomId: z.string().trim().optional(),
    campusId: z.string().trim().optional(),
    studentId: z.string().trim().optional(),
    from: calendarDate('Enter the first date.'),
    to: calendarDate('Enter the last date.'),
  })
  .superRefine(notBefore('to', 'from', 'The last date must be on or after the first date.'));

/** The classrooms, campuses and students a person may export, with names, sorted. */
export function reportChoices(data: AttendanceData) {
  const classrooms = [...markableClassrooms(data)].sort(
    (a, b) => a.name.localeCompare(b.name) || a.campusId.localeCompare(b.campusId),
  );
  const classroomIds = new Set(classrooms.map((c) => c.id));
  const campusIds = new Set(classrooms.map((c) => c.campusId));
  const campuses = data.campuses
    .filter((c) => campusIds.has(c.id))
    .sort((a, b) => a.name.localeCompare(b.name));
  const students = data.students
    .filter((s) => s.classroomIds.some((id) => classroomIds.has(id)))
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
  return { classrooms, campuses, students };
}

export type ReportChoices = ReturnType<typeof reportChoices>;

/** Names for the CSV's columns; an id nobody can name stays an id rather than a blank. */
export function csvLookups(data: AttendanceData, names: Record<string, string> = {}): CsvLookups {
  const students = new Map(data.students.map((s) => [s.id, studentName(s)]));
  const classrooms = new Map(data.classrooms.map((c) => [c.id, c]));
  const campuses = new Map(data.campuses.map((c) => [c.id, c.name]));
  return {
    studentName: (id) => students.get(id) ?? id,
    classroomName: (id) => classrooms.get(id)?.name ?? id,
    campusName: (id) => {
      const campusId = classrooms.get(id)?.campusId;
      return campusId ? (campuses.get(campusId) ?? campusId) : '';
    },
    memberName: (id) => names[id] ?? data.memberNames.get(id) ?? id,
  };
}

/** The export's last column: whether an absence was reported (issue 32). */
export const REPORTED_CSV_COLUMN = 'Absence reported';

const STATUS_BY_LABEL = new Map<string, AttendanceStatus>(
  ATTENDANCE_STATUSES.map((status) => [ATTENDANCE_STATUS_INFO[status].label, status]),
);

/**
 * The rows of attendanceCsvRows with the REPORTED_CSV_COLUMN after the others: "Yes" for an
 * excused day and for an absence a family reported, "No" for an unreported absence, empty for
 * present and late.
 */
export function withReportedColumn(rows: readonly string[][], reported: ReportedDays): string[][] {
  const date = ATTENDANCE_CSV_HEADER.indexOf('Date');
  const studentId = ATTENDANCE_CSV_HEADER.indexOf('Student ID');
  const status = ATTENDANCE_CSV_HEADER.indexOf('Status');
  return rows.map((row, i) => {
    if (i === 0) return [...row, REPORTED_CSV_COLUMN];
    const kind = absenceKindOn(
      STATUS_BY_LABEL.get(row[status] ?? ''),
      row[studentId] ?? '',
      row[date] ?? '',
      reported,
    );
    return [...row, kind === 'reported' ? 'Yes' : kind === 'unreported' ? 'No' : ''];
  });
}

export interface ExportResult {
  ok: true;
  /** The header and the rows; rows.length - 1 roll-call marks. */
  rows: string[][];
  csv: string;
  fileName: string;
  /** What was exported, for the message: "Sunflowers (ages 4–5)". */
  label: string;
  from: string;
  to: string;
  /** Tells two identical exports apart, so each submit downloads once. */
  id: string;
}

function slug(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'export'
  );
}

/**
 * Parses the export form and builds the file, or says what to fix: the range, or a choice that is
 * missing or not the person's to export. `reports` are the absence reports the person reads.
 */
export function exportAttendance(
  data: AttendanceData,
  input: FormData | FormValues,
  names: Record<string, string> = {},
  reports: readonly AbsenceReportLike[] = [],
): ExportResult | FormFailure {
  const parsed = parseForm(exportSchema, input);
  if (!parsed.ok) return parsed;
  const { scope, from, to } = parsed.data;
  const choices = reportChoices(data);
  const classroomIds = new Set(choices.classrooms.map((c) => c.id));
  const classroomCampus = new Map(choices.classrooms.map((c) => [c.id, c.campusId]));
  let label: string;
  let keep: (rollCall: { classroomId: string }, studentId: string) => boolean;
  if (scope === 'classroom') {
    const classroom = choices.classrooms.find((c) => c.id === parsed.data.classroomId);
    if (!classroom) return formFailure(parsed.values, { classroomId: 'Choose a classroom.' });
    label = classroomLabel(
      classroom,
      choices.campuses.find((c) => c.id === classroom.campusId)?.name ?? '',
    );
    keep = (rc) => rc.classroomId === classroom.id;
  } else if (scope === 'campus') {
    const campus = choices.campuses.find((c) => c.id === parsed.data.campusId);
    if (!campus) return formFailure(parsed.values, { campusId: 'Choose a campus.' });
    label = campus.name;
    keep = (rc) => classroomCampus.get(rc.classroomId) === campus.id;
  } else {
    const student = choices.students.find((s) => s.id === parsed.data.studentId);
    if (!student) return formFailure(parsed.values, { studentId: 'Choose a student.' });
    label = studentName(student);
    keep = (rc, studentId) => studentId === student.id && classroomIds.has(rc.classroomId);
  }
  const rows = withReportedColumn(
    attendanceCsvRows(data.rollCalls, from, to, csvLookups(data, names), keep),
    reportedDays(reports),
  );
  return {
    ok: true,
    rows,
    csv: toCsv(rows),
    fileName: `attendance-${slug(label)}-${from}-to-${to}.csv`,
    label,
    from,
    to,
    id: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
  };
}

/** The form's first values: the last 30 days, to today. */
export function defaultRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -(REPORT_DAYS - 1)), to: today };
}
