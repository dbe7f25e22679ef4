// /dash/messages: the inbox. The person's conversations from the cache (so it opens offline),
// newest first, filtered and searched by the URL (?child=, ?unread=1, ?q=; ?archived=1 shows the
// archived conversations, hidden otherwise). Opening it online
// also fetches the conversations sooner than their sync would, once per visit.
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { useLiveQueries, type LiveSpec } from '~/data/live';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { loadInboxPage } from '~/features/messages/inbox-route';
import { InboxFilters } from '~/features/messages/InboxFilters';
import { InboxList } from '~/features/messages/InboxList';
import { refreshInbox } from '~/features/messages/refresh';
import { useSettings } from '~/settings/store';
import { ButtonLink } from '~/ui/Button';
import { GeneralErrorBoundary } from '~/ui/errors';
import { MobileActionBar } from '~/ui/MobileActionBar';
import { EmptyState, PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type { ClientLoaderFunctionArgs, MetaFunction } from '@remix-run/react';

const WATCHED = ['messages', 'conversations', 'students'] as const;

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return loadInboxPage(request);
}

export const handle = {
  title: 'Messages',
  description: 'Conversations between families and staff.',
  area: 'messages',
  nav: { label: 'Messages', order: 70 },
  guide: 'features/messages',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

function unreadText(count: number): string {
  if (count === 0) return 'Everything is read.';
  return count === 1 ? '1 unread message.' : `${count} unread messages.`;
}

/** What this screen shows follows the backend while it is open (issue 29). */
const LIVE: LiveSpec[] = [{ collection: 'conversations' }];

export default function InboxPage() {
  const { query, filtered, rows, total, archivedTotal, unreadTotal, children, timeZone } =
    useLoaderData<typeof clientLoader>();
  const skin = useSettings((s) => s.skin);
  useRevalidateOnDataChange(WATCHED);
  useLiveQueries(LIVE);
  useEffect(() => {
    // Fire and forget: fresh data arrives through the cache and revalidates the page. A failed
    // refresh is shown by the sync status control; the cached inbox stays on screen.
    void refreshInbox().catch(() => false);
  }, []);

  const newLink = <ButtonLink to="/dash/messages/new">New conversation</ButtonLink>;

  return (
    <>
      <PageHeading
        title={handle.title}
        lead={total > 0 ? unreadText(unreadTotal) : handle.description}
        actions={<div className="hidden sm:flex">{newLink}</div>}
      />
      {total + archivedTotal === 0 ? (
        <EmptyState title="No conversations yet.">
          Start one with <strong>New conversation</strong>: write to a facilitator, a family or the
          office, about a child if you like.
        </EmptyState>
      ) : (
        <>
          <InboxFilters query={query} childOptions={children} />
          {rows.length === 0 && !filtered ? (
            <EmptyState title="Every conversation is archived.">
              <Link to="/dash/messages?archived=1" className={skin.link}>
                Show archived conversations
              </Link>
            </EmptyState>
          ) : rows.length === 0 ? (
            <EmptyState title="No conversations match this search and these filters.">
              <Link to="/dash/messages" replace className={skin.link}>
                Clear search and filters
              </Link>
            </EmptyState>
          ) : (
            <>
              {filtered ? (
                <p role="status" className="mb-2 font-medium">
                  {query.archived
                    ? `${rows.length} of ${archivedTotal} archived conversations`
                    : `${rows.length} of ${total} conversations`}
                </p>
              ) : null}
              <InboxList rows={rows} timeZone={timeZone} />
            </>
          )}
        </>
      )}
      <div className="h-20 sm:hidden" aria-hidden="true" />
      <MobileActionBar label="Message actions">{newLink}</MobileActionBar>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/dash/home" />;
}
