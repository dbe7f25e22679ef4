// The iCalendar (RFC 5545) export, written with ical-generator. Loaded with import() only when a
// person asks for a download, so the calendar page stays light.
// Times are written with TZID = the event's campus timezone and that timezone's wall clock, so a
// weekly 10:00 stays 10:00 in the person's calendar app across a DST change, as it does in ours.
// A series is one VEVENT with RRULE and EXDATE; an occurrence changed on its own is a VEVENT with
// the series' UID and a RECURRENCE-ID (the date it replaces, at the series' time).
// VTIMEZONE: @touch4it/ical-timezones reads its zone files with node:fs, which a browser does not
// have, so the components are written here from the browser's own zone data (@date-fns/tz tzScan):
// the offset at the start of the exported range, then each change within it.
import { TZDate, tzOffset, tzScan } from '@date-fns/tz';
import ical, { ICalEventRepeatingFreq } from 'ical-generator';
import { localDate } from '~/domain/calendar';
import { instantAt, wallClockAt } from '~/domain/clock';
import type { CalendarEvent } from '~/domain/records';
import { downloadBlob } from '~/ui/download';

export interface IcsOptions {
  /** The campus timezone of each event (app/domain/calendar.ts eventTimeZone). */
  timeZoneOf: (event: CalendarEvent) => string;
  /** X-WR-CALNAME of the file, e.g. "Learning centre calendar". */
  calendarName: string;
}

/** The UID domain: a UID must be unique worldwide and the same every time the event is exported. */
export const UID_DOMAIN = 'learning-centre';

const uidOf = (id: string) => `${id}@${UID_DOMAIN}`;

/**
 * An instant as ical-generator writes a TZID time: it reads the zone's wall clock only from a
 * TZDate (a Date subclass), so the values handed to it are the app's one TZDate. The arithmetic is
 * done before, on plain instants (domain/clock.ts, Intl). Under Playwright's page.clock a subclass
 * of Date loses its methods unless test/e2e/fixtures.ts keeps them working, which it does.
 */
function zoned(instant: Date, timeZone: string): TZDate {
  return new TZDate(instant.getTime(), timeZone);
}

/** The instant at a campus-local date with the wall-clock time of `timeOf` (in the zone). */
function atDateWithTimeOf(date: string, timeOf: Date, timeZone: string): TZDate {
  const { hour, minute, second } = wallClockAt(timeZone, timeOf);
  return zoned(instantAt(timeZone, date, hour, minute, second), timeZone);
}

/** A YYYY-MM-DD date as a Date whose UTC calendar date is that date (for VALUE=DATE). */
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86400000);

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');
const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
function localStamp(instant: Date, offsetMinutes: number): string {
  const t = new Date(instant.getTime() + offsetMinutes * 60000);
  return (
    `${pad(t.getUTCFullYear(), 4)}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}` +
    `T${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${pad(t.getUTCSeconds())}`
  );
}

/**
 * A VTIMEZONE for `timeZone` that is right for [from, to]: the offset in force at `from`, then one
 * observance per change (DAYLIGHT when the clock goes forward). Outside the range a reader may fall
 * back to the nearest observance, which is why the range covers every exported event.
 */
export function vtimezone(timeZone: string, range: { from: Date; to: Date }): string {
  const first = tzOffset(timeZone, range.from);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const observance = (kind: string, at: string, from: number, to: number) => {
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${at}`,
      `TZOFFSETFROM:${offsetText(from)}`,
      `TZOFFSETTO:${offsetText(to)}`,
      `END:${kind}`,
    );
  };
  observance('STANDARD', '19700101T000000', first, first);
  let previous = first;
  for (const change of tzScan(timeZone, { start: range.from, end: range.to })) {
    // DTSTART of an observance is the local time just before the change, in the old offset.
    observance(
      change.change > 0 ? 'DAYLIGHT' : 'STANDARD',
      localStamp(change.date, previous),
      previous,
      change.offset,
    );
    previous = change.offset;
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

/** The span every event (and series, to its `until`) covers, padded by a year each side. */
function rangeOf(events: readonly CalendarEvent[]): { from: Date; to: Date } {
  let from = Infinity;
  let to = -Infinity;
  for (const e of events) {
    from = Math.min(from, Date.parse(e.start));
    to = Math.max(
      to,
      Date.parse(e.end),
      e.recurrence ? Date.parse(`${e.recurrence.until}T23:59:59Z`) : -Infinity,
    );
  }
  const year = 366 * 86400000;
  const now = Date.now();
  return {
    from: new Date((Number.isFinite(from) ? from : now) - year),
    to: new Date((Number.isFinite(to) ? to : now) + year),
  };
}

/** One VCALENDAR with a VEVENT per event (a series as one VEVENT with RRULE and EXDATE). */
export function buildIcs(events: readonly CalendarEvent[], options: IcsOptions): string {
  const range = rangeOf(events);
  const calendar = ical({
    name: options.calendarName,
    prodId: { company: 'learning-centre', product: 'dashboard', language: 'EN' },
    timezone: { name: null, generator: (tz) => vtimezone(tz, range) },
  });
  const byId = new Map(events.map((e) => [e.id ?? '', e]));
  for (const event of events) {
    const timeZone = options.timeZoneOf(event);
    const start = new Date(event.start);
    const end = new Date(event.end);
    const series = event.seriesId ? byId.get(event.seriesId) : undefined;
    const startDate = localDate(start, timeZone);
    const endDate = localDate(end, timeZone);
    const created = calendar.createEvent({
      id: uidOf(event.seriesId ?? event.id ?? ''),
      stamp: event.updatedAt ? new Date(event.updatedAt) : new Date(),
      summary: event.title,
      description: event.description || null,
      location: event.location || null,
      allDay: event.allDay,
      // All-day: dates only, DTEND the day after the last (RFC 5545 end is exclusive).
      start: event.allDay ? utcDay(startDate) : zoned(start, timeZone),
      end: event.allDay ? nextDay(endDate) : zoned(end, timeZone),
      timezone: event.allDay ? null : timeZone,
    });
    if (event.recurrence) {
      const until = event.recurrence.until;
      created.repeating({
        freq: ICalEventRepeatingFreq.WEEKLY,
        interval: event.recurrence.interval,
        // UNTIL is UTC when DTSTART has a TZID: the last second of the campus-local `until` date.
        until: instantAt(timeZone, until, 23, 59, 59),
        ...(event.exdates.length > 0
          ? {
              exclude: event.exdates.map((date) =>
                event.allDay ? utcDay(date) : atDateWithTimeOf(date, start, timeZone),
              ),
            }
          : {}),
      });
    }
    if (event.seriesId && event.occurrenceDate) {
      // The occurrence it replaces started at the series' time on that date.
      const seriesStart = series ? new Date(series.start) : start;
      created.recurrenceId(
        event.allDay
          ? utcDay(event.occurrenceDate)
          : atDateWithTimeOf(event.occurrenceDate, seriesStart, timeZone),
      );
    }
  }
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves it off.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** A file name from a title: lower-case words joined by hyphens ("Garden club" → garden-club). */
export function icsFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'event'}.ics`;
}

/** Saves `text` as `fileName` (text/calendar) through a temporary link. */
export function downloadIcs(fileName: string, text: string): void {
  downloadBlob(fileName, new Blob([text], { type: 'text/calendar;charset=utf-8' }));
}
