// The notifications page (/dash/notifications): the person's whole live feed, "Mark all read", and
// "Delete read notifications" after a confirmation. Both write through the pending-changes queue,
// so they work offline; the feed's overlay shows the result at once.
import { useState } from 'react';
import { useSyncStatus } from '~/data/sync-status';
import { settingsStore, useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { EmptyState } from '~/ui/EmptyState';
import { ACTION_ICONS, AREA_ICONS } from '~/ui/icons';
import { Modal } from '~/ui/Modal';
import { PageHeading } from '~/ui/PageHeading';
import { notificationFeed, useFeed } from './notification-feed';
import { NotificationList } from './NotificationItem';
import type { NotificationFeed } from './feed';

export const MARK_ALL_FAILED = 'Could not mark the notifications as read. Please try again.';
export const DELETE_FAILED = 'Could not delete the read notifications. Please try again.';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The success notice: offline, it says the change waits on this device. */
function doneMessage(done: string, online: boolean): string {
  return online ? `${done}.` : `${done} on this device. It will sync when you are back online.`;
}

export function NotificationsPage({ feed = notificationFeed }: { feed?: NotificationFeed }) {
  const skin = useSettings((s) => s.skin);
  const items = useFeed(feed, (s) => s.items);
  const newCount = useFeed(feed, (s) => s.newCount);
  const readCount = useFeed(feed, (s) => s.readCount);
  const readPendingCount = useFeed(feed, (s) => s.readPendingCount);
  const answered = useFeed(feed, (s) => s.answered);
  const status = useFeed(feed, (s) => s.status);
  const { isOnline } = useSyncStatus();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'read' | 'delete' | null>(null);

  const markAllRead = async () => {
    setBusy('read');
    const marked = await feed.markAllRead();
    setBusy(null);
    if (marked === null) settingsStore.notify(MARK_ALL_FAILED, 'error');
    else
      settingsStore.notify(
        doneMessage(`Marked ${plural(marked, 'notification', 'notifications')} as read`, isOnline),
        'success',
      );
  };

  const deleteRead = async () => {
    setBusy('delete');
    const deleted = await feed.deleteRead();
    setBusy(null);
    setConfirming(false);
    if (deleted === null) settingsStore.notify(DELETE_FAILED, 'error');
    else
      settingsStore.notify(
        doneMessage(
          `Deleted ${plural(deleted, 'read notification', 'read notifications')}`,
          isOnline,
        ),
        'success',
      );
  };

  const stale = !isOnline || status === 'failing';

  return (
    <>
      <PageHeading
        title="Notifications"
        icon={AREA_ICONS.notifications}
        lead={
          answered
            ? newCount > 0
              ? `${plural(newCount, 'new notification', 'new notifications')}.`
              : 'Nothing new.'
            : 'Your notifications.'
        }
        actions={
          <>
            <Button
              variant="secondary"
              icon={ACTION_ICONS.chosen}
              disabled={newCount === 0}
              busy={busy === 'read'}
              busyLabel="Marking…"
              onClick={() => void markAllRead()}
            >
              Mark all read
            </Button>
            <Button
              variant="secondary"
              icon={ACTION_ICONS.discard}
              disabled={readCount === 0}
              onClick={() => setConfirming(true)}
            >
              Delete read notifications
            </Button>
          </>
        }
      />
      {stale ? (
        <p
          role="status"
          className={`mb-4 border border-warning/60 bg-warning-soft p-3 ${skin.rounded}`}
        >
          {isOnline
            ? 'Notifications cannot be refreshed right now, so this list may be out of date.'
            : 'You are offline, so this list may be out of date. What you mark or delete is saved on this device and syncs when you are back online.'}
        </p>
      ) : null}
      {readPendingCount > 0 ? (
        <p className="mb-4 text-sm text-muted">
          {plural(readPendingCount, 'notification', 'notifications')} marked read{' '}
          {readPendingCount === 1 ? 'is' : 'are'} waiting to sync; read notifications can be deleted
          once they have synced.
        </p>
      ) : null}
      {!answered ? (
        <p className="text-muted" aria-live="polite">
          {status === 'failing'
            ? 'Notifications cannot be loaded right now.'
            : 'Loading notifications…'}
        </p>
      ) : items.length === 0 ? (
        <EmptyState title="You have no notifications." icon={AREA_ICONS.notifications}>
          New messages, events and other news for you appear here.
        </EmptyState>
      ) : (
        <div className={`${skin.card} ${skin.rounded} p-1`}>
          <NotificationList items={items} feed={feed} label="Notifications" />
        </div>
      )}
      <Modal
        open={confirming}
        title={`Delete ${plural(readCount, 'read notification', 'read notifications')}?`}
        onClose={() => setConfirming(false)}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setConfirming(false) },
          {
            label: 'Delete',
            variant: 'danger',
            busy: busy === 'delete',
            busyLabel: 'Deleting…',
            onClick: () => void deleteRead(),
          },
        ]}
      >
        <p>New notifications are kept. This cannot be undone.</p>
      </Modal>
    </>
  );
}
