// The one event form behind /dash/calendar/new and /dash/calendar/:id/edit (style.md rule 4).
// Inputs are uncontrolled, so after a refused submit they still hold what the person typed. Three
// choices are state because they change what else is shown: the campus (which classrooms are
// offered), "All day" (no times) and "Repeats" (every how many weeks, until when); the reply asked
// of families has its own fieldset (ReplyRequestFields).
import { useState } from 'react';
import type { ReplyKind } from '~/domain/replies';
import {
  isEditConflict,
  type EditConflictFailure,
  type OpenedForm,
} from '~/ui/form/edit-conflicts';
import { EditConflicts, OpenedField } from '~/ui/form/EditConflicts';
import { EditorForm } from '~/ui/form/EditorForm';
import {
  CheckboxField,
  CheckboxGroupField,
  Field,
  TextAreaField,
  TextField,
  type FormState,
} from '~/ui/form/Field';
import { maxLengthOf } from '~/ui/form/fields';
import { typedValue, type FormFailure, type FormValues } from '~/ui/form/parse-form';
import { AUDIENCE_OPTIONS, eventFormSchema, REPEAT_OPTIONS } from './event-form';
import { ReplyRequestFields } from './ReplyRequestFields';

export interface EventFormProps {
  defaults: FormValues;
  campuses: ReadonlyArray<{ id: string; name: string; timezone: string }>;
  classrooms: ReadonlyArray<{ id: string; name: string; campusId: string; campusName: string }>;
  /** Staff may leave the campus and classrooms empty (an event for the whole school). */
  staff: boolean;
  /** "Change only this event": one date, so no repeating. */
  single?: boolean;
  /** What an edit of a single event opened with (decision 052); none for a new event. */
  opened?: OpenedForm | null;
  /** The kind of reply the event asks already, which stays. */
  replyKind?: ReplyKind | null;
  result: FormFailure | EditConflictFailure | undefined;
  cancelHref: string;
}

export function EventForm({
  defaults,
  campuses,
  classrooms,
  staff,
  single = false,
  opened,
  replyKind,
  result,
  cancelHref,
}: EventFormProps) {
  // A refused submit shows what was typed; otherwise the event's own values.
  const form: FormState = result
    ? {
        fieldErrors: isEditConflict(result) ? undefined : result.fieldErrors,
        values: result.values,
      }
    : { values: defaults };
  const errors = form.fieldErrors ?? {};
  const [campusId, setCampusId] = useState(typedValue(form.values, 'campusId'));
  const [allDay, setAllDay] = useState(form.values?.allDay !== undefined);
  const [repeats, setRepeats] = useState(typedValue(form.values, 'repeats') || 'none');
  const offered = classrooms.filter((c) => !campusId || c.campusId === campusId);
  const zone = campuses.find((c) => c.id === campusId)?.timezone ?? campuses[0]?.timezone;

  return (
    <EditorForm
      frame="sheet"
      noValidate
      className="max-w-3xl"
      form={form}
      summarize
      submitLabel="Save event"
      cancelTo={cancelHref}
      actionsLabel="Event form actions"
    >
      {/* Decision 052: what the form opened with, and the fields someone else changed since. */}
      {opened ? <OpenedField opened={opened} /> : null}
      {isEditConflict(result) ? <EditConflicts conflicts={result.conflicts} /> : null}
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">Event</legend>
        <TextField
          name="title"
          label="Title"
          form={form}
          maxLength={maxLengthOf(eventFormSchema, 'title')}
          autoComplete="off"
        />
        <TextAreaField
          name="description"
          label="Description"
          form={form}
          maxLength={maxLengthOf(eventFormSchema, 'description')}
        />
        <TextField
          name="location"
          label="Location"
          form={form}
          maxLength={maxLengthOf(eventFormSchema, 'location')}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">When</legend>
        <p className="text-sm text-muted sm:col-span-2">
          Times are in the campus timezone{zone ? ` (${zone})` : ''}.
        </p>
        <CheckboxField
          name="allDay"
          label="All day"
          form={form}
          onChange={(event) => setAllDay(event.target.checked)}
        />
        <div className="hidden sm:block" />
        <TextField name="startDate" label="Starts" type="date" form={form} />
        <TextField name="startTime" label="Start time" type="time" form={form} disabled={allDay} />
        <TextField name="endDate" label="Ends" type="date" form={form} />
        <TextField name="endTime" label="End time" type="time" form={form} disabled={allDay} />
        {single ? null : (
          <>
            <Field label="Repeats" error={errors.repeats}>
              {(control) => (
                <select
                  {...control}
                  name="repeats"
                  value={repeats}
                  onChange={(event) => setRepeats(event.target.value)}
                >
                  {REPEAT_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {repeats === 'weeks' ? (
              <TextField
                name="interval"
                label="Every"
                hint="Number of weeks between events (1 to 52)."
                type="number"
                inputMode="numeric"
                min={1}
                max={52}
                form={form}
              />
            ) : (
              <div className="hidden sm:block" />
            )}
            {repeats === 'none' ? null : (
              <TextField
                name="until"
                label="Until"
                hint="The date of the last event."
                type="date"
                form={form}
              />
            )}
          </>
        )}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Who it is for</legend>
        <Field label="Campus" error={errors.campusId}>
          {(control) => (
            <select
              {...control}
              name="campusId"
              value={campusId}
              onChange={(event) => setCampusId(event.target.value)}
            >
              {staff ? <option value="">All campuses</option> : null}
              {campuses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="hidden sm:block" />
        <CheckboxGroupField
          key={campusId}
          name="classroomIds"
          legend="Classrooms"
          form={form}
          className="sm:col-span-2"
          scrollable
          hint={
            staff
              ? 'Leave empty for the whole campus (or the whole school).'
              : 'Events you create are for your classrooms.'
          }
          options={offered.map((c) => ({
            value: c.id,
            label: campusId ? c.name : `${c.name} (${c.campusName})`,
          }))}
          empty="No classrooms to choose from."
        />
        <CheckboxGroupField
          name="audience"
          legend="Audience"
          form={form}
          className="sm:col-span-2"
          options={AUDIENCE_OPTIONS}
        />
      </fieldset>

      <ReplyRequestFields form={form} fixedKind={replyKind} />
    </EditorForm>
  );
}
