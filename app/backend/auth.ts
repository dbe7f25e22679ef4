// Authentication domain functions over firebase/auth. Persistence is chosen per sign-in: `remember`
// keeps the user in IndexedDB, shared by every tab ("Keep me signed in", or a sign-in for the
// browser session, which app/auth/browser-session.ts ends at the next start), otherwise it lasts
// for the tab's session. Thrown BackendErrors keep Firebase's raw code ('auth/invalid-credential',
// 'auth/user-disabled', …) so the sign-in UI can word each case.
import { z } from 'zod';
import { clearFullFirestorePersistence, getAuthInstance } from './app';
import { BACKEND_MESSAGES, BackendError, firebaseCodeOf, toBackendError } from './errors';
import { request } from './request';
import type { Auth, User, UserCredential } from 'firebase/auth';

export interface AuthProviderInfo {
  providerId: string;
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

/** The signed-in user as plain data; roles and memberUUID come from getIdTokenClaims. */
export interface AuthUserInfo {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
  providerData: AuthProviderInfo[];
}

export interface SignInOptions {
  /** Keep the user in IndexedDB (every tab; app/auth decides how long) or only for this tab. */
  remember: boolean;
}

export interface GoogleSignInOptions extends SignInOptions {
  /** Pre-selects an account in Google's chooser, for the expected-e-mail flow. */
  loginHint?: string;
}

function loadSdk() {
  return import('firebase/auth');
}

function toUserInfo(user: User): AuthUserInfo {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    emailVerified: user.emailVerified,
    providerData: user.providerData.map((p) => ({
      providerId: p.providerId,
      uid: p.uid,
      email: p.email,
      displayName: p.displayName,
      photoURL: p.photoURL,
    })),
  };
}

/**
 * request() with auth's vocabulary: the sign-in UI words failures by `auth/*` codes, so offline
 * and time-out become 'auth/network-request-failed', the code the SDK itself uses for both.
 */
async function authRequest<T>(
  message: string,
  call: () => Promise<T>,
  timeoutMs?: number,
): Promise<T> {
  try {
    return await request(message, call, timeoutMs);
  } catch (error) {
    const networkLike =
      error instanceof BackendError &&
      error.message === message &&
      (error.code === 'unavailable' || error.code === 'deadline-exceeded');
    if (!networkLike) throw error;
    throw new BackendError(message, { code: 'auth/network-request-failed', cause: error });
  }
}

function noUserError(): BackendError {
  return new BackendError(BACKEND_MESSAGES.noUser, { code: 'auth/null-user' });
}

/**
 * "Remember me" keeps the user in IndexedDB, the first store of the SDK's default persistence
 * hierarchy. Had it been localStorage, every new tab would move the user from localStorage into
 * IndexedDB as it starts, and the removal from localStorage reaches the open tabs as a sign-out:
 * they would stop and clear the shared local cache, pending changes included.
 */
async function applyPersistence(auth: Auth, remember: boolean): Promise<void> {
  const { indexedDBLocalPersistence, browserSessionPersistence, setPersistence } = await loadSdk();
  await setPersistence(auth, remember ? indexedDBLocalPersistence : browserSessionPersistence);
}

async function signIn(
  message: string,
  options: SignInOptions & { timeoutMs?: number },
  run: (auth: Auth, sdk: Awaited<ReturnType<typeof loadSdk>>) => Promise<UserCredential>,
): Promise<AuthUserInfo> {
  return authRequest(
    message,
    async () => {
      const [auth, sdk] = await Promise.all([getAuthInstance(), loadSdk()]);
      await applyPersistence(auth, options.remember);
      const credential = await run(auth, sdk);
      return toUserInfo(credential.user);
    },
    options.timeoutMs,
  );
}

function googleProvider(
  sdk: Awaited<ReturnType<typeof loadSdk>>,
  loginHint: string | undefined,
): InstanceType<(typeof sdk)['GoogleAuthProvider']> {
  const provider = new sdk.GoogleAuthProvider();
  provider.setCustomParameters(
    loginHint ? { prompt: 'select_account', login_hint: loginHint } : { prompt: 'select_account' },
  );
  return provider;
}

export function signInWithEmail(
  email: string,
  password: string,
  options: SignInOptions,
): Promise<AuthUserInfo> {
  return signIn(BACKEND_MESSAGES.signInFailed, options, (auth, sdk) =>
    sdk.signInWithEmailAndPassword(auth, email, password),
  );
}

/** Signs in with a Google ID token (from Google Identity Services, or the demo account chooser). */
export function signInWithGoogleCredential(
  idToken: string,
  options: SignInOptions,
): Promise<AuthUserInfo> {
  return signIn(BACKEND_MESSAGES.googleSignInFailed, options, (auth, sdk) =>
    sdk.signInWithCredential(auth, sdk.GoogleAuthProvider.credential(idToken)),
  );
}

export function signInWithGooglePopup(options: GoogleSignInOptions): Promise<AuthUserInfo> {
  // The person may take their time in Google's window: no time limit.
  return signIn(
    BACKEND_MESSAGES.googleSignInFailed,
    { ...options, timeoutMs: Infinity },
    (auth, sdk) => sdk.signInWithPopup(auth, googleProvider(sdk, options.loginHint)),
  );
}

/** Leaves the page for Google; the result is read by getGoogleRedirectResult after the return. */
export async function signInWithGoogleRedirect(options: GoogleSignInOptions): Promise<void> {
  // signInWithRedirect never resolves (the page navigates away): no time limit.
  await authRequest(
    BACKEND_MESSAGES.googleSignInFailed,
    async () => {
      const [auth, sdk] = await Promise.all([getAuthInstance(), loadSdk()]);
      await applyPersistence(auth, options.remember);
      await sdk.signInWithRedirect(auth, googleProvider(sdk, options.loginHint));
    },
    Infinity,
  );
}

/** The user a Google redirect signed in, or null when there was no redirect to finish. */
export async function getGoogleRedirectResult(): Promise<AuthUserInfo | null> {
  return authRequest(BACKEND_MESSAGES.googleSignInFailed, async () => {
    const [auth, { getRedirectResult }] = await Promise.all([getAuthInstance(), loadSdk()]);
    const result = await getRedirectResult(auth);
    return result ? toUserInfo(result.user) : null;
  });
}

export async function signOutUser(): Promise<void> {
  try {
    const [auth, { signOut }] = await Promise.all([getAuthInstance(), loadSdk()]);
    await signOut(auth);
  } catch (error) {
    throw new BackendError(BACKEND_MESSAGES.signOutFailed, {
      code: firebaseCodeOf(error),
      cause: error,
    });
  }
}

export function sendPasswordReset(email: string): Promise<void> {
  return authRequest(BACKEND_MESSAGES.passwordResetFailed, async () => {
    const [auth, { sendPasswordResetEmail }] = await Promise.all([getAuthInstance(), loadSdk()]);
    await sendPasswordResetEmail(auth, email);
  });
}

/** Changes the signed-in user's password; 'No user is signed in' without one. */
export async function updateUserPassword(newPassword: string): Promise<void> {
  const auth = await getAuthInstance();
  const user = auth.currentUser;
  if (!user) throw noUserError();
  return authRequest(BACKEND_MESSAGES.passwordUpdateFailed, async () => {
    const { updatePassword } = await loadSdk();
    await updatePassword(user, newPassword);
  });
}

/** Deletes the signed-in account (used to reverse a mismatched Google sign-in, spec §5). */
export async function deleteCurrentUser(): Promise<void> {
  const auth = await getAuthInstance();
  const user = auth.currentUser;
  if (!user) throw noUserError();
  return authRequest(BACKEND_MESSAGES.deleteUserFailed, async () => {
    const { deleteUser } = await loadSdk();
    await deleteUser(user);
  });
}

/**
 * Calls `listener` with the user now and on every sign-in and sign-out. Returns the unsubscribe
 * function at once, although firebase/auth loads asynchronously.
 */
export function subscribeToAuthState(
  listener: (user: AuthUserInfo | null) => void,
  onError?: (error: BackendError) => void,
): () => void {
  let unsubscribe: (() => void) | undefined;
  let cancelled = false;
  Promise.all([getAuthInstance(), loadSdk()])
    .then(([auth, { onAuthStateChanged }]) => {
      if (cancelled) return;
      unsubscribe = onAuthStateChanged(auth, (user) => listener(user ? toUserInfo(user) : null));
    })
    .catch((error: unknown) => {
      const backendError = toBackendError(error, BACKEND_MESSAGES.authNotInitialized);
      if (onError) onError(backendError);
      else console.warn('Auth state subscription failed', backendError);
    });
  return () => {
    cancelled = true;
    unsubscribe?.();
  };
}

/** The signed-in user once the persisted session has been restored, or null. */
export async function getCurrentUser(): Promise<AuthUserInfo | null> {
  const auth = await getAuthInstance();
  await auth.authStateReady();
  return auth.currentUser ? toUserInfo(auth.currentUser) : null;
}

/** The ID token's claims (roles, role, memberUUID, tokens, …), or null when nobody is signed in. */
export async function getIdTokenClaims(
  forceRefresh = false,
): Promise<Record<string, unknown> | null> {
  const auth = await getAuthInstance();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return null;
  // Not through request(): without forceRefresh the cached token answers, which works offline.
  try {
    const { getIdTokenResult } = await loadSdk();
    const result = await getIdTokenResult(user, forceRefresh);
    return z.record(z.unknown()).parse(result.claims);
  } catch (error) {
    throw toBackendError(error, BACKEND_MESSAGES.getFailed);
  }
}

/**
 * Clears the full Firestore SDK's local cache (the notifications live query's), so the next person
 * on this device starts clean. Call it on sign-out; it does nothing if that SDK never started.
 */
export async function clearFirestorePersistence(): Promise<void> {
  try {
    await clearFullFirestorePersistence();
  } catch (error) {
    throw toBackendError(error, BACKEND_MESSAGES.firestoreNotInitialized);
  }
}
