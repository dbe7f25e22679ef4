// Staff's attendance today: the centre's rate so far and the classrooms not yet marked. Logic,
// apart from the panels that show it (home-staff.tsx).
import { notMarkedToday, wholePercent } from './alerts';
import { dayOf, type AttendanceData, type ClassroomRecord } from './load';

export interface StaffToday {
  today: string;
  /** Attended ÷ marked over today's roll calls, 0–1; null before any mark. */
  rate: number | null;
  marked: number;
  /** Classrooms meeting today with no mark yet, with their facilitators' names and roll-call link. */
  notMarked: {
    classroom: ClassroomRecord;
    campusName: string;
    facilitatorNames: string[];
    href: string;
  }[];
}

export function staffToday(data: AttendanceData): StaffToday {
  let marked = 0;
  let attended = 0;
  const classrooms = new Map(data.classrooms.map((c) => [c.id, c]));
  for (const rc of data.rollCalls) {
    // Today's roll call of a classroom is on its campus's day (the one clock).
    const classroom = classrooms.get(rc.classroomId);
    if (rc.date !== (classroom ? dayOf(data, classroom) : data.today)) continue;
    for (const entry of Object.values(rc.entries)) {
      marked += 1;
      if (entry.status === 'present' || entry.status === 'late') attended += 1;
    }
  }
  return {
    today: data.today,
    rate: marked > 0 ? attended / marked : null,
    marked,
    notMarked: notMarkedToday(data),
  };
}

const numberFormat = new Intl.NumberFormat('en');

/** "94 % present today (212 of 226 marked)". Late counts as present, as in every rate. */
export function todaysAttendanceText(today: StaffToday): string {
  if (today.rate === null) return 'No marks yet today.';
  const attended = Math.round(today.rate * today.marked);
  return `${wholePercent(today.rate)} % present today (${numberFormat.format(attended)} of ${numberFormat.format(today.marked)} marked)`;
}
