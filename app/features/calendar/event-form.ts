// The event form's schema and what it turns into (style.md rule 2: the schema sits next to the
// code that parses it). A person types dates and times as the campus's wall clock; the record
// stores instants, so they are converted here in the campus timezone (the same one the views and
// the .ics use, app/domain/calendar.ts eventTimeZone). Who may write what is checked twice: the
// form's own rules (a facilitator names only classrooms they teach) and the permission matrix on
// the record about to be saved, which is what the backend enforces.
// An event may ask families for a reply (issue 32): "Going / not going" or consent, until a
// deadline typed like the start, as the campus's wall clock, and stored as epoch milliseconds.
import { z } from 'zod';
import { audienceKeysOf } from '~/domain/audience';
import { eventTimeZone } from '~/domain/calendar';
import { addDays, instantAt, now as clockNow, wallClockAt } from '~/domain/clock';
import { daysBetween, type EventFields } from '~/domain/event-series';
import { REPLY_KIND_LABELS, type ReplyKind, type ReplyRequest } from '~/domain/replies';
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

/** The reply an event may ask of families, as the form's radio buttons say it. */
export const REPLY_OPTIONS = [
  { value: 'none', label: 'No reply' },
  { value: 'rsvp', label: 'Going or not going' },
  { value: 'consent', label: 'Consent' },
] as const;
export type ReplyChoice = (typeof REPLY_OPTIONS)[number]['value'];

export const REPLY_MESSAGES = {
  closeDateRequired: 'Enter the day replies close.',
  closeTimeRequired: 'Enter the time replies close, like 17:00.',
  consentToRequired: 'Say what families give consent for, like “go on the museum trip”.',
  needsParents: 'Replies come from families: tick Parents under Audience.',
  repeating:
    'A repeating event cannot ask for a reply. Ask on a single event, or on one date with “Change only this event”.',
  inThePast: 'Replies must close later than now.',
  afterStart: 'Replies must close before the event starts.',
} as const;

/** "This event asks for Consent: …", when someone tries to change the kind of reply asked. */
export function replyKindFixedMessage(kind: ReplyKind): string {
  return `This event already asks for “${REPLY_KIND_LABELS[kind]}”. Families may have answered, so the kind of reply stays.`;
}

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
    replyKind: z.enum(['none', 'rsvp', 'consent']).catch('none'),
    consentTo: plainText(200, 'the consent'),
    replyByDate: optionalCalendarDate,
    replyByTime: time,
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
    if (v.replyKind !== 'none') {
      if (!v.replyByDate) issue('replyByDate', REPLY_MESSAGES.closeDateRequired);
      if (!v.replyByTime) issue('replyByTime', REPLY_MESSAGES.closeTimeRequired);
      if (v.replyKind === 'consent' && !v.consentTo) {
        issue('consentTo', REPLY_MESSAGES.consentToRequired);
      }
      if (!v.audience.includes('parent')) issue('replyKind', REPLY_MESSAGES.needsParents);
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
  /** The reply the event asks already (an edit): its kind stays, its deadline may stay as it is. */
  reply?: ReplyRequest | null;
  /** The current instant (epoch ms); the one clock's by default. */
  now?: number;
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

/** An event's fields as the form writes them: the series' own, and the reply asked of families. */
export type EventFormFields = EventFields & { reply?: ReplyRequest };

export type EventFormResult = { ok: true; fields: EventFormFields } | FormFailure;

/**
 * The reply the form asks for, checked against the event: the kind of one already asked stays;
 * a repeating event asks none; replies close later than now (unless the deadline is the one the
 * event has) and before the event starts. Errors go into `errors` by field.
 */
function replyOf(
  data: EventFormValues,
  ctx: EventFormContext,
  times: { timeZone: string; start: string; repeating: boolean },
  errors: FieldErrors,
): ReplyRequest | undefined {
  const before = ctx.reply ?? null;
  if (data.replyKind === 'none') {
    // A saved event keeps its fields (saves merge): the reply it asks cannot be taken back.
    if (before) errors.replyKind = replyKindFixedMessage(before.kind);
    return undefined;
  }
  if (before && before.kind !== data.replyKind) {
    errors.replyKind = replyKindFixedMessage(before.kind);
    return undefined;
  }
  if (times.repeating) {
    errors.replyKind = REPLY_MESSAGES.repeating;
    return undefined;
  }
  if (!data.replyByDate || !data.replyByTime) return undefined;
  const deadline = Date.parse(wallClockToIso(data.replyByDate, data.replyByTime, times.timeZone));
  if (deadline !== before?.deadline && deadline <= (ctx.now ?? clockNow().getTime())) {
    errors.replyByDate = REPLY_MESSAGES.inThePast;
  } else if (deadline > Date.parse(times.start)) {
    errors.replyByDate = REPLY_MESSAGES.afterStart;
  }
  return {
    kind: data.replyKind,
    deadline,
    consentTo: data.replyKind === 'consent' ? data.consentTo : '',
  };
}

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
  const repeating = data.repeats !== 'none' && !ctx.single;
  const reply = replyOf(data, ctx, { timeZone, start, repeating }, errors);
  if (Object.keys(errors).length > 0) return formFailure(values, errors);
  const audience = AUDIENCE_OPTIONS.map((o) => o.value).filter((r) => data.audience.includes(r));
  const campusId = data.campusId || (ctx.hadCampus ? '' : undefined);
  const fields: EventFormFields = {
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
    ...(reply ? { reply } : {}),
  };
  return { ok: true, fields };
}

/** The form's starting values for an event (or an occurrence of one), in its campus timezone. */
export function eventFormDefaults(
  event: Pick<
    EventFields,
    'start' | 'end' | 'allDay' | 'recurrence' | 'campusId' | 'classroomIds'
  > & {
    title?: string;
    description?: string;
    location?: string;
    audience?: readonly string[];
    reply?: ReplyRequest;
  },
  timeZone: string,
  occurrenceDate?: string,
): Record<string, string | string[]> {
  const start = isoToWallClock(event.start, timeZone);
  const reply = event.reply;
  const closes = reply ? isoToWallClock(new Date(reply.deadline).toISOString(), timeZone) : null;
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
    replyKind: reply?.kind ?? 'none',
    consentTo: reply?.consentTo ?? '',
    replyByDate: closes?.date ?? '',
    replyByTime: closes?.time ?? '',
  };
}
