// The students list's view state: search, filters and sort, read from and written to the URL so a
// view can be bookmarked and shared. Unknown or malformed parameters fall back to the defaults
// instead of failing the page, because bookmarks outlive the options they were made with.
import { z } from 'zod';
import { STUDENT_STATUSES, type Student } from '~/domain/records';

export const SORT_FIELDS = ['name', 'dob', 'enrolled', 'status'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

export const SORT_LABELS: Record<SortField, string> = {
  name: 'Name',
  dob: 'Date of birth',
  enrolled: 'Enrolled on',
  status: 'Status',
};

export const STATUS_LABELS: Record<Student['status'], string> = {
  enrolled: 'Enrolled',
  waitlisted: 'Waitlisted',
  withdrawn: 'Withdrawn',
  graduated: 'Graduated',
};

/** URL search parameter names; short so bookmarked addresses stay readable. */
export const PARAMS = {
  search: 'q',
  campus: 'campus',
  classroom: 'classroom',
  status: 'status',
  sort: 'sort',
  direction: 'dir',
} as const;

const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .catch(undefined)
  .transform((value) => value || '');

export const listQuerySchema = z.object({
  q: optionalText,
  campus: optionalText,
  classroom: optionalText,
  status: z.enum(STUDENT_STATUSES).optional().catch(undefined),
  sort: z.enum(SORT_FIELDS).default('name').catch('name'),
  dir: z.enum(['asc', 'desc']).default('asc').catch('asc'),
});
export type StudentListQuery = z.infer<typeof listQuerySchema>;

export const DEFAULT_QUERY: StudentListQuery = listQuerySchema.parse({});

/** Reads the view state from URL search parameters; never throws. */
export function parseListQuery(params: URLSearchParams): StudentListQuery {
  return listQuerySchema.parse({
    q: params.get(PARAMS.search) ?? undefined,
    campus: params.get(PARAMS.campus) ?? undefined,
    classroom: params.get(PARAMS.classroom) ?? undefined,
    status: params.get(PARAMS.status) ?? undefined,
    sort: params.get(PARAMS.sort) ?? undefined,
    dir: params.get(PARAMS.direction) ?? undefined,
  });
}

/** The URL search string for a view; defaults are left out so the plain list has a plain URL. */
export function listQueryToSearch(query: StudentListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set(PARAMS.search, query.q);
  if (query.campus) params.set(PARAMS.campus, query.campus);
  if (query.classroom) params.set(PARAMS.classroom, query.classroom);
  if (query.status) params.set(PARAMS.status, query.status);
  if (query.sort !== DEFAULT_QUERY.sort) params.set(PARAMS.sort, query.sort);
  if (query.dir !== DEFAULT_QUERY.dir) params.set(PARAMS.direction, query.dir);
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function hasFilters(query: StudentListQuery): boolean {
  return Boolean(query.q || query.campus || query.classroom || query.status);
}

/** The fields the list needs; a Student has them all, and so does a plain test fixture. */
export type ListStudent = Pick<
  Student,
  'firstName' | 'lastName' | 'preferredName' | 'dateOfBirth' | 'status' | 'enrolledOn'
> & {
  id: string;
  campusId: string;
  classroomIds: readonly string[];
};

/** The name a person is called by, with the given name in brackets when a preferred one exists. */
export function studentDisplayName(student: ListStudent): string {
  const preferred = student.preferredName?.trim();
  if (preferred && preferred !== student.firstName) {
    return `${preferred} (${student.firstName}) ${student.lastName}`;
  }
  return `${student.firstName} ${student.lastName}`;
}

/** Lower case without accents, so "zoe" finds "Zoë". */
export function foldForSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Every word of the search must start or appear in one of the names (first, last, preferred), so
 * "leo whit" finds Leo Whitfield and "ann" finds Joanna.
 */
export function matchesSearch(student: ListStudent, search: string): boolean {
  const words = foldForSearch(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const names = [student.firstName, student.lastName, student.preferredName ?? ''].map(
    foldForSearch,
  );
  return words.every((word) => names.some((name) => name.includes(word)));
}

export function filterStudents<T extends ListStudent>(
  students: readonly T[],
  query: StudentListQuery,
): T[] {
  return students.filter(
    (student) =>
      (!query.status || student.status === query.status) &&
      (!query.campus || student.campusId === query.campus) &&
      (!query.classroom || student.classroomIds.includes(query.classroom)) &&
      matchesSearch(student, query.q),
  );
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const STATUS_ORDER: Record<Student['status'], number> = {
  enrolled: 0,
  waitlisted: 1,
  withdrawn: 2,
  graduated: 3,
};

function compareNames(a: ListStudent, b: ListStudent): number {
  return (
    collator.compare(a.lastName, b.lastName) ||
    collator.compare(a.preferredName || a.firstName, b.preferredName || b.firstName) ||
    collator.compare(a.firstName, b.firstName)
  );
}

/** ISO dates compare as text; a missing date sorts after every real one in both directions. */
function compareOptionalDates(a: string | undefined, b: string | undefined, sign: number): number {
  if (a === b) return 0;
  if (!a) return 1;
  if (!b) return -1;
  return a < b ? -sign : sign;
}

/**
 * Sorts by the chosen field, then by name and id, so equal keys (a status shared by thousands)
 * always come out in the same order and the CSV matches the screen.
 */
export function sortStudents<T extends ListStudent>(
  students: readonly T[],
  sort: SortField,
  dir: SortDirection,
): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  const tieBreak = (a: T, b: T) => compareNames(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const primary = (a: T, b: T): number => {
    switch (sort) {
      case 'name':
        return sign * compareNames(a, b);
      case 'dob':
        return compareOptionalDates(a.dateOfBirth, b.dateOfBirth, sign);
      case 'enrolled':
        return compareOptionalDates(a.enrolledOn, b.enrolledOn, sign);
      case 'status':
        return sign * (STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
    }
  };
  return [...students].sort((a, b) => primary(a, b) || sign * tieBreak(a, b));
}

/** Filter, then sort: the rows the list shows and the CSV exports. */
export function applyListQuery<T extends ListStudent>(
  students: readonly T[],
  query: StudentListQuery,
): T[] {
  return sortStudents(filterStudents(students, query), query.sort, query.dir);
}
