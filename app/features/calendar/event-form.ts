// The event form's schema and what it turns into (style.md rule 2: the schema sits next to the
// code that parses it). A person types dates and times as the campus's wall clock; the record
// stores instants, so they are converted here in the campus timezone (the same one the views and
// the .ics use, app/domain/calendar.ts eventTimeZone). Who may write what is checked twice: the
// form's own rules (a facilitator names only classrooms they teach) and the permission matrix on
// the record about to be saved, which is what the backend enforces.
import { z } from 'zod';
import { audienceKeysOf } from '~/domain/audience';
import { eventTimeZone } from '~/domain/calendar';
import { addDays, instantAt, wallClockAt } from '~/domain/clock';
import { daysBetween, type EventFields } from '~/domain/event-series';
import { isStaff, type Role } from '~/domain/roles';
import {
  calendarDate,
  checkbox,
  optionalCalendarDate,
  plainText,
  requiredText,
  stringList,
} from '~/ui/form/fields';
import { formFailure, parseForm, type FieldErrors, type FormFailure } from '~/ui/form/parse-form';

/** The audience checkboxes: the roles an event can be for, as people call them. */
export const AUDIENCE_OPTIONS: ReadonlyArray<{ value: Role; label: string }> = [
  { value: 'administration', label: 'Office staff' },
  { value: 'admin', label: 'Administrators' },
  { value: 'facilitator', label: 'Facilitators' },
  { value: 'parent', label: 'Parents' },
  { value: 'student', label: 'Students' },
];

export const REPEAT_OPTIONS = [
  { value: 'none', label: 'Does not repeat' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'weeks', label: 'Every N weeks' },
] as const;

export const EVENT_MESSAGES = {
  endBeforeStart: 'The end cannot be before the start.',
  untilBeforeStart: 'The last date cannot be before the start.',
  noAudience: 'Choose at least one audience.',
  facilitatorNoClassroom: 'Choose at least one of your classrooms.',
  notYourClassroom: 'Choose only classrooms you teach.',
  unknownClassroom: 'Choose classrooms from the list.',
  unknownCampus: 'Choose a campus from the list.',
  classroomOffCampus: 'Choose only classrooms of the chosen campus.',
  untilRequired: 'Enter the date of the last event.',
  notAllowed: 'You cannot save this event.',
} as const;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z
  .string()
  .trim()
  .optional()
  .transform((v) => v ?? '')
  .refine((v) => v === '' || CLOCK.test(v), 'Use a time like 09:30.');

export const eventFormSchema = z
  .object({
    title: requiredText('title', 200),
    description: plainText(5000),
    startDate: calendarDate('Enter the start date.'),
    startTime: time,
    endDate: calendarDate('Enter the end date.'),
    endTime: time,
    allDay: checkbox,
    location: plainText(200),
    campusId: z
      .string()
      .trim()
      .optional()
      .transform((v) => v ?? ''),
    classroomIds: stringList,
    audience: stringList,
    repeats: z.enum(['none', 'weekly', 'weeks']).catch('none'),
    interval: z
      .string()
      .trim()
      .optional()
      .transform((v) => v ?? ''),
    until: optionalCalendarDate,
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    if (!v.allDay) {
      if (!v.startTime) issue('startTime', 'Enter the start time.');
      if (!v.endTime) issue('endTime', 'Enter the end time.');
    }
    const start = `${v.startDate}T${v.allDay ? '00:00' : v.startTime}`;
    const end = `${v.endDate}T${v.allDay ? '00:00' : v.endTime}`;
    if (v.endDate < v.startDate || (!v.allDay && v.endTime && v.startTime && end < start)) {
      issue(v.endDate < v.startDate ? 'endDate' : 'endTime', EVENT_MESSAGES.endBeforeStart);
    }
    if (v.audience.length === 0) issue('audience', EVENT_MESSAGES.noAudience);
    if (v.repeats !== 'none') {
      if (!v.until) issue('until', EVENT_MESSAGES.untilRequired);
      else if (v.until < v.startDate) issue('until', EVENT_MESSAGES.untilBeforeStart);
    }
    if (v.repeats === 'weeks') {
      const n = Number(v.interval);
      if (!/^\d+$/.test(v.interval) || n < 1 || n > 52) {
        issue('interval', 'Use a number of weeks from 1 to 52.');
      }
    }
  });
export type EventFormValues = z.infer<typeof eventFormSchema>;

export interface EventFormContext {
  roles: readonly Role[];
  /** Classrooms the person teaches (a facilitator's); staff may choose any. */
  taughtClassroomIds: readonly string[];
  campuses: ReadonlyArray<{ id: string; timezone: string }>;
  classrooms: ReadonlyArray<{ id: string; campusId: string }>;
  /** The record being edited had a campus: clear it with '' rather than leave it (saves merge). */
  hadCampus?: boolean;
  /** "Change only this event": one occurrence, never a series of its own. */
  single?: boolean;
}

/** The instant of a campus-local date and HH:MM (seconds optional). */
export function wallClockToIso(date: string, clock: string, timeZone: string, seconds = 0): string {
  const [h, mi] = clock.split(':').map(Number);
  return instantAt(timeZone, date, h ?? 0, mi ?? 0, seconds).toISOString();
}

/** The wall-clock date and time of an instant in a timezone, for the form's fields. */
export function isoToWallClock(iso: string, timeZone: string): { date: string; time: string } {
  const t = wallClockAt(timeZone, new Date(iso));
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: t.day, time: `${pad(t.hour)}:${pad(t.minute)}` };
}

export type EventFormResult = { ok: true; fields: EventFields } | FormFailure;

/**
 * Parses the form into the event's fields: the rules of the form, then who may name which
 * classrooms, then the times as instants in the campus timezone and the derived audience keys.
 */
export function parseEventForm(
  input: FormData | Record<string, string | string[]>,
  ctx: EventFormContext,
): EventFormResult {
  const parsed = parseForm(eventFormSchema, input);
  if (!parsed.ok) return parsed;
  const { data, values } = parsed;
  const errors: FieldErrors = {};
  const staff = isStaff(ctx.roles);
  if (data.campusId && !ctx.campuses.some((c) => c.id === data.campusId)) {
    errors.campusId = EVENT_MESSAGES.unknownCampus;
  }
  const known = new Map(ctx.classrooms.map((c) => [c.id, c]));
  if (data.classroomIds.some((id) => !known.has(id))) {
    errors.classroomIds = EVENT_MESSAGES.unknownClassroom;
  } else if (
    data.campusId &&
    data.classroomIds.some((id) => known.get(id)?.campusId !== data.campusId)
  ) {
    errors.classroomIds = EVENT_MESSAGES.classroomOffCampus;
  }
  if (!staff) {
    if (data.classroomIds.length === 0) errors.classroomIds = EVENT_MESSAGES.facilitatorNoClassroom;
    else if (data.classroomIds.some((id) => !ctx.taughtClassroomIds.includes(id))) {
      errors.classroomIds = EVENT_MESSAGES.notYourClassroom;
    }
  }
  if (Object.keys(errors).length > 0) return formFailure(values, errors);

  const placement = {
    campusId: data.campusId || undefined,
    classroomIds: data.classroomIds,
  };
  const timeZone = eventTimeZone(placement, ctx.campuses, ctx.classrooms);
  // An all-day event runs from the campus's midnight to the last second of its end date, as the seed's do.
  const start = wallClockToIso(data.startDate, data.allDay ? '00:00' : data.startTime, timeZone);
  const end = data.allDay
    ? wallClockToIso(data.endDate, '23:59', timeZone, 59)
    : wallClockToIso(data.endDate, data.endTime, timeZone);
  const audience = AUDIENCE_OPTIONS.map((o) => o.value).filter((r) => data.audience.includes(r));
  const campusId = data.campusId || (ctx.hadCampus ? '' : undefined);
  const fields: EventFields = {
    title: data.title,
    description: data.description,
    start,
    end,
    allDay: data.allDay,
    location: data.location,
    ...(campusId !== undefined ? { campusId } : {}),
    classroomIds: data.classroomIds,
    audience,
    audienceKeys: audienceKeysOf({
      audience,
      classroomIds: data.classroomIds,
      campusId: data.campusId,
    }),
    ...(data.repeats !== 'none' && !ctx.single && data.until
      ? {
          recurrence: {
            freq: 'weekly' as const,
            interval: data.repeats === 'weeks' ? Number(data.interval) : 1,
            until: data.until,
          },
        }
      : {}),
  };
  return { ok: true, fields };
}

/** The form's starting values for an event (or an occurrence of one), in its campus timezone. */
export function eventFormDefaults(
  event: Pick<
    EventFields,
    'start' | 'end' | 'allDay' | 'recurrence' | 'campusId' | 'classroomIds'
  > & { title?: string; description?: string; location?: string; audience?: readonly string[] },
  timeZone: string,
  occurrenceDate?: string,
): Record<string, string | string[]> {
  const start = isoToWallClock(event.start, timeZone);
  const end = isoToWallClock(event.end, timeZone);
  // An occurrence shows its own date; the end keeps the event's length in days.
  const shift = occurrenceDate ? daysBetween(start.date, occurrenceDate) : 0;
  const recurrence = event.recurrence;
  return {
    title: event.title ?? '',
    description: event.description ?? '',
    startDate: addDays(start.date, shift),
    startTime: event.allDay ? '' : start.time,
    endDate: addDays(end.date, shift),
    endTime: event.allDay ? '' : end.time,
    ...(event.allDay ? { allDay: 'on' } : {}),
    location: event.location ?? '',
    campusId: event.campusId ?? '',
    classroomIds: [...event.classroomIds],
    audience: [...(event.audience ?? [])],
    repeats: !recurrence ? 'none' : recurrence.interval === 1 ? 'weekly' : 'weeks',
    interval: recurrence ? String(recurrence.interval) : '2',
    until: recurrence?.until ?? '',
  };
}
