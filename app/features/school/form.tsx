// Form plumbing shared by the school setup and facilitator forms: zod issues turned into one message
// per field (row fields of a repeated group keep their index, e.g. `schedule.0.end`), and labelled
// inputs that show their error beside them and keep what the person typed.
import { useId, type ReactNode } from 'react';
import { z } from 'zod';
import { useSettings } from '~/settings/store';

/** One message per field, keyed by the dotted zod path ('name', 'schedule.2.end'). */
export type FieldErrors = Record<string, string>;

export type Validated<T> =
  { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors; values: Record<string, unknown> };

/** Parses a form's values; on failure gives the first message of every invalid field. */
export function validateForm<S extends z.ZodTypeAny>(
  schema: S,
  values: Record<string, unknown>,
): Validated<z.output<S>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_form';
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors, values };
}

/** A form value that may be one string, several, or absent, as a list of strings. */
export function asList(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** A form value read back for display: a string, or '' when absent. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Zod field for required text: trimmed, with a message that names the field. */
export function requiredText(label: string, max = 120) {
  return z
    .string({ required_error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `Use at most ${max} characters.`);
}

/** Zod field for optional text: trimmed, '' when absent. */
export function optionalText(max = 500) {
  return z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((v) => v ?? '');
}

/** Zod field for an optional phone number: digits, spaces and + ( ) - only. */
export const phoneField = z
  .string()
  .trim()
  .max(40, 'Use at most 40 characters.')
  .refine(
    (v) => v === '' || /^\+?[0-9 ()-]{5,}$/.test(v),
    'Enter a phone number, e.g. +91 98450 00000.',
  )
  .optional()
  .transform((v) => v ?? '');

export function FieldMessage({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm font-medium text-danger">
      {message}
    </p>
  ) : null;
}

interface TextFieldProps {
  /** Text, or text with a visually hidden part (repeated rows: "Day<sr-only>, lesson 2</sr-only>"). */
  label: ReactNode;
  name: string;
  defaultValue?: string;
  error?: string;
  type?: string;
  hint?: string;
  multiline?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
}

export function TextField({
  label,
  name,
  defaultValue = '',
  error,
  type = 'text',
  hint,
  multiline = false,
  autoComplete,
  inputMode,
}: TextFieldProps) {
  const skin = useSettings((s) => s.skin);
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const common = {
    id,
    name,
    defaultValue,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    className: `${skin.input} ${skin.rounded}`,
  };
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea rows={3} {...common} />
      ) : (
        <input type={type} autoComplete={autoComplete} inputMode={inputMode} {...common} />
      )}
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}

interface SelectFieldProps {
  label: ReactNode;
  name: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  defaultValue?: string;
  error?: string;
  placeholder?: string;
}

export function SelectField({
  label,
  name,
  options,
  defaultValue = '',
  error,
  placeholder,
}: SelectFieldProps) {
  const skin = useSettings((s) => s.skin);
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${skin.input} ${skin.rounded}`}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}

interface CheckboxGroupProps {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  defaultValues?: readonly string[];
  error?: string;
  empty?: string;
}

/** A fieldset of checkboxes sharing one name: the form sends every ticked value. */
export function CheckboxGroup({
  legend,
  name,
  options,
  defaultValues = [],
  error,
  empty = 'Nothing to choose from yet.',
}: CheckboxGroupProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="grid gap-1" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 font-medium">{legend}</legend>
      {options.length === 0 ? <p className="text-sm text-muted">{empty}</p> : null}
      <div className="grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
        {options.map((option, index) => (
          <div key={option.value} className="flex min-h-11 items-center gap-2">
            <input
              id={`${id}-${index}`}
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={defaultValues.includes(option.value)}
              className="size-5 accent-[var(--lc-primary)]"
            />
            <label htmlFor={`${id}-${index}`}>{option.label}</label>
          </div>
        ))}
      </div>
      <FieldMessage id={errorId} message={error} />
    </fieldset>
  );
}

/** A form-level message (a save that failed, or an error not tied to one field). */
export function FormAlert({ children }: { children: ReactNode }) {
  const skin = useSettings((s) => s.skin);
  return (
    <p role="alert" className={`p-3 ${skin.error} ${skin.rounded}`}>
      {children}
    </p>
  );
}
