// This browser as a device that receives pushes (issue 31): `Members/{uid}/devices/{deviceId}` =
// { token, platform, lastSeen, createdAt }, written by its owner only (the permission matrix's
// 'devices' row). deviceId is a random id kept in this browser's storage, not the person's: it
// stays across sign-ins, and each person's document is theirs. The token is FCM's (getToken with
// the app's own service worker registration and the VAPID key, loaded only when the person turns
// notifications on) or, in demo mode, `demo:<deviceId>` (the fake has no push service).
//
// The writes go straight to the backend rather than through the outbox: a token exists only once
// the push service answered, so the device is online when it registers. At sign-out the delete is
// tried once; the outbox could not help, since a sign-out clears it on a shared computer. So this
// browser also lets go of the token itself, online or not: it drops its push subscription (FCM then
// reports the old token as unregistered, and the functions delete the document) and takes a new
// device id, so the next person here gets a new token and never the last person's pushes.
import { addSignOutStep } from '~/auth/session';
import { deleteDocument, setDocument, updateDocument } from '~/backend/documents';
import { getRuntimeConfig } from '~/config/env';
import { now } from '~/domain/clock';
import { DEVICE_PLATFORM_MAX, DEVICES_SUBCOLLECTION } from '~/domain/reach';
import { detectPlatform } from '~/pwa/install';

/** Where this browser keeps its device id and the day it last refreshed `lastSeen`. */
export const DEVICE_ID_KEY = 'lc:push-device-id';
export const LAST_SEEN_KEY = 'lc:push-last-seen';
/** Where the dismissal of the "Get replies on this device" card is remembered. */
export const PUSH_CARD_DISMISSED_KEY = 'lc:push-card-dismissed';

/** What the Settings section says about this device. */
export type PushStatus = 'on' | 'off' | 'blocked' | 'unsupported' | 'ios-install';

export const PUSH_STATUS_TEXT: Record<PushStatus, string> = {
  on: 'On: this device shows a notification when something arrives while the app is closed.',
  off: 'Off: notices wait in the app until you open it.',
  blocked:
    'Blocked by the browser: notifications for this site were refused. Allow them in the browser’s site settings, then come back here.',
  unsupported: 'Not supported: this browser cannot show notifications from web apps.',
  'ios-install':
    'On iPhone and iPad (iOS 16.4 and later), notifications work only once the app is on your Home Screen.',
};

/** The parts of the browser the status reads; tests pass their own. */
export interface PushEnvironment {
  userAgent: string;
  maxTouchPoints: number;
  standalone: boolean;
  hasNotification: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  permission: NotificationPermission | null;
  registered: boolean;
}

export function browserPushEnvironment(): PushEnvironment {
  const nav = typeof navigator === 'undefined' ? null : navigator;
  const win = typeof window === 'undefined' ? null : window;
  const hasNotification = win !== null && 'Notification' in win;
  return {
    userAgent: nav?.userAgent ?? '',
    maxTouchPoints: nav?.maxTouchPoints ?? 0,
    standalone:
      (win?.matchMedia?.('(display-mode: standalone)').matches ?? false) ||
      (nav !== null && Reflect.get(nav, 'standalone') === true),
    hasNotification,
    hasServiceWorker: nav !== null && 'serviceWorker' in nav,
    hasPushManager: win !== null && 'PushManager' in win,
    permission: hasNotification ? Notification.permission : null,
    registered: readStorage(LAST_SEEN_KEY) !== null,
  };
}

/**
 * This device's state: iOS Safari outside the Home Screen cannot have pushes (it has no
 * PushManager there) but can once installed, so it is told how; elsewhere without the APIs, not
 * supported; then the browser's permission, and 'on' only once this device is registered.
 */
export function pushStatus(env: PushEnvironment): PushStatus {
  const ios = detectPlatform(env.userAgent, env.maxTouchPoints) === 'ios';
  if (ios && !env.standalone) return 'ios-install';
  if (!env.hasNotification || !env.hasServiceWorker || !env.hasPushManager) return 'unsupported';
  if (env.permission === 'denied') return 'blocked';
  return env.permission === 'granted' && env.registered ? 'on' : 'off';
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode: the id is made again next time, and an old document ages out.
  }
}

/** Whether this browser registered itself for pushes (and has not signed out since). */
export function isDeviceRegistered(): boolean {
  return readStorage(LAST_SEEN_KEY) !== null;
}

/** This browser's device id, made once. */
export function deviceId(): string {
  const stored = readStorage(DEVICE_ID_KEY);
  if (stored && /^[A-Za-z0-9-]{8,64}$/.test(stored)) return stored;
  const id = crypto.randomUUID();
  writeStorage(DEVICE_ID_KEY, id);
  return id;
}

/** A short platform label for the device document ("desktop · Chrome"). */
export function platformLabel(userAgent: string, maxTouchPoints = 0): string {
  const browser =
    /Edg\//.exec(userAgent)?.[0] ??
    /Firefox\//.exec(userAgent)?.[0] ??
    /Chrome\//.exec(userAgent)?.[0] ??
    /Safari\//.exec(userAgent)?.[0] ??
    'browser';
  const label = `${detectPlatform(userAgent, maxTouchPoints)} · ${browser.replace('/', '').replace('Edg', 'Edge')}`;
  return label.slice(0, DEVICE_PLATFORM_MAX);
}

function devicesPath(uid: string): string {
  return `Members/${uid}/${DEVICES_SUBCOLLECTION}`;
}

/** The push token: FCM's through the app's own worker, or `demo:<id>` in demo mode. */
async function pushToken(id: string): Promise<string> {
  const config = getRuntimeConfig();
  if (config.mode === 'demo') return `demo:${id}`;
  if (!config.vapidKey) throw new Error('Push is not configured (VITE_FIREBASE_VAPID_KEY).');
  const [{ getMessaging, getToken }, { getFirebaseApp }] = await Promise.all([
    import('firebase/messaging'),
    import('~/backend/app'),
  ]);
  const registration = await navigator.serviceWorker.ready;
  return getToken(getMessaging(await getFirebaseApp()), {
    vapidKey: config.vapidKey,
    serviceWorkerRegistration: registration,
  });
}

export type EnableResult = { ok: true } | { ok: false; status: PushStatus; message: string };

export const PUSH_ENABLE_FAILED = 'Could not turn on notifications on this device';

/**
 * Asks the browser for permission (only ever from a person's click), then registers this device:
 * its token under the person's devices. Returns why not when permission is refused or it fails.
 */
export async function enablePush(
  uid: string,
  requestPermission: () => Promise<NotificationPermission> = () => Notification.requestPermission(),
): Promise<EnableResult> {
  const permission = await requestPermission();
  if (permission !== 'granted') {
    return {
      ok: false,
      status: permission === 'denied' ? 'blocked' : 'off',
      message: PUSH_STATUS_TEXT[permission === 'denied' ? 'blocked' : 'off'],
    };
  }
  try {
    const id = deviceId();
    const token = await pushToken(id);
    const at = now().toISOString();
    const result = await setDocument(devicesPath(uid), id, {
      token,
      platform: platformLabel(navigator.userAgent, navigator.maxTouchPoints),
      lastSeen: at,
      createdAt: at,
    });
    if (!result.success) return { ok: false, status: 'off', message: PUSH_ENABLE_FAILED };
    writeStorage(LAST_SEEN_KEY, at.slice(0, 10));
    return { ok: true };
  } catch (error) {
    console.warn('Push registration failed', error);
    return { ok: false, status: 'off', message: PUSH_ENABLE_FAILED };
  }
}

/**
 * Refreshes this device's `lastSeen`, at most once a (UTC) day, when it is registered: the
 * functions may drop devices not seen for a long time.
 */
export async function touchDevice(uid: string): Promise<boolean> {
  const last = readStorage(LAST_SEEN_KEY);
  if (last === null) return false;
  const at = now().toISOString();
  if (last === at.slice(0, 10)) return false;
  const result = await updateDocument(devicesPath(uid), deviceId(), { lastSeen: at });
  if (result.success) writeStorage(LAST_SEEN_KEY, at.slice(0, 10));
  return result.success;
}

/** Drops this browser's push subscription (the FCM token's), where it has one. */
async function dropPushSubscription(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  await subscription?.unsubscribe();
}

/**
 * At sign-out: removes this device's document (tried once), then, whatever happened, lets go of
 * the token here: the push subscription goes and the device id is renewed, so that the next person
 * on this browser registers a new token, even when the document could not be deleted offline.
 */
export async function forgetDevice(
  uid: string,
  dropSubscription: () => Promise<void> = dropPushSubscription,
): Promise<void> {
  if (readStorage(LAST_SEEN_KEY) === null) return;
  writeStorage(LAST_SEEN_KEY, null);
  const result = await deleteDocument(devicesPath(uid), deviceId()).catch(() => null);
  if (!result?.success) console.warn('Could not remove this device’s push registration');
  writeStorage(DEVICE_ID_KEY, null);
  await dropSubscription().catch((error: unknown) =>
    console.warn('Could not drop this browser’s push subscription', error),
  );
}

// Whoever loaded this module (the Settings section, or the device layer on a registered device)
// makes every later sign-out remove the registration first.
addSignOutStep(forgetDevice);
