// The notifications live query (spec §7): active notifications of one member, newest first.
// Production uses the full Firestore SDK's onSnapshot with its persistent single-tab cache, loaded
// only when the first watcher starts (after sign-in). The fake cannot speak the full SDK's
// WebChannel protocol, so in demo mode the same function polls through firestore/lite and re-queries
// at once when the fake announces a change, which keeps updates well under a second.
import { getRuntimeConfig } from '~/config/env';
import { notificationSchema, type Notification } from '~/domain/records';
import { getFullFirestore } from './app';
import { toPlainDocument } from './codec';
import { deleteDocument, listDocuments, updateDocument, type BackendResult } from './documents';
import { BACKEND_MESSAGES, toBackendError } from './errors';
import type { BackendError } from './errors';

export type { Notification };

export const NOTIFICATIONS_COLLECTION = 'Notifications';
/** Demo mode's polling interval; the fake's change events usually answer sooner. */
export const DEMO_NOTIFICATION_POLL_MS = 3000;
/** The window event the in-page fake dispatches after every change to its store. */
export const FAKE_CHANGE_EVENT = 'fake-firebase:change';

export type NotificationsListener = (items: Notification[]) => void;
export type NotificationsErrorListener = (error: BackendError) => void;

function parseNotifications(
  docs: { id: string; data: () => Record<string, unknown> }[],
): Notification[] {
  const items: Notification[] = [];
  for (const doc of docs) {
    const parsed = notificationSchema.safeParse(toPlainDocument(doc.id, doc.data()));
    if (parsed.success) items.push(parsed.data);
    else console.warn(`Skipping notification ${doc.id}: it does not match its schema`);
  }
  return items;
}

/**
 * Calls `onChange` with the member's active notifications now and whenever they change. Returns
 * the unsubscribe function at once; the SDK loads in the background.
 */
export function watchNotifications(
  memberUUID: string,
  onChange: NotificationsListener,
  onError?: NotificationsErrorListener,
): () => void {
  const reportError = (error: unknown) => {
    const backendError = toBackendError(error, BACKEND_MESSAGES.getFailed);
    if (onError) onError(backendError);
    else console.warn('Notifications query failed', backendError);
  };
  return getRuntimeConfig().mode === 'demo'
    ? watchByPolling(memberUUID, onChange, reportError)
    : watchWithSnapshots(memberUUID, onChange, reportError);
}

function watchWithSnapshots(
  memberUUID: string,
  onChange: NotificationsListener,
  reportError: (error: unknown) => void,
): () => void {
  let unsubscribe: (() => void) | undefined;
  let stopped = false;
  Promise.all([getFullFirestore(), import('firebase/firestore')])
    .then(([db, sdk]) => {
      if (stopped) return;
      const notifications = sdk.query(
        sdk.collection(db, NOTIFICATIONS_COLLECTION),
        sdk.where('status', '==', 'active'),
        sdk.where('memberUUID', '==', memberUUID),
        sdk.orderBy('date', 'desc'),
      );
      unsubscribe = sdk.onSnapshot(
        notifications,
        (snapshot) => onChange(parseNotifications(snapshot.docs)),
        reportError,
      );
    })
    .catch(reportError);
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

/**
 * The fake may also expose itself as `globalThis.__fakeFirebase` (app code must not import mocks/).
 * Its `onChange(listener)` is expected to return an unsubscribe function.
 */
function readFakeChangeHook(): ((listener: () => void) => unknown) | null {
  const candidate: unknown = Reflect.get(globalThis, '__fakeFirebase');
  if (typeof candidate !== 'object' || candidate === null) return null;
  const onChange: unknown = Reflect.get(candidate, 'onChange');
  if (typeof onChange !== 'function') return null;
  return (listener) => Reflect.apply(onChange, candidate, [listener]);
}

function watchByPolling(
  memberUUID: string,
  onChange: NotificationsListener,
  reportError: (error: unknown) => void,
): () => void {
  let stopped = false;
  let running = false;
  let rerun = false;
  let lastDelivered: string | undefined;
  let failing = false;

  const refresh = async (): Promise<void> => {
    if (stopped) return;
    // One query at a time; a change that arrives meanwhile triggers one more afterwards.
    if (running) {
      rerun = true;
      return;
    }
    running = true;
    try {
      const items = await listDocuments(NOTIFICATIONS_COLLECTION, notificationSchema, {
        filters: [
          { field: 'status', op: '==', value: 'active' },
          { field: 'memberUUID', op: '==', value: memberUUID },
        ],
        orderBy: [{ field: 'date', direction: 'desc' }],
        all: true,
      });
      failing = false;
      const key = JSON.stringify(items);
      if (!stopped && key !== lastDelivered) {
        lastDelivered = key;
        onChange(items);
      }
    } catch (error) {
      // Report the start of a failure, not every poll of it (offline lasts many polls).
      if (!stopped && !failing) reportError(error);
      failing = true;
    } finally {
      running = false;
      if (rerun) {
        rerun = false;
        void refresh();
      }
    }
  };
  const trigger = () => void refresh();

  const timer = setInterval(trigger, DEMO_NOTIFICATION_POLL_MS);
  const hasWindow = typeof window !== 'undefined';
  if (hasWindow) {
    window.addEventListener(FAKE_CHANGE_EVENT, trigger);
    window.addEventListener('online', trigger);
  }
  const subscribeToFake = readFakeChangeHook();
  const fakeUnsubscribe = subscribeToFake ? subscribeToFake(trigger) : undefined;
  trigger();

  return () => {
    stopped = true;
    clearInterval(timer);
    if (hasWindow) {
      window.removeEventListener(FAKE_CHANGE_EVENT, trigger);
      window.removeEventListener('online', trigger);
    }
    if (typeof fakeUnsubscribe === 'function') fakeUnsubscribe();
  };
}

/** Marks a notification as read (isNew false); the matrix lets its member change only that. */
export function markNotificationRead(id: string): Promise<BackendResult> {
  return updateDocument(NOTIFICATIONS_COLLECTION, id, { isNew: false });
}

/** Deletes a notification; the backend allows it only once it has been read. */
export function deleteNotification(id: string): Promise<BackendResult> {
  return deleteDocument(NOTIFICATIONS_COLLECTION, id);
}
