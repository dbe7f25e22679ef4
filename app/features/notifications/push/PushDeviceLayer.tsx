// Mounted once by the dashboard shell: while a person is signed in on a registered device,
// refreshes the device's lastSeen (at most once a day) and, in demo mode, delivers the fake's pushes
// for this device to the service worker (demo-delivery.ts, loaded only then). Renders nothing.
import { useEffect } from 'react';
import { useSession } from '~/auth/session';
import { getRuntimeConfig } from '~/config/env';
import { deviceId, isDeviceRegistered, touchDevice } from './device';

/** Posts a message to the app's active service worker, once it is ready. */
export function postToWorker(message: unknown): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage(message),
  );
}

export function PushDeviceLayer() {
  const { status, user } = useSession();
  const uid = status === 'signedIn' ? (user?.uid ?? null) : null;
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
  return null;
}
