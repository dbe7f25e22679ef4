// The tiles several home dashboards share, each a HomeTile with its title, link and list, so a
// dashboard names the tile and hands it its data.
import { CALENDAR_PATH } from '~/features/calendar';
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
