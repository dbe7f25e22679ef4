// CONTRACT (lead's skeleton; helper B implements): the iCalendar (RFC 5545) export. Loaded with
// import() only when a person asks for a download, so the calendar page stays light.
import type { CalendarEvent } from '~/domain/records';

export interface IcsOptions {
  /** The campus timezone of each event (app/domain/calendar.ts eventTimeZone). */
  timeZoneOf: (event: CalendarEvent) => string;
  /** X-WR-CALNAME of the file, e.g. "Learning centre calendar". */
  calendarName: string;
}

/** One VCALENDAR with a VEVENT per event (a series as one VEVENT with RRULE and EXDATE). */
export function buildIcs(events: readonly CalendarEvent[], options: IcsOptions): string {
  void events;
  void options;
  throw new Error('not implemented yet (helper B)');
}

/** Saves `text` as `fileName` (text/calendar) through a temporary link. */
export function downloadIcs(fileName: string, text: string): void {
  void fileName;
  void text;
  throw new Error('not implemented yet (helper B)');
}
