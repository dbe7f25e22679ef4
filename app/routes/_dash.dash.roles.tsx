// /dash/roles: the permission matrix as a read-only table a person can read (collections × roles,
// in words), and role assignment per member. Roles are saved through a callable (network needed);
// only a superAdmin grants or removes admin and superAdmin, and the backend refuses it otherwise.
import {
  useFetcher,
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
import {
  PERMISSION_COLLECTIONS,
  PERMISSION_MATRIX,
  SCOPE_LABELS,
  type AccessRule,
  type PermissionCollection,
} from '~/domain/permissions';
import { ROLES, type Role } from '~/domain/roles';
import { MemberFilterForm, Pager, RoleList } from '~/features/members/components';
import { handleMemberAction, type MemberActionData } from '~/features/members/member-actions';
import { loadMemberPage } from '~/features/members/member-page';
import {
  mayChangeRole,
  mayManageMembers,
  ONLY_SUPERADMIN_GRANTS_ADMIN,
  READ_ONLY_EXPLANATION,
  ROLE_LABELS,
  type ListedMember,
} from '~/features/members/member-rules';
import { useSettings } from '~/settings/store';
import { GeneralErrorBoundary } from '~/ui/errors';
import { EmptyState, PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export const handle = {
  title: 'Roles',
  description: 'What each role may see and do, and who holds it.',
  area: 'roles',
  nav: { label: 'Roles', order: 130 },
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireArea(request, handle.area);
  return loadMemberPage(request);
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  await requireArea(request, handle.area);
  return handleMemberAction(request);
}

/** Readable names of the matrix's collections. */
const COLLECTION_LABELS: Record<PermissionCollection, string> = {
  campuses: 'Campuses',
  classrooms: 'Classrooms',
  subjects: 'Subjects',
  students: 'Students',
  families: 'Families',
  facilitators: 'Facilitators',
  Members: 'Member accounts',
  attendance: 'Attendance',
  events: 'Calendar events',
  conversations: 'Conversations',
  messages: 'Messages',
  Notifications: 'Notifications',
  parentInquiries: 'Parent inquiries',
  resources: 'Resources',
  collectionVersions: 'Data versions (system)',
  unregisteredSignins: 'Unregistered sign-ins',
};

/** The matrix's columns: superAdmin shares admin's rules but is shown on its own. */
const MATRIX_ROLES: readonly Role[] = [
  'admin',
  'superAdmin',
  'administration',
  'facilitator',
  'parent',
  'student',
];

function AccessCell({ rule }: { rule: AccessRule }) {
  if (rule.read === 'none' && rule.write === 'none') {
    return <span className="text-muted">No access</span>;
  }
  return (
    <>
      <span className="block">
        <span className="font-semibold">Read:</span> {SCOPE_LABELS[rule.read]}
      </span>
      <span className="block">
        <span className="font-semibold">Write:</span>{' '}
        {rule.write === 'none' ? 'none' : SCOPE_LABELS[rule.write]}
      </span>
    </>
  );
}

function PermissionMatrixTable() {
  const skin = useSettings((s) => s.skin);
  return (
    <div
      className={`overflow-x-auto ${skin.card} ${skin.rounded}`}
      // The table is wider than a phone: the wrapper scrolls, so keyboard users must be able to
      // focus it to scroll (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-labelledby="matrix-caption"
    >
      <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
        <caption id="matrix-caption" className="p-3 text-left font-semibold">
          What each role may read and write, by collection
        </caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="p-2">
              Collection
            </th>
            {MATRIX_ROLES.map((role) => (
              <th key={role} scope="col" className="p-2">
                {ROLE_LABELS[role]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PERMISSION_COLLECTIONS.map((collection) => (
            <tr key={collection} className="border-b border-border align-top">
              <th scope="row" className="p-2 font-semibold">
                {COLLECTION_LABELS[collection]}
              </th>
              {MATRIX_ROLES.map((role) => (
                <td key={role} className="p-2">
                  <AccessCell rule={PERMISSION_MATRIX[collection][role]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RoleEditor({
  member,
  editorRoles,
  explanationId,
}: {
  member: ListedMember;
  editorRoles: readonly Role[];
  explanationId: string;
}) {
  const skin = useSettings((s) => s.skin);
  const fetcher = useFetcher<MemberActionData>();
  const baseId = useId();
  const manages = mayManageMembers(editorRoles);
  const busy = fetcher.state !== 'idle';
  const name = member.displayName || member.email;
  const result = fetcher.state === 'idle' && fetcher.data?.uid === member.id ? fetcher.data : null;

  return (
    <li className={`p-4 ${skin.listItem}`}>
      {/* Re-mount when the saved roles change, so the boxes show what the backend now holds. */}
      <fetcher.Form method="post" key={member.roles.join(',')} className="grid gap-2">
        <input type="hidden" name="intent" value="roles" />
        <input type="hidden" name="uid" value={member.id} />
        <fieldset>
          <legend className="font-semibold">
            Roles for {name}{' '}
            <span className="font-normal text-muted">
              ({member.email}
              {member.status === 'suspended' ? ', suspended' : ''})
            </span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {ROLES.map((role) => {
              const id = `${baseId}-${role}`;
              const allowed = mayChangeRole(editorRoles, role);
              const held = member.roles.includes(role);
              return (
                <div key={role} className="flex items-center gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    name="roles"
                    value={role}
                    defaultChecked={held}
                    disabled={!allowed}
                    aria-describedby={allowed ? undefined : explanationId}
                    className="size-5 accent-[var(--lc-primary)]"
                  />
                  {/* A disabled box is not submitted: keep a role the editor may not remove. */}
                  {!allowed && held ? <input type="hidden" name="roles" value={role} /> : null}
                  <label htmlFor={id} className={allowed ? '' : 'text-muted'}>
                    {ROLE_LABELS[role]}
                  </label>
                </div>
              );
            })}
          </div>
          {manages ? (
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <button
                type="submit"
                disabled={busy}
                className={`${skin.buttonSecondary} ${skin.rounded}`}
              >
                {busy ? 'Saving…' : 'Save roles'}
                <span className="sr-only"> for {name}</span>
              </button>
              {result?.message ? (
                <p
                  role={result.ok ? 'status' : 'alert'}
                  className={`px-3 py-2 ${result.ok ? skin.success : skin.error} ${skin.rounded}`}
                >
                  {result.message}
                </p>
              ) : null}
            </div>
          ) : null}
        </fieldset>
      </fetcher.Form>
    </li>
  );
}

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
            : editorRoles.includes('superAdmin')
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
          <ul className={`${skin.card} ${skin.rounded}`} aria-label="Members and their roles">
            {rows.map((member) =>
              manages ? (
                <RoleEditor
                  key={member.id}
                  member={member}
                  editorRoles={editorRoles}
                  explanationId={explanationId}
                />
              ) : (
                <li key={member.id} className={`p-4 ${skin.listItem}`}>
                  <p className="font-semibold">
                    {member.displayName || member.email}{' '}
                    <span className="font-normal text-muted">({member.email})</span>
                  </p>
                  <div className="mt-2">
                    <RoleList roles={member.roles} />
                  </div>
                </li>
              ),
            )}
          </ul>
        )}
        <Pager page={page} pageCount={pageCount} params={params} label="Member pages" />
      </section>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
