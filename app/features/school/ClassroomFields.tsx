// The classroom form's fields, with its weekly schedule: lessons can be added and removed before
// saving, so the rows are state (each with a stable key; the inputs inside stay uncontrolled). Row
// fields are named by their current position (`schedule.0.start`), which parseForm nests into the
// schedule list; a row's error comes back under the same name.
import { useState } from 'react';
import { z } from 'zod';
import type { Campus, Classroom, Facilitator, Subject } from '~/domain/records';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { CheckboxGroupField, SelectField, TextField, type FormState } from '~/ui/form/Field';
import { nestValues } from '~/ui/form/parse-form';
import { scheduleFieldName, WEEKDAYS } from './schemas';

interface RowDraft {
  key: number;
  weekday: string;
  start: string;
  end: string;
  subjectId: string;
}

/** A schedule row as typed (all strings) or as stored (the weekday a number); gaps become ''. */
const rowDraftSchema = z.object({
  weekday: z.union([z.string(), z.number()]).transform(String).catch('1'),
  start: z.string().catch(''),
  end: z.string().catch(''),
  subjectId: z.string().catch(''),
});

/** The rows to start with: what was typed if the form came back, else the stored schedule. */
function initialRows(form: FormState | undefined, classroom: Classroom | null): RowDraft[] {
  const rows: unknown = form?.values ? nestValues(form.values).schedule : classroom?.schedule;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown, key): RowDraft[] => {
    const parsed = rowDraftSchema.safeParse(row);
    return parsed.success ? [{ key, ...parsed.data }] : [];
  });
}

/** A schedule row's field label: short on screen, numbered for screen readers and tests. */
function RowLabel({ text, lesson }: { text: string; lesson: number }) {
  return (
    <>
      {text}
      <span className="sr-only">, lesson {lesson}</span>
    </>
  );
}

const WEEKDAY_OPTIONS = WEEKDAYS.map((day, i) => ({ value: String(i + 1), label: day }));

export function ClassroomFields({
  form,
  classroom,
  campuses,
  subjects,
  facilitators,
}: {
  form?: FormState;
  classroom: Classroom | null;
  campuses: readonly Campus[];
  subjects: readonly Subject[];
  facilitators: readonly Facilitator[];
}) {
  const skin = useSettings((s) => s.skin);
  const [rows, setRows] = useState<RowDraft[]>(() => initialRows(form, classroom));
  const [nextKey, setNextKey] = useState(() => rows.length);
  // Row fields show their errors, but not the typed values: a row added after a refused submit
  // must start empty, not with what an earlier row at its position held.
  const rowForm: FormState = { fieldErrors: form?.fieldErrors };
  const subjectOptions = subjects.flatMap((s) => (s.id ? [{ value: s.id, label: s.name }] : []));
  const campusOptions = campuses.flatMap((c) => (c.id ? [{ value: c.id, label: c.name }] : []));
  const facilitatorOptions = facilitators.flatMap((f) =>
    f.id ? [{ value: f.id, label: `${f.firstName} ${f.lastName}` }] : [],
  );

  return (
    <>
      <TextField name="name" label="Name" form={form} defaultValue={classroom?.name} />
      <SelectField
        name="campusId"
        label="Campus"
        form={form}
        placeholder="Choose a campus"
        options={campusOptions}
        defaultValue={classroom?.campusId}
      />
      <TextField
        name="capacity"
        label="Capacity"
        form={form}
        inputMode="numeric"
        hint="How many students fit, a whole number."
        defaultValue={classroom?.capacity}
      />
      <CheckboxGroupField
        name="subjectIds"
        legend="Subjects"
        form={form}
        options={subjectOptions}
        defaultValue={classroom?.subjectIds}
        empty="No subjects yet: add them on the school setup page."
        scrollable
      />
      <CheckboxGroupField
        name="facilitatorIds"
        legend="Facilitators"
        form={form}
        options={facilitatorOptions}
        defaultValue={classroom?.facilitatorIds}
        empty="No facilitators yet."
        scrollable
      />
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Weekly schedule</legend>
        {rows.length === 0 ? <p className="text-sm text-muted">No lessons scheduled yet.</p> : null}
        <ol className="grid gap-3">
          {rows.map((row, index) => (
            <li
              key={row.key}
              aria-label={`Lesson ${index + 1}`}
              className={`grid gap-2 border border-border p-3 sm:grid-cols-2 lg:grid-cols-[minmax(7rem,1fr)_8.5rem_8.5rem_minmax(7rem,1fr)_auto] lg:items-start ${skin.rounded}`}
            >
              <SelectField
                name={scheduleFieldName(index, 'weekday')}
                label={<RowLabel text="Day" lesson={index + 1} />}
                form={rowForm}
                options={WEEKDAY_OPTIONS}
                defaultValue={row.weekday || '1'}
              />
              <TextField
                name={scheduleFieldName(index, 'start')}
                label={<RowLabel text="Start" lesson={index + 1} />}
                form={rowForm}
                type="time"
                defaultValue={row.start}
              />
              <TextField
                name={scheduleFieldName(index, 'end')}
                label={<RowLabel text="End" lesson={index + 1} />}
                form={rowForm}
                type="time"
                defaultValue={row.end}
              />
              <SelectField
                name={scheduleFieldName(index, 'subjectId')}
                label={<RowLabel text="Subject" lesson={index + 1} />}
                form={rowForm}
                placeholder="Choose a subject"
                options={subjectOptions}
                defaultValue={row.subjectId}
              />
              <Button
                variant="secondary"
                className="self-end lg:mt-6 lg:self-start"
                onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
              >
                Remove<span className="sr-only"> lesson {index + 1}</span>
              </Button>
            </li>
          ))}
        </ol>
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setRows((current) => [
                ...current,
                { key: nextKey, weekday: '1', start: '09:00', end: '09:50', subjectId: '' },
              ]);
              setNextKey((k) => k + 1);
            }}
          >
            Add lesson
          </Button>
        </div>
      </fieldset>
    </>
  );
}
