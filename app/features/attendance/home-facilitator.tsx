// The classes a person takes the roll for today (from the classroom schedules) with their roll-call
// state: todaysClasses feeds the roll-call page's "Today's classes" list (TodaysClassesList, below)
// and the facilitator home's tile (app/features/home/facilitator/FacilitatorHome.tsx).
import { Link } from '@remix-run/react';
import {
  countStatuses,
  firstClassTime,
  meetsOn,
  rollCallState,
  type RollCallState,
  type StatusCounts,
} from '~/domain/attendance';
import { attendanceId } from '~/domain/records';
import { useSettings } from '~/settings/store';
import { Badge, type BadgeTone } from '~/ui/Badge';
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

const STATE_TONES: Record<RollCallState, BadgeTone> = {
  taken: 'success',
  'partly taken': 'warning',
  'not taken': 'neutral',
};

function countsLine({ counts }: TodayClass): string {
  const marked = counts.present + counts.absent + counts.late + counts.excused;
  if (marked === 0) return `${counts.unmarked} students`;
  const parts = [`${counts.present} present`, `${counts.absent} absent`];
  if (counts.late > 0) parts.push(`${counts.late} late`);
  if (counts.excused > 0) parts.push(`${counts.excused} excused`);
  if (counts.unmarked > 0) parts.push(`${counts.unmarked} not marked`);
  return parts.join(' · ');
}

/**
 * Today's classes as links named "<classroom name>, <state>"; the time and the counts sit beside
 * the link. One tap opens the roll call.
 */
export function TodaysClassesList({ classes }: { classes: TodayClass[] }) {
  const skin = useSettings((s) => s.skin);
  if (classes.length === 0) {
    return <p className="text-sm text-muted">No classes meet today.</p>;
  }
  return (
    <ul className="grid gap-2">
      {classes.map((c) => (
        <li key={c.classroom.id} className={`relative px-4 py-3 ${skin.card} ${skin.rounded}`}>
          <Link
            to={c.href}
            className="flex min-h-11 flex-wrap items-center justify-between gap-2 font-semibold after:absolute after:inset-0 after:content-['']"
          >
            {/* The comma inside the name's box: flex items are named with a space between them. */}
            <span>
              {c.classroom.name}
              <span className="sr-only">,</span>
            </span>
            <Badge tone={STATE_TONES[c.state]}>{c.state}</Badge>
          </Link>
          <p className="text-sm text-muted">
            {c.campusName ? `${c.campusName} · ` : ''}
            {c.time ? `From ${c.time} · ` : ''}
            {countsLine(c)}
          </p>
        </li>
      ))}
    </ul>
  );
}
