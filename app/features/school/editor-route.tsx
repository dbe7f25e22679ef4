// The create and edit pages of school setup, /dash/school/:kind/new and /dash/school/:kind/:id.
// Both route files re-export this module (style.md rule 4); `params.id` tells them apart. Only the
// roles that may change school setup reach it (the 'school' area guard answers 403 otherwise).
import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { useState } from 'react';
import { requireArea } from '~/auth/guards';
import { loadCollection } from '~/data/route-data';
import {
  campusSchema,
  classroomSchema,
  facilitatorSchema,
  scheduleSlotSchema,
  subjectSchema,
  type Campus,
  type Classroom,
  type Facilitator,
  type Subject,
} from '~/domain/records';
import { canManageFacilitators } from '~/features/facilitators/schemas';
import { settingsStore, useSettings } from '~/settings/store';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { PageHeading } from '~/ui/PageHeading';
import { withErrorTitle } from '~/ui/route-handle';
import { saveSchoolRecord } from './actions';
import {
  asList,
  asText,
  CheckboxGroup,
  FormAlert,
  SelectField,
  TextField,
  type FieldErrors,
} from './form';
import {
  KIND_LABELS,
  SCHEDULE_FIELDS,
  SCHOOL_KINDS,
  scheduleRowsFromValues,
  timeZones,
  WEEKDAYS,
  type SchoolKind,
} from './schemas';

export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';

function parseKind(value: string | undefined): SchoolKind | null {
  return SCHOOL_KINDS.find((kind) => kind === value) ?? null;
}

function notFound(request: Request): Response {
  const path = new URL(request.url).pathname;
  return new Response(`Page Not Found: ${path}`, { status: 404, statusText: 'Not Found' });
}

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  await requireArea(request, 'school');
  const kind = parseKind(params.kind);
  if (!kind) throw notFound(request);
  const [campuses, subjects, classrooms, facilitators] = await Promise.all([
    loadCollection('campuses', { schema: campusSchema, sort: { field: 'name' } }),
    loadCollection('subjects', { schema: subjectSchema, sort: { field: 'name' } }),
    loadCollection('classrooms', { schema: classroomSchema, sort: { field: 'name' } }),
    kind === 'classrooms'
      ? loadCollection('facilitators', { schema: facilitatorSchema, sort: { field: 'lastName' } })
      : Promise.resolve<Facilitator[]>([]),
  ]);
  let record: Campus | Subject | Classroom | null = null;
  if (params.id) {
    const pool: Array<Campus | Subject | Classroom> =
      kind === 'campuses' ? campuses : kind === 'subjects' ? subjects : classrooms;
    record = pool.find((r) => r.id === params.id) ?? null;
    if (!record) throw notFound(request);
  }
  return { kind, id: params.id ?? null, record, campuses, subjects, facilitators };
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const user = await requireArea(request, 'school');
  const kind = parseKind(params.kind);
  if (!kind) throw notFound(request);
  const result = await saveSchoolRecord(kind, await request.formData(), params.id, {
    linkFacilitators: canManageFacilitators(user.roles),
  });
  if (!result.ok) return result;
  const name = typeof result.item.name === 'string' ? result.item.name : KIND_LABELS[kind].one;
  settingsStore.notify(`Saved ${name}`, 'success');
  return redirect(`/dash/school#${kind}`);
}

export const meta: MetaFunction = ({ params, error }) => {
  const kind = parseKind(params.kind);
  if (!kind) return withErrorTitle(error, [{ title: 'School Setup' }]);
  const one = KIND_LABELS[kind].one;
  return withErrorTitle(error, [
    { title: params.id ? `Edit ${one} · School Setup` : `New ${one} · School Setup` },
  ]);
};

type LoaderData = Awaited<ReturnType<typeof clientLoader>>;

/** What to show in each field: what was typed (after an error), else the stored record. */
function fieldValues(
  record: LoaderData['record'],
  typed: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (typed) return typed;
  return record ? { ...record } : {};
}

export default function SchoolEditorPage() {
  const data = useLoaderData<typeof clientLoader>();
  const actionData = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const skin = useSettings((s) => s.skin);
  const failure = actionData && !actionData.ok ? actionData : null;
  const errors: FieldErrors = failure?.fieldErrors ?? {};
  const values = fieldValues(data.record, failure?.values);
  const one = KIND_LABELS[data.kind].one;
  const title = data.id
    ? `Edit ${one}: ${asText(data.record && 'name' in data.record ? data.record.name : '')}`
    : `New ${one}`;
  const busy = navigation.state === 'submitting';
  const formId = `school-${data.kind}-form`;
  const saveLabel = data.id ? `Save ${one}` : `Create ${one}`;
  const errorCount = Object.keys(errors).length;

  return (
    <>
      <PageHeading title={title} lead="Fields marked optional may be left empty." />
      <Form
        method="post"
        id={formId}
        noValidate
        className={`grid max-w-3xl gap-4 p-6 ${skin.card} ${skin.rounded}`}
      >
        {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
        {errorCount > 0 ? (
          <FormAlert>
            {errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} attention: see the
            messages below.
          </FormAlert>
        ) : null}
        {data.kind === 'campuses' ? <CampusFields values={values} errors={errors} /> : null}
        {data.kind === 'subjects' ? <SubjectFields values={values} errors={errors} /> : null}
        {data.kind === 'classrooms' ? (
          <ClassroomFields
            values={values}
            errors={errors}
            campuses={data.campuses}
            subjects={data.subjects}
            facilitators={data.facilitators}
            typed={Boolean(failure)}
          />
        ) : null}
        <div className="hidden gap-2 sm:flex">
          <button type="submit" disabled={busy} className={`${skin.button} ${skin.rounded}`}>
            {busy ? 'Saving…' : saveLabel}
          </button>
          <Link
            to={`/dash/school#${data.kind}`}
            className={`${skin.buttonSecondary} ${skin.rounded}`}
          >
            Cancel
          </Link>
        </div>
      </Form>
      <MobileActionBar label={`${saveLabel} actions`}>
        <button
          type="submit"
          form={formId}
          disabled={busy}
          className={`${skin.button} ${skin.rounded}`}
        >
          {busy ? 'Saving…' : saveLabel}
        </button>
        <Link
          to={`/dash/school#${data.kind}`}
          className={`${skin.buttonSecondary} ${skin.rounded}`}
        >
          Cancel
        </Link>
      </MobileActionBar>
    </>
  );
}

interface FieldsProps {
  values: Record<string, unknown>;
  errors: FieldErrors;
}

function CampusFields({ values, errors }: FieldsProps) {
  const current = asText(values.timezone) || 'UTC';
  // A stored alias (Asia/Kolkata) may be missing from the browser's canonical list: keep it.
  const names = timeZones();
  const zones = (names.includes(current) ? names : [current, ...names]).map((zone) => ({
    value: zone,
    label: zone,
  }));
  return (
    <>
      <TextField label="Name" name="name" defaultValue={asText(values.name)} error={errors.name} />
      <TextField
        label="Address (optional)"
        name="address"
        multiline
        defaultValue={asText(values.address)}
        error={errors.address}
      />
      <TextField
        label="Phone (optional)"
        name="phone"
        type="tel"
        inputMode="tel"
        defaultValue={asText(values.phone)}
        error={errors.phone}
      />
      <SelectField
        label="Time zone"
        name="timezone"
        options={zones}
        defaultValue={current}
        error={errors.timezone}
      />
    </>
  );
}

function SubjectFields({ values, errors }: FieldsProps) {
  const colour = asText(values.colour) || '#2563eb';
  return (
    <>
      <TextField label="Name" name="name" defaultValue={asText(values.name)} error={errors.name} />
      <TextField
        label="Code"
        name="code"
        hint="Short and unique, e.g. MATH."
        defaultValue={asText(values.code)}
        error={errors.code}
      />
      <div className="flex items-start gap-3">
        <div className="grow">
          <TextField
            label="Colour"
            name="colour"
            hint="A hex value, e.g. #2563eb."
            defaultValue={colour}
            error={errors.colour}
          />
        </div>
        {/^#[0-9a-fA-F]{3,6}$/.test(colour) ? (
          <span
            aria-hidden="true"
            className="mt-8 size-10 shrink-0 rounded border border-border"
            style={{ backgroundColor: colour }}
          />
        ) : null}
      </div>
      <TextField
        label="Description (optional)"
        name="description"
        multiline
        defaultValue={asText(values.description)}
        error={errors.description}
      />
    </>
  );
}

interface ClassroomFieldsProps extends FieldsProps {
  campuses: Campus[];
  subjects: Subject[];
  facilitators: Facilitator[];
  /** True when the values are what the person typed (after an error), not the stored record. */
  typed: boolean;
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

interface RowDraft {
  key: number;
  weekday: string;
  start: string;
  end: string;
  subjectId: string;
}

function initialRows(values: Record<string, unknown>, typed: boolean): RowDraft[] {
  if (typed) {
    return scheduleRowsFromValues(values).map((row, key) => ({ key, ...row }));
  }
  const stored = Array.isArray(values.schedule) ? values.schedule : [];
  return stored.flatMap((row, key): RowDraft[] => {
    const parsed = scheduleSlotSchema.safeParse(row);
    return parsed.success ? [{ key, ...parsed.data, weekday: String(parsed.data.weekday) }] : [];
  });
}

function ClassroomFields({
  values,
  errors,
  campuses,
  subjects,
  facilitators,
  typed,
}: ClassroomFieldsProps) {
  const skin = useSettings((s) => s.skin);
  const [rows, setRows] = useState<RowDraft[]>(() => initialRows(values, typed));
  const [nextKey, setNextKey] = useState(() => rows.length);
  const subjectOptions = subjects.flatMap((s) => (s.id ? [{ value: s.id, label: s.name }] : []));
  const campusOptions = campuses.flatMap((c) => (c.id ? [{ value: c.id, label: c.name }] : []));
  const facilitatorOptions = facilitators.flatMap((f) =>
    f.id ? [{ value: f.id, label: `${f.firstName} ${f.lastName}` }] : [],
  );
  const weekdayOptions = WEEKDAYS.map((day, i) => ({ value: String(i + 1), label: day }));

  return (
    <>
      <TextField label="Name" name="name" defaultValue={asText(values.name)} error={errors.name} />
      <SelectField
        label="Campus"
        name="campusId"
        placeholder="Choose a campus"
        options={campusOptions}
        defaultValue={asText(values.campusId)}
        error={errors.campusId}
      />
      <TextField
        label="Capacity"
        name="capacity"
        inputMode="numeric"
        hint="How many students fit, a whole number."
        defaultValue={asText(values.capacity)}
        error={errors.capacity}
      />
      <CheckboxGroup
        legend="Subjects"
        name="subjectIds"
        options={subjectOptions}
        defaultValues={asList(values.subjectIds)}
        empty="No subjects yet: add them on the school setup page."
      />
      <CheckboxGroup
        legend="Facilitators"
        name="facilitatorIds"
        options={facilitatorOptions}
        defaultValues={asList(values.facilitatorIds)}
        empty="No facilitators yet."
      />
      <fieldset className="grid gap-3">
        <legend className="mb-1 font-medium">Weekly schedule</legend>
        {rows.length === 0 ? <p className="text-sm text-muted">No lessons scheduled yet.</p> : null}
        <ol className="grid gap-3">
          {rows.map((row, index) => (
            <li
              key={row.key}
              aria-label={`Lesson ${index + 1}`}
              className={`grid gap-2 p-3 sm:grid-cols-2 lg:grid-cols-[minmax(7rem,1fr)_8.5rem_8.5rem_minmax(7rem,1fr)_auto] lg:items-start ${skin.rounded} border border-border`}
            >
              <SelectField
                label={<RowLabel text="Day" lesson={index + 1} />}
                name={SCHEDULE_FIELDS.weekday}
                options={weekdayOptions}
                defaultValue={row.weekday || '1'}
                error={errors[`schedule.${index}.weekday`]}
              />
              <TextField
                label={<RowLabel text="Start" lesson={index + 1} />}
                name={SCHEDULE_FIELDS.start}
                type="time"
                defaultValue={row.start}
                error={errors[`schedule.${index}.start`]}
              />
              <TextField
                label={<RowLabel text="End" lesson={index + 1} />}
                name={SCHEDULE_FIELDS.end}
                type="time"
                defaultValue={row.end}
                error={errors[`schedule.${index}.end`]}
              />
              <SelectField
                label={<RowLabel text="Subject" lesson={index + 1} />}
                name={SCHEDULE_FIELDS.subjectId}
                placeholder="Choose a subject"
                options={subjectOptions}
                defaultValue={row.subjectId}
                error={errors[`schedule.${index}.subjectId`]}
              />
              <button
                type="button"
                className={`${skin.buttonSecondary} ${skin.rounded} self-end lg:mt-7 lg:self-start`}
                onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
              >
                Remove<span className="sr-only"> lesson {index + 1}</span>
              </button>
            </li>
          ))}
        </ol>
        <div>
          <button
            type="button"
            className={`${skin.buttonSecondary} ${skin.rounded}`}
            onClick={() => {
              setRows((current) => [
                ...current,
                { key: nextKey, weekday: '1', start: '09:00', end: '09:50', subjectId: '' },
              ]);
              setNextKey((k) => k + 1);
            }}
          >
            Add lesson
          </button>
        </div>
      </fieldset>
    </>
  );
}
