// /dash/members/:memberId: one account, and its links to the records it stands for (a parent's
// family, a student's record, a facilitator's profile). The links are written through the cache
// service, so they are kept while offline and synced later; only admins may change them.
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { useId } from 'react';
import { requireArea } from '~/auth/guards';
import { useSession } from '~/auth/session';
import { formDataToObject, loadCollection, useRevalidateOnDataChange } from '~/data/route-data';
import { facilitatorSchema, familySchema, memberSchema, studentSchema } from '~/domain/records';
import { RoleList } from '~/features/members/components';
import { linkMember, type MemberActionData } from '~/features/members/member-actions';
import { mayManageMembers, READ_ONLY_EXPLANATION } from '~/features/members/member-rules';
import { useSettings } from '~/settings/store';
import { GeneralErrorBoundary } from '~/ui/errors';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export const handle = {
  title: 'Member',
  description: 'An account, its roles and its links to records.',
  area: 'members',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

interface Option {
  id: string;
  label: string;
}

function byLabel(a: Option, b: Option): number {
  return a.label.localeCompare(b.label);
}

async function findMember(memberId: string) {
  const [member] = await loadCollection('members', {
    schema: memberSchema,
    filters: [{ field: 'memberUUID', op: '==', value: memberId }],
    limit: 1,
  });
  if (!member) {
    throw new Response(`No member with the id ${memberId}.`, {
      status: 404,
      statusText: 'Not Found',
    });
  }
  return member;
}

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  await requireArea(request, handle.area);
  const memberId = params.memberId ?? '';
  const member = await findMember(memberId);
  const [families, students, facilitators] = await Promise.all([
    loadCollection('families', { schema: familySchema }),
    loadCollection('students', { schema: studentSchema }),
    loadCollection('facilitators', { schema: facilitatorSchema }),
  ]);
  return {
    member: { ...member, id: memberId },
    families: families
      .flatMap((f) => (f.id ? [{ id: f.id, label: f.familyName }] : []))
      .sort(byLabel),
    students: students
      .flatMap((s) =>
        s.id ? [{ id: s.id, label: `${s.lastName}, ${s.firstName} (born ${s.dateOfBirth})` }] : [],
      )
      .sort(byLabel),
    facilitators: facilitators
      .flatMap((f) => (f.id ? [{ id: f.id, label: `${f.lastName}, ${f.firstName}` }] : []))
      .sort(byLabel),
  };
}

export async function clientAction({
  request,
  params,
}: ClientActionFunctionArgs): Promise<MemberActionData> {
  const user = await requireArea(request, handle.area);
  if (!mayManageMembers(user.roles)) {
    return { intent: 'link', ok: false, message: READ_ONLY_EXPLANATION };
  }
  const memberId = params.memberId ?? '';
  await findMember(memberId);
  return linkMember(memberId, formDataToObject(await request.formData()));
}

function LinkSelect({
  name,
  label,
  options,
  value,
  error,
  disabled,
}: {
  name: string;
  label: string;
  options: Option[];
  value: string;
  error?: string;
  disabled: boolean;
}) {
  const skin = useSettings((s) => s.skin);
  const id = useId();
  const errorId = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${skin.input} ${skin.rounded}`}
      >
        <option value="">Not linked</option>
        {/* A link to a record this device has not cached yet is kept rather than dropped. */}
        {value && !options.some((o) => o.id === value) ? (
          <option value={value}>{value}</option>
        ) : null}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function typedOr(values: Record<string, unknown> | undefined, key: string, fallback: string) {
  const value = values?.[key];
  return typeof value === 'string' ? value : fallback;
}

export default function MemberPage() {
  const { member, families, students, facilitators } = useLoaderData<typeof clientLoader>();
  const actionData = useActionData<MemberActionData>();
  const navigation = useNavigation();
  const { user } = useSession();
  const skin = useSettings((s) => s.skin);
  useRevalidateOnDataChange(['members', 'families', 'students', 'facilitators']);
  const manages = mayManageMembers(user?.roles ?? []);
  const errors = actionData?.ok === false ? (actionData.fieldErrors ?? {}) : {};
  const typed = actionData?.ok === false ? actionData.values : undefined;
  const busy = navigation.state === 'submitting';
  const formId = useId();

  return (
    <>
      <PageHeading
        title={member.displayName || member.email}
        lead={member.email}
        actions={
          <Link to="/dash/members" className={`${skin.buttonSecondary} ${skin.rounded}`}>
            Back to members
          </Link>
        }
      />
      <div className="grid max-w-3xl gap-6">
        <section aria-labelledby="account-heading" className={`p-6 ${skin.card} ${skin.rounded}`}>
          <h2 id="account-heading" className="text-xl font-semibold">
            Account
          </h2>
          <dl className="mt-3 grid gap-2 sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium">Status</dt>
            <dd>{member.status === 'active' ? 'Active' : 'Suspended'}</dd>
            <dt className="font-medium">Roles</dt>
            <dd>
              <RoleList roles={member.roles} />
              <Link to={`/dash/roles?q=${encodeURIComponent(member.email)}`} className={skin.link}>
                Change roles
              </Link>
            </dd>
          </dl>
        </section>
        <section aria-labelledby="links-heading" className={`p-6 ${skin.card} ${skin.rounded}`}>
          <h2 id="links-heading" className="text-xl font-semibold">
            Linked records
          </h2>
          <p className="mt-1 text-muted">
            A parent is linked to their family, a student to their own record, a facilitator to
            their profile. The links decide what they can see.
          </p>
          {manages ? null : (
            <p className={`mt-3 p-3 ${skin.info} ${skin.rounded}`}>{READ_ONLY_EXPLANATION}</p>
          )}
          {actionData?.message ? (
            <p
              role={actionData.ok ? 'status' : 'alert'}
              className={`mt-3 p-3 ${actionData.ok ? skin.success : skin.error} ${skin.rounded}`}
            >
              {actionData.message}
            </p>
          ) : null}
          <Form id={formId} method="post" noValidate className="mt-4 grid gap-4">
            <LinkSelect
              name="familyId"
              label="Family"
              options={families}
              value={typedOr(typed, 'familyId', member.familyId ?? '')}
              error={errors.familyId}
              disabled={!manages}
            />
            <LinkSelect
              name="studentId"
              label="Student record"
              options={students}
              value={typedOr(typed, 'studentId', member.studentId ?? '')}
              error={errors.studentId}
              disabled={!manages}
            />
            <LinkSelect
              name="facilitatorId"
              label="Facilitator profile"
              options={facilitators}
              value={typedOr(typed, 'facilitatorId', member.facilitatorId ?? '')}
              error={errors.facilitatorId}
              disabled={!manages}
            />
            {manages ? (
              // On phones the submit button sits in the mobile action bar instead.
              <div className="hidden sm:block">
                <button type="submit" disabled={busy} className={`${skin.button} ${skin.rounded}`}>
                  {busy ? 'Saving…' : 'Save links'}
                </button>
              </div>
            ) : null}
          </Form>
        </section>
      </div>
      {manages ? (
        <>
          <div className="h-20 sm:hidden" aria-hidden="true" />
          <MobileActionBar label="Member actions">
            <button
              type="submit"
              form={formId}
              disabled={busy}
              className={`${skin.button} ${skin.rounded}`}
            >
              {busy ? 'Saving…' : 'Save links'}
            </button>
          </MobileActionBar>
        </>
      ) : null}
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
