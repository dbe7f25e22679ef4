// Form schemas of the school setup page: campuses, classrooms (with weekly schedule rows) and
// subjects. They sit next to the actions that parse them (actions.ts); the record schemas they
// produce data for are in app/domain/records.ts, which the cache service checks again on save.
import { z } from 'zod';
import type { Subject } from '~/domain/records';
import { asList, optionalText, phoneField, requiredText } from './form';

export const SCHOOL_KINDS = ['campuses', 'classrooms', 'subjects'] as const;
export type SchoolKind = (typeof SCHOOL_KINDS)[number];

export const KIND_LABELS: Record<SchoolKind, { one: string; many: string }> = {
  campuses: { one: 'campus', many: 'Campuses' },
  classrooms: { one: 'classroom', many: 'Classrooms' },
  subjects: { one: 'subject', many: 'Subjects' },
};

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** ISO weekday (1 = Monday) → its name. */
export function weekdayName(weekday: number): string {
  return WEEKDAYS[weekday - 1] ?? `Day ${weekday}`;
}

/** Whether the browser accepts this IANA zone name (aliases like Asia/Kolkata included). */
export function isTimeZone(zone: string): boolean {
  if (zone === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Every IANA time zone the browser lists, with UTC first (aliases may be missing from it). */
export function timeZones(): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

export const campusFormSchema = z.object({
  name: requiredText('campus name'),
  address: optionalText(300),
  phone: phoneField,
  timezone: z
    .string({ required_error: 'Choose the time zone.' })
    .trim()
    .refine(isTimeZone, 'Choose a time zone from the list.'),
});

/** #rgb or #rrggbb. */
const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/**
 * The subject form. The code must be unique among subjects (ignoring case), so the schema is built
 * from the subjects already cached; `selfId` is the subject being edited, whose own code is fine.
 */
export function subjectFormSchema(existing: readonly Subject[], selfId?: string) {
  const takenCodes = new Set(
    existing.filter((s) => s.id !== selfId).map((s) => s.code.trim().toUpperCase()),
  );
  return z.object({
    name: requiredText('subject name'),
    code: z
      .string({ required_error: 'Enter a short code, e.g. MATH.' })
      .trim()
      .min(1, 'Enter a short code, e.g. MATH.')
      .max(12, 'Use at most 12 characters.')
      .regex(/^[A-Za-z0-9-]+$/, 'Use letters, digits and hyphens only.')
      .transform((code) => code.toUpperCase())
      .refine((code) => !takenCodes.has(code), 'Another subject already uses this code.'),
    colour: z
      .string({ required_error: 'Enter a colour as a hex value, e.g. #2563eb.' })
      .trim()
      .regex(HEX_COLOUR, 'Enter a colour as a hex value, e.g. #2563eb.')
      .transform((colour) => colour.toLowerCase()),
    description: optionalText(500),
  });
}

const clockTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM.');

const scheduleRowSchema = z
  .object({
    weekday: z.coerce
      .number({ invalid_type_error: 'Choose the day.' })
      .int('Choose the day.')
      .min(1, 'Choose the day.')
      .max(7, 'Choose the day.'),
    start: clockTime,
    end: clockTime,
    subjectId: z.string().min(1, 'Choose the subject.'),
  })
  .refine((row) => row.end > row.start, {
    message: 'The end must be after the start.',
    path: ['end'],
  });

/** Form field names of one schedule row; the form repeats them once per row. */
export const SCHEDULE_FIELDS = {
  weekday: 'scheduleWeekday',
  start: 'scheduleStart',
  end: 'scheduleEnd',
  subjectId: 'scheduleSubject',
} as const;

/** The repeated row fields of a submitted form, zipped into one object per row. */
export function scheduleRowsFromValues(values: Record<string, unknown>): Array<{
  weekday: string;
  start: string;
  end: string;
  subjectId: string;
}> {
  const weekdays = asList(values[SCHEDULE_FIELDS.weekday]);
  const starts = asList(values[SCHEDULE_FIELDS.start]);
  const ends = asList(values[SCHEDULE_FIELDS.end]);
  const subjects = asList(values[SCHEDULE_FIELDS.subjectId]);
  const count = Math.max(weekdays.length, starts.length, ends.length, subjects.length);
  return Array.from({ length: count }, (_, i) => ({
    weekday: weekdays[i] ?? '',
    start: starts[i] ?? '',
    end: ends[i] ?? '',
    subjectId: subjects[i] ?? '',
  }));
}

/** The classroom form; the campus must be one that exists. */
export function classroomFormSchema(campusIds: readonly string[]) {
  return z.preprocess(
    (input) => {
      if (typeof input !== 'object' || input === null) return input;
      const values = Object.fromEntries(Object.entries(input));
      return {
        name: values.name,
        campusId: values.campusId,
        capacity: values.capacity,
        subjectIds: asList(values.subjectIds),
        facilitatorIds: asList(values.facilitatorIds),
        schedule: scheduleRowsFromValues(values),
      };
    },
    z.object({
      name: requiredText('classroom name'),
      campusId: z
        .string({ required_error: 'Choose the campus.' })
        .refine((id) => campusIds.includes(id), 'Choose the campus.'),
      capacity: z
        .string({ required_error: 'Enter the capacity as a whole number above 0.' })
        .trim()
        .regex(/^\d+$/, 'Enter the capacity as a whole number above 0.')
        .transform(Number)
        .refine((n) => n > 0 && n <= 10_000, 'Enter the capacity as a whole number above 0.'),
      subjectIds: z.array(z.string()),
      facilitatorIds: z.array(z.string()),
      schedule: z.array(scheduleRowSchema),
    }),
  );
}
