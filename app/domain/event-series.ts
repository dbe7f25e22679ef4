// What a change to a recurring event writes (decision 046). A series is one `events` document with
// `recurrence` and `exdates`; an occurrence changed on its own is a separate event (an override) with
// `seriesId` + `occurrenceDate`, and that date sits in the series' exdates so it is not shown twice.
// These helpers are pure: they say which documents to save and delete, and the editor writes them in
// one batch, so the override and the series' exdates reach the backend together or not at all.
import { localDate } from './calendar';
import { addDays, instantAt, wallClockAt } from './clock';
import type { CalendarEvent } from './records';

export type EventRecord = CalendarEvent & { id: string };

/** The fields an event form gives (everything a person edits; no ids, authors or series links). */
export type EventFields = Pick<
  CalendarEvent,
  | 'title'
  | 'description'
  | 'start'
  | 'end'
  | 'allDay'
  | 'location'
  | 'campusId'
  | 'classroomIds'
  | 'audience'
  | 'audienceKeys'
  | 'recurrence'
>;

/** The documents one change writes: saves (whole records or patches with an id) and deletes. */
export interface SeriesWrite {
  saves: Array<Record<string, unknown> & { id: string }>;
  deletes: string[];
}

const withDate = (dates: readonly string[], date: string): string[] =>
  [...new Set([...dates, date])].sort();

/** "Change only this event": a new override event for that date, and the date out of the series. */
export function changeThisOccurrence(
  series: EventRecord,
  occurrenceDate: string,
  fields: EventFields,
  ids: { overrideId: string; by: string },
): SeriesWrite {
  const { recurrence: _ignored, ...single } = fields;
  const override = {
    ...single,
    id: ids.overrideId,
    exdates: [],
    seriesId: series.id,
    occurrenceDate,
    createdBy: ids.by,
  };
  return {
    saves: [override, { id: series.id, exdates: withDate(series.exdates, occurrenceDate) }],
    deletes: [],
  };
}

/**
 * "Change all events": the series takes the form's fields. The form shows the occurrence the
 * person opened; the date they give moves the whole series by the same number of days from its
 * first date, and the time of day they give applies to every occurrence (the series start).
 */
export function changeAllOccurrences(
  series: EventRecord,
  fields: EventFields,
  opened: { occurrenceDate: string; timeZone: string },
): Record<string, unknown> & { id: string } {
  const { timeZone } = opened;
  const formStart = new Date(fields.start);
  const duration = new Date(fields.end).getTime() - formStart.getTime();
  const shiftDays = daysBetween(opened.occurrenceDate, localDate(formStart, timeZone));
  const seriesFirst = addDays(localDate(new Date(series.start), timeZone), shiftDays);
  // The campus's wall clock, through clock.ts (Intl): no Date subclass for a fake Date to break.
  const { hour, minute, second } = wallClockAt(timeZone, formStart);
  const start = instantAt(timeZone, seriesFirst, hour, minute, second);
  return {
    ...fields,
    id: series.id,
    start: new Date(start.getTime()).toISOString(),
    end: new Date(start.getTime() + duration).toISOString(),
  };
}

/** Whole days from one YYYY-MM-DD date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86400000);
}

/**
 * "Delete this event". An occurrence of a series: its date joins the exdates. An override: the
 * override goes, and its date stays excluded from the series (else the original would come back).
 * A single event: it goes.
 */
export function deleteThisOccurrence(
  event: EventRecord,
  occurrenceDate: string,
  series: EventRecord | null,
): SeriesWrite {
  if (event.recurrence) {
    return {
      saves: [{ id: event.id, exdates: withDate(event.exdates, occurrenceDate) }],
      deletes: [],
    };
  }
  if (event.seriesId && series && event.occurrenceDate) {
    const saves = series.exdates.includes(event.occurrenceDate)
      ? []
      : [{ id: series.id, exdates: withDate(series.exdates, event.occurrenceDate) }];
    return { saves, deletes: [event.id] };
  }
  return { saves: [], deletes: [event.id] };
}

/** "Delete all events": the series and every occurrence changed on its own. */
export function deleteAllOccurrences(
  series: EventRecord,
  events: readonly EventRecord[],
): SeriesWrite {
  const overrides = events.filter((e) => e.seriesId === series.id).map((e) => e.id);
  return { saves: [], deletes: [series.id, ...overrides] };
}
