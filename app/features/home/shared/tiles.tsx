// The tiles several home dashboards share, each a HomeTile with its title, link and list, so a
// dashboard names the tile and hands it its data. The event replies' tiles (issue 32): a family's
// "Needs your reply" (events still waiting for an answer about a child of theirs, soonest deadline
// first, each opening the event where they answer) and the organiser's "Replies waiting" (each
// upcoming event that asks, with how many children have an answer, linking to its replies page).
import { Link } from '@remix-run/react';
import { CALENDAR_PATH, type NeededReply, type WaitingReplies } from '~/features/calendar';
import { HomeTile } from '~/ui/HomeTile';
import { AREA_ICONS } from '~/ui/icons';
import { RESOURCES_PATH, type NewResource } from './new-resources';
import { NewResourcesList } from './NewResourcesList';
import { MESSAGES_PATH, type UnreadSummary } from './unread-messages';
import { UnreadMessagesList } from './UnreadMessagesList';
import { UpcomingEventsList } from './UpcomingEventsList';
import type { UpcomingEvent } from './upcoming-events';

export function UnreadMessagesTile({ data }: { data: Promise<UnreadSummary> | UnreadSummary }) {
  return (
    <HomeTile
      title="Unread messages"
      icon={AREA_ICONS.messages}
      href={MESSAGES_PATH}
      hrefLabel="messages"
      data={data}
    >
      {(unread) => <UnreadMessagesList unread={unread} />}
    </HomeTile>
  );
}

export function NewResourcesTile({ data }: { data: Promise<NewResource[]> | NewResource[] }) {
  return (
    <HomeTile
      title="New resources"
      icon={AREA_ICONS.resources}
      href={RESOURCES_PATH}
      hrefLabel="resources"
      data={data}
    >
      {(resources) => <NewResourcesList resources={resources} />}
    </HomeTile>
  );
}

export function UpcomingEventsTile({
  title,
  empty,
  data,
}: {
  title: string;
  /** What the tile says when nothing is coming up. */
  empty: string;
  data: Promise<UpcomingEvent[]> | UpcomingEvent[];
}) {
  return (
    <HomeTile
      title={title}
      icon={AREA_ICONS.calendar}
      href={CALENDAR_PATH}
      hrefLabel="calendar"
      data={data}
    >
      {(events) => <UpcomingEventsList events={events} empty={empty} />}
    </HomeTile>
  );
}

/** How many events a tile lists before "and N more". */
const SHOWN = 5;

function More({ count }: { count: number }) {
  return count > 0 ? <p className="text-sm text-muted">And {count} more.</p> : null;
}

function NeededList({ needed }: { needed: NeededReply[] }) {
  if (needed.length === 0) {
    return <p className="text-sm text-muted">Nothing needs your reply.</p>;
  }
  return (
    <div className="grid gap-2">
      <ul className="grid gap-3">
        {needed.slice(0, SHOWN).map((n) => (
          <li key={n.eventId}>
            <Link to={n.href} className="font-medium underline underline-offset-2">
              {n.title}
            </Link>
            <span className="block text-sm">
              {n.kind === 'consent' ? 'Consent for ' : 'Going or not, for '}
              <bdi>{n.children.join(' and ')}</bdi>
            </span>
            <span className="block text-sm text-muted">Reply by {n.closes}</span>
          </li>
        ))}
      </ul>
      <More count={needed.length - SHOWN} />
    </div>
  );
}

export function NeedsReplyTile({ data }: { data: Promise<NeededReply[]> | NeededReply[] }) {
  return (
    <HomeTile
      title="Needs your reply"
      icon={AREA_ICONS.calendar}
      href={CALENDAR_PATH}
      hrefLabel="calendar"
      data={data}
    >
      {(needed) => <NeededList needed={needed} />}
    </HomeTile>
  );
}

function WaitingList({ waiting }: { waiting: WaitingReplies[] }) {
  if (waiting.length === 0) {
    return <p className="text-sm text-muted">No upcoming event asks families for a reply.</p>;
  }
  return (
    <div className="grid gap-2">
      <ul className="grid gap-3">
        {waiting.slice(0, SHOWN).map((w) => (
          <li key={w.eventId}>
            <Link to={w.href} className="font-medium underline underline-offset-2">
              {w.text}
            </Link>
            <span className="block text-sm text-muted">{w.closes}</span>
          </li>
        ))}
      </ul>
      <More count={waiting.length - SHOWN} />
    </div>
  );
}

export function RepliesWaitingTile({
  data,
}: {
  data: Promise<WaitingReplies[]> | WaitingReplies[];
}) {
  return (
    <HomeTile
      title="Replies waiting"
      icon={AREA_ICONS.calendar}
      href={CALENDAR_PATH}
      hrefLabel="calendar"
      data={data}
    >
      {(waiting) => <WaitingList waiting={waiting} />}
    </HomeTile>
  );
}
