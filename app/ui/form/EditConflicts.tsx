// The two parts every record edit form adds for decision 052: the hidden field with what the form
// opened (captured once, so a refresh of the page's data while the person types does not move it),
// and the panel a stopped save shows: per conflicting field, who changed it and a "Keep mine" /
// "Keep theirs" radio group (native radios: Tab reaches the group, arrow keys choose).
import { useId, useState } from 'react';
import { useSettings } from '~/settings/store';
import {
  KEEP_PREFIX,
  OPENED_FIELD,
  SEEN_FIELD,
  type EditConflict,
  type OpenedForm,
} from './edit-conflicts';
import { FieldError } from './Field';

/** What the form opened with, as a hidden field; the first render's value is kept. */
export function OpenedField({ opened }: { opened: OpenedForm }) {
  const [text] = useState(() => JSON.stringify(opened));
  return <input type="hidden" name={OPENED_FIELD} value={text} />;
}

/** "Keep mine" / "Keep theirs" for each field someone else changed since the form opened. */
export function EditConflicts({ conflicts }: { conflicts: readonly EditConflict[] }) {
  const skin = useSettings((s) => s.skin);
  const id = useId();
  if (conflicts.length === 0) return null;
  const seen = Object.fromEntries(conflicts.map((c) => [c.field, c.theirsValue]));
  return (
    <section
      role="alert"
      aria-labelledby={`${id}-title`}
      className={`grid gap-3 p-4 ${skin.warning} ${skin.rounded}`}
    >
      <h2 id={`${id}-title`} className="font-semibold">
        Nothing was saved: someone else changed this record since you opened this form.
      </h2>
      <p>Choose which value to keep for each field, then save again.</p>
      <input type="hidden" name={SEEN_FIELD} value={JSON.stringify(seen)} />
      {conflicts.map((conflict, index) => {
        const name = `${KEEP_PREFIX}${conflict.field}`;
        const base = `${id}-${index}`;
        return (
          <fieldset
            key={conflict.field}
            className="grid gap-1"
            aria-invalid={conflict.error ? true : undefined}
            aria-describedby={conflict.error ? `${base}-error` : undefined}
          >
            <legend className="mb-1 font-medium">{conflict.message}</legend>
            {(
              [
                ['mine', 'Keep mine', conflict.mine],
                ['theirs', 'Keep theirs', conflict.theirs],
              ] as const
            ).map(([value, label, text]) => (
              <div key={value} className="flex min-h-11 items-center gap-2">
                <input
                  id={`${base}-${value}`}
                  type="radio"
                  name={name}
                  value={value}
                  className="size-5 shrink-0 accent-[var(--lc-primary)]"
                />
                <label htmlFor={`${base}-${value}`}>
                  {label}: <span className="whitespace-pre-wrap break-words">{text}</span>
                </label>
              </div>
            ))}
            <FieldError id={`${base}-error`} message={conflict.error} />
          </fieldset>
        );
      })}
    </section>
  );
}
