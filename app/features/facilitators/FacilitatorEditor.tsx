// The one facilitator editor behind /dash/facilitators/new and /dash/facilitators/:id/edit, on the
// form kit. Staff get every field; a facilitator editing their own record gets the own-profile
// fields only (the backend refuses anything more). Inputs are uncontrolled, so after a refused
// submit they still hold what the person typed, and each error shows beside its field.
import { useActionData, useLoaderData } from '@remix-run/react';
import { useLiveRecord } from '~/data/live';
import { campusChoices } from '~/domain/campus-labels';
import type { Campus, Classroom, Facilitator, Subject } from '~/domain/records';
import { isEditConflict, openedForm, pickEditable } from '~/ui/form/edit-conflicts';
import { EditConflicts, OpenedField } from '~/ui/form/EditConflicts';
import { EditorForm } from '~/ui/form/EditorForm';
import {
  CheckboxGroupField,
  SelectField,
  TextAreaField,
  TextField,
  type FormState,
} from '~/ui/form/Field';
import { PageHeading } from '~/ui/PageHeading';
import {
  FACILITATOR_FIELD_LABELS,
  FACILITATOR_STATUSES,
  OWN_FORM_FIELDS,
  STAFF_FORM_FIELDS,
} from './schemas';
import type { clientAction, clientLoader, EditorMode } from './editor-route';
import type { FacilitatorSaveResult } from './writes';

const STATUS_OPTIONS = FACILITATOR_STATUSES.map((s) => ({
  value: s,
  label: s === 'active' ? 'Active' : 'Inactive',
}));

/** The editor's heading and the lead under it. */
export function facilitatorEditorHeading(
  mode: EditorMode,
  record: Facilitator | null,
): { title: string; lead: string } {
  if (mode === 'own') {
    return {
      title: 'Edit your profile',
      lead: 'You can change your name, phone and bio. The office manages the rest.',
    };
  }
  return {
    title: record ? `Edit ${record.firstName} ${record.lastName}` : 'New facilitator',
    lead: 'Fields marked optional may be left empty.',
  };
}

function options(items: ReadonlyArray<{ id?: string; name: string }>) {
  return items.flatMap((item) => (item.id ? [{ value: item.id, label: item.name }] : []));
}

export interface FacilitatorEditorProps {
  mode: EditorMode;
  record: Facilitator | null;
  campuses: readonly Campus[];
  subjects: readonly Subject[];
  classrooms: readonly Classroom[];
  result: FacilitatorSaveResult | undefined;
}

export function FacilitatorEditor({
  mode,
  record,
  campuses,
  subjects,
  classrooms,
  result,
}: FacilitatorEditorProps) {
  const form: FormState | undefined =
    result && !result.ok
      ? {
          fieldErrors: isEditConflict(result) ? undefined : result.fieldErrors,
          values: result.values,
        }
      : undefined;
  const saveLabel =
    mode === 'own' ? 'Save my profile' : record ? 'Save facilitator' : 'Create facilitator';
  const cancelHref = record?.id ? `/dash/facilitators/${record.id}` : '/dash/facilitators';

  const editable = mode === 'own' ? OWN_FORM_FIELDS : STAFF_FORM_FIELDS;
  // Someone else's change while the form is open is said, never typed over (issue 29).
  const latest = useLiveRecord('facilitators', record?.id);

  return (
    <EditorForm
      id="facilitator-form"
      noValidate
      className="max-w-3xl"
      form={form}
      summarize
      submitLabel={saveLabel}
      cancelTo={cancelHref}
      actionsLabel="Facilitator form actions"
    >
      {/* Decision 052: what the form opened with, and the fields someone else changed since. */}
      {record ? (
        <OpenedField
          opened={openedForm(record, pickEditable(record, editable))}
          current={latest ? openedForm(latest, pickEditable(latest, editable)) : null}
          labels={FACILITATOR_FIELD_LABELS}
        />
      ) : null}
      {isEditConflict(result) ? <EditConflicts conflicts={result.conflicts} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="firstName"
          label="First name"
          form={form}
          autoComplete="given-name"
          defaultValue={record?.firstName}
        />
        <TextField
          name="lastName"
          label="Last name"
          form={form}
          autoComplete="family-name"
          defaultValue={record?.lastName}
        />
      </div>
      {mode === 'staff' ? (
        <TextField
          name="email"
          label="E-mail (optional)"
          form={form}
          type="email"
          inputMode="email"
          defaultValue={record?.email}
        />
      ) : null}
      <TextField
        name="phone"
        label="Phone (optional)"
        form={form}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        defaultValue={record?.phone}
      />
      {mode === 'staff' ? (
        <>
          <SelectField
            name="campusId"
            label="Campus"
            form={form}
            placeholder="Choose a campus"
            options={options(campuses)}
            defaultValue={record?.campusId}
          />
          <SelectField
            name="status"
            label="Status"
            form={form}
            options={STATUS_OPTIONS}
            defaultValue={record?.status ?? 'active'}
          />
          <CheckboxGroupField
            name="subjectIds"
            legend="Subjects taught"
            form={form}
            options={options(subjects)}
            defaultValue={record?.subjectIds}
            empty="No subjects yet."
            scrollable
          />
          <CheckboxGroupField
            name="classroomIds"
            legend="Classrooms"
            form={form}
            options={campusChoices(classrooms, campuses)}
            defaultValue={record?.classroomIds}
            empty="No classrooms yet."
            scrollable
          />
        </>
      ) : null}
      <TextAreaField name="bio" label="Bio (optional)" form={form} defaultValue={record?.bio} />
    </EditorForm>
  );
}

/** The page of both URLs, new and edit (decision 058): the heading and the editor. */
export function FacilitatorEditorPage() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const { title, lead } = facilitatorEditorHeading(data.mode, data.record);
  return (
    <>
      <PageHeading title={title} lead={lead} />
      <FacilitatorEditor {...data} result={result} />
    </>
  );
}
