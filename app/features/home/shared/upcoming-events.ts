// The "next events" tile shared by every home dashboard: the occurrences of the person's cached
// events (the sync already holds only those they may read, decision 046) from now to `days` ahead,
// each worded in its campus's time and linking to its dialog on the calendar.
import type { SessionUser } from '~/auth/session-user';
import { deviceTimeZone, eventTimeZone, expandEvents } from '~/domain/calendar';
import { now as clockNow } from '~/domain/clock';
import { matchesFilters, formatWhen, calendarHref } from '~/features/calendar';
import { loadCalendarData, type CalendarData } from '~/features/calendar';

export interface UpcomingEvent {
  /** `${event id}@${occurrence date}`, unique in the list. */
  key: string;
  eventId: string;
  title: string;
  /** "Tue 25 Nov, 10:00–11:00" in the event's campus time (the zone named when not the device's). */
  when: string;
  /** The campus-local date the occurrence starts on. */
  date: string;
  /** The calendar with the event's dialog open (?event=id&on=date). */
  href: string;
}

export interface UpcomingOptions {
  days: number;
  limit?: number;
  /**
   * Only events of these classrooms (a facilitator's own), with the school-wide and campus-wide
   * events that concern them — the calendar's classroom filter, over several classrooms.
   */
  classroomIds?: readonly string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The occurrences from `now` to `days` days later, soonest first. */
export function upcomingEvents(
  data: Pick<CalendarData, 'events' | 'campuses' | 'classrooms'>,
  now: Date,
  { days, limit, classroomIds }: UpcomingOptions,
): UpcomingEvent[] {
  const events = classroomIds
    ? data.events.filter((e) =>
        classroomIds.some((classroom) =>
          matchesFilters(e, { campus: '', classroom }, data.classrooms),
        ),
      )
    : data.events;
  const device = deviceTimeZone();
  const occurrences = expandEvents(
    events,
    { from: now, to: new Date(now.getTime() + days * DAY_MS) },
    (e) => eventTimeZone(e, data.campuses, data.classrooms),
  );
  const shown = limit === undefined ? occurrences : occurrences.slice(0, limit);
  return shown.map((o) => {
    const eventId = o.event.id ?? '';
    const date = o.occurrenceDate;
    return {
      key: o.key,
      eventId,
      title: o.event.title,
      when: formatWhen(o, o.timeZone !== device),
      date,
      href: calendarHref(
        {
          view: 'agenda',
          date,
          campus: '',
          classroom: '',
          schedules: false,
          event: eventId,
          on: date,
        },
        {},
      ),
    };
  });
}

/** The person's next events from the cache (refreshed first when due). */
export async function loadUpcomingEvents(
  user: SessionUser,
  options: UpcomingOptions,
): Promise<UpcomingEvent[]> {
  const data = await loadCalendarData(user);
  return upcomingEvents(data, clockNow(), options);
}
