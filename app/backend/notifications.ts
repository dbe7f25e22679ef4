// The notifications live query (spec §7): active notifications of one member, newest first.
// Production uses the full Firestore SDK's onSnapshot with its persistent single-tab cache, loaded
// only when the first watcher starts (after sign-in). In demo mode the same function re-queries
// through firestore/lite when the fake announces a change (app/backend/live.ts, issue 29).
import { notificationSchema, type Notification } from '~/domain/records';
import { deleteDocument, updateDocument, type BackendResult } from './documents';
import { watchQuery, DEMO_LIVE_POLL_MS, FAKE_CHANGE_EVENT } from './live';
import type { BackendError } from './errors';

export type { Notification };

export const NOTIFICATIONS_COLLECTION = 'Notifications';
/** Demo mode's polling interval where the fake has no change feed (app/backend/live.ts). */
export const DEMO_NOTIFICATION_POLL_MS = DEMO_LIVE_POLL_MS;
export { FAKE_CHANGE_EVENT };

export type NotificationsListener = (items: Notification[]) => void;
export type NotificationsErrorListener = (error: BackendError) => void;

/**
 * Calls `onChange` with the member's active notifications, newest first, now and whenever they
 * change. Returns the unsubscribe function at once; the SDK loads in the background.
 */
export function watchNotifications(
  memberUUID: string,
  onChange: NotificationsListener,
  onError?: NotificationsErrorListener,
): () => void {
  return watchQuery(
    {
      collectionPath: NOTIFICATIONS_COLLECTION,
      filters: [
        { field: 'status', op: '==', value: 'active' },
        { field: 'memberUUID', op: '==', value: memberUUID },
      ],
      orderBy: [{ field: 'date', direction: 'desc' }],
    },
    notificationSchema,
    {
      onChange,
      onError: onError ?? ((error) => console.warn('Notifications query failed', error)),
    },
  );
}

/** Marks a notification as read (isNew false); the matrix lets its member change only that. */
export function markNotificationRead(id: string): Promise<BackendResult> {
  return updateDocument(NOTIFICATIONS_COLLECTION, id, { isNew: false });
}

/** Deletes a notification; the backend allows it only once it has been read. */
export function deleteNotification(id: string): Promise<BackendResult> {
  return deleteDocument(NOTIFICATIONS_COLLECTION, id);
}
