// Form schemas of the school setup page: campuses, classrooms (with weekly schedule rows) and
// subjects, built from the shared field schemas (app/ui/form/fields.ts). They sit next to the
// actions that parse them (actions.ts); the record schemas they produce data for are in
// app/domain/records.ts, which the store checks again on save. A schedule row's fields are named
// `schedule.<row>.<field>`, which parseForm nests into a list of rows, so a row's error comes back
// under the name of its own field. A campus's absence alerts (issue 32) are named
// `absenceAlerts.<setting>` the same way and nest into the one object the record keeps.
import { z } from 'zod';
import {
  alertSettingsOf,
  MAX_ALERT_DELAY_MINUTES,
  type AbsenceAlertSettings,
} from '~/domain/absences';
import { isoWeekdayName } from '~/domain/clock';
import { campusSchema, type Subject } from '~/domain/records';
import {
  centrePhoneNumber,
  checkbox,
  plainText,
  requiredChoice,
  requiredText,
  stringList,
  wholeNumber,
} from '~/ui/form/fields';

export const SCHOOL_KINDS = ['campuses', 'classrooms', 'subjects'] as const;
export type SchoolKind = (typeof SCHOOL_KINDS)[number];

export const KIND_LABELS: Record<SchoolKind, { one: string; many: string }> = {
  campuses: { one: 'campus', many: 'Campuses' },
  classrooms: { one: 'classroom', many: 'Classrooms' },
  subjects: { one: 'subject', many: 'Subjects' },
};

export { WEEKDAYS } from '~/domain/clock';

/** ISO weekday (1 = Monday) → its name. */
export const weekdayName = isoWeekdayName;

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

/** The phone field of campuses (and facilitators: ui/form/fields.ts). */
export const phoneNumber = centrePhoneNumber;

/** The delay field's message for a blank, negative or fractional value. */
export const ALERT_DELAY_MESSAGE = `Enter the delay as a whole number of minutes, from 0 to ${MAX_ALERT_DELAY_MINUTES}.`;
/** The delay field's message for a value past the limit. */
export const ALERT_DELAY_TOO_LONG = `The delay can be at most ${MAX_ALERT_DELAY_MINUTES} minutes (${MAX_ALERT_DELAY_MINUTES / 60} hours).`;

/**
 * A campus's absence alerts to families (issue 32), as the campus form's fieldset sends them
 * (`absenceAlerts.enabled`, `absenceAlerts.delayMinutes`, `absenceAlerts.includeLate`, which
 * parseForm nests into one object). An unticked box is not sent, so it reads as off; the three are
 * always written together, as the record and the rules want them.
 */
export const absenceAlertsFormSchema = z.preprocess(
  // A form with none of the three fields still gets the delay's own message, not "Required".
  (value) => (typeof value === 'object' && value !== null ? value : {}),
  z.object({
    enabled: checkbox,
    delayMinutes: wholeNumber(ALERT_DELAY_MESSAGE, {
      min: 0,
      max: MAX_ALERT_DELAY_MINUTES,
      outOfRange: ALERT_DELAY_TOO_LONG,
    }),
    includeLate: checkbox,
  }),
);

export const campusFormSchema = z.object({
  name: requiredText('campus name'),
  address: plainText(300),
  phone: phoneNumber,
  timezone: z
    .string({ required_error: 'Choose the time zone.' })
    .trim()
    .refine(isTimeZone, 'Choose a time zone from the list.'),
  absenceAlerts: absenceAlertsFormSchema,
  /** Students aged 16 or over may report their own absences (off unless ticked). */
  studentsReportAbsences: checkbox,
});

/**
 * A record as its editor compares it (decision 052): a campus's alert settings as they take effect
 * (the defaults where it names none), so a form that leaves them alone does not read as a change
 * or as a colleague's conflict. Other records are compared as stored.
 */
export function editableRecord(
  kind: SchoolKind,
  record: Record<string, unknown>,
): Record<string, unknown> {
  return kind === 'campuses'
    ? {
        ...record,
        absenceAlerts: alertSettingsOf(record),
        studentsReportAbsences: record.studentsReportAbsences === true,
      }
    : record;
}

/**
 * Whether a stored campus lacks a complete alert setting (an older campus, or a damaged value):
 * its first save then writes the form's three fields, so it names them from then on.
 */
export function lacksAlertSettings(record: object): boolean {
  const stored: unknown = Reflect.get(record, 'absenceAlerts');
  return !campusSchema.shape.absenceAlerts.unwrap().safeParse(stored).success;
}

/** The form's name of an alert setting: `absenceAlerts.delayMinutes`. */
export function alertFieldName(field: keyof AbsenceAlertSettings): string {
  return `absenceAlerts.${field}`;
}

function minutes(count: number): string {
  return count === 1 ? '1 minute' : `${count} minutes`;
}

/**
 * A campus's alert settings in one line, for its row on the setup page and the conflict panel:
 * "Absence alerts 10 minutes after the roll call, for absent marks", "… at once, for absent and
 * late marks", "Absence alerts off". A campus that names none has the defaults.
 */
export function absenceAlertSummary(campus: { absenceAlerts?: unknown } | null): string {
  const settings = alertSettingsOf(campus);
  if (!settings.enabled) return 'Absence alerts off';
  const when =
    settings.delayMinutes === 0
      ? 'at once'
      : `${minutes(settings.delayMinutes)} after the roll call`;
  const marks = settings.includeLate ? 'absent and late marks' : 'absent marks';
  return `Absence alerts ${when}, for ${marks}`;
}

/** #rgb or #rrggbb. */
const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Whether a typed colour can be shown as a swatch beside the field. */
export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value);
}

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
    code: requiredText('subject code', 12)
      .regex(/^[A-Za-z0-9-]+$/, 'Use letters, digits and hyphens only.')
      .transform((code) => code.toUpperCase())
      .refine((code) => !takenCodes.has(code), 'Another subject already uses this code.'),
    colour: z
      .string({ required_error: 'Enter a colour as a hex value, e.g. #2563eb.' })
      .trim()
      .regex(HEX_COLOUR, 'Enter a colour as a hex value, e.g. #2563eb.')
      .transform((colour) => colour.toLowerCase()),
    description: plainText(500),
  });
}

const clockTime = z
  .string({ required_error: 'Enter a time as HH:MM.' })
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
    subjectId: requiredChoice('Choose the subject.'),
  })
  .refine((row) => row.end > row.start, {
    message: 'The end must be after the start.',
    path: ['end'],
  });

/** The name of a schedule row's field in the form: `schedule.0.start`. */
export function scheduleFieldName(row: number, field: keyof z.input<typeof scheduleRowSchema>) {
  return `schedule.${row}.${field}`;
}

const CAPACITY_MESSAGE = 'Enter the capacity as a whole number above 0.';

/** The classroom form; the campus must be one that exists. */
export function classroomFormSchema(campusIds: readonly string[]) {
  return z.object({
    name: requiredText('classroom name'),
    campusId: requiredChoice('Choose the campus.').refine(
      (id) => campusIds.includes(id),
      'Choose the campus.',
    ),
    capacity: wholeNumber(CAPACITY_MESSAGE, { min: 1, max: 10_000, outOfRange: CAPACITY_MESSAGE }),
    subjectIds: stringList,
    facilitatorIds: stringList,
    schedule: z.array(scheduleRowSchema).default([]),
  });
}

/** The fields each editor edits, as the conflict check compares them (decision 052). */
export const SCHOOL_FORM_FIELDS: Record<SchoolKind, readonly string[]> = {
  campuses: Object.keys(campusFormSchema.shape),
  subjects: Object.keys(subjectFormSchema([]).shape),
  classrooms: Object.keys(classroomFormSchema([]).shape),
};

/** Each field's label, as the conflict panel names it. */
export const SCHOOL_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  timezone: 'Time zone',
  absenceAlerts: 'Absence alerts to families',
  studentsReportAbsences: 'Students report their own absences',
  code: 'Code',
  colour: 'Colour',
  description: 'Description',
  campusId: 'Campus',
  capacity: 'Capacity',
  subjectIds: 'Subjects',
  facilitatorIds: 'Facilitators',
  schedule: 'Lessons',
};
