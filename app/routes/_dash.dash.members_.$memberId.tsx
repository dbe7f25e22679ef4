// /dash/members/:memberId: one account, and its links to the records it stands for (a parent's
// family, a student's record, a facilitator's profile). The links are written through the store,
// so they are kept while offline and synced later; only admins may change them.
import {
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { useSession } from '~/auth/session';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { loadMemberDetail, saveMemberLinks } from '~/features/members/member-route';
import { mayManageMembers } from '~/features/members/member-rules';
import { MemberDetail } from '~/features/members/MemberDetail';
import { ButtonLink } from '~/ui/Button';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  await requireArea(request, handle.area);
  return loadMemberDetail(request, params.memberId ?? '');
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const user = await requireArea(request, handle.area);
  return saveMemberLinks(request, user, params.memberId ?? '');
}

export const handle = {
  title: 'Member',
  description: 'An account, its roles and its links to records.',
  area: 'members',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function MemberPage() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const { user } = useSession();
  useRevalidateOnDataChange(['members', 'families', 'students', 'facilitators']);
  return (
    <>
      <PageHeading
        title={data.member.displayName || data.member.email}
        lead={data.member.email}
        actions={
          <ButtonLink to="/dash/members" variant="secondary">
            Back to members
          </ButtonLink>
        }
      />
      <MemberDetail {...data} result={result} manages={mayManageMembers(user?.roles ?? [])} />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
