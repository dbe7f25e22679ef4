// Owns the Firebase SDK instances: the app, auth, firestore/lite, the full Firestore (live queries
// only), functions, and optionally App Check and Analytics. Each is created on first use from a
// dynamic import(), so the login page loads firebase/auth but never Firestore. A failed creation is
// forgotten, so the next call tries again (a lazy chunk can fail to load while offline). With
// emulator hosts configured (the fake's server mode or the official Emulator Suite), each service is
// connected to its emulator right after it is created, before its first request.
import { backendReady } from '~/config/backend-gate';
import { FUNCTIONS_REGION } from '~/config/constants';
import { getRuntimeConfig } from '~/config/env';
import { BACKEND_MESSAGES, BackendError } from './errors';
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Firestore as FullFirestore } from 'firebase/firestore';
import type { Firestore as LiteFirestore } from 'firebase/firestore/lite';
import type { Functions } from 'firebase/functions';
import type { FirebaseStorage } from 'firebase/storage';

/** Memoises an async factory; a rejection is not cached. */
function lazy<T>(factory: () => Promise<T>): { get: () => Promise<T>; reset: () => void } {
  let pending: Promise<T> | undefined;
  return {
    get() {
      pending ??= factory().catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
      return pending;
    },
    reset() {
      pending = undefined;
    },
  };
}

function initError(message: string, error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  // Mostly a lazy chunk that did not load, which a later attempt can fix: transient.
  return new BackendError(message, { code: 'unavailable', permanent: false, cause: error });
}

const app = lazy(async (): Promise<FirebaseApp> => {
  const config = getRuntimeConfig();
  // In-page demo mode: the fake must be installed before the SDK's first request (backend-gate.ts).
  const [{ getApps, initializeApp }] = await Promise.all([import('firebase/app'), backendReady()]);
  const existing = getApps()[0];
  if (existing) return existing;
  const firebaseApp = initializeApp(config.firebase);
  // App Check and Analytics call Google directly; in demo mode there is nothing to protect or count.
  if (config.mode === 'firebase' && config.appCheckSiteKey) {
    // App Check must start before the other services send their first request.
    const { initializeAppCheck, ReCaptchaV3Provider } = await import('firebase/app-check');
    initializeAppCheck(firebaseApp, {
      provider: new ReCaptchaV3Provider(config.appCheckSiteKey),
      isTokenAutoRefreshEnabled: true,
    });
  }
  if (config.mode === 'firebase' && config.measurementId) {
    void startAnalytics(firebaseApp);
  }
  return firebaseApp;
});

/** Analytics is optional and must never break start-up, so its failures are only logged. */
async function startAnalytics(firebaseApp: FirebaseApp): Promise<void> {
  try {
    const { getAnalytics, isSupported } = await import('firebase/analytics');
    if (await isSupported()) getAnalytics(firebaseApp);
  } catch (error) {
    console.warn('Analytics did not start', error);
  }
}

const auth = lazy(async (): Promise<Auth> => {
  try {
    const firebaseApp = await app.get();
    const config = getRuntimeConfig();
    const {
      browserLocalPersistence,
      browserSessionPersistence,
      connectAuthEmulator,
      getAuth,
      indexedDBLocalPersistence,
      initializeAuth,
    } = await import('firebase/auth');
    // getAuth() is initializeAuth() with these persistences and the popup/redirect resolver. Demo
    // mode signs in to Google with the fake chooser's ID token and never by popup or redirect, and
    // the resolver would load Google's gapi script from apis.google.com at start on phones (the
    // SDK starts it early there), which demo mode's CSP rightly refuses: a console error.
    const instance =
      config.mode === 'demo'
        ? initializeAuth(firebaseApp, {
            persistence: [
              indexedDBLocalPersistence,
              browserLocalPersistence,
              browserSessionPersistence,
            ],
          })
        : getAuth(firebaseApp);
    const emulator = config.emulators?.auth;
    // The warning banner is for production credentials; demo and emulator accounts are invented.
    if (emulator && !instance.emulatorConfig) {
      connectAuthEmulator(instance, `http://${emulator.host}:${emulator.port}`, {
        disableWarnings: true,
      });
    }
    return instance;
  } catch (error) {
    throw initError(BACKEND_MESSAGES.authNotInitialized, error);
  }
});

const liteFirestore = lazy(async (): Promise<LiteFirestore> => {
  try {
    const firebaseApp = await app.get();
    const { connectFirestoreEmulator, initializeFirestore } =
      await import('firebase/firestore/lite');
    // Optional zod fields come through as undefined; Firestore would reject them otherwise.
    const db = initializeFirestore(firebaseApp, { ignoreUndefinedProperties: true });
    const emulator = getRuntimeConfig().emulators?.firestore;
    if (emulator) connectFirestoreEmulator(db, emulator.host, emulator.port);
    return db;
  } catch (error) {
    throw initError(BACKEND_MESSAGES.firestoreNotInitialized, error);
  }
});

const fullFirestore = lazy(async (): Promise<FullFirestore> => {
  try {
    const firebaseApp = await app.get();
    const {
      connectFirestoreEmulator,
      initializeFirestore,
      persistentLocalCache,
      persistentSingleTabManager,
    } = await import('firebase/firestore');
    // Spec §9: "The local cache is persistent, with single-tab ownership forced."
    const db = initializeFirestore(firebaseApp, {
      ignoreUndefinedProperties: true,
      localCache: persistentLocalCache({
        tabManager: persistentSingleTabManager({ forceOwnership: true }),
      }),
    });
    const emulator = getRuntimeConfig().emulators?.firestore;
    if (emulator) connectFirestoreEmulator(db, emulator.host, emulator.port);
    return db;
  } catch (error) {
    throw initError(BACKEND_MESSAGES.firestoreNotInitialized, error);
  }
});

const functions = lazy(async (): Promise<Functions> => {
  try {
    const firebaseApp = await app.get();
    const { connectFunctionsEmulator, getFunctions } = await import('firebase/functions');
    const instance = getFunctions(firebaseApp, FUNCTIONS_REGION);
    const emulator = getRuntimeConfig().emulators?.functions;
    if (emulator) connectFunctionsEmulator(instance, emulator.host, emulator.port);
    return instance;
  } catch (error) {
    throw initError(BACKEND_MESSAGES.functionsNotInitialized, error);
  }
});

/**
 * How long the Storage SDK keeps retrying a failed request before it gives up. Its defaults (10 min
 * for uploads, 2 min otherwise) would leave a person watching a frozen progress bar; a dropped
 * connection should say so within a minute.
 */
export const STORAGE_UPLOAD_RETRY_MS = 60_000;
export const STORAGE_OPERATION_RETRY_MS = 30_000;

const storage = lazy(async (): Promise<FirebaseStorage> => {
  try {
    const firebaseApp = await app.get();
    const { connectStorageEmulator, getStorage } = await import('firebase/storage');
    const instance = getStorage(firebaseApp);
    instance.maxUploadRetryTime = STORAGE_UPLOAD_RETRY_MS;
    instance.maxOperationRetryTime = STORAGE_OPERATION_RETRY_MS;
    // The fake's server mode serves Storage's emulator paths on the same origin as Firestore's.
    const emulator = getRuntimeConfig().emulators?.firestore;
    if (emulator) connectStorageEmulator(instance, emulator.host, emulator.port);
    return instance;
  } catch (error) {
    throw initError(BACKEND_MESSAGES.storageNotInitialized, error);
  }
});

export function getFirebaseApp(): Promise<FirebaseApp> {
  return app.get();
}
export function getAuthInstance(): Promise<Auth> {
  return auth.get();
}
/** firestore/lite: one-shot reads and every write (architecture.md rule 5). */
export function getLiteFirestore(): Promise<LiteFirestore> {
  return liteFirestore.get();
}
export function getFunctionsInstance(): Promise<Functions> {
  return functions.get();
}
/** firebase/storage: resource files (app/backend/storage.ts); loaded on the first file operation. */
export function getStorageInstance(): Promise<FirebaseStorage> {
  return storage.get();
}

/** Whether the full Firestore SDK has been started (sign-out must then clear its cache). */
let fullFirestoreStarted = false;
/** The full SDK with its persistent cache: for the notifications live query only. */
export function getFullFirestore(): Promise<FullFirestore> {
  fullFirestoreStarted = true;
  return fullFirestore.get();
}

/**
 * Terminates the full Firestore SDK and deletes its IndexedDB cache, so the next person on this
 * device cannot read the previous one's notifications. Does nothing when it was never started.
 */
export async function clearFullFirestorePersistence(): Promise<void> {
  if (!fullFirestoreStarted) return;
  const db = await fullFirestore.get();
  const { clearIndexedDbPersistence, terminate } = await import('firebase/firestore');
  await terminate(db);
  await clearIndexedDbPersistence(db);
  fullFirestore.reset();
  fullFirestoreStarted = false;
}

/**
 * Starts the services every page needs (app, App Check, Analytics, auth, functions) — not
 * Firestore, which loads with the first data call. Rejects with the spec's summary message, whose
 * `cause` is the first failure.
 */
export async function initializeBackend(): Promise<void> {
  const results = await Promise.allSettled([auth.get(), functions.get()]);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) {
    throw new BackendError(BACKEND_MESSAGES.servicesFailed, {
      code: 'unavailable',
      permanent: false,
      cause: failure.reason,
    });
  }
}
