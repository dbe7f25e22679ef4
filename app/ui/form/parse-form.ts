// The one way a clientAction reads a form (style.md rule 2): the submitted values are collected
// (repeated keys become lists, dotted names like `guardians.0.email` become nested objects and
// lists), parsed with the form's zod schema, and either handed back typed or turned into one
// message per field. On failure the typed values go back too, so the form can show what the person
// typed beside each message.
import type { z } from 'zod';

/** What a person typed, by field name as the form named it (`guardians.0.email`). */
export type FormValues = Record<string, string | string[]>;

/** One message per field, keyed by the field's name ('name', 'schedule.2.end'); '_form' for the form. */
export type FieldErrors = Record<string, string>;

/** The answer a clientAction returns for invalid input. */
export interface FormFailure {
  ok: false;
  status: 400;
  fieldErrors: FieldErrors;
  values: FormValues;
}

export type ParsedForm<T> = { ok: true; data: T; values: FormValues } | FormFailure;

/** The form's entries as typed: text fields only (files are not form values here). */
export function formValues(input: FormData | URLSearchParams): FormValues {
  const values: FormValues = {};
  for (const [key, value] of input.entries()) {
    if (typeof value !== 'string') continue;
    const existing = values[key];
    if (existing === undefined) values[key] = value;
    else values[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return values;
}

const INDEX = /^\d+$/;

/** `{'guardians.0.name': 'A'}` → `{guardians: [{name: 'A'}]}`. Names without dots stay as they are. */
export function nestValues(values: FormValues): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const path = name.split('.');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, depth) => {
      const last = depth === path.length - 1;
      const key = INDEX.test(segment) && Array.isArray(node) ? Number(segment) : segment;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[key] = value;
        return;
      }
      const nextIsIndex = INDEX.test(path[depth + 1] ?? '');
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Record<string, unknown> | unknown[];
    });
  }
  // Rows removed from the middle of a list leave holes; a form means the rows that are there.
  return compactLists(root) as Record<string, unknown>;
}

function compactLists(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compactLists);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compactLists(v)]));
  }
  return value;
}

/** zod issues → the first message of each field, by the field's dotted name. */
export function fieldErrorsFrom(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_form';
    fieldErrors[key] ??= issue.message;
  }
  return fieldErrors;
}

/** The failure answer for errors found after parsing (a duplicate name, a backend refusal). */
export function formFailure(values: FormValues, fieldErrors: FieldErrors): FormFailure {
  return { ok: false, status: 400, fieldErrors, values };
}

/**
 * Parses a submitted form with its schema. Pass the request's FormData, or values already read from
 * it. Success gives the schema's output; failure gives status 400 with the field errors and the
 * typed values.
 */
export function parseForm<S extends z.ZodTypeAny>(
  schema: S,
  input: FormData | URLSearchParams | FormValues,
): ParsedForm<z.output<S>> {
  const values =
    input instanceof FormData || input instanceof URLSearchParams ? formValues(input) : input;
  const parsed = schema.safeParse(nestValues(values));
  if (parsed.success) return { ok: true, data: parsed.data, values };
  return formFailure(values, fieldErrorsFrom(parsed.error));
}

/** Reads and parses the request's form in one step. */
export async function parseRequestForm<S extends z.ZodTypeAny>(
  schema: S,
  request: Request,
): Promise<ParsedForm<z.output<S>>> {
  return parseForm(schema, await request.formData());
}

/** The value a field shows: what the person typed if the form came back, else the record's value. */
export function typedValue(
  values: FormValues | undefined,
  name: string,
  fallback?: unknown,
): string {
  const typed = values?.[name];
  if (typeof typed === 'string') return typed;
  if (typeof fallback === 'string') return fallback;
  if (typeof fallback === 'number') return String(fallback);
  return '';
}

/** The list a multi-value field shows: what was typed, else the record's list. */
export function typedList(
  values: FormValues | undefined,
  name: string,
  fallback: readonly string[] = [],
): string[] {
  const typed = values?.[name];
  if (typed === undefined) return values ? [] : [...fallback];
  return Array.isArray(typed) ? typed : [typed];
}
