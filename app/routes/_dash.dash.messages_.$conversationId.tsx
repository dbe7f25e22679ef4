// /dash/messages/$conversationId: one conversation. Opening it marks its messages read (through the
// queue); while it is open and online its messages and the conversation are live queries (issue 29),
// so replies and "Seen by …" appear within seconds without a reload. A participant may archive it
// (never delete it); an archived conversation is read-only, and office staff can still open it.
import { Link, useLoaderData, useParams } from '@remix-run/react';
import { useLiveQueries } from '~/data/live';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { loadThreadPage, replyFromRequest } from '~/features/messages/thread-route';
import { ArchiveConversation, ArchivedNotice } from '~/features/messages/ThreadArchive';
import { ThreadMessages } from '~/features/messages/ThreadMessages';
import { ThreadReply } from '~/features/messages/ThreadReply';
import { useSettings } from '~/settings/store';
import { GeneralErrorBoundary } from '~/ui/errors';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  return loadThreadPage(request, params.conversationId ?? '');
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  return replyFromRequest(request, params.conversationId ?? '');
}

export const handle = {
  title: 'Conversation',
  description: 'Messages of one conversation.',
  area: 'messages',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function ThreadPage() {
  const thread = useLoaderData<typeof clientLoader>();
  const skin = useSettings((s) => s.skin);
  const { conversationId = '' } = useParams();
  useRevalidateOnDataChange(['messages', 'conversations']);
  // Replies, read receipts and the conversation itself follow the backend while it is open.
  useLiveQueries([
    { collection: 'messages', parentId: conversationId },
    { collection: 'conversations' },
  ]);

  const others = thread.participants.map((p) => `${p.name} (${p.role})`).join(', ');
  return (
    <div className="mx-auto grid max-w-3xl">
      <p className="mb-2">
        <Link to="/dash/messages" className={skin.link}>
          All conversations
        </Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
        {thread.subject}
      </h1>
      <dl className="mt-2 mb-4 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="font-medium">With</dt>
        <dd className="text-muted">{others || 'Only you'}</dd>
        {thread.child ? (
          <>
            <dt className="font-medium">About</dt>
            <dd>
              {thread.child.href ? (
                <Link to={thread.child.href} className={skin.link}>
                  {thread.child.name}
                </Link>
              ) : (
                thread.child.name
              )}
            </dd>
          </>
        ) : null}
      </dl>
      {thread.archived ? (
        <ArchivedNotice archived={thread.archived} timeZone={thread.timeZone} />
      ) : null}
      {thread.canArchive ? <ArchiveConversation /> : null}
      <ThreadMessages thread={thread} />
      {thread.canReply ? (
        <ThreadReply
          key={thread.conversationId}
          conversationId={thread.conversationId}
          memberUUID={thread.memberUUID}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/dash/home" />;
}
