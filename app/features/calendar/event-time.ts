// How the calendar words an occurrence's time: in its campus timezone (Intl with `timeZone`), so a
// parent abroad sees the school's 10:00 as 10:00, with the zone named when it is not the device's.
// An all-day event covers whole campus-local days: its stored instants may be midnight to
// 23:59:59 or midnight to midnight, so its length is rounded to whole days.
import { localDate, type Occurrence } from '~/domain/calendar';
import { timeOfDay } from '~/domain/clock';
import { formatDate } from '~/domain/format';
import { addDays } from './range';

const DAY_MS = 24 * 60 * 60 * 1000;
/** "10:00" in the timezone (24-hour clock), as the clock writes it. */
export function formatTime(instant: Date, timeZone: string): string {
  return timeOfDay(timeZone, instant);
}

/** "Tue 3 Dec" for a YYYY-MM-DD date (the one date module). */
export function formatDay(date: string): string {
  return formatDate(date, 'short');
}

/** "Tuesday 3 December 2024" for a YYYY-MM-DD date (day headings). */
export function formatLongDay(date: string): string {
  return formatDate(date, 'long');
}

/** The campus-local dates an occurrence covers, first to last. */
export function occurrenceDays(
  o: Pick<Occurrence, 'event' | 'start' | 'end' | 'occurrenceDate' | 'timeZone'>,
): string[] {
  const duration = o.end.getTime() - o.start.getTime();
  const last = o.event.allDay
    ? addDays(o.occurrenceDate, Math.max(1, Math.round(duration / DAY_MS)) - 1)
    : localDate(new Date(Math.max(o.start.getTime(), o.end.getTime() - 1)), o.timeZone);
  const days: string[] = [];
  for (let d = o.occurrenceDate; d <= last && days.length < 366; d = addDays(d, 1)) days.push(d);
  return days;
}

/**
 * When an occurrence happens, in words: "Tue 3 Dec, 10:00–12:00 (Asia/Kolkata)",
 * "Tue 3 Dec, all day", "Tue 3 Dec – Thu 5 Dec, all day", "Tue 3 Dec, 22:00 – Wed 4 Dec, 01:00".
 * The zone is named only when `showZone` (it differs from the device's); all-day needs none.
 */
export function formatWhen(
  o: Pick<Occurrence, 'event' | 'start' | 'end' | 'occurrenceDate' | 'timeZone'>,
  showZone: boolean,
): string {
  const days = occurrenceDays(o);
  const first = days[0] ?? o.occurrenceDate;
  const last = days[days.length - 1] ?? first;
  if (o.event.allDay) {
    return first === last
      ? `${formatDay(first)}, all day`
      : `${formatDay(first)} – ${formatDay(last)}, all day`;
  }
  const zone = showZone ? ` (${o.timeZone})` : '';
  const start = formatTime(o.start, o.timeZone);
  const end = formatTime(o.end, o.timeZone);
  if (first === last) return `${formatDay(first)}, ${start}–${end}${zone}`;
  return `${formatDay(first)}, ${start} – ${formatDay(last)}, ${end}${zone}`;
}

/** Minutes since campus-local midnight (the week view's vertical position). */
export function minutesOfDay(instant: Date, timeZone: string): number {
  const [h = 0, m = 0] = formatTime(instant, timeZone).split(':').map(Number);
  return h * 60 + m;
}
