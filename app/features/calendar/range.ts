// The days each calendar view shows, and how Previous/Next move through them. Dates are calendar
// dates (YYYY-MM-DD) with no time or zone: the views place an occurrence by its campus-local date,
// so the grid itself never needs a timezone. Weeks start on Monday (ISO 8601).
import { AGENDA_WEEKS, type CalendarView } from '~/domain/calendar';
import { addDays, daysBetween, isoWeekday, utcDay, weekOf } from '~/domain/clock';

// Day arithmetic is the one clock's; re-exported for the calendar's views.
export { addDays, daysBetween, isoWeekday };

const HOUR_MS = 60 * 60 * 1000;

/** The Monday of the date's week. */
export function startOfWeek(date: string): string {
  return weekOf(date).start;
}

/** The same day of another month, or that month's last day when it is shorter (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
  ).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return utcDay(first);
}

export interface VisibleRange {
  /** First day shown. */
  from: string;
  /** Last day shown (inclusive). */
  to: string;
  days: string[];
}

function rangeOf(from: string, to: string): VisibleRange {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return { from, to, days };
}

/**
 * The days a view shows around `date`: the month's weeks (Monday before the 1st to the Sunday after
 * the last day), the date's week, or AGENDA_WEEKS weeks starting on the date itself.
 */
export function visibleRange(view: CalendarView, date: string): VisibleRange {
  if (view === 'week') {
    const monday = startOfWeek(date);
    return rangeOf(monday, addDays(monday, 6));
  }
  if (view === 'agenda') return rangeOf(date, addDays(date, AGENDA_WEEKS * 7 - 1));
  const first = `${date.slice(0, 7)}-01`;
  const last = addDays(addMonths(first, 1), -1);
  return rangeOf(startOfWeek(first), addDays(startOfWeek(last), 6));
}

/** The date Previous (-1) or Next (+1) goes to: a month, a week, or the agenda's weeks. */
export function stepDate(view: CalendarView, date: string, direction: -1 | 1): string {
  if (view === 'month') return addMonths(date, direction);
  if (view === 'week') return addDays(date, 7 * direction);
  return addDays(date, AGENDA_WEEKS * 7 * direction);
}

/**
 * Instants that surely cover the visible days in any timezone (UTC−12 … UTC+14), for expanding
 * events; the views then keep the occurrences whose campus-local days fall in the range.
 */
export function instantRange(range: Pick<VisibleRange, 'from' | 'to'>): { from: Date; to: Date } {
  return {
    from: new Date(Date.parse(`${range.from}T00:00:00Z`) - 14 * HOUR_MS),
    to: new Date(Date.parse(`${addDays(range.to, 1)}T00:00:00Z`) + 14 * HOUR_MS),
  };
}
