// /dash/members/invite: invite a person by e-mail with a display name and roles. The callable
// creates the account, the Members profile and the claims and e-mails the invitee a link to set a
// password, so this needs the network (the page says so while offline). No password is shown here.
import {
  useActionData,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { useSession } from '~/auth/session';
import { useSyncStatus } from '~/data/sync-status';
import { InviteForm } from '~/features/members/InviteForm';
import { inviteFormAction } from '~/features/members/member-route';
import { mayManageMembers } from '~/features/members/member-rules';
import { ButtonLink } from '~/ui/Button';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { notAllowed } from '~/ui/responses';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  // Administration reads accounts but may not create them (permission matrix: Members).
  if (!mayManageMembers(user.roles)) throw notAllowed('Only admins may invite members.');
  return null;
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  const user = await requireArea(request, handle.area);
  if (!mayManageMembers(user.roles)) throw notAllowed('Only admins may invite members.');
  return inviteFormAction(await request.formData());
}

export const handle = {
  title: 'Invite a member',
  description: 'Invite a person by e-mail and choose their roles.',
  area: 'members',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function InviteMemberPage() {
  const result = useActionData<typeof clientAction>();
  const { user } = useSession();
  const { isOnline } = useSyncStatus();
  return (
    <>
      <PageHeading
        title={handle.title}
        lead="Creates the account with the roles you choose and e-mails them a link to set their password."
        actions={
          <ButtonLink to="/dash/members" variant="secondary">
            Back to members
          </ButtonLink>
        }
      />
      <InviteForm result={result} editorRoles={user?.roles ?? []} isOnline={isOnline} />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
