// The figures of the admin and administration home: enrolled students by campus, today's attendance
// rate against the last 30 days, and the open inquiries by status. Pure, over records as the cache
// holds them, so each figure is tested against the seed; each carries the link to the page that
// lists what it counts, filtered to the same records.
import { addDays, dailyRates } from '~/domain/attendance';
import { countsByStatus, OPEN_STATUSES, type InquiryStatus } from '~/domain/inquiries';
import type { Campus, ParentInquiry, Student } from '~/domain/records';
import type { AttendanceData, StaffToday } from '~/features/attendance';
import { staffToday, REPORT_DAYS } from '~/features/attendance';
import { INQUIRIES_PATH } from '~/features/inquiries';
import { DEFAULT_QUERY, listQueryToSearch } from '~/features/students';

export interface FigureRow {
  key: string;
  label: string;
  value: number;
  href: string;
}

export interface EnrolmentFigures {
  /** One row per campus with enrolled students, by campus name; a campus the cache lacks is named by id. */
  byCampus: FigureRow[];
  total: number;
  /** The students list filtered to enrolled students. */
  href: string;
}

/** The students list showing enrolled students, of one campus when given. */
export function enrolledHref(campusId?: string): string {
  return `/dash/students${listQueryToSearch({ ...DEFAULT_QUERY, status: 'enrolled', campus: campusId ?? '' })}`;
}

/**
 * Enrolled students by campus. "Enrolled" is the student status of that name: a waitlisted child
 * has no place yet, and withdrawn or graduated ones have left.
 */
export function enrolmentByCampus(
  students: readonly Pick<Student, 'status' | 'campusId'>[],
  campuses: readonly (Pick<Campus, 'name'> & { id?: string })[],
): EnrolmentFigures {
  const counts = new Map<string, number>();
  for (const s of students) {
    if (s.status === 'enrolled') counts.set(s.campusId, (counts.get(s.campusId) ?? 0) + 1);
  }
  const names = new Map(campuses.flatMap((c) => (c.id ? [[c.id, c.name] as const] : [])));
  const byCampus = [...counts.entries()]
    .map(([campusId, value]) => ({
      key: campusId,
      label: names.get(campusId) ?? campusId,
      value,
      href: enrolledHref(campusId),
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return {
    byCampus,
    total: byCampus.reduce((n, row) => n + row.value, 0),
    href: enrolledHref(),
  };
}

export interface AttendanceFigures {
  today: StaffToday;
  /**
   * Attended ÷ marked over every roll call of the reports page's window (the last 30 days, today
   * included), the figure its chart summary gives; null when nothing was marked.
   */
  average: number | null;
  averageMarked: number;
  from: string;
  /** The reports page: the daily rate of the same 30 days, as a chart and a table. */
  href: string;
}

/** Today's rate (the attendance home panel's) and the 30-day average of the reports page. */
export function attendanceFigures(data: AttendanceData): AttendanceFigures {
  const from = addDays(data.today, -(REPORT_DAYS - 1));
  let marked = 0;
  let attended = 0;
  for (const day of dailyRates(data.rollCalls, from, data.today)) {
    marked += day.marked;
    attended += day.attended;
  }
  return {
    today: staffToday(data),
    average: marked > 0 ? attended / marked : null,
    averageMarked: marked,
    from,
    href: '/dash/attendance/reports',
  };
}

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  'tour scheduled': 'Tour scheduled',
  applied: 'Applied',
  waitlisted: 'Waitlisted',
  enrolled: 'Enrolled',
  closed: 'Closed',
};

export interface InquiryFigures {
  /** Every open status in pipeline order, 0 included (an empty column is worth knowing). */
  byStatus: FigureRow[];
  total: number;
  href: string;
}

/** The inquiries board filtered to one status. */
export function inquiriesHref(status?: InquiryStatus): string {
  return status
    ? `${INQUIRIES_PATH}?${new URLSearchParams({ status }).toString()}`
    : INQUIRIES_PATH;
}

/** The open inquiries (not yet enrolled or closed) by status. */
export function openInquiriesByStatus(
  inquiries: readonly Pick<ParentInquiry, 'status'>[],
): InquiryFigures {
  const counts = countsByStatus(inquiries);
  const byStatus = OPEN_STATUSES.map((status) => ({
    key: status,
    label: INQUIRY_STATUS_LABELS[status],
    value: counts[status],
    href: inquiriesHref(status),
  }));
  return {
    byStatus,
    total: byStatus.reduce((n, row) => n + row.value, 0),
    href: inquiriesHref(),
  };
}
