// How long a sign-in lives on this device (issue 29, item 4; decision 051). "Keep me signed in"
// keeps Firebase's user for the device. Without it, the user is kept too (Firebase's IndexedDB
// store, shared by every tab), but only for the browser session: a session cookie (no Expires, so
// the browser drops it when it closes) says the session is still alive, and a marker in
// localStorage says that this device's sign-in is not remembered. At the next start, a marker
// without its cookie means the browser session ended: shared-device.ts then removes the user and
// everything the session wrote before anything reads it. A second tab, or the installed app
// reopened while the browser still runs, finds the user and the cache and gets in, offline too.
//
// The cookie's value is a random secret of the browser session; outbox-key.ts wraps the person's
// outbox key with it, so every tab of the session can open the sealed queue and nothing on disk
// can once the session is over. This module is light (no Firebase, no data layer, not even zod:
// the start reads it before anything shows); its two stored values are checked by hand.

/** The session cookie: present while this browser session lasts; its value is the session secret. */
export const BROWSER_SESSION_COOKIE = 'lc-browser-session';
/** localStorage: how long the sign-in on this device lives ('device' or 'browser-session'). */
export const SESSION_LIFE_KEY = 'lc-session-life';
/**
 * localStorage: the person's outbox key, wrapped with the session secret (outbox-key.ts). Useless
 * once the cookie is gone; removed with the person's other keys (shared-device.ts).
 */
export const OUTBOX_KEY_WRAPPED_KEY = 'lc-outbox-key-wrapped';

export type SessionLife = 'device' | 'browser-session';

/** A session secret: base64url of 32 bytes. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function setItem(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage full or refused: the cookie alone cannot say the session is not remembered, so the
    // next start keeps the user (the legacy answer) and the cache is handled as before.
  }
}

/** How long the sign-in recorded on this device lives, or null when none was recorded. */
export function readSessionLife(): SessionLife | null {
  const stored = storage()?.getItem(SESSION_LIFE_KEY);
  return stored === 'device' || stored === 'browser-session' ? stored : null;
}

/** This browser session's secret, or null when its cookie is gone (or was never set). */
export function browserSessionSecret(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== BROWSER_SESSION_COOKIE) continue;
    const secret = value.join('=');
    return SECRET_PATTERN.test(secret) ? secret : null;
  }
  return null;
}

function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function writeCookie(value: string, expire = false): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  // No Expires or Max-Age: a session cookie, dropped when the browser closes.
  document.cookie = [
    `${BROWSER_SESSION_COOKIE}=${value}`,
    'path=/',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
    ...(expire ? ['Max-Age=0'] : []),
  ].join('; ');
}

/**
 * Before a sign-in: records how long it lives here. Returns whether Firebase may keep the user in
 * its IndexedDB store (for the device, or for this browser session), false only when no session
 * cookie can be set here: then the user is kept in this tab only, as before.
 */
export function prepareSignIn(remember: boolean): boolean {
  if (remember) {
    setItem(SESSION_LIFE_KEY, 'device');
    return true;
  }
  setItem(SESSION_LIFE_KEY, 'browser-session');
  if (readSessionLife() !== 'browser-session') return false;
  if (typeof document === 'undefined') return false;
  try {
    if (!browserSessionSecret()) writeCookie(newSecret());
  } catch {
    return false;
  }
  return browserSessionSecret() !== null;
}

/**
 * Whether the sign-in on this device is remembered (its pending changes are written in the clear).
 * `legacy` answers for a sign-in made before the life was recorded (then only a remembered user was
 * kept in IndexedDB).
 */
export async function signInRemembered(legacy: () => Promise<boolean>): Promise<boolean> {
  const life = readSessionLife();
  return life ? life === 'device' : legacy();
}

/** At a sign-out: the cookie, the marker and the wrapped outbox key go. */
export function forgetBrowserSession(): void {
  try {
    storage()?.removeItem(SESSION_LIFE_KEY);
    storage()?.removeItem(OUTBOX_KEY_WRAPPED_KEY);
    if (typeof document !== 'undefined' && browserSessionSecret()) writeCookie('', true);
  } catch {
    // No storage or cookies here: there was nothing to remove.
  }
}
