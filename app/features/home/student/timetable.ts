// A student's timetable for today: the schedule slots of the classrooms they attend (school setup),
// in campus-local wall-clock time, as the calendar's "classroom schedules" layer shows them.
import {
  calendarHref,
  scheduleItems,
  type CalendarData,
  type ScheduleItem,
} from '~/features/calendar';

/** Today's slots, each classroom on its own campus's day (a student may attend two campuses). */
export function todaysTimetable(
  data: Pick<
    CalendarData,
    'today' | 'campusDays' | 'principal' | 'classrooms' | 'subjects' | 'campuses'
  >,
): ScheduleItem[] {
  const byDay = new Map<string, string[]>();
  for (const id of data.principal.classroomIds) {
    const campusId = data.classrooms.find((c) => c.id === id)?.campusId ?? '';
    const day = data.campusDays?.get(campusId) ?? data.today;
    byDay.set(day, [...(byDay.get(day) ?? []), id]);
  }
  return [...byDay].flatMap(([day, ids]) => scheduleItems(ids, [day], data));
}

/**
 * The calendar's week of `today` with the classroom schedules layer on. Without a date, the
 * calendar opens on the school's today (its campus's, the one clock).
 */
export function timetableHref(today?: string): string {
  const href = calendarHref({
    view: 'week',
    date: today ?? '',
    campus: '',
    classroom: '',
    schedules: true,
    event: '',
    on: '',
  });
  if (today) return href;
  const [path = '', search = ''] = href.split('?');
  const params = new URLSearchParams(search);
  params.delete('date');
  return `${path}?${params.toString()}`;
}
