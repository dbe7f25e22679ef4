// The classes a person takes the roll for today (from the classroom schedules) with their roll-call
// state. Logic, apart from the list that shows it (home-facilitator.tsx): the roll-call page and the
// facilitator home both use it.
import {
  countStatuses,
  firstClassTime,
  meetsOn,
  rollCallState,
  type RollCallState,
  type StatusCounts,
} from '~/domain/attendance';
import { attendanceId } from '~/domain/records';
import { dayOf, markableClassrooms, type AttendanceData, type ClassroomRecord } from './load';

export interface TodayClass {
  classroom: ClassroomRecord;
  /** The classroom's campus (names like "Otters" repeat on every campus). */
  campusName: string | null;
  /** First class time today ("09:00"), or null. */
  time: string | null;
  state: RollCallState;
  counts: StatusCounts;
  /** The roll call's URL: /dash/attendance?classroom=…&date=… */
  href: string;
}

/** The classes the person takes the roll for today, by time (a facilitator's own classrooms). */
export function todaysClasses(data: AttendanceData): TodayClass[] {
  // Each classroom on its own campus's day (a facilitator may teach on two campuses).
  const meeting = markableClassrooms(data).filter((c) => meetsOn(c, dayOf(data, c)));
  if (meeting.length === 0) return [];
  // One pass over the students for every roster (staff see every classroom).
  const wanted = new Set(meeting.map((c) => c.id));
  const rosters = new Map<string, string[]>();
  for (const student of data.students) {
    if (student.status !== 'enrolled') continue;
    for (const classroomId of student.classroomIds) {
      if (!wanted.has(classroomId)) continue;
      const roster = rosters.get(classroomId);
      if (roster) roster.push(student.id);
      else rosters.set(classroomId, [student.id]);
    }
  }
  const rollCalls = new Map(data.rollCalls.map((rc) => [rc.id, rc]));
  const campusNames = new Map(data.campuses.map((c) => [c.id, c.name]));
  return meeting
    .map((classroom): TodayClass => {
      const rosterIds = rosters.get(classroom.id) ?? [];
      const today = dayOf(data, classroom);
      const rollCall = rollCalls.get(attendanceId(classroom.id, today));
      const search = new URLSearchParams({ classroom: classroom.id, date: today });
      return {
        classroom,
        campusName: campusNames.get(classroom.campusId) ?? null,
        time: firstClassTime(classroom, today),
        state: rollCallState(rollCall, rosterIds),
        counts: countStatuses(rollCall?.entries ?? {}, rosterIds),
        href: `/dash/attendance?${search.toString()}`,
      };
    })
    .sort(
      (a, b) =>
        (a.time ?? '99:99').localeCompare(b.time ?? '99:99') ||
        a.classroom.name.localeCompare(b.classroom.name),
    );
}
