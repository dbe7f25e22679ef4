// /dash/members: every account with its roles and status, searchable and filterable (the filters
// live in the URL). Admins invite, suspend and reactivate; administration reads only. Suspending
// and reactivating go through a callable and need the network.
import {
  Link,
  useFetcher,
  useLoaderData,
  useSearchParams,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { useEffect, useState } from 'react';
import { requireArea } from '~/auth/guards';
import { useSession } from '~/auth/session';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { MemberFilterForm, Pager, RoleList } from '~/features/members/components';
import { handleMemberAction, type MemberActionData } from '~/features/members/member-actions';
import { loadMemberPage } from '~/features/members/member-page';
import {
  mayManageMembers,
  maySetStatus,
  ONLY_SUPERADMIN_SUSPENDS_ADMIN,
  READ_ONLY_EXPLANATION,
  type ListedMember,
} from '~/features/members/member-rules';
import { useSettings } from '~/settings/store';
import { GeneralErrorBoundary } from '~/ui/errors';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { Modal } from '~/ui/Modal';
import { EmptyState, PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export const handle = {
  title: 'Members',
  description: 'Accounts: invitations, roles and status.',
  area: 'members',
  nav: { label: 'Members', order: 120 },
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

interface PendingStatus {
  member: ListedMember;
  status: 'active' | 'suspended';
}

export default function MembersPage() {
  const { filters, rows, total, matching, page, pageCount } = useLoaderData<typeof clientLoader>();
  const { user } = useSession();
  const skin = useSettings((s) => s.skin);
  const [params] = useSearchParams();
  const fetcher = useFetcher<MemberActionData>();
  const [pending, setPending] = useState<PendingStatus | null>(null);
  useRevalidateOnDataChange(['members']);

  const editorRoles = user?.roles ?? [];
  const manages = mayManageMembers(editorRoles);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;

  // Close the confirmation once the change went through; a refusal stays in the modal.
  useEffect(() => {
    if (fetcher.state === 'idle' && result?.intent === 'status' && result.ok) setPending(null);
  }, [fetcher.state, result]);

  const confirmStatus = () => {
    if (!pending) return;
    fetcher.submit(
      { intent: 'status', uid: pending.member.id, status: pending.status },
      { method: 'post' },
    );
  };
  const refusal =
    pending &&
    result &&
    !result.ok &&
    result.intent === 'status' &&
    result.uid === pending.member.id
      ? result.message
      : null;

  const statusWord = (member: ListedMember) =>
    member.status === 'active' ? (
      'Active'
    ) : (
      <span className="font-semibold text-danger">Suspended</span>
    );

  const statusAction = (member: ListedMember) => {
    const name = member.displayName || member.email;
    if (member.id === user?.uid) return <span className="text-muted">You</span>;
    if (!maySetStatus(editorRoles, member.roles)) {
      return <span className="text-sm text-muted">{ONLY_SUPERADMIN_SUSPENDS_ADMIN}</span>;
    }
    const active = member.status === 'active';
    return (
      <button
        type="button"
        className={`${active ? skin.buttonDanger : skin.buttonSecondary} ${skin.rounded}`}
        onClick={() => setPending({ member, status: active ? 'suspended' : 'active' })}
      >
        {active ? 'Suspend' : 'Reactivate'}
        <span className="sr-only"> {name}</span>
      </button>
    );
  };

  const invite = manages ? (
    <Link to="/dash/members/invite" className={`${skin.button} ${skin.rounded}`}>
      Invite member
    </Link>
  ) : null;

  return (
    <>
      <PageHeading
        title={handle.title}
        lead={handle.description}
        actions={invite ? <div className="hidden sm:block">{invite}</div> : undefined}
      />
      {manages ? null : (
        <p className={`mb-4 p-3 ${skin.info} ${skin.rounded}`}>{READ_ONLY_EXPLANATION}</p>
      )}
      <MemberFilterForm filters={filters} />
      <p className="mb-2 text-muted" role="status">
        {matching === total ? `${total} members` : `${matching} of ${total} members match`}
      </p>
      {rows.length === 0 ? (
        <EmptyState title="No members match">Change the search or the filters.</EmptyState>
      ) : (
        <>
          {/* Phones get a list of cards; a five-column table does not fit. */}
          <ul aria-label="Members" className={`sm:hidden ${skin.card} ${skin.rounded}`}>
            {rows.map((member) => (
              <li key={member.id} className={`grid gap-2 p-4 ${skin.listItem}`}>
                <Link to={`/dash/members/${member.id}`} className={`font-medium ${skin.link}`}>
                  {member.displayName || member.email}
                </Link>
                <p className="break-all text-muted">{member.email}</p>
                <RoleList roles={member.roles} />
                <p>Status: {statusWord(member)}</p>
                {manages ? <div>{statusAction(member)}</div> : null}
              </li>
            ))}
          </ul>
          <div className={`hidden overflow-x-auto sm:block ${skin.card} ${skin.rounded}`}>
            <table className="w-full border-collapse text-left">
              <caption className="sr-only">Members, page {page}</caption>
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="p-3">
                    Name
                  </th>
                  <th scope="col" className="p-3">
                    E-mail
                  </th>
                  <th scope="col" className="p-3">
                    Roles
                  </th>
                  <th scope="col" className="p-3">
                    Status
                  </th>
                  {manages ? (
                    <th scope="col" className="p-3">
                      Actions
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {rows.map((member) => {
                  const name = member.displayName || member.email;
                  return (
                    <tr key={member.id} className={skin.listItem}>
                      <th scope="row" className="p-3 font-medium">
                        <Link to={`/dash/members/${member.id}`} className={skin.link}>
                          {name}
                        </Link>
                      </th>
                      <td className="break-all p-3">{member.email}</td>
                      <td className="p-3">
                        <RoleList roles={member.roles} />
                      </td>
                      <td className="p-3">{statusWord(member)}</td>
                      {manages ? <td className="p-3">{statusAction(member)}</td> : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager page={page} pageCount={pageCount} params={params} label="Member pages" />
      {invite ? (
        <>
          <div className="h-20 sm:hidden" aria-hidden="true" />
          <MobileActionBar label="Member actions">{invite}</MobileActionBar>
        </>
      ) : null}
      <Modal
        open={pending !== null}
        title={
          pending?.status === 'suspended'
            ? `Suspend ${pending.member.displayName || pending.member.email}?`
            : `Reactivate ${pending?.member.displayName || pending?.member.email || ''}?`
        }
        onClose={() => setPending(null)}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setPending(null) },
          pending?.status === 'suspended'
            ? {
                label: 'Suspend',
                variant: 'danger',
                busy,
                busyLabel: 'Suspending…',
                onClick: confirmStatus,
              }
            : {
                label: 'Reactivate',
                busy,
                busyLabel: 'Reactivating…',
                onClick: confirmStatus,
              },
        ]}
      >
        <p>
          {pending?.status === 'suspended'
            ? 'They will not be able to sign in until the account is reactivated. Their records stay as they are.'
            : 'They will be able to sign in again with their roles.'}
        </p>
        {refusal ? (
          <p role="alert" className={`mt-3 p-3 ${skin.error} ${skin.rounded}`}>
            {refusal}
          </p>
        ) : null}
      </Modal>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
