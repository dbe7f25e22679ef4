// The create and edit pages of a facilitator, /dash/facilitators/new and
// /dash/facilitators/:facilitatorId/edit; both route files re-export this module. Staff who may
// write facilitators get every field; a facilitator editing their own record gets only the
// own-profile fields; anyone else gets 403.
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
import { requireArea } from '~/auth/guards';
import type { SessionUser } from '~/auth/session';
import { loadCollection } from '~/data/route-data';
import { NOT_ALLOWED_MESSAGE } from '~/domain/areas';
import {
  campusSchema,
  classroomSchema,
  facilitatorSchema,
  subjectSchema,
  type Facilitator,
} from '~/domain/records';
import {
  asList,
  asText,
  CheckboxGroup,
  FormAlert,
  SelectField,
  TextField,
  type FieldErrors,
} from '~/features/school/form';
import { settingsStore, useSettings } from '~/settings/store';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { PageHeading } from '~/ui/PageHeading';
import { withErrorTitle } from '~/ui/route-handle';
import { saveFacilitatorAsStaff, saveOwnFacilitatorProfile } from './actions';
import {
  canEditOwnProfile,
  canManageFacilitators,
  FACILITATOR_STATUSES,
  isOwnFacilitator,
} from './schemas';

export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';

type Mode = 'staff' | 'own';

function notAllowed(): Response {
  return new Response(NOT_ALLOWED_MESSAGE, { status: 403, statusText: 'Not Allowed' });
}

function notFound(request: Request): Response {
  const path = new URL(request.url).pathname;
  return new Response(`Page Not Found: ${path}`, { status: 404, statusText: 'Not Found' });
}

/** Which form this person gets for this record (null record = a new facilitator). */
async function resolveEditor(
  request: Request,
  id: string | undefined,
): Promise<{ user: SessionUser; mode: Mode; record: Facilitator | null }> {
  const user = await requireArea(request, 'facilitators');
  const manage = canManageFacilitators(user.roles);
  if (!id) {
    if (!manage) throw notAllowed();
    return { user, mode: 'staff', record: null };
  }
  const facilitators = await loadCollection('facilitators', { schema: facilitatorSchema });
  const record = facilitators.find((f) => f.id === id) ?? null;
  if (!record) throw notFound(request);
  if (manage) return { user, mode: 'staff', record };
  if (canEditOwnProfile(user.roles) && isOwnFacilitator(record, user)) {
    return { user, mode: 'own', record };
  }
  throw notAllowed();
}

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  const { mode, record } = await resolveEditor(request, params.facilitatorId);
  const [campuses, subjects, classrooms] =
    mode === 'staff'
      ? await Promise.all([
          loadCollection('campuses', { schema: campusSchema, sort: { field: 'name' } }),
          loadCollection('subjects', { schema: subjectSchema, sort: { field: 'name' } }),
          loadCollection('classrooms', { schema: classroomSchema, sort: { field: 'name' } }),
        ])
      : [[], [], []];
  return { mode, record, campuses, subjects, classrooms };
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const { mode, record } = await resolveEditor(request, params.facilitatorId);
  const formData = await request.formData();
  const result =
    mode === 'staff'
      ? await saveFacilitatorAsStaff(formData, record?.id)
      : await saveOwnFacilitatorProfile(formData, record?.id ?? '');
  if (!result.ok) return result;
  settingsStore.notify(mode === 'own' ? 'Your profile is saved' : 'Facilitator saved', 'success');
  return redirect(`/dash/facilitators/${result.item.id}`);
}

export const meta: MetaFunction = ({ params, error }) =>
  withErrorTitle(error, [
    {
      title: params.facilitatorId
        ? 'Edit facilitator · Facilitators'
        : 'New facilitator · Facilitators',
    },
  ]);

export default function FacilitatorEditorPage() {
  const data = useLoaderData<typeof clientLoader>();
  const actionData = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const skin = useSettings((s) => s.skin);
  const failure = actionData && !actionData.ok ? actionData : null;
  const errors: FieldErrors = failure?.fieldErrors ?? {};
  const values: Record<string, unknown> =
    failure?.values ?? (data.record ? { ...data.record } : {});
  const busy = navigation.state === 'submitting';
  const name = data.record ? `${data.record.firstName} ${data.record.lastName}` : '';
  const title =
    data.mode === 'own' ? 'Edit your profile' : data.record ? `Edit ${name}` : 'New facilitator';
  const saveLabel =
    data.mode === 'own'
      ? 'Save my profile'
      : data.record
        ? 'Save facilitator'
        : 'Create facilitator';
  const cancelTo = data.record?.id ? `/dash/facilitators/${data.record.id}` : '/dash/facilitators';
  const errorCount = Object.keys(errors).length;
  const formId = 'facilitator-form';

  return (
    <>
      <PageHeading
        title={title}
        lead={
          data.mode === 'own'
            ? 'You can change your name, phone and bio. The office manages the rest.'
            : 'Fields marked optional may be left empty.'
        }
      />
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
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            defaultValue={asText(values.firstName)}
            error={errors.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            defaultValue={asText(values.lastName)}
            error={errors.lastName}
          />
        </div>
        {data.mode === 'staff' ? (
          <TextField
            label="E-mail (optional)"
            name="email"
            type="email"
            inputMode="email"
            defaultValue={asText(values.email)}
            error={errors.email}
          />
        ) : null}
        <TextField
          label="Phone (optional)"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={asText(values.phone)}
          error={errors.phone}
        />
        {data.mode === 'staff' ? (
          <>
            <SelectField
              label="Campus"
              name="campusId"
              placeholder="Choose a campus"
              options={data.campuses.flatMap((c) => (c.id ? [{ value: c.id, label: c.name }] : []))}
              defaultValue={asText(values.campusId)}
              error={errors.campusId}
            />
            <SelectField
              label="Status"
              name="status"
              options={FACILITATOR_STATUSES.map((s) => ({
                value: s,
                label: s === 'active' ? 'Active' : 'Inactive',
              }))}
              defaultValue={asText(values.status) || 'active'}
              error={errors.status}
            />
            <CheckboxGroup
              legend="Subjects taught"
              name="subjectIds"
              options={data.subjects.flatMap((s) => (s.id ? [{ value: s.id, label: s.name }] : []))}
              defaultValues={asList(values.subjectIds)}
            />
            <CheckboxGroup
              legend="Classrooms"
              name="classroomIds"
              options={data.classrooms.flatMap((c) =>
                c.id ? [{ value: c.id, label: c.name }] : [],
              )}
              defaultValues={asList(values.classroomIds)}
            />
          </>
        ) : null}
        <TextField
          label="Bio (optional)"
          name="bio"
          multiline
          defaultValue={asText(values.bio)}
          error={errors.bio}
        />
        <div className="hidden gap-2 sm:flex">
          <button type="submit" disabled={busy} className={`${skin.button} ${skin.rounded}`}>
            {busy ? 'Saving…' : saveLabel}
          </button>
          <Link to={cancelTo} className={`${skin.buttonSecondary} ${skin.rounded}`}>
            Cancel
          </Link>
        </div>
      </Form>
      <MobileActionBar label="Facilitator form actions">
        <button
          type="submit"
          form={formId}
          disabled={busy}
          className={`${skin.button} ${skin.rounded}`}
        >
          {busy ? 'Saving…' : saveLabel}
        </button>
        <Link to={cancelTo} className={`${skin.buttonSecondary} ${skin.rounded}`}>
          Cancel
        </Link>
      </MobileActionBar>
    </>
  );
}
