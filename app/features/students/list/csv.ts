// CSV export of the students list (RFC 4180: comma separated, CRLF line ends, fields with a comma,
// quote or line break quoted and inner quotes doubled). Cells that a spreadsheet would run as a
// formula are defused with a leading apostrophe (OWASP "CSV injection"): a name typed as
// "=HYPERLINK(...)" must reach the office's spreadsheet as text.
import { STATUS_LABELS, type ListStudent } from './query';

/** First characters that make spreadsheets treat a cell as a formula (tab and CR included). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCsvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>) {
  return rows.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n';
}

export const STUDENT_CSV_HEADER = [
  'ID',
  'First name',
  'Last name',
  'Preferred name',
  'Date of birth',
  'Status',
  'Enrolled on',
  'Campus',
  'Classrooms',
] as const;

export interface CsvLookups {
  campusName(id: string): string;
  classroomName(id: string): string;
}

/** The export of a view: a header line, then one line per student in the order shown. */
export function studentsToCsv(students: readonly ListStudent[], lookups: CsvLookups): string {
  return toCsv([
    STUDENT_CSV_HEADER,
    ...students.map((s) => [
      s.id,
      s.firstName,
      s.lastName,
      s.preferredName ?? '',
      s.dateOfBirth,
      STATUS_LABELS[s.status],
      s.enrolledOn ?? '',
      lookups.campusName(s.campusId),
      s.classroomIds.map((id) => lookups.classroomName(id)).join('; '),
    ]),
  ]);
}

/** students-YYYY-MM-DD.csv, with the local calendar date the person sees. */
export function csvFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `students-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/**
 * Hands the text to the browser as a download. The byte-order mark makes Excel read the file as
 * UTF-8 (names with accents); other tools ignore it.
 */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
