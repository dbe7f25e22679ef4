// The one student editor behind /dash/students/new and /dash/students/:id/edit (style.md rule 4).
// Inputs are uncontrolled, so after a refused submit they still hold what the person typed; only the
// campus is state, because it decides which classrooms are offered.
import { Form, Link, useNavigation } from '@remix-run/react';
import { useId, useState } from 'react';
import { STUDENT_STATUSES } from '~/domain/records';
import { useSettings } from '~/settings/store';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { Field, FieldError, valueOf } from './Field';
import { splitNotes } from './status-history';
import { STUDENT_STATUS_LABELS, type StudentFormResult, type StudentRecord } from './student-form';

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
  const skin = useSettings((s) => s.skin);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const formId = useId();
  const classroomsErrorId = useId();
  const typed = result && 'values' in result ? result.values : undefined;
  const errors = result?.status === 'invalid' ? result.fieldErrors : {};
  const [campusId, setCampusId] = useState(
    valueOf(typed, 'campusId', student?.campusId ?? campuses[0]?.id ?? ''),
  );
  const typedClassrooms = typed?.classroomIds;
  const chosenClassrooms = new Set(
    Array.isArray(typedClassrooms)
      ? typedClassrooms
      : typeof typedClassrooms === 'string'
        ? [typedClassrooms]
        : typed
          ? []
          : (student?.classroomIds ?? []),
  );
  const campusClassrooms = classrooms.filter((c) => c.campusId === campusId);
  const submitLabel = student ? 'Save changes' : 'Create student';

  return (
    <>
      {result?.status === 'failed' ? (
        <p role="alert" className={`mb-4 p-3 ${skin.error} ${skin.rounded}`}>
          {result.message}
        </p>
      ) : null}
      {errors._form ? (
        <p role="alert" className={`mb-4 p-3 ${skin.error} ${skin.rounded}`}>
          {errors._form}
        </p>
      ) : null}
      <Form
        id={formId}
        method="post"
        noValidate
        className={`grid max-w-3xl gap-6 p-6 ${skin.card} ${skin.rounded}`}
      >
        {result?.status === 'duplicate' ? (
          <div role="alert" className={`p-4 ${skin.warning} ${skin.rounded}`}>
            <p className="font-semibold">
              A student with the same name and date of birth exists already.
            </p>
            <ul className="mt-2 list-disc pl-6">
              {result.duplicates.map((d) => (
                <li key={d.id}>
                  <Link to={`/dash/students/${d.id}`} className={skin.link}>
                    {d.name}, born {d.dateOfBirth}
                  </Link>
                </li>
              ))}
            </ul>
            <p className="mt-2">Check that this is a different child before saving.</p>
            <button
              type="submit"
              name="confirmDuplicate"
              value="1"
              disabled={busy}
              className={`mt-3 ${skin.button} ${skin.rounded}`}
            >
              Save anyway
            </button>
          </div>
        ) : null}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">Personal details</legend>
          <Field label="First name" error={errors.firstName}>
            {(p) => (
              <input
                {...p}
                name="firstName"
                autoComplete="off"
                defaultValue={valueOf(typed, 'firstName', student?.firstName)}
              />
            )}
          </Field>
          <Field label="Last name" error={errors.lastName}>
            {(p) => (
              <input
                {...p}
                name="lastName"
                autoComplete="off"
                defaultValue={valueOf(typed, 'lastName', student?.lastName)}
              />
            )}
          </Field>
          <Field label="Preferred name (optional)" error={errors.preferredName}>
            {(p) => (
              <input
                {...p}
                name="preferredName"
                autoComplete="off"
                defaultValue={valueOf(typed, 'preferredName', student?.preferredName)}
              />
            )}
          </Field>
          <Field label="Date of birth" error={errors.dateOfBirth}>
            {(p) => (
              <input
                {...p}
                type="date"
                name="dateOfBirth"
                defaultValue={valueOf(typed, 'dateOfBirth', student?.dateOfBirth)}
              />
            )}
          </Field>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">Family and enrolment</legend>
          <Field
            label="Family"
            error={errors.familyId}
            hint="Choosing another family moves the student to it."
          >
            {(p) => (
              <select
                {...p}
                name="familyId"
                defaultValue={valueOf(typed, 'familyId', student?.familyId ?? defaultFamilyId)}
              >
                <option value="">Choose a family</option>
                {families.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.familyName}
                    {f.guardianNames ? ` (${f.guardianNames})` : ''}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="flex items-end">
            <Link to="/dash/families/new" className={skin.link}>
              Create a new family first
            </Link>
          </div>
          <Field label="Campus" error={errors.campusId}>
            {(p) => (
              <select
                {...p}
                name="campusId"
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
          <Field label="Status" error={errors.status}>
            {(p) => (
              <select
                {...p}
                name="status"
                defaultValue={valueOf(typed, 'status', student?.status ?? 'enrolled')}
              >
                {STUDENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STUDENT_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Enrolled on (optional)" error={errors.enrolledOn}>
            {(p) => (
              <input
                {...p}
                type="date"
                name="enrolledOn"
                defaultValue={valueOf(typed, 'enrolledOn', student?.enrolledOn)}
              />
            )}
          </Field>
          <fieldset
            className="sm:col-span-2"
            aria-invalid={errors.classroomIds ? true : undefined}
            aria-describedby={errors.classroomIds ? classroomsErrorId : undefined}
          >
            <legend className="font-medium">Classrooms</legend>
            {campusClassrooms.length === 0 ? (
              <p className="text-sm text-muted">Choose a campus to see its classrooms.</p>
            ) : (
              <ul className="mt-1 grid gap-1 sm:grid-cols-2">
                {campusClassrooms.map((c) => (
                  <li key={c.id} className="flex min-h-11 items-center gap-2">
                    <input
                      id={`${formId}-room-${c.id}`}
                      type="checkbox"
                      name="classroomIds"
                      value={c.id}
                      defaultChecked={chosenClassrooms.has(c.id)}
                      className="size-5 accent-[var(--lc-primary)]"
                    />
                    <label htmlFor={`${formId}-room-${c.id}`}>{c.name}</label>
                  </li>
                ))}
              </ul>
            )}
            <FieldError id={classroomsErrorId} message={errors.classroomIds} />
          </fieldset>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-lg font-semibold">Notes</legend>
          <Field label="Medical notes (optional)" error={errors.medicalNotes}>
            {(p) => (
              <textarea
                {...p}
                name="medicalNotes"
                rows={2}
                defaultValue={valueOf(typed, 'medicalNotes', student?.medicalNotes)}
              />
            )}
          </Field>
          <Field label="Notes (optional)" error={errors.notes}>
            {(p) => (
              <textarea
                {...p}
                name="notes"
                rows={3}
                defaultValue={valueOf(typed, 'notes', splitNotes(student?.notes).text)}
              />
            )}
          </Field>
        </fieldset>

        <div className="hidden gap-2 sm:flex">
          <button type="submit" disabled={busy} className={`${skin.button} ${skin.rounded}`}>
            {busy ? 'Saving…' : submitLabel}
          </button>
          <Link to={cancelHref} className={`${skin.buttonSecondary} ${skin.rounded}`}>
            Cancel
          </Link>
        </div>
      </Form>
      <MobileActionBar label="Student form actions">
        <Link to={cancelHref} className={`${skin.buttonSecondary} ${skin.rounded}`}>
          Cancel
        </Link>
        <button
          type="submit"
          form={formId}
          disabled={busy}
          className={`${skin.button} ${skin.rounded}`}
        >
          {busy ? 'Saving…' : submitLabel}
        </button>
      </MobileActionBar>
    </>
  );
}
