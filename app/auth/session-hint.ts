// Whether this browser may hold a signed-in Firebase session, answered without loading Firebase
// Auth (issue 11, part 5: the login page loads neither the SDK nor the data layer up front). The
// SDK keeps a persisted user under `firebase:authUser:<apiKey>:<app>` in IndexedDB
// (firebaseLocalStorageDb: "remember me", or a sign-in for the browser session, browser-session.ts),
// sessionStorage (this tab only: older builds, or a browser without cookies) or localStorage (older
// builds). Any of those, a Google redirect or account mismatch in progress, or a session already
// started in this page means "maybe": the caller then loads the session and asks Firebase. Only a
// clear "no" skips it, so a wrong answer can only cost time, never a sign-in.
import { STORAGE_KEYS } from '~/config/constants';

export const FIREBASE_USER_PREFIX = 'firebase:authUser:';
export const FIREBASE_DB = 'firebaseLocalStorageDb';
export const FIREBASE_STORE = 'firebaseLocalStorage';

let sessionStarted = false;

/** Called by the session when it subscribes to auth state: from then on, always ask it. */
export function noteSessionStarted(): void {
  sessionStarted = true;
}

/** Whether this Web Storage holds Firebase's signed-in user (session or older local persistence). */
export function storageHasFirebaseUser(storage: () => Storage): boolean {
  try {
    const store = storage();
    for (let i = 0; i < store.length; i++) {
      if (store.key(i)?.startsWith(FIREBASE_USER_PREFIX)) return true;
    }
    return false;
  } catch {
    return false;
  }
}

/** A Google redirect or an account mismatch being reversed is under way on this device. */
export function authFlowInProgress(): boolean {
  try {
    return (
      localStorage.getItem(STORAGE_KEYS.redirectPending) !== null ||
      localStorage.getItem(STORAGE_KEYS.handlingMismatch) !== null
    );
  } catch {
    return false;
  }
}

/**
 * Whether the SDK's IndexedDB store holds a user: "Keep me signed in", or a sign-in that lives for
 * the browser session (browser-session.ts tells which); true when that cannot be told.
 */
export async function firebaseUserInIndexedDb(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  // databases() tells without creating the database (opening a missing one would create it, empty,
  // and the SDK would then find no object store in it).
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === FIREBASE_DB)) return false;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(FIREBASE_DB);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
      request.onblocked = () => reject(new Error('blocked'));
    });
    try {
      if (!db.objectStoreNames.contains(FIREBASE_STORE)) return false;
      const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
        const request = db
          .transaction(FIREBASE_STORE, 'readonly')
          .objectStore(FIREBASE_STORE)
          .getAllKeys();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('read failed'));
      });
      return keys.some((key) => typeof key === 'string' && key.startsWith(FIREBASE_USER_PREFIX));
    } finally {
      db.close();
    }
  } catch {
    return true;
  }
}

/** False only when no signed-in session can exist here (so Firebase Auth need not be loaded). */
export async function maySignInAutomatically(): Promise<boolean> {
  if (sessionStarted || authFlowInProgress()) return true;
  if (storageHasFirebaseUser(() => sessionStorage) || storageHasFirebaseUser(() => localStorage)) {
    return true;
  }
  return firebaseUserInIndexedDb();
}
