// What the students list route loads for a signed-in person: every student the cache holds (the
// sync's per-role scope already limits that), the campuses and classrooms for the filters, and
// which view of the page this person gets. Kept out of the route module so it can be tested
// without a router or a session.
import type { SessionUser } from '~/auth/session';
import { loadCollection } from '~/data/route-data';
import { collectionAccess } from '~/domain/permissions';
import {
  campusSchema,
  classroomSchema,
  studentSchema,
  type Campus,
  type Classroom,
} from '~/domain/records';
import { applyListQuery, parseListQuery, type ListStudent, type StudentListQuery } from './query';

export type ListViewer = 'staff' | 'parent' | 'facilitator' | 'other';

export interface StudentListData {
  query: StudentListQuery;
  /** The filtered, sorted rows: what the table shows and the CSV exports. */
  rows: ListStudent[];
  /** Every student this person may see, before filters. */
  total: number;
  campuses: Campus[];
  classrooms: Classroom[];
  /** Add and export are for roles that may write students. */
  canWrite: boolean;
  viewer: ListViewer;
}

type ListUser = Pick<SessionUser, 'roles' | 'member'>;

/**
 * A person whose only role is student has one record to see, their own, so the list sends them
 * to it. Anyone with another role as well gets the list.
 */
export function ownStudentRecord(user: ListUser): string | null {
  const onlyStudent = user.roles.length > 0 && user.roles.every((role) => role === 'student');
  return onlyStudent ? (user.member?.studentId ?? null) : null;
}

/**
 * The "back" link of a student's record: the list, named as that person's list shows it, or their
 * home for someone the list sends straight back to their own record (the list would loop).
 */
export function studentBackLink(user: ListUser): { to: string; label: string } {
  if (ownStudentRecord(user)) return { to: '/dash/home', label: 'Back to your home' };
  const viewer = listViewer(user);
  if (viewer === 'parent') return { to: '/dash/students', label: 'Back to your children' };
  if (viewer === 'facilitator') return { to: '/dash/students', label: 'Back to your students' };
  return { to: '/dash/students', label: 'Back to the students' };
}

/**
 * The campuses and classrooms the filters offer. Staff filter the whole centre; everyone else sees
 * only some students (a parent their children), so they are offered only those students' campuses
 * and classrooms, not every one in the centre.
 */
export function filterOptions<C extends { id?: string }, R extends { id?: string }>(
  viewer: ListViewer,
  students: ReadonlyArray<Pick<ListStudent, 'campusId' | 'classroomIds'>>,
  campuses: readonly C[],
  classrooms: readonly R[],
): { campuses: C[]; classrooms: R[] } {
  if (viewer === 'staff') return { campuses: [...campuses], classrooms: [...classrooms] };
  const campusIds = new Set(students.map((s) => s.campusId));
  const classroomIds = new Set(students.flatMap((s) => s.classroomIds));
  return {
    campuses: campuses.filter((c) => c.id !== undefined && campusIds.has(c.id)),
    classrooms: classrooms.filter((c) => c.id !== undefined && classroomIds.has(c.id)),
  };
}

export function listViewer(user: ListUser): ListViewer {
  if (collectionAccess(user.roles, 'students') === 'write') return 'staff';
  if (user.roles.includes('facilitator')) return 'facilitator';
  if (user.roles.includes('parent')) return 'parent';
  return 'other';
}

export async function loadStudentList(user: ListUser, url: URL): Promise<StudentListData> {
  const query = parseListQuery(url.searchParams);
  const byName = { field: 'name', direction: 'asc' } as const;
  const [students, campuses, classrooms] = await Promise.all([
    loadCollection('students', { schema: studentSchema }),
    loadCollection('campuses', { schema: campusSchema, sort: byName }),
    loadCollection('classrooms', { schema: classroomSchema, sort: byName }),
  ]);
  const all: ListStudent[] = students.flatMap((s) => (s.id ? [{ ...s, id: s.id }] : []));
  const viewer = listViewer(user);
  return {
    query,
    rows: applyListQuery(all, query),
    total: all.length,
    ...filterOptions(viewer, all, campuses, classrooms),
    canWrite: viewer === 'staff',
    viewer,
  };
}
