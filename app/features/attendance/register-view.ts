// The register page's rules: which classroom and date range the URL asks for (a GET form parsed
// with the form kit, so a wrong range gets a message beside its field), and the grid to draw — the
// roster's names, the date columns and each row's symbols, rate and absences — computed once here
// so the table itself is plain markup with no per-cell work. An absence a family reported (issue
// 32) has a cell of its own ("AR", "Absent, reported") and is counted apart in the row.
import { z } from 'zod';
import {
  ATTENDANCE_STATUS_INFO,
  NOT_MARKED_SYMBOL,
  addDays,
  buildRegister,
  type AttendanceStatus,
} from '~/domain/attendance';
import { campusLabels } from '~/domain/campus-labels';
import { calendarDate, notBefore } from '~/ui/form/fields';
import { parseForm, type FieldErrors, type FormValues } from '~/ui/form/parse-form';
import { NO_REPORTS, type ReportedDays } from './reported';
import { formatDay, formatRate } from './summary';
import type { ClassroomRecord, RollCallRecord, StudentRecord } from './load';

/** The register's default range: the last 30 days, today included. */
export const REGISTER_DEFAULT_DAYS = 30;
/** The longest range the register shows at once (a year, leap day included). */
export const REGISTER_MAX_DAYS = 366;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const registerQuerySchema = z
  .object({
    classroom: z.string().trim().optional(),
    from: calendarDate('Enter the first date.'),
    to: calendarDate('Enter the last date.'),
  })
  .superRefine(notBefore('to', 'from', 'Choose a last date on or after the first date.'))
  .superRefine((value, ctx) => {
    if (value.to >= value.from && daysBetween(value.from, value.to) + 1 > REGISTER_MAX_DAYS) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['to'],
        message: `Choose at most ${REGISTER_MAX_DAYS} days (a year) at a time.`,
      });
    }
  });

export interface RegisterQuery {
  classroom: string;
  from: string;
  to: string;
}

export type RegisterQueryResult =
  | { ok: true; query: RegisterQuery; values: FormValues }
  | { ok: false; query: RegisterQuery; values: FormValues; fieldErrors: FieldErrors };

/**
 * The URL's choice, with defaults for what it leaves out: the first classroom offered, the last
 * 30 days. An invalid range keeps the default range for the query (so the page still knows its
 * classroom) and hands back the messages and what the person typed.
 */
export function parseRegisterQuery(
  params: URLSearchParams,
  today: string,
  defaultClassroom: string,
): RegisterQueryResult {
  const defaults = { from: addDays(today, -(REGISTER_DEFAULT_DAYS - 1)), to: today };
  const values: FormValues = {
    classroom: params.get('classroom') ?? defaultClassroom,
    from: params.get('from') ?? defaults.from,
    to: params.get('to') ?? defaults.to,
  };
  const parsed = parseForm(registerQuerySchema, values);
  const classroom = (typeof values.classroom === 'string' ? values.classroom : '').trim();
  if (parsed.ok) {
    return {
      ok: true,
      query: { classroom, from: parsed.data.from, to: parsed.data.to },
      values,
    };
  }
  return {
    ok: false,
    query: { classroom, ...defaults },
    values,
    fieldErrors: parsed.fieldErrors,
  };
}

/**
 * The classroom choices, by name: a name two campuses share ("Otters (ages 6–7)") is followed by
 * its campus, so the two options (and the register's caption) can be told apart.
 */
export function registerClassroomOptions(
  classrooms: readonly ClassroomRecord[],
  campuses: ReadonlyArray<{ id: string; name: string }>,
): Array<{ value: string; label: string }> {
  const labels = campusLabels(classrooms, (c) => c.name, campuses);
  return [...classrooms]
    .map((c) => ({ value: c.id, label: labels.get(c.id) ?? c.name }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export interface RegisterColumn {
  date: string;
  /** "Mon 16 Nov": the header's text for screen readers and the note list. */
  label: string;
  /** Short visible header: weekday initials and the day of the month. */
  weekday: string;
  day: string;
  /** The month ("Nov") on the first column and where a new month starts, else null. */
  month: string | null;
  /** The roll call of that date (for people who take roll calls), else null. */
  href: string | null;
}

export interface RegisterCellView {
  symbol: string;
  /** The status word ("Absent", "Not marked"), read out instead of the symbol. */
  word: string;
  status: AttendanceStatus | null;
  /** An Absent mark on a day the family reported (issue 32). */
  reported?: boolean;
  note?: string;
}

export interface RegisterRowView {
  studentId: string;
  name: string;
  cells: RegisterCellView[];
  rate: string;
  absences: number;
  /** How many of those absences a family reported. */
  reportedAbsences: number;
}

export interface RegisterNote {
  date: string;
  dateLabel: string;
  studentName: string;
  note: string;
}

export interface RegisterView {
  classroom: ClassroomRecord;
  /** The classroom's name, with its campus when another classroom has the same name. */
  classroomLabel: string;
  columns: RegisterColumn[];
  rows: RegisterRowView[];
  notes: RegisterNote[];
}

const NOT_MARKED: RegisterCellView = {
  symbol: NOT_MARKED_SYMBOL,
  word: 'Not marked',
  status: null,
};
function statusCell(status: AttendanceStatus): RegisterCellView {
  const info = ATTENDANCE_STATUS_INFO[status];
  return { symbol: info.symbol, word: info.label, status };
}

// One shared object per status: the rows of a long register reuse them instead of allocating 1,800.
const CELLS: Record<AttendanceStatus, RegisterCellView> = {
  present: statusCell('present'),
  absent: statusCell('absent'),
  late: statusCell('late'),
  excused: statusCell('excused'),
};

/** The register's symbol for an Absent mark on a day the family reported. */
export const REPORTED_ABSENT_SYMBOL = 'AR';
/** A reported absence: said in words ("Absent, reported"), not by the symbol alone. */
export const REPORTED_ABSENT: RegisterCellView = {
  symbol: REPORTED_ABSENT_SYMBOL,
  word: `${ATTENDANCE_STATUS_INFO.absent.label}, reported`,
  status: 'absent',
  reported: true,
};

/** The grid of a classroom over [from, to]: the enrolled roster (by name) × the dates with a roll call. */
export function registerView(
  classroom: ClassroomRecord,
  roster: readonly StudentRecord[],
  rollCalls: readonly RollCallRecord[],
  from: string,
  to: string,
  options: {
    today: string;
    linkRollCalls: boolean;
    classroomLabel?: string;
    /** Which days a family reported (issue 32); none when the page did not read the reports. */
    reported?: ReportedDays;
  },
): RegisterView {
  const reported = options.reported ?? NO_REPORTS;
  const register = buildRegister(
    rollCalls,
    classroom.id,
    roster.map((s) => s.id),
    from,
    to,
  );
  const columns = register.dates.map((date, i): RegisterColumn => {
    const label = formatDay(date, options.today);
    const [weekday = '', day = '', month = ''] = label.split(' ');
    const newMonth = i === 0 || register.dates[i - 1]?.slice(0, 7) !== date.slice(0, 7);
    const search = new URLSearchParams({ classroom: classroom.id, date });
    return {
      date,
      label,
      weekday: weekday.slice(0, 2),
      day,
      month: newMonth ? month : null,
      href: options.linkRollCalls ? `/dash/attendance?${search.toString()}` : null,
    };
  });
  const notes: RegisterNote[] = [];
  const rows = register.rows.map((row, index): RegisterRowView => {
    const student = roster[index];
    const name = student ? `${student.firstName} ${student.lastName}` : row.studentId;
    let reportedAbsences = 0;
    const cells = row.cells.map((cell, i): RegisterCellView => {
      if (!cell.status) return NOT_MARKED;
      const column = columns[i];
      let base = CELLS[cell.status];
      if (cell.status === 'absent' && column && reported(row.studentId, column.date)) {
        base = REPORTED_ABSENT;
        reportedAbsences += 1;
      }
      if (!cell.note) return base;
      notes.push({
        date: column?.date ?? '',
        dateLabel: column?.label ?? '',
        studentName: name,
        note: cell.note,
      });
      return { ...base, note: cell.note };
    });
    return {
      studentId: row.studentId,
      name,
      cells,
      rate: formatRate(row.summary.rate),
      absences: row.summary.absent,
      reportedAbsences,
    };
  });
  notes.sort((a, b) => a.date.localeCompare(b.date) || a.studentName.localeCompare(b.studentName));
  return {
    classroom,
    classroomLabel: options.classroomLabel ?? classroom.name,
    columns,
    rows,
    notes,
  };
}
