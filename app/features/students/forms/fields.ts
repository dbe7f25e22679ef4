// Field schemas shared by the student and family forms (style.md rule 2: one module for fields
// that more than one form parses). Form values arrive as strings, or as arrays for repeated keys.
import { z } from 'zod';

/** Today as YYYY-MM-DD in UTC, the same calendar the seed and the fake use. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const requiredText = (message: string, max = 80) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(max, `Use at most ${max} characters.`);

/** An optional text field: empty input becomes undefined. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** A text field that is stored as '' when empty. */
export const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((value) => value ?? '');

/** A calendar date, YYYY-MM-DD, that exists. */
export const calendarDate = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value), {
      message: 'Use a real date (YYYY-MM-DD).',
    });

/** A date that may be left empty. */
export const optionalCalendarDate = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value)), {
    message: 'Use a real date (YYYY-MM-DD), or leave it empty.',
  })
  .transform((value) => (value ? value : undefined));

/** Repeated form keys (multi-select, checkboxes) as a list of non-empty strings. */
export const stringList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => [value ?? []].flat().filter((v) => v.length > 0));

export const optionalEmail = z
  .string()
  .trim()
  .optional()
  .transform((value) => value ?? '')
  .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
    message: 'Use an e-mail address like name@example.com, or leave it empty.',
  });

export const optionalPhone = z
  .string()
  .trim()
  .optional()
  .transform((value) => value ?? '')
  .refine(
    (value) =>
      value === '' || (/^\+?[\d\s().-]+$/.test(value) && value.replace(/\D/g, '').length >= 6),
    { message: 'Use digits, spaces and + ( ) - only, at least 6 digits; or leave it empty.' },
  );

/** A checkbox: present ('on' or 'true') means checked. */
export const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on' || value === 'true');

/** zod issues → the first message per field path ('guardians.0.email'). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_form';
    out[key] ??= issue.message;
  }
  return out;
}
