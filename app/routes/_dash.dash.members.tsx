// /dash/members: every account with its roles and status, searchable and filterable (the filters
// live in the URL). Admins invite, suspend and reactivate; administration reads only. Suspending
// and reactivating go through a callable and need the network.
import {
  useLoaderData,
  useSearchParams,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { useSession } from '~/auth/session';
import { useLiveQueries, type LiveSpec } from '~/data/live';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { MemberFilterForm, Pager } from '~/features/members/components';
import { handleMemberAction, loadMemberPage } from '~/features/members/member-route';
import { mayManageMembers, READ_ONLY_EXPLANATION } from '~/features/members/member-rules';
import { MemberList } from '~/features/members/MemberList';
import { useSettings } from '~/settings/store';
import { ButtonLink } from '~/ui/Button';
import { EmptyState } from '~/ui/EmptyState';
import { GeneralErrorBoundary } from '~/ui/errors';
import { ACTION_ICONS } from '~/ui/icons';
import { MobileActionBar } from '~/ui/MobileActionBar';
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
  title: 'Members',
  description: 'Accounts: invitations, roles and status.',
  area: 'members',
  nav: { label: 'Members', order: 120 },
  guide: 'features/members-and-roles',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

/** What this screen shows follows the backend while it is open (issue 29). */
const LIVE: LiveSpec[] = [{ collection: 'members' }];

export default function MembersPage() {
  const { filters, rows, total, matching, page, pageCount } = useLoaderData<typeof clientLoader>();
  const { user } = useSession();
  const skin = useSettings((s) => s.skin);
  const [params] = useSearchParams();
  useRevalidateOnDataChange(['members']);
  useLiveQueries(LIVE);
  const editor = { uid: user?.uid ?? '', roles: user?.roles ?? [] };
  const manages = mayManageMembers(editor.roles);
  const invite = (
    <ButtonLink to="/dash/members/invite" icon={ACTION_ICONS.add}>
      Invite member
    </ButtonLink>
  );

  return (
    <>
      <PageHeading
        title={handle.title}
        lead={handle.description}
        actions={manages ? <div className="hidden sm:block">{invite}</div> : undefined}
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
        <MemberList rows={rows} page={page} editor={editor} manages={manages} />
      )}
      <Pager page={page} pageCount={pageCount} params={params} label="Member pages" />
      {manages ? (
        <>
          <div className="h-20 sm:hidden" aria-hidden="true" />
          <MobileActionBar label="Member actions">{invite}</MobileActionBar>
        </>
      ) : null}
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
