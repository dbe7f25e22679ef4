// The facilitator home's attendance alerts: the staff "Needs attention" lists (buildAlerts — below
// the usual rate over 30 days, or absent several roll calls in a row), narrowed to the students of
// the classrooms this facilitator teaches. One row per student, with what put them on the list.
import {
  buildAlerts,
  DEFAULT_THRESHOLD_PERCENT,
  studentHref,
  studentName,
  wholePercent,
} from '~/features/attendance';
import type { AttendanceData } from '~/features/attendance';

export interface StudentAlert {
  studentId: string;
  name: string;
  /** "82 % over 30 days", "Absent 3 roll calls in a row", or both joined by " · ". */
  reason: string;
  href: string;
}

export function facilitatorAlerts(data: AttendanceData): StudentAlert[] {
  const mine = new Set(data.principal.classroomIds);
  const taught = {
    ...data,
    students: data.students.filter((s) => s.classroomIds.some((id) => mine.has(id))),
  };
  const alerts = buildAlerts(taught, DEFAULT_THRESHOLD_PERCENT);
  const rows = new Map<string, StudentAlert>();
  const add = (student: AttendanceData['students'][number], reason: string) => {
    const row = rows.get(student.id);
    if (row) row.reason = `${row.reason} · ${reason}`;
    else
      rows.set(student.id, {
        studentId: student.id,
        name: studentName(student),
        reason,
        href: studentHref(student.id),
      });
  };
  for (const { student, summary } of alerts.low) {
    add(student, `${wholePercent(summary.rate ?? 0)} % over 30 days`);
  }
  for (const { student, dates } of alerts.streaks) {
    add(student, `Absent ${dates.length} roll calls in a row`);
  }
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name));
}
