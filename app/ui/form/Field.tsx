// Field components for every form: a label tied to its control, a hint, and the field's error beside
// it, linked with aria-invalid and aria-describedby. After a failed submit they show what the person
// typed (the action's `values`), not the record's old value.
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { useSettings } from '~/settings/store';
import { typedList, typedValue, type FieldErrors, type FormValues } from './parse-form';

/** What a form shows after a submit came back: the field errors and the typed values. */
export interface FormState {
  fieldErrors?: FieldErrors;
  values?: FormValues;
}

/** The props a control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

export interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Hides the label visually (it stays the control's accessible name). */
  hideLabel?: boolean;
  className?: string;
  /** The characters typed and the field's limit: shows a counter under the control. */
  count?: { length: number; max: number };
  children: (props: ControlProps) => ReactNode;
}

/** The frame of one field; the control comes from the render function. */
export function Field({ label, error, hint, hideLabel, className, count, children }: FieldProps) {
  const id = useId();
  const skin = useSettings((s) => s.skin);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const describedBy = [hint ? hintId : null, count ? countId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`grid content-start gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        className: `${skin.input} ${skin.rounded}`,
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {count ? <CharacterCount id={countId} length={count.length} max={count.max} /> : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

const countFormat = new Intl.NumberFormat('en');

/** From here on (a share of the limit) the counter is announced as the person types. */
export const NEAR_LIMIT_SHARE = 0.9;

/**
 * "182 / 200" under a text field with a limit. The field never cuts what is typed (no `maxlength`):
 * past the limit the counter turns red and the submit's message says by how much. Screen readers
 * hear it only near the limit: the polite live region is always there (a region that appears
 * with its first change is often not announced) but stays empty until then, so every keystroke of
 * a short note is not read out.
 */
export function CharacterCount({ id, length, max }: { id?: string; length: number; max: number }) {
  const near = length >= Math.floor(max * NEAR_LIMIT_SHARE);
  const over = length > max;
  const announcement = over
    ? `${countFormat.format(length - max)} characters over the limit of ${countFormat.format(max)}.`
    : near
      ? `${countFormat.format(max - length)} characters left.`
      : '';
  return (
    <>
      <p
        id={id}
        className={`text-sm tabular-nums ${over ? 'font-medium text-danger' : 'text-muted'}`}
        data-testid="character-count"
      >
        <span aria-hidden="true">
          {countFormat.format(length)} / {countFormat.format(max)}
        </span>
        <span className="sr-only">
          {countFormat.format(length)} of {countFormat.format(max)} characters
        </span>
      </p>
      <p className="sr-only" aria-live="polite" data-testid="character-count-live">
        {announcement}
      </p>
    </>
  );
}

/**
 * The counter's state for a text control: the length of what it shows now, kept up to date by the
 * returned onChange (which also calls the field's own).
 */
function useTypedLength<E extends HTMLInputElement | HTMLTextAreaElement>(
  initial: string,
  onChange?: (event: ChangeEvent<E>) => void,
) {
  const [length, setLength] = useState(initial.length);
  return {
    length,
    onChange: (event: ChangeEvent<E>) => {
      setLength(event.currentTarget.value.length);
      onChange?.(event);
    },
  };
}

export function FieldError({ id, message }: { id?: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm font-medium text-danger">
      {message}
    </p>
  ) : null;
}

interface NamedFieldProps {
  name: string;
  label: ReactNode;
  form?: FormState | null;
  hint?: ReactNode;
  hideLabel?: boolean;
  className?: string;
}

type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'form' | 'className'>;

/**
 * A text-like input (text, email, tel, date, number, password). With `maxLength` (read it from the
 * form's schema with `maxLengthOf`) it shows a counter and lets the person type past the limit;
 * the schema refuses the submit with a message instead of the browser cutting the text.
 */
export function TextField({
  name,
  label,
  form,
  hint,
  hideLabel,
  className,
  defaultValue,
  maxLength,
  onChange,
  ...input
}: NamedFieldProps & InputProps) {
  const shown =
    input.type === 'password' ? undefined : typedValue(form?.values, name, defaultValue);
  const typed = useTypedLength(shown ?? '', onChange);
  return (
    <Field
      label={label}
      error={form?.fieldErrors?.[name]}
      hint={hint}
      hideLabel={hideLabel}
      className={className}
      count={maxLength === undefined ? undefined : { length: typed.length, max: maxLength }}
    >
      {(control) => (
        <input {...input} {...control} name={name} defaultValue={shown} onChange={typed.onChange} />
      )}
    </Field>
  );
}

type TextAreaProps = Omit<
  React.TextareaHTMLAttributes<HTMLTextAreaElement>,
  'name' | 'form' | 'className'
>;

/** A multi-line text field; `maxLength` works as on TextField (a counter, never a cut). */
export function TextAreaField({
  name,
  label,
  form,
  hint,
  hideLabel,
  className,
  defaultValue,
  rows = 3,
  maxLength,
  onChange,
  ...textarea
}: NamedFieldProps & TextAreaProps) {
  const shown = typedValue(form?.values, name, defaultValue);
  const typed = useTypedLength(shown, onChange);
  return (
    <Field
      label={label}
      error={form?.fieldErrors?.[name]}
      hint={hint}
      hideLabel={hideLabel}
      className={className}
      count={maxLength === undefined ? undefined : { length: typed.length, max: maxLength }}
    >
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          rows={rows}
          name={name}
          defaultValue={shown}
          onChange={typed.onChange}
        />
      )}
    </Field>
  );
}

export interface Option {
  value: string;
  label: string;
}

type SelectProps = Omit<
  React.SelectHTMLAttributes<HTMLSelectElement>,
  'name' | 'form' | 'className' | 'defaultValue'
>;

/** A select; with `multiple`, the default is a list. `placeholder` adds an empty first option. */
export function SelectField({
  name,
  label,
  form,
  hint,
  hideLabel,
  className,
  options,
  placeholder,
  defaultValue,
  ...select
}: NamedFieldProps &
  SelectProps & {
    options: readonly Option[];
    placeholder?: string;
    defaultValue?: string | readonly string[];
  }) {
  const value = select.multiple
    ? typedList(form?.values, name, Array.isArray(defaultValue) ? defaultValue : [])
    : typedValue(form?.values, name, defaultValue);
  return (
    <Field
      label={label}
      error={form?.fieldErrors?.[name]}
      hint={hint}
      hideLabel={hideLabel}
      className={className}
    >
      {(control) => (
        <select {...select} {...control} name={name} defaultValue={value}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** One checkbox with its label to the right; its error below. */
export function CheckboxField({
  name,
  label,
  form,
  hint,
  defaultChecked,
  value = 'on',
  ...input
}: Omit<NamedFieldProps, 'hideLabel'> & Omit<InputProps, 'type'>) {
  const id = useId();
  const error = form?.fieldErrors?.[name];
  const typed = form?.values ? form.values[name] !== undefined : undefined;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <input
          {...input}
          id={id}
          type="checkbox"
          name={name}
          value={value}
          defaultChecked={typed ?? defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="h-5 w-5 accent-current"
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export interface CheckboxOption extends Option {
  /** A box the person may not change; a disabled box is not submitted. */
  disabled?: boolean;
}

/**
 * A group of checkboxes sharing one name: the form sends every ticked value (parse it with
 * `stringList`). The legend names the group; the group's hint and error are linked to it.
 */
export function CheckboxGroupField({
  name,
  legend,
  form,
  hint,
  options,
  defaultValue = [],
  empty,
  scrollable = false,
  className,
}: {
  name: string;
  legend: ReactNode;
  form?: FormState | null;
  hint?: ReactNode;
  options: readonly CheckboxOption[];
  /** The values ticked before anything was typed (the record's list). */
  defaultValue?: readonly string[];
  /** What to say when there is nothing to choose from. */
  empty?: ReactNode;
  /** Caps a long list's height; it scrolls inside the form. */
  scrollable?: boolean;
  className?: string;
}) {
  const id = useId();
  const error = form?.fieldErrors?.[name];
  const ticked = typedList(form?.values, name, defaultValue);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      className={`grid gap-1 ${className ?? ''}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {options.length === 0 && empty ? <p className="text-sm text-muted">{empty}</p> : null}
      <div
        className={`grid gap-x-4 sm:grid-cols-2 ${scrollable ? 'max-h-56 overflow-y-auto' : ''}`}
      >
        {options.map((option, index) => (
          <div key={option.value} className="flex min-h-11 items-center gap-2">
            <input
              id={`${id}-${index}`}
              type="checkbox"
              name={name}
              value={option.value}
              disabled={option.disabled}
              defaultChecked={ticked.includes(option.value)}
              className="size-5 shrink-0 accent-[var(--lc-primary)]"
            />
            <label htmlFor={`${id}-${index}`} className={option.disabled ? 'text-muted' : ''}>
              {option.label}
            </label>
          </div>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/**
 * The form-wide message (`_form`): a refusal or failure that belongs to no one field. With
 * `summarize`, a refused submit is also announced once as a whole ("2 fields need attention"), for
 * long forms whose messages may sit out of view.
 */
export function FormError({
  form,
  summarize = false,
}: {
  form?: FormState | null;
  summarize?: boolean;
}) {
  const message = form?.fieldErrors?._form;
  const fieldCount = Object.keys(form?.fieldErrors ?? {}).filter((k) => k !== '_form').length;
  const summary =
    summarize && fieldCount > 0
      ? `${fieldCount === 1 ? 'One field needs' : `${fieldCount} fields need`} attention: see the messages below.`
      : null;
  return message || summary ? (
    <div role="alert" className="grid gap-1 font-medium text-danger">
      {message ? <p>{message}</p> : null}
      {summary ? <p>{summary}</p> : null}
    </div>
  ) : null;
}
