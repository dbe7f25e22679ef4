// The app's one notifications feed, wired to the backend's live query, the pending-changes queue
// (Notifications is a non-cached collection: its writes are queued and synced like the others) and
// the inbox refresh. The dashboard shell starts it for the signed-in person (useNotificationFeedFor)
// and every reader selects its slice with useNotificationFeed.
import { useEffect, useSyncExternalStore } from 'react';
import { getDocument } from '~/backend/documents';
import { NOTIFICATIONS_COLLECTION, watchNotifications } from '~/backend/notifications';
import { BATCH_MAX_OPERATIONS } from '~/config/constants';
import { store, type BatchOperation } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { notificationSchema } from '~/domain/records';
import { refreshInbox } from '~/features/messages';
import { createNotificationFeed, type FeedState, type NotificationFeed } from './feed';

/** Stores the operations in batches of at most 500; true when every one was stored. */
async function storeInBatches(operations: BatchOperation[]): Promise<boolean> {
  for (let start = 0; start < operations.length; start += BATCH_MAX_OPERATIONS) {
    const chunk = operations.slice(start, start + BATCH_MAX_OPERATIONS);
    if ((await store.batch(chunk)) !== chunk.length) return false;
  }
  return true;
}

export const notificationFeed = createNotificationFeed({
  watch: (memberUUID, onChange, onError) => watchNotifications(memberUUID, onChange, onError),
  markRead: (ids) =>
    storeInBatches(
      ids.map((id) => ({
        type: 'save',
        collection: NOTIFICATIONS_COLLECTION,
        item: { id, isNew: false },
      })),
    ),
  remove: (ids) =>
    storeInBatches(ids.map((id) => ({ type: 'delete', collection: NOTIFICATIONS_COLLECTION, id }))),
  lookup: (id) => getDocument(NOTIFICATIONS_COLLECTION, id, notificationSchema),
  onMessageArrived: () => {
    refreshInbox().catch((error: unknown) => console.warn('Could not refresh the inbox', error));
  },
});

/** Ids of the Notifications writes the backend refused for good. */
function failedNotificationIds(): string[] {
  return syncEngine
    .getStatus()
    .failedChanges.filter((change) => change.collectionName === NOTIFICATIONS_COLLECTION)
    .map((change) => change.itemId);
}

/**
 * Runs the feed for this member while the calling component is mounted (the dashboard shell), and
 * lets refused writes drop their overlay. Sign-out reloads the page, which ends it too.
 */
export function useNotificationFeedFor(memberUUID: string | null): void {
  useEffect(() => {
    if (!memberUUID) return;
    const stop = notificationFeed.start(memberUUID);
    const unsubscribe = syncEngine.subscribeStatus(() =>
      notificationFeed.forgetFailed(failedNotificationIds()),
    );
    return () => {
      unsubscribe();
      stop();
    };
  }, [memberUUID]);
}

/** A slice of a feed's state; the selector must return a stable value (a field, a count). */
export function useFeed<T>(feed: NotificationFeed, selector: (state: FeedState) => T): T {
  return useSyncExternalStore(
    feed.subscribe,
    () => selector(feed.getState()),
    () => selector(feed.getState()),
  );
}

export function useNotificationFeed<T>(selector: (state: FeedState) => T): T {
  return useFeed(notificationFeed, selector);
}
