// The field schemas every form shares (style.md rule 2, in the manner of epic-stack's
// user-validation.ts): names, e-mail, phone, dates, notes and lists, each with real limits and a
// message that says what to do. Form values arrive as strings, or as string lists for repeated keys;
// an absent optional field is treated like an empty one.
import { z } from 'zod';
import { deviceTimeZone, now as clockNow, schoolDay } from '~/domain/clock';
import { formatDay, isCalendarDate, latestEnrolmentDate } from '~/domain/dates';

export { isCalendarDate };

/** The earliest date of birth a form accepts. */
export const EARLIEST_BIRTH_DATE = '1900-01-01';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const count = new Intl.NumberFormat('en');

/**
 * What a field says when its text is past its limit, with the length typed, so nothing is cut
 * without a word: "Notes can be at most 2,000 characters; this is 2,150." `label` is the field's
 * name in a sentence ("notes", "last name"); without one the message starts "Use at most".
 */
export function tooLongMessage(max: number, length: number, label?: string): string {
  const limit = `${count.format(max)} characters; this is ${count.format(length)}.`;
  if (!label) return `Use at most ${limit}`;
  return `${label.charAt(0).toUpperCase()}${label.slice(1)} can be at most ${limit}`;
}

/**
 * A trimmed string of at most `max` characters. The limit stays zod's own `max` check, so a form
 * reads it back with `maxLengthOf` (one source for the schema and the field's counter); the
 * message comes from the schema's error map, which sees the typed text's length. `missing` words
 * the message for a value that is absent or not text.
 */
function limitedText(max: number, label?: string, missing?: string) {
  return z
    .string({
      errorMap: (issue, ctx) => {
        if (issue.code === z.ZodIssueCode.too_big && typeof ctx.data === 'string') {
          return { message: tooLongMessage(max, ctx.data.length, label) };
        }
        if (missing && issue.code === z.ZodIssueCode.invalid_type) return { message: missing };
        return { message: ctx.defaultError };
      },
    })
    .trim()
    .max(max);
}

/**
 * The character limit a field's schema sets (its string's `max`), looking through optional,
 * default, refine/transform and pipe wrappers; undefined when it sets none. With `field`, the
 * schema is a form's object schema (refined or not) and the limit is that field's. The form kit's
 * text fields take it as `maxLength` (`maxLength={maxLengthOf(eventFormSchema, 'title')}`), so the
 * counter and the submit's message come from one schema.
 */
export function maxLengthOf(schema: z.ZodTypeAny, field?: string): number | undefined {
  if (field !== undefined) {
    let form: z.ZodTypeAny = schema;
    while (form instanceof z.ZodEffects) form = form.innerType();
    if (!(form instanceof z.ZodObject)) return undefined;
    const member: unknown = form.shape[field];
    return member instanceof z.ZodType ? maxLengthOf(member) : undefined;
  }
  if (schema instanceof z.ZodString) return schema.maxLength ?? undefined;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return maxLengthOf(schema.unwrap());
  }
  if (schema instanceof z.ZodDefault) return maxLengthOf(schema.removeDefault());
  if (schema instanceof z.ZodEffects) return maxLengthOf(schema.innerType());
  if (schema instanceof z.ZodPipeline) {
    return maxLengthOf(schema._def.out) ?? maxLengthOf(schema._def.in);
  }
  return undefined;
}

/** Required text: trimmed, at least one character. The message names the field ("Enter the last name."). */
export function requiredText(label: string, max = 120) {
  const message = `Enter the ${label}.`;
  return limitedText(max, label, message).min(1, message);
}

/** A required choice from a select or picker: an id that must not be empty ("Choose a family."). */
export function requiredChoice(message: string) {
  return z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(200, message);
}

/**
 * Optional text that is left out of the record when empty (undefined). With a `label`, a value past
 * the limit is refused in the field's name ("Medical notes can be at most …").
 */
export function optionalText(max = 500, label?: string) {
  return limitedText(max, label)
    .optional()
    .transform((value) => (value ? value : undefined));
}

/** Optional text that is stored as '' when empty (records whose field is always present). */
export function plainText(max = 500, label?: string) {
  return limitedText(max, label)
    .optional()
    .transform((value) => value ?? '');
}

/** A person's first or last name. */
export const personName = (label: string) => requiredText(label, 80);

/** Free notes: up to 2,000 characters, '' when empty. */
export const notes = plainText(2000, 'notes');

/**
 * A required e-mail address, lower-cased. The messages can be worded for the form (the sign-in page
 * asks for "your" address); `email` below is the usual wording.
 */
export function emailAddress({
  required = 'Enter an e-mail address.',
  invalid = 'Use an e-mail address like name@example.com.',
} = {}) {
  return z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(254, 'Use at most 254 characters.')
    .refine((value) => EMAIL.test(value), invalid)
    .transform((value) => value.toLowerCase());
}

/** A required e-mail address, lower-cased. */
export const email = emailAddress();

/** An e-mail address that may be left empty ('' then); `invalid` words the message for the form. */
export function optionalEmailAddress({
  invalid = 'Use an e-mail address like name@example.com, or leave it empty.',
} = {}) {
  return z
    .string()
    .trim()
    .max(254, 'Use at most 254 characters.')
    .optional()
    .transform((value) => value ?? '')
    .refine((value) => value === '' || EMAIL.test(value), { message: invalid });
}

/** An e-mail address that may be left empty ('' then), with the usual wording. */
export const optionalEmail = optionalEmailAddress();

/**
 * A phone number that may be left empty: digits, spaces and + ( ) . - only, at least 6 digits.
 * `invalid` words the message for the form (an example number the people of the centre know).
 */
export function optionalPhoneNumber({
  invalid = 'Use digits, spaces and + ( ) - only, at least 6 digits; or leave it empty.',
} = {}) {
  return z
    .string()
    .trim()
    .max(40, 'Use at most 40 characters.')
    .optional()
    .transform((value) => value ?? '')
    .refine(
      (value) =>
        value === '' || (/^\+?[\d\s().-]+$/.test(value) && value.replace(/\D/g, '').length >= 6),
      { message: invalid },
    );
}

/** A phone number that may be left empty, with the usual wording. */
export const optionalPhone = optionalPhoneNumber();

/**
 * The phone field of campuses and facilitators: the example is a number the centre's people know.
 * (The browser tests read this wording.)
 */
export const centrePhoneNumber = optionalPhoneNumber({
  invalid: 'Enter a phone number, e.g. +91 98450 00000.',
});

/** A required calendar date, YYYY-MM-DD, that exists. */
export function calendarDate(message: string) {
  return z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .refine(isCalendarDate, { message: 'Use a real date (YYYY-MM-DD).' });
}

/** A date that may be left empty (undefined then). */
export const optionalCalendarDate = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || isCalendarDate(value), {
    message: 'Use a real date (YYYY-MM-DD), or leave it empty.',
  })
  .transform((value) => (value ? value : undefined));

export const BIRTH_DATE_MESSAGES = {
  future: 'The date of birth cannot be after today.',
  tooEarly: `The date of birth cannot be before ${formatDay(EARLIEST_BIRTH_DATE)}.`,
} as const;

/**
 * A date of birth: a real date from 1900-01-01 to today, the school day in `timeZone` (the record's
 * campus's; the device's when the form has none yet). `now` is the one clock's, for tests.
 */
export function dateOfBirth(now: () => Date = clockNow, timeZone: string = deviceTimeZone()) {
  return calendarDate('Enter the date of birth.').superRefine((value, ctx) => {
    if (!isCalendarDate(value)) return; // calendarDate has said so
    const problem =
      value < EARLIEST_BIRTH_DATE
        ? BIRTH_DATE_MESSAGES.tooEarly
        : value > schoolDay(timeZone, now())
          ? BIRTH_DATE_MESSAGES.future
          : null;
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  });
}

/** "Enrolment date can be at most 31 Dec 2027 (the end of next year)." */
export function enrolmentTooLateMessage(latest: string): string {
  return `Enrolment date can be at most ${formatDay(latest)} (the end of next year).`;
}

/**
 * An enrolment date that may be left empty: a real date no later than the end of next year
 * (latestEnrolmentDate), so 2099 is refused with the reason instead of being kept. `now` is for
 * tests.
 */
export function enrolmentDate(now: () => Date = clockNow, timeZone: string = deviceTimeZone()) {
  return optionalCalendarDate.superRefine((value, ctx) => {
    if (!value || !isCalendarDate(value)) return; // empty, or optionalCalendarDate has said so
    const latest = latestEnrolmentDate(schoolDay(timeZone, now()));
    if (value > latest) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: enrolmentTooLateMessage(latest) });
    }
  });
}

/**
 * Checks, on the parsed object, that one date is not before another (an enrolment date not before
 * the date of birth). Add it with `.superRefine(notBefore('enrolledOn', 'dateOfBirth', …))`.
 */
export function notBefore<K extends string, B extends string>(
  field: K,
  earlier: B,
  message: string,
) {
  return (value: Partial<Record<K | B, unknown>>, ctx: z.RefinementCtx) => {
    const later = value[field];
    const first = value[earlier];
    if (typeof later === 'string' && typeof first === 'string' && later && first && later < first) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
    }
  };
}

/** Repeated form keys (multi-select, checkboxes) as a list of non-empty strings. */
export const stringList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => [value ?? []].flat().filter((v) => v.length > 0));

/** A checkbox: present ('on' or 'true') means checked. */
export const checkbox = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true');

/**
 * A whole number typed into a field, within limits; '' is refused with `message`, a number outside
 * the limits with `outOfRange` ("Use a number from 1 to 60." unless the form words it).
 */
export function wholeNumber(
  message: string,
  { min = 0, max = 100000, outOfRange }: { min?: number; max?: number; outOfRange?: string } = {},
) {
  return z
    .string({ required_error: message })
    .trim()
    .min(1, message)
    .refine((value) => /^\d+$/.test(value), message)
    .transform(Number)
    .refine(
      (value) => value >= min && value <= max,
      outOfRange ?? `Use a number from ${min} to ${max}.`,
    );
}

/** A new password: 8 to 128 characters. */
export const newPassword = z
  .string({ required_error: 'Enter a new password.' })
  .min(8, 'Use at least 8 characters.')
  .max(128, 'Use at most 128 characters.');
