// A student's timetable for today: the schedule slots of the classrooms they attend (school setup),
// in campus-local wall-clock time, as the calendar's "classroom schedules" layer shows them.
import type { CalendarData } from '~/features/calendar/load';
import { scheduleItems, type ScheduleItem } from '~/features/calendar/schedules';
import { calendarHref } from '~/features/calendar/url-state';

export function todaysTimetable(
  data: Pick<CalendarData, 'today' | 'principal' | 'classrooms' | 'subjects' | 'campuses'>,
): ScheduleItem[] {
  return scheduleItems(data.principal.classroomIds, [data.today], data);
}

/** The calendar's week of `today` with the classroom schedules layer on. */
export function timetableHref(today: string): string {
  return calendarHref({
    view: 'week',
    date: today,
    campus: '',
    classroom: '',
    schedules: true,
    event: '',
    on: '',
  });
}
