// /dash/members/invite: invite a person by e-mail with a display name and roles. The callable
// creates the account, the Members profile and the claims, so this needs the network (the page
// says so while offline). In demo mode the fake answers with a first password, shown once.
import {
  Form,
  Link,
  useActionData,
  useNavigation,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { useId, useState } from 'react';
import { requireArea } from '~/auth/guards';
import { useSession } from '~/auth/session';
import { formDataToObject } from '~/data/route-data';
import { useSyncStatus } from '~/data/sync-status';
import { ROLES } from '~/domain/roles';
import { inviteMember, type MemberActionData } from '~/features/members/member-actions';
import {
  mayChangeRole,
  mayManageMembers,
  NEEDS_NETWORK,
  ONLY_SUPERADMIN_GRANTS_ADMIN,
  ROLE_LABELS,
} from '~/features/members/member-rules';
import { useSettings } from '~/settings/store';
import { GeneralErrorBoundary } from '~/ui/errors';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export const handle = {
  title: 'Invite a member',
  description: 'Invite a person by e-mail and choose their roles.',
  area: 'members',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  // Administration reads accounts but may not create them (permission matrix: Members).
  if (!mayManageMembers(user.roles)) {
    throw new Response('Only admins may invite members.', {
      status: 403,
      statusText: 'Not Allowed',
    });
  }
  return null;
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  await requireArea(request, handle.area);
  const values = formDataToObject(await request.formData());
  return inviteMember(values);
}

function stringValue(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function listValue(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export default function InviteMemberPage() {
  const actionData = useActionData<MemberActionData>();
  const navigation = useNavigation();
  const { user } = useSession();
  const { isOnline } = useSyncStatus();
  const skin = useSettings((s) => s.skin);
  const [copied, setCopied] = useState(false);
  const ids = {
    email: useId(),
    emailError: useId(),
    name: useId(),
    nameError: useId(),
    rolesError: useId(),
    rolesHint: useId(),
    password: useId(),
    form: useId(),
  };
  const editorRoles = user?.roles ?? [];
  const busy = navigation.state === 'submitting';
  const errors = actionData?.ok === false ? (actionData.fieldErrors ?? {}) : {};
  const typed = actionData?.ok === false ? (actionData.values ?? {}) : {};
  const typedRoles = listValue(typed.roles);
  // A successful invite resets the form (new key), so the next invitation starts empty.
  const formKey = actionData?.ok ? actionData.uid : 'form';

  const copyPassword = async (password: string) => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <>
      <PageHeading
        title="Invite a member"
        lead="Creates the account and its profile with the roles you choose."
        actions={
          <Link to="/dash/members" className={`${skin.buttonSecondary} ${skin.rounded}`}>
            Back to members
          </Link>
        }
      />
      <div className="grid max-w-2xl gap-6">
        {!isOnline ? (
          <p role="status" className={`p-3 ${skin.warning} ${skin.rounded}`}>
            Inviting a member: {NEEDS_NETWORK}
          </p>
        ) : null}
        {actionData?.ok ? (
          <section
            aria-labelledby="invited-heading"
            className={`p-4 ${skin.success} ${skin.rounded}`}
          >
            <h2 id="invited-heading" className="text-lg font-semibold">
              {actionData.message}
            </h2>
            {actionData.temporaryPassword ? (
              <div className="mt-3 grid gap-2">
                <p>
                  Their first password is shown only now. Give it to them in person; they can change
                  it on their profile page.
                </p>
                <div className="flex flex-wrap items-center gap-2">
                  <label htmlFor={ids.password} className="font-medium">
                    Temporary password
                  </label>
                  <input
                    id={ids.password}
                    readOnly
                    value={actionData.temporaryPassword}
                    className={`${skin.input} ${skin.rounded} max-w-xs font-mono`}
                  />
                  <button
                    type="button"
                    className={`${skin.buttonSecondary} ${skin.rounded}`}
                    onClick={() => void copyPassword(actionData.temporaryPassword ?? '')}
                  >
                    {copied ? 'Copied' : 'Copy password'}
                  </button>
                </div>
              </div>
            ) : null}
          </section>
        ) : null}
        {actionData?.ok === false && actionData.message ? (
          <p role="alert" className={`p-3 ${skin.error} ${skin.rounded}`}>
            {actionData.message}
          </p>
        ) : null}
        <Form
          key={formKey}
          id={ids.form}
          method="post"
          noValidate
          className={`grid gap-4 p-6 ${skin.card} ${skin.rounded}`}
        >
          <div className="grid gap-1">
            <label htmlFor={ids.email} className="font-medium">
              E-mail address
            </label>
            <input
              id={ids.email}
              name="email"
              type="email"
              autoComplete="off"
              defaultValue={stringValue(typed.email)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? ids.emailError : undefined}
              className={`${skin.input} ${skin.rounded}`}
            />
            {errors.email ? (
              <p id={ids.emailError} className="text-sm font-medium text-danger">
                {errors.email}
              </p>
            ) : null}
          </div>
          <div className="grid gap-1">
            <label htmlFor={ids.name} className="font-medium">
              Display name
            </label>
            <input
              id={ids.name}
              name="displayName"
              autoComplete="off"
              defaultValue={stringValue(typed.displayName)}
              aria-invalid={errors.displayName ? true : undefined}
              aria-describedby={errors.displayName ? ids.nameError : undefined}
              className={`${skin.input} ${skin.rounded}`}
            />
            {errors.displayName ? (
              <p id={ids.nameError} className="text-sm font-medium text-danger">
                {errors.displayName}
              </p>
            ) : null}
          </div>
          <fieldset
            className="grid gap-2"
            aria-invalid={errors.roles ? true : undefined}
            aria-describedby={[ids.rolesHint, errors.roles ? ids.rolesError : '']
              .filter(Boolean)
              .join(' ')}
          >
            <legend className="font-medium">Roles</legend>
            <p id={ids.rolesHint} className="text-sm text-muted">
              {editorRoles.includes('superAdmin')
                ? 'Choose one or more.'
                : `Choose one or more. ${ONLY_SUPERADMIN_GRANTS_ADMIN}`}
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              {ROLES.map((role) => {
                const id = `${ids.rolesHint}-${role}`;
                const allowed = mayChangeRole(editorRoles, role);
                return (
                  <div key={role} className="flex items-center gap-2">
                    <input
                      id={id}
                      type="checkbox"
                      name="roles"
                      value={role}
                      disabled={!allowed}
                      defaultChecked={typedRoles.includes(role)}
                      className="size-5 accent-[var(--lc-primary)]"
                    />
                    <label htmlFor={id} className={allowed ? '' : 'text-muted'}>
                      {ROLE_LABELS[role]}
                      {allowed ? '' : ' (superAdmin only)'}
                    </label>
                  </div>
                );
              })}
            </div>
            {errors.roles ? (
              <p id={ids.rolesError} className="text-sm font-medium text-danger">
                {errors.roles}
              </p>
            ) : null}
          </fieldset>
          {/* On phones the submit button sits in the mobile action bar instead. */}
          <div className="hidden sm:block">
            <button type="submit" disabled={busy} className={`${skin.button} ${skin.rounded}`}>
              {busy ? 'Inviting…' : 'Send invitation'}
            </button>
          </div>
        </Form>
      </div>
      <div className="h-20 sm:hidden" aria-hidden="true" />
      <MobileActionBar label="Invitation actions">
        <button
          type="submit"
          form={ids.form}
          disabled={busy}
          className={`${skin.button} ${skin.rounded}`}
        >
          {busy ? 'Inviting…' : 'Send invitation'}
        </button>
      </MobileActionBar>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
