// Start a conversation (/dash/messages/new), following the permission matrix (recipients.ts).
// `?to=<memberUUID|office>&child=<studentId>` prefill it, so a profile can offer "Send a message".
import { useActionData, useLoaderData } from '@remix-run/react';
import {
  loadNewConversationPage,
  startConversationFromRequest,
} from '~/features/messages/new-conversation-route';
import { NewConversationForm } from '~/features/messages/NewConversationForm';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return loadNewConversationPage(request);
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  return startConversationFromRequest(request);
}

export const handle = {
  title: 'New conversation',
  description: 'Write to a facilitator, a family or the office.',
  area: 'messages',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function NewConversation() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  return (
    <>
      <PageHeading title="New conversation" lead={data.lead} />
      <NewConversationForm
        recipients={data.recipients}
        children={data.children}
        defaultTo={data.to}
        defaultChild={data.child}
        result={result}
      />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
