// Form field building blocks for the student and family forms: a label tied to its control, the
// error beside it (aria-invalid + aria-describedby), and an optional hint.
import { useId, type ReactNode } from 'react';
import { useSettings } from '~/settings/store';

export interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  children: (props: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
    className: string;
  }) => ReactNode;
}

export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const skin = useSettings((s) => s.skin);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium">
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
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm font-medium text-danger">
      {message}
    </p>
  ) : null;
}

/** A typed value from the action's echo, else the record's value, as a string. */
export function valueOf(
  typed: Record<string, string | string[]> | undefined,
  name: string,
  fallback: unknown,
): string {
  const value = typed?.[name];
  if (typeof value === 'string') return value;
  return typeof fallback === 'string' ? fallback : '';
}
