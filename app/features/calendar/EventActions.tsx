// Edit and Delete for one event or occurrence, shown in the calendar's event dialog for people who
// may write it. Edit opens the editor (which, for an occurrence of a series, first asks "Change only
// this event" / "Change all events"); Delete confirms in a dialog, with the same two choices for a
// series, and posts to the editor route's action, which writes through the store (queued offline).
import { useFetcher } from '@remix-run/react';
import { useState } from 'react';
import { useSession } from '~/auth/session';
import { formatDate } from '~/domain/format';
import { collectionAccess } from '~/domain/permissions';
import type { CalendarEvent } from '~/domain/records';
import { Button, ButtonLink } from '~/ui/Button';
import { Modal } from '~/ui/Modal';

export interface EventActionsProps {
  event: CalendarEvent;
  /** The occurrence's campus-local date (for a series). */
  occurrenceDate: string;
  /**
   * Whether this person may change this event (editor-route.ts `mayWriteEvent`). Without it the
   * buttons show for every role that may write events; the editor refuses the rest (403).
   */
  canWrite?: boolean;
}

export function EventActions({ event, occurrenceDate, canWrite }: EventActionsProps) {
  const session = useSession();
  const fetcher = useFetcher();
  const [confirming, setConfirming] = useState(false);
  const roles = session.user?.roles ?? [];
  const allowed = canWrite ?? collectionAccess(roles, 'events') === 'write';
  if (!allowed || !event.id) return null;

  const id = event.id;
  const partOfSeries = event.recurrence !== undefined || event.seriesId !== undefined;
  const editHref = partOfSeries
    ? `/dash/calendar/${encodeURIComponent(id)}/edit?on=${occurrenceDate}`
    : `/dash/calendar/${encodeURIComponent(id)}/edit`;
  const busy = fetcher.state !== 'idle';
  const remove = (scope: 'this' | 'all') =>
    fetcher.submit(
      { intent: 'delete', scope, on: occurrenceDate },
      { method: 'post', action: `/dash/calendar/${encodeURIComponent(id)}/edit` },
    );

  return (
    <div className="flex flex-wrap gap-2">
      <ButtonLink variant="secondary" to={editHref}>
        Edit
      </ButtonLink>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <Modal
        open={confirming}
        title={`Delete ${event.title}?`}
        onClose={() => setConfirming(false)}
        actions={
          partOfSeries
            ? [
                { label: 'Cancel', variant: 'secondary', onClick: () => setConfirming(false) },
                {
                  label: 'Delete only this event',
                  variant: 'danger',
                  onClick: () => remove('this'),
                  busy,
                  busyLabel: 'Deleting…',
                },
                {
                  label: 'Delete all events',
                  variant: 'danger',
                  onClick: () => remove('all'),
                  disabled: busy,
                },
              ]
            : [
                { label: 'Cancel', variant: 'secondary', onClick: () => setConfirming(false) },
                {
                  label: 'Delete event',
                  variant: 'danger',
                  onClick: () => remove('this'),
                  busy,
                  busyLabel: 'Deleting…',
                },
              ]
        }
      >
        <p>
          {partOfSeries
            ? `This event repeats. Delete only the one on ${formatDate(occurrenceDate)}, or every event of the series?`
            : 'This removes the event for everyone who can see it.'}
        </p>
      </Modal>
    </div>
  );
}
