// A parent's home card per child: the child's name, classrooms, and today's attendance in words.
// "No class today" when none of the child's classrooms meets today, "Not marked yet" while no
// roll call of today marks them, else the mark (Present, Absent, Late, Excused).
import { firstClassTime, meetsOn, type AttendanceStatus } from '~/domain/attendance';
import { attendanceId } from '~/domain/records';
import { dayOf } from '~/features/attendance';
import type { AttendanceData } from '~/features/attendance';

export type TodayStatus =
  'Present' | 'Absent' | 'Late' | 'Excused' | 'Not marked yet' | 'No class today';

const MARKED: Record<AttendanceStatus, TodayStatus> = {
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
  excused: 'Excused',
};

export interface ChildToday {
  studentId: string;
  name: string;
  /** "Otters, Northside Campus"; more than one joined by "; ". */
  classrooms: string;
  status: TodayStatus;
  /** The first class time today ("09:00"), or null. */
  time: string | null;
}

export function childrenToday(
  data: Pick<
    AttendanceData,
    'today' | 'campusDays' | 'principal' | 'students' | 'classrooms' | 'campuses' | 'rollCalls'
  >,
): ChildToday[] {
  const children = new Set(data.principal.childIds);
  const classrooms = new Map(data.classrooms.map((c) => [c.id, c]));
  const campuses = new Map(data.campuses.map((c) => [c.id, c.name]));
  const rollCalls = new Map(data.rollCalls.map((rc) => [rc.id, rc]));
  return data.students
    .filter((s) => children.has(s.id))
    .map((student): ChildToday => {
      const own = student.classroomIds.flatMap((id) => {
        const c = classrooms.get(id);
        return c ? [c] : [];
      });
      // Each classroom on its own campus's day (the one clock).
      const meeting = own
        .map((c) => ({ c, day: dayOf(data, c) }))
        .filter(({ c, day }) => meetsOn(c, day))
        .map(({ c, day }) => ({ c, day, time: firstClassTime(c, day) }))
        .sort((a, b) => (a.time ?? '').localeCompare(b.time ?? ''));
      let status: TodayStatus = meeting.length === 0 ? 'No class today' : 'Not marked yet';
      for (const { c, day } of meeting) {
        const entry = rollCalls.get(attendanceId(c.id, day))?.entries[student.id];
        if (entry) {
          status = MARKED[entry.status];
          break;
        }
      }
      return {
        studentId: student.id,
        name: `${student.preferredName || student.firstName} ${student.lastName}`,
        classrooms: own
          .map((c) => {
            const campus = campuses.get(c.campusId);
            return campus ? `${c.name}, ${campus}` : c.name;
          })
          .join('; '),
        status,
        time: meeting[0]?.time ?? null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
