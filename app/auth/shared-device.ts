// A shared computer stays clean (issue 28, item 8; decision 051). With "Keep me signed in" off, the
// sign-in lives for the browser session (browser-session.ts: Firebase's user in IndexedDB, a session
// cookie, a marker saying it is not remembered); what the person's session wrote to disk (the
// user, the local cache, its metadata, the last page, recent searches, files kept offline, the full
// Firestore SDK's cache) must not be readable at the next visit. So, at every start of the app and
// before anything is shown, the device is cleaned unless a session may be restored here:
//   - the device is remembered (Firebase's user is in its IndexedDB store, "Keep me signed in"),
//   - this browser session is signed in (the user is there, not remembered, and the session
//     cookie is still there: a second tab, or a reload),
//   - this tab has a session of its own (Firebase's user in this tab's sessionStorage: a tab of an
//     older build, or a browser that refused the session cookie),
//   - another tab of this browser is signed in right now (it holds the signed-in Web Lock), or
//   - a sign-in flow is under way (a Google redirect or an account mismatch being reversed).
// Otherwise the browser session whose person owned the data is over: the user it kept is removed
// first, so Firebase never restores it. Their pending changes are the one exception: they were
// written sealed (app/data/outbox-seal.ts) and stay, parked for them.
import { RECENT_SEARCHES_KEY_PREFIX, STORAGE_KEYS, LOCAL_DB_NAME } from '~/config/constants';
import { browserSessionSecret, OUTBOX_KEY_WRAPPED_KEY, readSessionLife } from './browser-session';
import { noteSessionEnded } from './session-ended';
import {
  authFlowInProgress,
  FIREBASE_DB,
  FIREBASE_STORE,
  FIREBASE_USER_PREFIX,
  firebaseUserInIndexedDb,
  storageHasFirebaseUser,
} from './session-hint';

/** Held (shared) by every tab with a signed-in session, for as long as it lasts. */
export const SIGNED_IN_LOCK = 'lc-signed-in-tab';
/** The full Firestore SDK's persistent caches (the notifications live query) are named so. */
const FIRESTORE_DB_PREFIX = 'firestore/';
/** The clean-up never holds the page longer than this (a blocked database): the page then shows. */
export const CLEAN_UP_TIMEOUT_MS = 5_000;

/**
 * localStorage keys that belong to the person; device settings stay. The default of "Keep me
 * signed in" is the device's (the last choice made here, whoever made it: issue 29), and stays.
 */
export const PERSONAL_LOCAL_KEYS = [
  STORAGE_KEYS.lastPage,
  OUTBOX_KEY_WRAPPED_KEY,
  STORAGE_KEYS.handlingMismatch,
  STORAGE_KEYS.redirectExpectedEmail,
  STORAGE_KEYS.redirectPending,
  STORAGE_KEYS.redirectRememberMe,
  STORAGE_KEYS.redirectTimestamp,
  STORAGE_KEYS.redirectInitiated,
] as const;

/**
 * Forgets what localStorage says about the person: their last page, their wrapped outbox key, recent
 * searches (every user's on this device; the same as the search feature's clearRecentSearches,
 * which this floor may not import) and leftovers of a Google redirect.
 */
export function forgetPersonalLocalStorage(): void {
  try {
    for (const key of PERSONAL_LOCAL_KEYS) localStorage.removeItem(key);
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(RECENT_SEARCHES_KEY_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable: nothing was kept there either.
  }
}

/** The part of the Web Locks API used here (absent in old browsers and in jsdom). */
export type LockManagerLike = Pick<LockManager, 'request' | 'query'>;

function browserLocks(): LockManagerLike | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

let releaseMark: (() => void) | null = null;

/**
 * Keeps this tab marked as signed in (a shared Web Lock, released when the tab goes, however it
 * goes) while `signedIn`, so another tab starting meanwhile does not clean the device under it.
 */
export function markSignedInTab(signedIn: boolean, locks = browserLocks()): void {
  if (!signedIn) {
    releaseMark?.();
    releaseMark = null;
    return;
  }
  if (releaseMark || !locks) return;
  const held = new Promise<void>((resolve) => {
    releaseMark = resolve;
  });
  locks
    .request(SIGNED_IN_LOCK, { mode: 'shared' }, () => held)
    .catch((error: unknown) => console.warn('Could not mark the tab as signed in', error));
}

async function otherTabSignedIn(locks: LockManagerLike | null): Promise<boolean> {
  if (!locks) return false;
  try {
    const { held = [] } = await locks.query();
    return held.some((lock) => lock.name === SIGNED_IN_LOCK);
  } catch {
    // Cannot tell: cleaning under a live session would be worse than leaving the data once more.
    return true;
  }
}

async function databaseNames(): Promise<string[] | null> {
  if (typeof indexedDB === 'undefined') return [];
  try {
    return (await indexedDB.databases()).flatMap((d) => (d.name ? [d.name] : []));
  } catch {
    return null;
  }
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Nobody is signed in here; a holder (another tab's idle SDK) lets go when it closes.
    request.onblocked = () => resolve();
  });
}

/**
 * Firebase's IndexedDB database, or null when it does not exist. Opening a missing database would
 * create it, empty, and the SDK would then find no object store in it: databases() tells first, and
 * where it is missing the creation is aborted.
 */
async function openFirebaseDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB.databases === 'function') {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === FIREBASE_DB)) return null;
  }
  return new Promise<IDBDatabase | null>((resolve, reject) => {
    let created = false;
    const request = indexedDB.open(FIREBASE_DB);
    request.onupgradeneeded = () => {
      created = true;
      request.transaction?.abort();
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () =>
      created ? resolve(null) : reject(request.error ?? new Error('failed'));
    request.onblocked = () => reject(new Error('blocked'));
  });
}

/**
 * Removes the user Firebase kept in IndexedDB, before the SDK loads (a browser session that ended).
 * Only the user's entries go: the database stays for the next sign-in. Never throws.
 */
export async function forgetFirebaseUserInIndexedDb(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  try {
    const db = await openFirebaseDb();
    if (!db) return;
    try {
      if (!db.objectStoreNames.contains(FIREBASE_STORE)) return;
      const transaction = db.transaction(FIREBASE_STORE, 'readwrite');
      const store = transaction.objectStore(FIREBASE_STORE);
      await new Promise<void>((resolve, reject) => {
        const keys = store.getAllKeys();
        keys.onsuccess = () => {
          for (const key of keys.result) {
            if (typeof key === 'string' && key.startsWith(FIREBASE_USER_PREFIX)) store.delete(key);
          }
        };
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error ?? new Error('failed'));
        transaction.onabort = () => reject(transaction.error ?? new Error('aborted'));
      });
    } finally {
      db.close();
    }
  } catch (error) {
    console.warn('Could not remove the ended session’s user', error);
  }
}

export type CleanUp = 'kept' | 'cleaned';

export interface CleanUpDeps {
  locks?: LockManagerLike | null;
  /** Whether Firebase's IndexedDB store holds a user (remembered, or this browser session's). */
  userKept?: () => Promise<boolean>;
  /** The local cache's database (tests use their own). */
  dbName?: string;
}

type StartDecision = { keep: string; sessionEnded?: never } | { keep: null; sessionEnded: boolean };

/** Why the device keeps its data at this start, or that nothing may be restored here. */
async function decideAtStart(deps: CleanUpDeps): Promise<StartDecision> {
  if (storageHasFirebaseUser(() => sessionStorage)) return { keep: 'this tab has a session' };
  if (authFlowInProgress()) return { keep: 'a sign-in is under way' };
  const userKept = await (deps.userKept ?? firebaseUserInIndexedDb)();
  // A user kept before the life was recorded (no marker) was a remembered one.
  if (userKept && readSessionLife() !== 'browser-session') return { keep: 'remembered' };
  if (userKept && browserSessionSecret()) return { keep: 'this browser session is signed in' };
  if (await otherTabSignedIn(deps.locks === undefined ? browserLocks() : deps.locks)) {
    return { keep: 'another tab is signed in' };
  }
  return { keep: null, sessionEnded: userKept };
}

/**
 * Removes every store of user data when no session can be restored at this start (see the top of
 * the file). Pending changes stay, sealed and parked for their owner. Never throws.
 */
export async function cleanUpAfterClosedSession(deps: CleanUpDeps = {}): Promise<CleanUp> {
  try {
    const decision = await decideAtStart(deps);
    if (decision.keep) return 'kept';
    if (decision.sessionEnded) {
      // First of all: Firebase must never restore the ended session's user.
      await forgetFirebaseUserInIndexedDb();
      noteSessionEnded(true);
    }
    forgetPersonalLocalStorage();
    const names = await databaseNames();
    const cache = deps.dbName ?? LOCAL_DB_NAME;
    // databases() missing: open the cache anyway (an empty one costs little).
    if (names === null || names.includes(cache)) {
      const { openDatabase, wipeUnattendedData } = await import('~/data/db');
      await wipeUnattendedData(await openDatabase(cache));
    }
    await Promise.all(
      (names ?? []).filter((name) => name.startsWith(FIRESTORE_DB_PREFIX)).map(deleteDatabase),
    );
    const { clearOfflineFiles } = await import('~/data/offline-files');
    await clearOfflineFiles();
    return 'cleaned';
  } catch (error) {
    console.warn('Could not clean up after the last browser session', error);
    return 'kept';
  }
}

/** cleanUpAfterClosedSession, bounded: the app shows after CLEAN_UP_TIMEOUT_MS whatever happens. */
export function cleanUpBeforeStart(deps: CleanUpDeps = {}): Promise<CleanUp | 'timed-out'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    cleanUpAfterClosedSession(deps),
    new Promise<'timed-out'>((resolve) => {
      timer = setTimeout(() => resolve('timed-out'), CLEAN_UP_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}
