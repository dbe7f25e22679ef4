// The one student editor behind /dash/students/new and /dash/students/:id/edit (style.md rule 4).
// Inputs are uncontrolled, so after a refused submit they still hold what the person typed; only the
// campus is state, because it decides which classrooms are offered.
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useLiveRecord } from '~/data/live';
import { STUDENT_STATUSES, studentSchema } from '~/domain/records';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { openedForm, isEditConflict } from '~/ui/form/edit-conflicts';
import { EditConflicts, OpenedField } from '~/ui/form/EditConflicts';
import { EditorForm, useSubmittingTo } from '~/ui/form/EditorForm';
import {
  CheckboxGroupField,
  Field,
  SelectField,
  TextAreaField,
  TextField,
  type FormState,
} from '~/ui/form/Field';
import { EARLIEST_BIRTH_DATE } from '~/ui/form/fields';
import { typedValue } from '~/ui/form/parse-form';
import { PageHeading } from '~/ui/PageHeading';
import { FamilyPicker } from './FamilyPicker';
import { splitNotes } from './status-history';
import {
  STUDENT_FIELD_LABELS,
  STUDENT_STATUS_LABELS,
  studentEditable,
  type DuplicateWarning,
  type StudentFormResult,
  type StudentRecord,
} from './student-form';
import type { studentEditorAction, studentEditorLoader } from './student-editor-route';

const STATUS_OPTIONS = STUDENT_STATUSES.map((s) => ({ value: s, label: STUDENT_STATUS_LABELS[s] }));

export interface StudentEditorProps {
  student: StudentRecord | null;
  families: ReadonlyArray<{ id: string; familyName: string; guardianNames: string }>;
  campuses: ReadonlyArray<{ id: string; name: string }>;
  classrooms: ReadonlyArray<{ id: string; name: string; campusId: string }>;
  result: StudentFormResult | undefined;
  defaultFamilyId?: string;
  cancelHref: string;
}

export function StudentEditor({
  student,
  families,
  campuses,
  classrooms,
  result,
  defaultFamilyId,
  cancelHref,
}: StudentEditorProps) {
  // The duplicate warning's "Save anyway" is a second submit of the same form.
  const busy = useSubmittingTo(undefined);
  // What came back from a refused submit: the field errors (400) and what the person typed.
  const form: FormState | undefined =
    result && !result.ok
      ? {
          fieldErrors: result.status === 400 ? result.fieldErrors : undefined,
          values: result.values,
        }
      : undefined;
  const submitLabel = student ? 'Save changes' : 'Create student';
  // Someone else's change while the form is open is said, never typed over (issue 29).
  const latestRecord = useLiveRecord('students', student?.id);
  const latest = latestRecord ? studentSchema.safeParse(latestRecord) : null;

  return (
    <EditorForm
      frame="sheet"
      noValidate
      className="max-w-3xl"
      form={form}
      submitLabel={submitLabel}
      cancelTo={cancelHref}
      actionsLabel="Student form actions"
    >
      {result?.ok === false && result.status === 409 ? (
        <DuplicateStudentsWarning duplicates={result.duplicates} busy={busy} />
      ) : null}
      {/* Decision 052: what the form opened with, and the fields someone else changed since. */}
      {student ? (
        <OpenedField
          opened={openedForm(student, studentEditable(student))}
          current={latest?.success ? openedForm(latest.data, studentEditable(latest.data)) : null}
          labels={STUDENT_FIELD_LABELS}
        />
      ) : null}
      {isEditConflict(result) ? <EditConflicts conflicts={result.conflicts} /> : null}
      <StudentFields
        student={student}
        families={families}
        campuses={campuses}
        classrooms={classrooms}
        form={form}
        defaultFamilyId={defaultFamilyId}
      />
    </EditorForm>
  );
}

/** The page of /dash/students/new and /dash/students/:studentId/edit (decision 058). */
export function StudentEditorPage() {
  const { student, families, campuses, classrooms, familyId } =
    useLoaderData<typeof studentEditorLoader>();
  const result = useActionData<typeof studentEditorAction>();
  return (
    <>
      {student ? (
        <PageHeading
          title={`Edit ${student.firstName} ${student.lastName}`}
          lead="Change the details, the family, the classrooms or the status."
        />
      ) : (
        <PageHeading title="New student" lead="Add a student and link them to a family." />
      )}
      <StudentEditor
        key={student?.id ?? 'new'}
        student={student}
        families={families}
        campuses={campuses}
        classrooms={classrooms}
        result={result}
        defaultFamilyId={familyId}
        cancelHref={student ? `/dash/students/${student.id}` : '/dash/students'}
      />
    </>
  );
}

/** "Save anyway?": students with the same name and date of birth exist; nothing was saved yet. */
export function DuplicateStudentsWarning({
  duplicates,
  busy,
  confirmName = 'confirmDuplicate',
}: {
  duplicates: DuplicateWarning['duplicates'];
  busy: boolean;
  /** The submit button's name: the form sends it as "1" to save despite the warning. */
  confirmName?: string;
}) {
  const skin = useSettings((s) => s.skin);
  return (
    <div role="alert" className={`p-4 ${skin.warning} ${skin.rounded}`}>
      <p className="font-semibold">
        A student with the same name and date of birth exists already.
      </p>
      <ul className="mt-2 list-disc pl-6">
        {duplicates.map((d) => (
          <li key={d.id}>
            <Link to={`/dash/students/${d.id}`} className={skin.link}>
              {d.name}, born {d.dateOfBirth}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-2">Check that this is a different child before saving.</p>
      <Button type="submit" name={confirmName} value="1" disabled={busy} className="mt-3">
        Save anyway
      </Button>
    </div>
  );
}

export interface StudentFieldsProps {
  /** The values the fields start with: the record being edited, or a draft (a conversion's). */
  student: StudentFieldDefaults | null;
  families: StudentEditorProps['families'];
  campuses: StudentEditorProps['campuses'];
  classrooms: StudentEditorProps['classrooms'];
  form: FormState | undefined;
  defaultFamilyId?: string;
  /** False when the page chooses the family itself (the inquiry conversion): no family picker. */
  familyField?: boolean;
  /** Put before every input's name (`student.`), so another editor's fields can share the form. */
  namePrefix?: string;
}

type StudentFieldDefaults = Omit<StudentRecord, 'id' | 'memberUUID'>;

/** The student's fields without the form around them. */
export function StudentFields({
  student,
  families,
  campuses,
  classrooms,
  form,
  defaultFamilyId,
  familyField = true,
  namePrefix = '',
}: StudentFieldsProps) {
  const skin = useSettings((s) => s.skin);
  const named = (name: string) => `${namePrefix}${name}`;
  const typed = form?.values;
  const errors = form?.fieldErrors ?? {};
  const [campusId, setCampusId] = useState(
    typedValue(typed, named('campusId'), student?.campusId ?? campuses[0]?.id ?? ''),
  );
  const campusClassrooms = classrooms.filter((c) => c.campusId === campusId);
  return (
    <>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Personal details</legend>
        <TextField
          name={named('firstName')}
          label="First name"
          form={form}
          autoComplete="off"
          defaultValue={student?.firstName}
        />
        <TextField
          name={named('lastName')}
          label="Last name"
          form={form}
          autoComplete="off"
          defaultValue={student?.lastName}
        />
        <TextField
          name={named('preferredName')}
          label="Preferred name (optional)"
          form={form}
          autoComplete="off"
          defaultValue={student?.preferredName}
        />
        <TextField
          name={named('dateOfBirth')}
          label="Date of birth"
          form={form}
          type="date"
          min={EARLIEST_BIRTH_DATE}
          defaultValue={student?.dateOfBirth}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Family and enrolment</legend>
        {familyField ? (
          <>
            <FamilyPicker
              families={families}
              name={named('familyId')}
              defaultValue={typedValue(
                typed,
                named('familyId'),
                student?.familyId ?? defaultFamilyId,
              )}
              error={errors[named('familyId')]}
              hint="Choosing another family moves the student to it."
            />
            <div className="flex items-end">
              <Link to="/dash/families/new" className={skin.link}>
                Create a new family first
              </Link>
            </div>
          </>
        ) : null}
        <Field label="Campus" error={errors[named('campusId')]}>
          {(p) => (
            <select
              {...p}
              name={named('campusId')}
              value={campusId}
              onChange={(event) => setCampusId(event.target.value)}
            >
              <option value="">Choose a campus</option>
              {campuses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <SelectField
          name={named('status')}
          label="Status"
          form={form}
          options={STATUS_OPTIONS}
          defaultValue={student?.status ?? 'enrolled'}
        />
        <TextField
          name={named('enrolledOn')}
          label="Enrolled on (optional)"
          form={form}
          type="date"
          defaultValue={student?.enrolledOn}
        />
        <CheckboxGroupField
          name={named('classroomIds')}
          legend="Classrooms"
          form={form}
          className="sm:col-span-2"
          options={campusClassrooms.map((c) => ({ value: c.id, label: c.name }))}
          defaultValue={student?.classroomIds}
          empty="Choose a campus to see its classrooms."
        />
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">Notes</legend>
        <TextAreaField
          name={named('medicalNotes')}
          label="Medical notes (optional)"
          form={form}
          rows={2}
          defaultValue={student?.medicalNotes}
        />
        <TextAreaField
          name={named('notes')}
          label="Notes (optional)"
          form={form}
          defaultValue={splitNotes(student?.notes).text}
        />
      </fieldset>
    </>
  );
}
