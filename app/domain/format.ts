// The one way to write a date or a time (issue 30). Beside the clock: the clock says what day and
// time it is at a campus; this module says how it is written. Pure, Intl only, one locale constant
// (the languages issue will pass the person's locale), formatters cached per options + zone + locale
// as clock.ts does, because building an Intl formatter costs far more than using one.
//
// - A school day (YYYY-MM-DD) is a calendar date with no zone: "Fri 27 Nov 2026".
// - An instant is written in the campus's zone, 24-hour ("09:12"), with the zone named
//   ("09:12 GMT+5:30") when the campus's zone reads a different wall clock from the device's.
// - Stored values never change: only what is shown does.
import { deviceTimeZone, now as clockNow, schoolDay, timeOfDay, zoneName } from './clock';
import { isCalendarDate } from './dates';

/** The locale every date and time is written in, until the person's locale is passed. */
export const LOCALE = 'en-GB';

type DayStyle = 'short' | 'medium' | 'heading' | 'long' | 'month' | 'date';

const DAY_OPTIONS: Record<DayStyle, Intl.DateTimeFormatOptions> = {
  short: { weekday: 'short', day: 'numeric', month: 'short' },
  heading: { weekday: 'long', day: 'numeric', month: 'long' },
  medium: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  month: { month: 'long', year: 'numeric' },
  date: { day: 'numeric', month: 'short', year: 'numeric' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(
  options: Intl.DateTimeFormatOptions,
  timeZone: string,
  locale: string,
): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Intl's parts joined as the app writes them in every ICU build: en-GB writes "Fri, 27 Nov 2026"
 * in some and "Fri 27 Nov 2026" in others (the comma after the weekday is dropped), and "Sept" in
 * some and "Sep" in others (the short month is "Sep", as dates.ts writes it).
 */
function joinParts(parts: Intl.DateTimeFormatPart[]): string {
  return parts
    .map((p, i) => {
      if (p.type === 'literal' && parts[i - 1]?.type === 'weekday') return p.value.replace(',', '');
      if (p.type === 'month' && p.value === 'Sept') return 'Sep';
      return p.value;
    })
    .join('');
}

function toDate(instant: Date | string): Date | null {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * A school day as a date: "Fri 27 Nov" (short), "Fri 27 Nov 2026" (medium), "Friday 27 November"
 * (heading, this year's day headings), "Friday 27 November 2026" (long), "November 2026" (month),
 * "27 Nov 2026" (date: a day where the weekday means nothing, such as a date of birth). A string that is not a calendar date comes back unchanged.
 */
export function formatDate(day: string, style: DayStyle = 'medium', locale = LOCALE): string {
  if (!isCalendarDate(day)) return day;
  // Noon UTC names the same calendar date in the UTC formatter whatever the device's zone.
  return joinParts(
    formatter(DAY_OPTIONS[style], 'UTC', locale).formatToParts(new Date(`${day}T12:00:00Z`)),
  );
}

/**
 * The day of a stored instant, as a date: "Fri 27 Nov 2026" in `timeZone` (the campus's: a screen
 * passes the person's, usePersonZone). Empty for a string that is not an instant.
 */
export function formatInstantDay(
  instant: Date | string,
  timeZone: string,
  style: DayStyle = 'medium',
): string {
  const at = toDate(instant);
  return at ? formatDate(schoolDay(timeZone, at), style) : '';
}

/** " GMT+5:30" when `timeZone` reads a different wall clock from `device` at `at`, else "". */
function zoneSuffix(timeZone: string, at: Date, device: string): string {
  if (timeZone === device) return '';
  const stamp = { dateStyle: 'short', timeStyle: 'short' } as const;
  const same =
    formatter(stamp, timeZone, LOCALE).format(at) === formatter(stamp, device, LOCALE).format(at);
  return same ? '' : ` ${zoneName(timeZone, at)}`;
}

export interface ZoneOptions {
  /** The device's zone (tests pass one); the campus's zone is named when it differs. */
  device?: string;
}

/** An instant's time in the campus's zone: "09:12", or "09:12 GMT+5:30" on a device elsewhere. */
export function formatTime(
  instant: Date | string,
  timeZone: string,
  { device = deviceTimeZone() }: ZoneOptions = {},
): string {
  const at = toDate(instant);
  if (!at) return '';
  return `${timeOfDay(timeZone, at)}${zoneSuffix(timeZone, at, device)}`;
}

/** An instant as date and time in the campus's zone: "Fri 27 Nov 2026, 09:12" (+ zone name). */
export function formatDateTime(
  instant: Date | string,
  timeZone: string,
  { device = deviceTimeZone(), style = 'medium' }: ZoneOptions & { style?: DayStyle } = {},
): string {
  const at = toDate(instant);
  if (!at) return '';
  const day = formatDate(schoolDay(timeZone, at), style);
  return `${day}, ${timeOfDay(timeZone, at)}${zoneSuffix(timeZone, at, device)}`;
}

/**
 * From `start` to `end` in the campus's zone: "Fri 27 Nov, 09:00–10:30" on one day,
 * "Fri 27 Nov, 22:00 – Sat 28 Nov, 01:00" across midnight, the zone named once at the end.
 */
export function formatRange(
  start: Date | string,
  end: Date | string,
  timeZone: string,
  { device = deviceTimeZone() }: ZoneOptions = {},
): string {
  const from = toDate(start);
  const to = toDate(end);
  if (!from || !to) return '';
  const zone = zoneSuffix(timeZone, from, device);
  const firstDay = schoolDay(timeZone, from);
  const lastDay = schoolDay(timeZone, to);
  const first = formatDate(firstDay, 'short');
  if (firstDay === lastDay) {
    return `${first}, ${timeOfDay(timeZone, from)}–${timeOfDay(timeZone, to)}${zone}`;
  }
  const last = formatDate(lastDay, 'short');
  return `${first}, ${timeOfDay(timeZone, from)} – ${last}, ${timeOfDay(timeZone, to)}${zone}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();
function relative(locale: string): Intl.RelativeTimeFormat {
  let f = relativeFormatters.get(locale);
  if (!f) {
    f = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    relativeFormatters.set(locale, f);
  }
  return f;
}

function calendarDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}

/**
 * An instant relative to `now`, by the campus's clock: "Just now", "5 minutes ago", "in 2 hours"
 * (within 12 hours), "Today, 09:12", "Yesterday, 09:12", "Tomorrow, 09:12", "3 days ago",
 * "in 4 days" (within a week), else the date ("Fri 27 Nov", with the year when it is not this year).
 */
export function formatRelative(
  instant: Date | string,
  timeZone: string,
  { now = clockNow(), device = deviceTimeZone() }: ZoneOptions & { now?: Date } = {},
): string {
  const at = toDate(instant);
  if (!at) return '';
  const ago = now.getTime() - at.getTime();
  const rtf = relative(LOCALE);
  if (Math.abs(ago) < MINUTE) return 'Just now';
  if (Math.abs(ago) < HOUR) return rtf.format(-Math.trunc(ago / MINUTE), 'minute');
  if (Math.abs(ago) < 12 * HOUR) return rtf.format(-Math.trunc(ago / HOUR), 'hour');
  const day = schoolDay(timeZone, at);
  const today = schoolDay(timeZone, now);
  const days = calendarDays(today, day);
  const time = formatTime(at, timeZone, { device });
  if (days === 0) return `Today, ${time}`;
  if (days === -1) return `Yesterday, ${time}`;
  if (days === 1) return `Tomorrow, ${time}`;
  if (Math.abs(days) < 7) return rtf.format(days, 'day');
  return formatDate(day, day.slice(0, 4) === today.slice(0, 4) ? 'short' : 'medium');
}

/** A length of time: "45 min", "2 h", "1 h 30 min", "3 days"; under a minute is "0 min". */
export function formatDuration(ms: number): string {
  const minutes = Math.round(Math.max(0, ms) / MINUTE);
  if (minutes >= 24 * 60 && minutes % (24 * 60) === 0) {
    const days = minutes / (24 * 60);
    return `${days} ${days === 1 ? 'day' : 'days'}`;
  }
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
