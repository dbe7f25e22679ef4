// Getting in again (issue 29, item 4; decision 051): a sign-in without "Keep me signed in" lives for
// the browser session, shared by its tabs. At each start the device decides from Firebase's user in
// IndexedDB, the marker of how long it lives, and the session cookie: a second tab of the same
// browser session keeps everything; the first start after the browser closed removes the user and
// the cache before anything reads them. With fake-indexeddb and jsdom's cookies.
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '~/config/constants';
import { openDatabase, replaceCollection } from '~/data/db';
import {
  BROWSER_SESSION_COOKIE,
  browserSessionSecret,
  forgetBrowserSession,
  OUTBOX_KEY_WRAPPED_KEY,
  prepareSignIn,
  readSessionLife,
  SESSION_LIFE_KEY,
  signInRemembered,
} from './browser-session';
import { lastSessionEndedWithBrowser } from './session-ended';
import { firebaseUserInIndexedDb } from './session-hint';
import { cleanUpAfterClosedSession } from './shared-device';

const FIREBASE_DB = 'firebaseLocalStorageDb';
const FIREBASE_STORE = 'firebaseLocalStorage';
const USER_KEY = 'firebase:authUser:demo-api-key:[DEFAULT]';
let counter = 0;

function endBrowserSession() {
  document.cookie = `${BROWSER_SESSION_COOKIE}=; path=/; Max-Age=0`;
}

afterEach(async () => {
  endBrowserSession();
  localStorage.clear();
  sessionStorage.clear();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(FIREBASE_DB);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
});

/** Firebase's IndexedDB store with a signed-in user, as the SDK writes it. */
async function keepFirebaseUser(): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(FIREBASE_DB, 1);
    request.onupgradeneeded = () =>
      request.result.createObjectStore(FIREBASE_STORE, { keyPath: 'fbase_key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  await new Promise<void>((resolve, reject) => {
    const transaction = db.transaction(FIREBASE_STORE, 'readwrite');
    transaction
      .objectStore(FIREBASE_STORE)
      .put({ fbase_key: USER_KEY, value: { uid: 'parent-1' } });
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
  });
  db.close();
}

/** A signed-in session's traces: the user, a cached record with a name, the last page. */
async function signedInDevice(remember: boolean, dbName: string) {
  expect(prepareSignIn(remember)).toBe(true);
  await keepFirebaseUser();
  await replaceCollection(await openDatabase(dbName), 'families', [
    { id: 'fam-1', collectionName: 'families', guardians: [{ name: 'Zoë Marchetti' }] },
  ]);
  localStorage.setItem(STORAGE_KEYS.lastPage, '/dash/families/fam-1');
}

async function cachedFamilies(dbName: string): Promise<number> {
  let count = 0;
  await (await openDatabase(dbName)).collections.iterate(() => void count++);
  return count;
}

describe('the start of a tab, after a sign-in', () => {
  it.each([
    { remember: true, cookie: true, outcome: 'kept' },
    { remember: true, cookie: false, outcome: 'kept' },
    { remember: false, cookie: true, outcome: 'kept' },
    { remember: false, cookie: false, outcome: 'cleaned' },
  ] as const)(
    'remembered $remember, session cookie $cookie: $outcome',
    async ({ remember, cookie, outcome }) => {
      const dbName = `browser-session-${++counter}`;
      await signedInDevice(remember, dbName);
      if (!cookie) endBrowserSession();
      sessionStorage.clear();

      expect(await cleanUpAfterClosedSession({ locks: null, dbName })).toBe(outcome);

      const kept = outcome === 'kept';
      expect(await firebaseUserInIndexedDb()).toBe(kept);
      expect(await cachedFamilies(dbName)).toBe(kept ? 1 : 0);
      expect(localStorage.getItem(STORAGE_KEYS.lastPage)).toBe(
        kept ? '/dash/families/fam-1' : null,
      );
      // Only the end of a browser session that was not remembered is said on the login page.
      expect(lastSessionEndedWithBrowser()).toBe(!kept);
    },
  );

  it('keeps a user kept before the life was recorded (an older build kept only remembered ones)', async () => {
    await keepFirebaseUser();
    expect(readSessionLife()).toBeNull();
    expect(await cleanUpAfterClosedSession({ locks: null, dbName: `bs-${++counter}` })).toBe(
      'kept',
    );
    expect(await signInRemembered(firebaseUserInIndexedDb)).toBe(true);
  });

  it('says nothing about an ended session when nobody was signed in', async () => {
    expect(await cleanUpAfterClosedSession({ locks: null, dbName: `bs-${++counter}` })).toBe(
      'cleaned',
    );
    expect(lastSessionEndedWithBrowser()).toBe(false);
  });
});

describe('a sign-in records how long it lives', () => {
  it('remembered: for the device, with no cookie needed', async () => {
    expect(prepareSignIn(true)).toBe(true);
    expect(localStorage.getItem(SESSION_LIFE_KEY)).toBe('device');
    expect(browserSessionSecret()).toBeNull();
    expect(await signInRemembered(async () => false)).toBe(true);
  });

  it('not remembered: for the browser session, with one secret per session in a session cookie', async () => {
    expect(prepareSignIn(false)).toBe(true);
    expect(localStorage.getItem(SESSION_LIFE_KEY)).toBe('browser-session');
    const secret = browserSessionSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A second sign-in in the same browser session keeps the secret its tabs share.
    expect(prepareSignIn(false)).toBe(true);
    expect(browserSessionSecret()).toBe(secret);
    expect(await signInRemembered(async () => true)).toBe(false);
  });

  it('a sign-out forgets the cookie, the marker and the wrapped outbox key', () => {
    prepareSignIn(false);
    localStorage.setItem(OUTBOX_KEY_WRAPPED_KEY, '{}');
    forgetBrowserSession();
    expect(browserSessionSecret()).toBeNull();
    expect(localStorage.getItem(SESSION_LIFE_KEY)).toBeNull();
    expect(localStorage.getItem(OUTBOX_KEY_WRAPPED_KEY)).toBeNull();
  });
});
