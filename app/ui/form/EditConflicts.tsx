// The two parts every record edit form adds for decision 052: the hidden field with what the form
// opened (captured once, so a refresh of the page's data while the person types does not move it),
// and the panel a stopped save shows: per conflicting field, who changed it and a "Keep mine" /
// "Keep theirs" radio group (native radios: Tab reaches the group, arrow keys choose).
import { useId, useRef, useState } from 'react';
import { useSettings } from '~/settings/store';
import { Button } from '../Button';
import {
  KEEP_PREFIX,
  OPENED_FIELD,
  SEEN_FIELD,
  type EditConflict,
  type OpenedForm,
} from './edit-conflicts';
import { FieldError } from './Field';

export interface OpenedFieldProps {
  opened: OpenedForm;
  /**
   * The record as it is now, when it changed after the form opened (a live query, issue 29): the
   * form then says which fields changed and offers to load them. Nothing is written into the
   * person's fields without their say.
   */
  current?: OpenedForm | null;
  /** Each field's label as the form shows it (for the notice). */
  labels?: Record<string, string>;
}

/**
 * What the form opened with, as a hidden field; the first render's value is kept, and moves only
 * for the fields the person chose to load from a newer copy of the record.
 */
export function OpenedField({ opened, current, labels = {} }: OpenedFieldProps) {
  const [snapshot, setSnapshot] = useState(opened);
  const [loaded, setLoaded] = useState<string[]>([]);
  /** Changed fields the person had changed too: theirs stay, and the save will ask. */
  const [kept, setKept] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const changed = current ? changedFields(snapshot.values, current.values) : [];

  const load = () => {
    const form = input.current?.form;
    if (!form || !current) return;
    const done: string[] = [];
    for (const field of changed) {
      if (loadField(form, field, snapshot.values[field], current.values[field])) done.push(field);
    }
    setKept(changed.filter((field) => !done.includes(field)));
    if (done.length === 0) return;
    setSnapshot((before) => ({
      ...before,
      values: { ...before.values, ...Object.fromEntries(done.map((f) => [f, current.values[f]])) },
    }));
    setLoaded(done);
  };

  return (
    <>
      <input ref={input} type="hidden" name={OPENED_FIELD} value={JSON.stringify(snapshot)} />
      <RecordChangedNotice
        changed={changed.filter((f) => !kept.includes(f)).map((f) => labels[f] ?? f)}
        kept={changed.filter((f) => kept.includes(f)).map((f) => labels[f] ?? f)}
        loaded={loaded.map((f) => labels[f] ?? f)}
        onLoad={load}
      />
    </>
  );
}

/** The fields whose value differs between two snapshots of the same record. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  return Object.keys(after).filter(
    (field) => JSON.stringify(before[field] ?? '') !== JSON.stringify(after[field] ?? ''),
  );
}

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return value === undefined || value === null || value === '' ? [] : [String(value)];
}

/**
 * Puts a field's newer value into the form when the person has not changed it (its inputs still
 * hold the opened value). Text inputs, text areas, single selects, and groups of checkboxes or
 * radios; anything else is left alone. Returns whether the field now shows the newer value.
 */
function loadField(form: HTMLFormElement, field: string, opened: unknown, next: unknown): boolean {
  const element = form.elements.namedItem(field);
  if (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  ) {
    if (
      element instanceof HTMLInputElement &&
      (element.type === 'checkbox' || element.type === 'radio')
    ) {
      return loadChoices([element], opened, next);
    }
    if (element instanceof HTMLSelectElement && element.multiple) return false;
    if (element.value !== String(opened ?? '')) return false; // The person changed it: theirs stays.
    element.value = String(next ?? '');
    element.dispatchEvent(new Event('input', { bubbles: true }));
    return true;
  }
  if (element instanceof RadioNodeList) {
    const inputs = [...element].filter((node) => node instanceof HTMLInputElement);
    return loadChoices(inputs, opened, next);
  }
  return false;
}

function loadChoices(inputs: HTMLInputElement[], opened: unknown, next: unknown): boolean {
  if (inputs.some((i) => i.type !== 'checkbox' && i.type !== 'radio')) return false;
  const checked = inputs
    .filter((i) => i.checked)
    .map((i) => i.value)
    .sort();
  if (JSON.stringify(checked) !== JSON.stringify(asList(opened).sort())) return false;
  const wanted = new Set(asList(next));
  for (const i of inputs) i.checked = wanted.has(i.value);
  return true;
}

/** "Someone else changed Notes and Phone since you opened this form." with the offer to load them. */
function RecordChangedNotice({
  changed,
  kept,
  loaded,
  onLoad,
}: {
  changed: readonly string[];
  kept: readonly string[];
  loaded: readonly string[];
  onLoad: () => void;
}) {
  const skin = useSettings((s) => s.skin);
  if (changed.length === 0 && kept.length === 0) {
    return loaded.length > 0 ? (
      <p role="status" className={`px-4 py-3 ${skin.info} ${skin.rounded}`}>
        Loaded the newer {listOf(loaded)}.
      </p>
    ) : null;
  }
  return (
    <div role="status" className={`grid gap-2 px-4 py-3 ${skin.warning} ${skin.rounded}`}>
      {changed.length > 0 ? (
        <>
          <p>Someone else changed {listOf(changed)} since you opened this form.</p>
          <p>
            <Button variant="secondary" onClick={onLoad}>
              Load their changes
            </Button>
          </p>
        </>
      ) : null}
      {kept.length > 0 ? (
        <p>
          Someone else also changed {listOf(kept)}, which you changed too: your text stays, and
          saving asks which value to keep.
        </p>
      ) : null}
    </div>
  );
}

function listOf(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
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
