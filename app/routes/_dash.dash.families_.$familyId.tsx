// A family (/dash/families/:familyId): its guardians and children. Staff who may write families
// edit it on the edit page; a parent of this family may update its contact details here (the
// permission matrix's 'ownFamilyContact': address and guardians' e-mail and phone). Any other
// family is "not found" for a parent, as the backend refuses it.
import {
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  Form,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { useId } from 'react';
import { z } from 'zod';
import { requireArea } from '~/auth/guards';
import type { SessionUser } from '~/auth/session';
import { cacheService } from '~/data/cache-service';
import { loadCollection, useRevalidateOnDataChange } from '~/data/route-data';
import { PERMISSION_MATRIX, collectionAccess } from '~/domain/permissions';
import { submitContactForm } from '~/features/students/forms/family-form';
import { Field, valueOf } from '~/features/students/forms/Field';
import { STUDENT_STATUS_LABELS } from '~/features/students/forms/student-form';
import { notAllowed } from '~/features/students/forms/student-routes';
import {
  familyRecordSchema,
  loadRecord,
  pendingIds,
  studentRecordSchema,
} from '~/features/students/profile/load-record';
import { settingsStore, useSettings } from '~/settings/store';
import { GeneralErrorBoundary, pageNotFound } from '~/ui/errors';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { PageHeading } from '~/ui/PageHeading';
import { withErrorTitle, type RouteHandle } from '~/ui/route-handle';

async function openFamily(request: Request, id: string | undefined) {
  const user = await requireArea(request, handle.area);
  if (collectionAccess(user.roles, 'families') === 'none') throw notAllowed();
  const family = id ? await loadRecord('families', id, familyRecordSchema) : null;
  if (!family) throw pageNotFound(new URL(request.url).pathname);
  return { user, family };
}

function mayEditContact(user: SessionUser): boolean {
  return user.roles.some((r) => PERMISSION_MATRIX.families[r].write === 'ownFamilyContact');
}

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  const { user, family } = await openFamily(request, params.familyId);
  const [children, pending] = await Promise.all([
    loadCollection('students', {
      schema: studentRecordSchema,
      filters: [{ field: 'familyId', op: '==', value: family.id }],
      sort: [{ field: 'firstName' }],
    }),
    pendingIds('families'),
  ]);
  return {
    family,
    children,
    pending: pending.has(family.id),
    canWrite: collectionAccess(user.roles, 'families') === 'write' && !mayEditContact(user),
    canEditContact: mayEditContact(user),
  };
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const { user, family } = await openFamily(request, params.familyId);
  if (!mayEditContact(user)) throw notAllowed();
  const result = await submitContactForm(await request.formData(), {
    existing: family,
    save: (item) => cacheService.save('families', item),
  });
  if (result.status === 'saved') settingsStore.notify('Contact details saved', 'success');
  if (result.status === 'failed') settingsStore.setError(result.message);
  return result;
}

const metaDataSchema = z.object({ family: z.object({ familyName: z.string() }) });

export const handle = {
  title: 'Family',
  description: 'A family: guardians, contact details and children.',
  area: 'families',
} satisfies RouteHandle;

export const meta: MetaFunction = ({ data, error }) => {
  const parsed = metaDataSchema.safeParse(data);
  return withErrorTitle(error, [
    { title: parsed.success ? `The ${parsed.data.family.familyName} family` : 'Family' },
    { name: 'description', content: 'A family: guardians, contact details and children.' },
  ]);
};

export default function FamilyPage() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const skin = useSettings((s) => s.skin);
  const headingId = useId();
  useRevalidateOnDataChange(['families', 'students']);
  const { family } = data;
  const typed = result && 'values' in result ? result.values : undefined;
  const errors = result?.status === 'invalid' ? result.fieldErrors : {};
  const busy = navigation.state === 'submitting';

  const actions = data.canWrite ? (
    <>
      <Link to={`/dash/families/${family.id}/edit`} className={`${skin.button} ${skin.rounded}`}>
        Edit family
      </Link>
      <Link
        to={`/dash/students/new?familyId=${encodeURIComponent(family.id)}`}
        className={`${skin.buttonSecondary} ${skin.rounded}`}
      >
        Add a student
      </Link>
    </>
  ) : null;

  return (
    <>
      <PageHeading
        title={`The ${family.familyName} family`}
        lead={family.address || undefined}
        actions={actions ? <div className="hidden flex-wrap gap-2 sm:flex">{actions}</div> : null}
      />
      {data.pending ? (
        <p role="status" className={`mb-4 p-3 ${skin.info} ${skin.rounded}`}>
          Changes to this family are saved on this device and not yet synced.
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby={`${headingId}-guardians`}
          className={`p-6 ${skin.card} ${skin.rounded}`}
        >
          <h2 id={`${headingId}-guardians`} className="text-xl font-semibold">
            Guardians
          </h2>
          {family.guardians.length === 0 ? (
            <p className="mt-4 text-muted">No guardians recorded.</p>
          ) : (
            <ul className="mt-4 grid gap-4">
              {family.guardians.map((g, index) => (
                <li key={`${g.name}-${index}`} className="grid gap-0.5">
                  <span className="font-medium">
                    {g.name}
                    {g.relationship ? `, ${g.relationship}` : ''}
                    {g.isPrimary ? ' (primary contact)' : ''}
                  </span>
                  {g.email ? (
                    <a href={`mailto:${g.email}`} className={skin.link}>
                      {g.email}
                    </a>
                  ) : null}
                  {g.phone ? <span>{g.phone}</span> : null}
                  {g.memberUUID && data.canWrite ? (
                    <span className="text-sm text-muted">Linked to a parent account</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {family.notes && data.canWrite ? (
            <p className="mt-4">
              <span className="font-medium">Notes: </span>
              {family.notes}
            </p>
          ) : null}
        </section>

        <section
          aria-labelledby={`${headingId}-children`}
          className={`p-6 ${skin.card} ${skin.rounded}`}
        >
          <h2 id={`${headingId}-children`} className="text-xl font-semibold">
            Children
          </h2>
          {data.children.length === 0 ? (
            <p className="mt-4 text-muted">No students in this family.</p>
          ) : (
            <ul className="mt-4 grid gap-2">
              {data.children.map((s) => (
                <li key={s.id}>
                  <Link to={`/dash/students/${s.id}`} className={skin.link}>
                    {s.firstName} {s.lastName}
                  </Link>{' '}
                  <span className="text-muted">({STUDENT_STATUS_LABELS[s.status]})</span>
                </li>
              ))}
            </ul>
          )}
        </section>

        {data.canEditContact ? (
          <section
            aria-labelledby={`${headingId}-contact`}
            className={`p-6 lg:col-span-2 ${skin.card} ${skin.rounded}`}
          >
            <h2 id={`${headingId}-contact`} className="text-xl font-semibold">
              Update contact details
            </h2>
            {result?.status === 'saved' ? (
              <p role="status" className={`mt-3 p-3 ${skin.success} ${skin.rounded}`}>
                Contact details saved.
              </p>
            ) : null}
            {result?.status === 'failed' ? (
              <p role="alert" className={`mt-3 p-3 ${skin.error} ${skin.rounded}`}>
                {result.message}
              </p>
            ) : null}
            <Form method="post" noValidate className="mt-4 grid gap-4">
              <Field label="Address" error={errors.address}>
                {(p) => (
                  <textarea
                    {...p}
                    name="address"
                    rows={2}
                    defaultValue={valueOf(typed, 'address', family.address)}
                  />
                )}
              </Field>
              {family.guardians.map((g, index) => (
                <fieldset key={`${g.name}-${index}`} className="grid gap-4 sm:grid-cols-2">
                  <legend className="mb-1 font-semibold">{g.name}</legend>
                  <Field label={`${g.name}: e-mail`} error={errors[`guardians.${index}.email`]}>
                    {(p) => (
                      <input
                        {...p}
                        type="email"
                        name={`guardians.${index}.email`}
                        autoComplete="off"
                        defaultValue={valueOf(typed, `guardians.${index}.email`, g.email)}
                      />
                    )}
                  </Field>
                  <Field label={`${g.name}: phone`} error={errors[`guardians.${index}.phone`]}>
                    {(p) => (
                      <input
                        {...p}
                        type="tel"
                        name={`guardians.${index}.phone`}
                        autoComplete="off"
                        defaultValue={valueOf(typed, `guardians.${index}.phone`, g.phone)}
                      />
                    )}
                  </Field>
                </fieldset>
              ))}
              <div>
                <button type="submit" disabled={busy} className={`${skin.button} ${skin.rounded}`}>
                  {busy ? 'Saving…' : 'Save contact details'}
                </button>
              </div>
            </Form>
          </section>
        ) : null}
      </div>
      {actions ? (
        <>
          <div aria-hidden="true" className="h-20 sm:hidden" />
          <MobileActionBar label="Family actions">{actions}</MobileActionBar>
        </>
      ) : null}
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
