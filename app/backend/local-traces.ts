// What the Firebase SDK and the browser keep on this device after a person signs out, and how to
// remove it (issue 10, "sign-out leaves no user data"): Auth's own IndexedDB store (the signed-in
// user, which Auth empties on sign-out but leaves in place), the SDK's heartbeat store (dates and
// SDK versions of the last uses), any IndexedDB database of the full Firestore SDK (its persistent
// cache, normally removed by clearFullFirestorePersistence) and Cache Storage entries of our own
// that could hold responses with user data. The fake Firebase's own database ('fake-firebase') is the
// demo backend's state, not the person's, and stays.
const FIREBASE_DATABASES = ['firebaseLocalStorageDb', 'firebase-heartbeat-database'];
const FIRESTORE_PREFIX = 'firestore/';
/** Cache Storage names that may hold user data: ours (lc-…) and runtime/data caches of a worker. */
const USER_DATA_CACHE = /^lc-|runtime|data/i;
/** A database another connection holds open is deleted once it closes; we do not wait longer. */
const DELETE_WAIT_MS = 500;

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    try {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = finish;
      request.onerror = () => {
        console.warn(`Could not delete the local database ${name}`, request.error);
        finish();
      };
      // Blocked by an open connection: the deletion still happens when it closes.
      request.onblocked = () => setTimeout(finish, DELETE_WAIT_MS);
    } catch (error) {
      console.warn(`Could not delete the local database ${name}`, error);
      finish();
    }
  });
}

/** Names of the Firebase SDK's databases on this origin (the known ones, plus Firestore's). */
async function firebaseDatabaseNames(): Promise<string[]> {
  const names = new Set(FIREBASE_DATABASES);
  try {
    const listed = await indexedDB.databases();
    for (const { name } of listed) if (name?.startsWith(FIRESTORE_PREFIX)) names.add(name);
  } catch {
    // indexedDB.databases() is missing in some browsers: the known names are still deleted.
  }
  return [...names];
}

/**
 * Deletes the Firebase SDK's local stores and our Cache Storage entries. Call after Auth has
 * signed out. Failures are logged, never thrown: sign-out must complete.
 */
export async function deleteFirebaseLocalTraces(): Promise<void> {
  if (typeof indexedDB !== 'undefined') {
    const names = await firebaseDatabaseNames();
    await Promise.all(names.map(deleteDatabase));
  }
  if (typeof caches !== 'undefined') {
    try {
      const keys = await caches.keys();
      await Promise.all(
        keys.filter((key) => USER_DATA_CACHE.test(key)).map((key) => caches.delete(key)),
      );
    } catch (error) {
      console.warn('Could not clear Cache Storage', error);
    }
  }
}
