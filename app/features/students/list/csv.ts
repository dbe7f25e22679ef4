// CSV export of the students list. The writer itself (escaping, CRLF, download) is the general kit
// in ~/ui/csv; this module knows only the students' columns and the file's name.
import { toCsv } from '~/ui/csv';
import { STATUS_LABELS, type ListStudent } from './query';

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
