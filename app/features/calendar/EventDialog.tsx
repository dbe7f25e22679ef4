// The details of one event (?event=<id>[&on=<date>]) in a dialog: when (in its campus timezone,
// named when it is not the device's), where, who it is for, and "Add to my calendar", which loads
// the .ics writer only on click so the calendar page stays light. Edit and Delete come from
// EventActions, shown only to people the matrix lets write this event; a family's reply and the
// organiser's count of replies from EventReplies, when the event asks families for one.
import { useState } from 'react';
import { formatDate } from '~/domain/format';
import { settingsStore, useSettings } from '~/settings/store';
import { Modal } from '~/ui/Modal';
import { EventActions } from './EventActions';
import { kindTone, KIND_LABELS, PendingBadge } from './EventChip';
import { EventReplies } from './EventReplies';
import { slugOf } from './slug';
import type { EventDetails } from './calendar-route';

export const ICS_FAILED = 'Could not prepare the calendar file. Please try again.';

export function EventDialog({
  details,
  onClose,
}: {
  details: EventDetails | null;
  onClose: () => void;
}) {
  const skin = useSettings((s) => s.skin);
  const [busy, setBusy] = useState(false);

  const addToCalendar = async () => {
    if (!details) return;
    setBusy(true);
    try {
      const { buildIcs, downloadIcs } = await import('./ics');
      const text = buildIcs([details.event], {
        timeZoneOf: () => details.timeZone,
        calendarName: details.event.title,
      });
      downloadIcs(`${slugOf(details.event.title)}.ics`, text);
    } catch {
      settingsStore.notify(ICS_FAILED, 'error');
    } finally {
      setBusy(false);
    }
  };

  const item = details?.item;
  return (
    <Modal
      open={details !== null}
      title={details?.event.title ?? 'Event'}
      onClose={onClose}
      actions={[
        { label: 'Close', variant: 'secondary', onClick: onClose },
        {
          label: 'Add to my calendar',
          onClick: () => void addToCalendar(),
          busy,
          busyLabel: 'Preparing…',
        },
      ]}
    >
      {details && item ? (
        <div className="grid gap-3">
          <div className="flex flex-wrap gap-2 text-sm">
            <span className={`px-2 py-0.5 ${kindTone(item.kind, skin)} ${skin.rounded}`}>
              {KIND_LABELS[item.kind]}
            </span>
            {item.recurring ? (
              <span className={`px-2 py-0.5 ${skin.badgeTone.neutral} ${skin.rounded}`}>
                Repeats
                {details.event.recurrence
                  ? ` until ${formatDate(details.event.recurrence.until)}`
                  : ''}
              </span>
            ) : null}
            {item.pending ? <PendingBadge /> : null}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted">When</dt>
            <dd>{item.when}</dd>
            {details.event.location ? (
              <>
                <dt className="text-muted">Where</dt>
                <dd className="wrap-anywhere">{details.event.location}</dd>
              </>
            ) : null}
            {details.campus ? (
              <>
                <dt className="text-muted">Campus</dt>
                <dd>{details.campus}</dd>
              </>
            ) : null}
            {details.classrooms.length > 0 ? (
              <>
                <dt className="text-muted">Classrooms</dt>
                <dd>{details.classrooms.join(', ')}</dd>
              </>
            ) : null}
            <dt className="text-muted">For</dt>
            <dd>{details.audience}</dd>
          </dl>
          {details.description ? (
            <p className="whitespace-pre-line wrap-anywhere">{details.description}</p>
          ) : null}
          {details.replies ? (
            <EventReplies eventId={details.event.id} replies={details.replies} />
          ) : null}
          {details.canEdit ? (
            <EventActions event={details.event} occurrenceDate={item.occurrenceDate} />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
