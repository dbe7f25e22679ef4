// Mounted once by the dashboard shell: while a person is signed in on a registered device,
// refreshes the device's lastSeen (at most once a day) and, in demo mode, delivers the fake's pushes
// for this device to the service worker (demo-delivery.ts, loaded only then). A push the worker
// hands to this open window instead of a system notification fetches the inbox sooner when it is
// a message (its notice reaches the feed through the live query). It renders the "Get replies on
// this device" card once the person has sent a message (PushOfferCard.tsx).
import { useLocation } from '@remix-run/react';
import { lazy, Suspense, useEffect } from 'react';
import { useSession } from '~/auth/session';
import { getRuntimeConfig } from '~/config/env';
import { refreshInbox } from '~/features/messages';
import { deviceId, isDeviceRegistered, touchDevice } from './device';
import { pushReceivedAction } from './payload';

/** Posts a message to the app's active service worker, once it is ready. */
export function postToWorker(message: unknown): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage(message),
  );
}

// Loaded on the messages pages only, where a person sends a message: not part of every first load.
const PushOfferCard = lazy(() =>
  import('./PushOfferCard').then((module) => ({ default: module.PushOfferCard })),
);

/** Listens for the pushes the worker hands to this window while `uid` is signed in. */
function usePushesHandedToWindow(uid: string | null): void {
  useEffect(() => {
    if (!uid || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      const action = pushReceivedAction(event.data, window.location.origin);
      if (action?.refreshInbox) {
        refreshInbox().catch((error: unknown) =>
          console.warn('Could not refresh the inbox', error),
        );
      }
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [uid]);
}

export function PushDeviceLayer() {
  const { status, user } = useSession();
  const uid = status === 'signedIn' ? (user?.uid ?? null) : null;
  usePushesHandedToWindow(uid);
  useEffect(() => {
    if (!uid || !isDeviceRegistered()) return;
    void touchDevice(uid).catch(() => false);
    if (getRuntimeConfig().mode !== 'demo') return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./demo-delivery').then(({ startDemoDelivery }) => {
      if (!cancelled) stop = startDemoDelivery(`demo:${deviceId()}`, postToWorker);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [uid]);
  const { pathname } = useLocation();
  if (!uid || !pathname.startsWith('/dash/messages')) return null;
  return (
    <Suspense fallback={null}>
      <PushOfferCard uid={uid} memberUUID={user?.memberUUID ?? null} />
    </Suspense>
  );
}
