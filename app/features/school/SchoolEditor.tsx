// The one school setup editor behind /dash/school/:kind/new and /dash/school/:kind/:id: a campus,
// subject or classroom form on the form kit. Inputs are uncontrolled, so after a refused submit they
// still hold what the person typed, and each error shows beside its field.
import { useActionData, useLoaderData } from '@remix-run/react';
import { useId } from 'react';
import { alertSettingsOf, MAX_ALERT_DELAY_MINUTES, STUDENT_REPORT_AGE } from '~/domain/absences';
import type { Campus, Classroom, Facilitator, Subject } from '~/domain/records';
import { isEditConflict, openedForm, pickEditable } from '~/ui/form/edit-conflicts';
import { EditConflicts, OpenedField } from '~/ui/form/EditConflicts';
import { EditorForm } from '~/ui/form/EditorForm';
import {
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
  type FormState,
} from '~/ui/form/Field';
import { typedValue } from '~/ui/form/parse-form';
import { PageHeading } from '~/ui/PageHeading';
import { ClassroomFields } from './ClassroomFields';
import {
  alertFieldName,
  editableRecord,
  isHexColour,
  KIND_LABELS,
  SCHOOL_FORM_FIELDS,
  timeZones,
  type SchoolKind,
} from './schemas';
import type { schoolEditorAction, schoolEditorLoader } from './setup-route';
import type { SchoolSaveResult } from './writes';

type SchoolRecord = Campus | Subject | Classroom;

/** The editor's heading: "New campus", or "Edit classroom: Sunflowers". */
export function schoolEditorTitle(kind: SchoolKind, record: SchoolRecord | null): string {
  const one = KIND_LABELS[kind].one;
  return record ? `Edit ${one}: ${record.name}` : `New ${one}`;
}

export interface SchoolEditorProps {
  kind: SchoolKind;
  record: SchoolRecord | null;
  campuses: readonly Campus[];
  subjects: readonly Subject[];
  facilitators: readonly Facilitator[];
  result: SchoolSaveResult | undefined;
}

export function SchoolEditor({
  kind,
  record,
  campuses,
  subjects,
  facilitators,
  result,
}: SchoolEditorProps) {
  const form: FormState | undefined =
    result && !result.ok
      ? {
          fieldErrors: isEditConflict(result) ? undefined : result.fieldErrors,
          values: result.values,
        }
      : undefined;
  const one = KIND_LABELS[kind].one;
  const saveLabel = record ? `Save ${one}` : `Create ${one}`;
  const cancelHref = `/dash/school#${kind}`;

  return (
    <EditorForm
      id={`school-${kind}-form`}
      noValidate
      className="max-w-3xl"
      form={form}
      summarize
      submitLabel={saveLabel}
      cancelTo={cancelHref}
      actionsLabel={`${saveLabel} actions`}
    >
      {/* Decision 052: what the form opened with, and the fields someone else changed since. */}
      {record ? (
        <OpenedField
          opened={openedForm(
            record,
            pickEditable(editableRecord(kind, record), SCHOOL_FORM_FIELDS[kind]),
          )}
        />
      ) : null}
      {isEditConflict(result) ? <EditConflicts conflicts={result.conflicts} /> : null}
      {kind === 'campuses' ? (
        <CampusFields form={form} campus={record && 'timezone' in record ? record : null} />
      ) : null}
      {kind === 'subjects' ? (
        <SubjectFields form={form} subject={record && 'code' in record ? record : null} />
      ) : null}
      {kind === 'classrooms' ? (
        <ClassroomFields
          form={form}
          classroom={record && 'capacity' in record ? record : null}
          campuses={campuses}
          subjects={subjects}
          facilitators={facilitators}
        />
      ) : null}
    </EditorForm>
  );
}

/** The page of both URLs, new and edit (decision 058): the heading and the editor. */
export function SchoolEditorPage() {
  const data = useLoaderData<typeof schoolEditorLoader>();
  const result = useActionData<typeof schoolEditorAction>();
  return (
    <>
      <PageHeading
        title={schoolEditorTitle(data.kind, data.record)}
        lead="Fields marked optional may be left empty."
      />
      <SchoolEditor key={`${data.kind}/${data.id ?? 'new'}`} {...data} result={result} />
    </>
  );
}

function CampusFields({ form, campus }: { form?: FormState; campus: Campus | null }) {
  const current = typedValue(form?.values, 'timezone', campus?.timezone) || 'UTC';
  // A stored alias (Asia/Kolkata) may be missing from the browser's canonical list: keep it.
  const names = timeZones();
  const zones = (names.includes(current) ? names : [current, ...names]).map((zone) => ({
    value: zone,
    label: zone,
  }));
  return (
    <>
      <TextField name="name" label="Name" form={form} defaultValue={campus?.name} />
      <TextAreaField
        name="address"
        label="Address (optional)"
        form={form}
        defaultValue={campus?.address}
      />
      <TextField
        name="phone"
        label="Phone (optional)"
        form={form}
        type="tel"
        inputMode="tel"
        defaultValue={campus?.phone}
      />
      <SelectField
        name="timezone"
        label="Time zone"
        form={form}
        options={zones}
        defaultValue={current}
      />
      <AbsenceAlertFields form={form} campus={campus} />
      <CheckboxField
        name="studentsReportAbsences"
        label={`Students aged ${STUDENT_REPORT_AGE} or over may report their own absences`}
        hint="Families can always report. A student's report shows on the roll call like a family's."
        form={form}
        defaultChecked={campus?.studentsReportAbsences === true}
      />
    </>
  );
}

/**
 * The campus's absence alerts to families (issue 32): on or off, the delay after the roll call's
 * save, and whether a late mark alerts too. A new campus starts with the defaults (on, 10 minutes,
 * absent only), as does one that has never named them.
 */
function AbsenceAlertFields({ form, campus }: { form?: FormState; campus: Campus | null }) {
  const settings = alertSettingsOf(campus);
  const aboutId = useId();
  return (
    <fieldset className="grid min-w-0 gap-4" aria-describedby={aboutId}>
      <legend className="mb-1 font-medium">Absence alerts to families</legend>
      <p id={aboutId} className="text-sm text-muted">
        When a roll call at this campus marks a child absent and the family has reported nothing,
        each guardian with an account is told, in the app and by push or e-mail as they chose.
      </p>
      <CheckboxField
        name={alertFieldName('enabled')}
        label="Send absence alerts"
        form={form}
        defaultChecked={settings.enabled}
      />
      <TextField
        name={alertFieldName('delayMinutes')}
        label="Delay after the roll call is saved (minutes)"
        form={form}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_ALERT_DELAY_MINUTES}
        step={1}
        hint="A correction within the delay sends nothing. 0 sends at once."
        defaultValue={String(settings.delayMinutes)}
        className="max-w-64"
      />
      <CheckboxField
        name={alertFieldName('includeLate')}
        label="Alert for late arrivals too"
        form={form}
        defaultChecked={settings.includeLate}
      />
    </fieldset>
  );
}

function SubjectFields({ form, subject }: { form?: FormState; subject: Subject | null }) {
  const colour = typedValue(form?.values, 'colour', subject?.colour) || '#2563eb';
  return (
    <>
      <TextField name="name" label="Name" form={form} defaultValue={subject?.name} />
      <TextField
        name="code"
        label="Code"
        form={form}
        hint="Short and unique, e.g. MATH."
        defaultValue={subject?.code}
      />
      <div className="flex items-start gap-3">
        <TextField
          name="colour"
          label="Colour"
          form={form}
          hint="A hex value, e.g. #2563eb."
          defaultValue={colour}
          className="grow"
        />
        {isHexColour(colour) ? (
          <span
            aria-hidden="true"
            className="mt-7 size-10 shrink-0 rounded border border-border"
            style={{ backgroundColor: colour }}
          />
        ) : null}
      </div>
      <TextAreaField
        name="description"
        label="Description (optional)"
        form={form}
        defaultValue={subject?.description}
      />
    </>
  );
}
