// /dash/roles: the permission matrix as a read-only table a person can read (collections × roles,
// in words), and role assignment per member. Roles are saved through a callable (network needed);
// only a superAdmin grants or removes admin and superAdmin, and the backend refuses it otherwise.
import {
  useLoaderData,
  useSearchParams,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { useId } from 'react';
import { requireArea } from '~/auth/guards';
import { useSession } from '~/auth/session';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { isSuperAdmin } from '~/domain/roles';
import { MemberFilterForm, Pager } from '~/features/members/components';
import { handleMemberAction, loadMemberPage } from '~/features/members/member-route';
import {
  mayManageMembers,
  ONLY_SUPERADMIN_GRANTS_ADMIN,
  READ_ONLY_EXPLANATION,
} from '~/features/members/member-rules';
import { PermissionMatrixTable } from '~/features/members/PermissionMatrix';
import { RoleAssignmentList } from '~/features/members/RoleAssignment';
import { useSettings } from '~/settings/store';
import { EmptyState } from '~/ui/EmptyState';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireArea(request, handle.area);
  return loadMemberPage(request);
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  await requireArea(request, handle.area);
  return handleMemberAction(request);
}

export const handle = {
  title: 'Roles',
  description: 'What each role may see and do, and who holds it.',
  area: 'roles',
  nav: { label: 'Roles', order: 130 },
  guide: 'features/members-and-roles',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function RolesPage() {
  const { filters, rows, total, matching, page, pageCount } = useLoaderData<typeof clientLoader>();
  const { user } = useSession();
  const skin = useSettings((s) => s.skin);
  const [params] = useSearchParams();
  const explanationId = useId();
  useRevalidateOnDataChange(['members']);
  const editorRoles = user?.roles ?? [];
  const manages = mayManageMembers(editorRoles);

  return (
    <>
      <PageHeading title={handle.title} lead={handle.description} />
      <section aria-labelledby="matrix-heading" className="mb-8">
        <h2 id="matrix-heading" className="mb-2 text-xl font-semibold">
          Permission matrix
        </h2>
        <p className="mb-3 text-muted">
          The backend enforces the same rules: hiding a button is never the only protection.
        </p>
        <PermissionMatrixTable />
      </section>
      <section aria-labelledby="assign-heading">
        <h2 id="assign-heading" className="mb-2 text-xl font-semibold">
          Role assignment
        </h2>
        <p id={explanationId} className={`mb-3 p-3 ${skin.info} ${skin.rounded}`}>
          {!manages
            ? READ_ONLY_EXPLANATION
            : isSuperAdmin(editorRoles)
              ? 'Changes take effect the next time the member signs in or their session renews.'
              : ONLY_SUPERADMIN_GRANTS_ADMIN}
        </p>
        <MemberFilterForm filters={filters} showStatus={false} />
        <p className="mb-2 text-muted" role="status">
          {matching === total ? `${total} members` : `${matching} of ${total} members match`}
        </p>
        {rows.length === 0 ? (
          <EmptyState title="No members match">Change the search or the role filter.</EmptyState>
        ) : (
          <RoleAssignmentList rows={rows} editorRoles={editorRoles} explanationId={explanationId} />
        )}
        <Pager page={page} pageCount={pageCount} params={params} label="Member pages" />
      </section>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
