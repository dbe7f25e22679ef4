// Calendar rules shared by the views, the editor, the .ics export and the tests: which timezone an
// event is shown in, and the occurrences of a (possibly recurring) event within a range.
// A series repeats weekly, or every N weeks, at the same wall-clock time in its campus's timezone,
// so across a DST change the UTC time moves and the local time does not (RFC 5545 with a TZID).
// Dates named by a series (`until`, `exdates`, `occurrenceDate`) are campus-local YYYY-MM-DD.
import { addDays, deviceTimeZone, instantAt, schoolDay, wallClockAt } from './clock';
import type { CalendarEvent } from './records';

export const CALENDAR_VIEWS = ['month', 'week', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** The agenda lists this many weeks from the chosen date. */
export const AGENDA_WEEKS = 6;
/** A month cell shows this many chips, then "+N more". */
export const MONTH_CELL_CHIPS = 3;
/** A series never expands to more occurrences than this (ten years of weekly events). */
export const MAX_OCCURRENCES = 520;
/** Where no campus names one. */
export const DEFAULT_TIMEZONE = 'UTC';

export interface Occurrence {
  /** `${event id}@${occurrenceDate}`: stable across refreshes, unique within a view. */
  key: string;
  /** The stored event: a single event, a series, or one changed occurrence of a series. */
  event: CalendarEvent;
  start: Date;
  end: Date;
  /** The campus-local date this occurrence starts on. */
  occurrenceDate: string;
  timeZone: string;
  /** Part of a series (the series itself, or an occurrence changed on its own). */
  recurring: boolean;
}

interface CampusZone {
  id: string;
  timezone: string;
}
interface ClassroomCampus {
  id: string;
  campusId: string;
}

/** The event's campus timezone: its campus, else its first classroom's, else the school's first. */
export function eventTimeZone(
  event: Pick<CalendarEvent, 'campusId' | 'classroomIds'>,
  campuses: readonly CampusZone[],
  classrooms: readonly ClassroomCampus[],
): string {
  const campusId =
    event.campusId ?? classrooms.find((c) => event.classroomIds.includes(c.id))?.campusId;
  const campus = campuses.find((c) => c.id === campusId) ?? campuses[0];
  return campus?.timezone || DEFAULT_TIMEZONE;
}

/** The YYYY-MM-DD date of an instant in a timezone: the one clock's school day. */
export function localDate(instant: Date, timeZone: string): string {
  return schoolDay(timeZone, instant);
}

/** The device's timezone (where times would be shown without a campus). */
export { deviceTimeZone };

/**
 * The occurrences of one event that overlap [from, to). A series steps weekly by its interval in
 * its timezone's wall clock, up to its `until` date, skipping its `exdates`.
 */
export function expandEvent(
  event: CalendarEvent,
  range: { from: Date; to: Date },
  timeZone: string,
): Occurrence[] {
  const start = new Date(event.start);
  const end = new Date(event.end);
  const duration = Math.max(0, end.getTime() - start.getTime());
  const id = event.id ?? '';
  const recurring = event.recurrence !== undefined || event.seriesId !== undefined;
  const make = (s: Date): Occurrence => {
    const occurrenceDate = localDate(s, timeZone);
    return {
      key: `${id}@${occurrenceDate}`,
      event,
      start: s,
      end: new Date(s.getTime() + duration),
      occurrenceDate,
      timeZone,
      recurring,
    };
  };
  const overlaps = (o: Occurrence) =>
    o.start.getTime() < range.to.getTime() &&
    (o.end.getTime() > range.from.getTime() ||
      (duration === 0 && o.start.getTime() >= range.from.getTime()));

  if (!event.recurrence) {
    const single = make(start);
    return overlaps(single) ? [single] : [];
  }
  const { interval, until } = event.recurrence;
  const excluded = new Set(event.exdates);
  // Each occurrence is the first one's wall clock, k × interval weeks later, in the campus zone
  // (clock.ts: Intl, no Date subclass, so a test's fake Date cannot shift it into the device's zone).
  const first = wallClockAt(timeZone, start);
  const out: Occurrence[] = [];
  for (let k = 0; k < MAX_OCCURRENCES; k++) {
    const s = instantAt(
      timeZone,
      addDays(first.day, 7 * k * interval),
      first.hour,
      first.minute,
      first.second,
      first.millisecond,
    );
    const occurrence = make(s);
    if (occurrence.occurrenceDate > until) break;
    if (occurrence.start.getTime() >= range.to.getTime()) break;
    if (!excluded.has(occurrence.occurrenceDate) && overlaps(occurrence)) out.push(occurrence);
  }
  return out;
}

/** Every occurrence of these events within the range, by start time (then title). */
export function expandEvents(
  events: readonly CalendarEvent[],
  range: { from: Date; to: Date },
  timeZoneOf: (event: CalendarEvent) => string,
): Occurrence[] {
  return events
    .flatMap((event) => expandEvent(event, range, timeZoneOf(event)))
    .sort(
      (a, b) => a.start.getTime() - b.start.getTime() || a.event.title.localeCompare(b.event.title),
    );
}
