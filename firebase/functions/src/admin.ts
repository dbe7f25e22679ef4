// The Admin SDK handles, initialised once per instance with the project's default credentials
// (Cloud Functions provide them; the emulators provide their own).
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getMessaging, type Messaging } from 'firebase-admin/messaging';

function app(): void {
  if (getApps().length === 0) initializeApp();
}

export function db(): Firestore {
  app();
  return getFirestore();
}

export function auth(): Auth {
  app();
  return getAuth();
}

/** FCM, for the pushes of issue 31 (firebase/functions/src/reach.ts). */
export function messaging(): Messaging {
  app();
  return getMessaging();
}
