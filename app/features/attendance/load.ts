// What every attendance screen reads, in one place: the classrooms, the students, the roll calls the
// person's cache holds (a facilitator's cache holds their own classrooms' only, a parent's their
// children's classrooms'), and the signed-in person as the permission matrix sees them. Every read
// goes through the cache service (loadCollection), so the screens open offline.
import { z } from 'zod';
import type { SessionUser } from '~/auth/session-user';
import { loadCollection, parseOnce } from '~/data/route-data';
import { store } from '~/data/store';
import { campusDays, latestSchoolDay, now, personZone, schoolDay } from '~/domain/clock';
import { collectionAccess, principalFromLists, type Principal } from '~/domain/permissions';
import {
  absenceReportSchema,
  attendanceSchema,
  campusSchema,
  classroomSchema,
  facilitatorSchema,
  familySchema,
  studentSchema,
  type AbsenceReport,
  type Attendance,
  type Campus,
  type Classroom,
  type Facilitator,
  type Student,
} from '~/domain/records';
import { isStaff, type Role } from '~/domain/roles';

export { dayOf, zoneOf } from './days';

export const attendanceRecordSchema = attendanceSchema.extend({ id: z.string() });
export const classroomRecordSchema = classroomSchema.extend({ id: z.string() });
export const campusRecordSchema = campusSchema.extend({ id: z.string() });
export const studentRecordSchema = studentSchema.extend({ id: z.string() });
export const facilitatorRecordSchema = facilitatorSchema.extend({ id: z.string() });
const familyRecordSchema = familySchema.extend({ id: z.string() });
export const absenceReportRecordSchema = absenceReportSchema.extend({ id: z.string() });
/** Only what a name needs, so one odd Members profile does not hide the others' names. */
const memberNameSchema = z.object({ id: z.string(), displayName: z.string().nullish() });

export type RollCallRecord = Attendance & { id: string };
export type ClassroomRecord = Classroom & { id: string };
export type CampusRecord = Campus & { id: string };
export type StudentRecord = Student & { id: string };
export type FacilitatorRecord = Facilitator & { id: string };
export type AbsenceReportRecord = AbsenceReport & { id: string };

export interface AttendanceData {
  /**
   * The person's school day (the one clock): their first classroom's campus, else the school's
   * first campus. A classroom's own day is `campusDays`' (see dayOf).
   */
  today: string;
  /** Each campus's school day, by campus id: a classroom's roll call is on its campus's day. */
  campusDays?: ReadonlyMap<string, string>;
  principal: Principal;
  classrooms: ClassroomRecord[];
  campuses: CampusRecord[];
  students: StudentRecord[];
  facilitators: FacilitatorRecord[];
  rollCalls: RollCallRecord[];
  /** Ids of roll calls with marks the backend has not accepted yet. */
  pendingRollCallIds: Set<string>;
  /**
   * Names of the people who may have marked a roll call, by member id: facilitators for everyone,
   * and for staff (who may read the Members list) every member with a display name.
   */
  memberNames: Map<string, string>;
}

/** The person as the permission matrix sees them, from the lists their cache holds. */
function principalOf(
  user: SessionUser,
  lists: Parameters<typeof principalFromLists>[1],
  today: string,
): Principal {
  return principalFromLists(
    { uid: user.uid, email: user.email, roles: user.roles, memberUUID: user.memberUUID },
    lists,
    user.member,
    today,
  );
}

/** Everything the attendance screens need, from the cache (refreshed first when due). */
export async function loadAttendanceData(user: SessionUser): Promise<AttendanceData> {
  const staff = isStaff(user.roles);
  const [classrooms, campuses, students, facilitators, rollCalls, families, pending, members] =
    await Promise.all([
      loadCollection('classrooms', { schema: classroomRecordSchema }),
      loadCollection('campuses', { schema: campusRecordSchema }),
      loadCollection('students', { schema: studentRecordSchema }),
      loadCollection('facilitators', { schema: facilitatorRecordSchema }),
      loadCollection('attendance', { schema: attendanceRecordSchema }),
      loadCollection('families', { schema: familyRecordSchema }),
      store.pendingIds('attendance'),
      staff ? loadCollection('members', { schema: memberNameSchema }) : Promise.resolve([]),
    ]);
  const memberNames = new Map<string, string>();
  for (const m of members) if (m.displayName) memberNames.set(m.id, m.displayName);
  for (const f of facilitators) {
    if (f.memberUUID) memberNames.set(f.memberUUID, `${f.firstName} ${f.lastName}`);
  }
  if (user.displayName) memberNames.set(user.memberUUID, user.displayName);
  const at = now();
  // The matrix's "dates up to today": the latest school day of any campus (as the backend's rules).
  const lists = { classrooms, facilitators, students, families };
  const principal = principalOf(user, lists, latestSchoolDay(campuses, at));
  return {
    today: schoolDay(personZone(principal, campuses, classrooms), at),
    campusDays: campusDays(campuses, at),
    principal,
    classrooms,
    campuses,
    students,
    facilitators,
    rollCalls,
    pendingRollCallIds: pending,
    memberNames,
  };
}

/** Whether these roles read any absence reports (staff, facilitators and parents do). */
export function readsAbsenceReports(roles: readonly Role[]): boolean {
  return collectionAccess(roles, 'absenceReports') !== 'none';
}

/**
 * The absence reports families made (issue 32) that the person's cache holds, from the cache
 * (refreshed first when due), like the records of loadAttendanceData: a facilitator's are those of
 * the students in their classrooms, a parent's their family's, staff's all. Nobody else reads
 * any: an empty list, and no refresh is asked for.
 */
export async function loadAbsenceReports(roles: readonly Role[]): Promise<AbsenceReportRecord[]> {
  if (!readsAbsenceReports(roles)) return [];
  return loadCollection('absenceReports', { schema: absenceReportRecordSchema });
}

/** What a roll-call save reads to authorise its one write (see loadRollCallSaveData). */
export interface RollCallSaveData {
  /** The person's school day; a classroom's own is `campusDays`' (dayOf). */
  today: string;
  campusDays: ReadonlyMap<string, string>;
  principal: Principal;
  classrooms: ClassroomRecord[];
  students: StudentRecord[];
  /** The roll call the save writes, as the cache holds it now (null before its first save). */
  rollCall: RollCallRecord | null;
  /**
   * The absence reports the cache holds (issue 32): a reported student nobody has marked yet gets
   * the report's mark as their default.
   */
  reports: AbsenceReportRecord[];
}

/** A cached collection's records that pass `schema`, as they are (no refresh is asked for). */
async function cached<T>(collection: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>) {
  const items = await store.list(collection, { limit: Infinity });
  return items.flatMap((item) => {
    const parsed = parseOnce(schema, item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * What a roll-call save needs, and no more (issue 29: a save re-read the whole area only to
 * authorise one write): the principal, from the same lists as loadAttendanceData's, the classrooms
 * and students for the roster, the campuses (for each classroom's school day, the one clock) and the
 * one roll call, and the absence reports (for the reported students' defaults). It asks nothing
 * about refreshes and reads no names, queue or other roll calls; the page's loader has just read
 * them, and the store re-reads the roll call inside its write lock, where another tab's marks are
 * seen.
 */
export async function loadRollCallSaveData(
  user: SessionUser,
  rollCallId: string,
): Promise<RollCallSaveData> {
  const [classrooms, students, facilitators, families, campuses, rollCall, reports] =
    await Promise.all([
      cached('classrooms', classroomRecordSchema),
      cached('students', studentRecordSchema),
      cached('facilitators', facilitatorRecordSchema),
      cached('families', familyRecordSchema),
      cached('campuses', campusRecordSchema),
      store.get('attendance', rollCallId),
      readsAbsenceReports(user.roles)
        ? cached('absenceReports', absenceReportRecordSchema)
        : Promise.resolve([]),
    ]);
  const at = now();
  const lists = { classrooms, facilitators, students, families };
  const principal = principalOf(user, lists, latestSchoolDay(campuses, at));
  const parsed = rollCall ? parseOnce(attendanceRecordSchema, rollCall) : null;
  return {
    today: schoolDay(personZone(principal, campuses, classrooms), at),
    campusDays: campusDays(campuses, at),
    principal,
    classrooms,
    students,
    rollCall: parsed?.success ? parsed.data : null,
    reports,
  };
}

/** The enrolled students of a classroom, by last then first name (the roll call's and register's order). */
export function rosterOf(students: readonly StudentRecord[], classroomId: string): StudentRecord[] {
  return students
    .filter((s) => s.classroomIds.includes(classroomId) && s.status === 'enrolled')
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
}

/** The classrooms a person may take the roll for: all for staff, their own for a facilitator. */
export function markableClassrooms(data: Pick<AttendanceData, 'principal' | 'classrooms'>) {
  const { principal, classrooms } = data;
  const staff = isStaff(principal.roles);
  if (staff) return classrooms;
  if (principal.roles.includes('facilitator')) {
    return classrooms.filter((c) => principal.classroomIds.includes(c.id));
  }
  return [];
}
