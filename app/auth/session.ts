// The signed-in session: who is signed in, with which roles, and whether that is known yet. It owns
// the auth-state subscription and the start and end of everything user-specific (the local cache,
// the Firestore persistence). `status` stays 'loading' until the first user is known (spec §4), and
// guards wait for that instead of guessing.
import { useSyncExternalStore } from 'react';
import {
  clearFirestorePersistence,
  getIdTokenClaims,
  signOutUser,
  subscribeToAuthState,
  type AuthUserInfo,
} from '~/backend/auth';
import { BackendError } from '~/backend/errors';
import { onPermissionDenied } from '~/backend/request';
import { getRuntimeConfig } from '~/config/env';
import type { Member } from '~/domain/records';
import {
  DASHBOARD_TYPE_PRIORITY,
  rolesFromClaims,
  withImpliedRoles,
  type Role,
} from '~/domain/roles';
import {
  dashboardTypeSchema,
  readStoredDashboardType,
  storeDashboardType,
  type DashboardType,
} from '~/settings/dashboard-type';
import { settingsStore } from '~/settings/store';
import { forgetBrowserSession } from './browser-session';
import { readRedirectState } from './google';
import { handleSignedInAccount, isHandlingMismatch } from './mismatch';
import { noteSessionEnded } from './session-ended';
import { noteSessionStarted } from './session-hint';
import { forgetPersonalLocalStorage, markSignedInTab } from './shared-device';
import { createAccessWatch, SIGNED_OUT_REASON_PARAM, SUSPENDED_REASON } from './suspension';
import type { SessionUser } from './session-user';

export const SIGN_IN_SUCCESS = 'Sign-in successful!';
export const AUTO_SIGN_IN_MESSAGE = "Welcome back! You've been automatically signed in.";
export const PREFERENCES_LOAD_FAILED = 'Error loading user preferences';
export const SIGN_OUT_FAILED = 'Failed to sign out';

export type { SessionUser };

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

type Listener = () => void;

// The data layer (localforage, the sync engine) and firestore/lite are loaded only when a person
// signs in, not with the login page (issue 11, part 5). preloadSignedInModules() fetches them early,
// while the person types.
const loadUserData = () => import('./user-data').then((m) => m.userDataLifecycle);
const loadDocuments = () => import('~/backend/documents');
const loadLocalTraces = () => import('~/backend/local-traces');

/**
 * Gets a sign-in ready while the person is still typing: starts the session (which loads and
 * initialises Firebase Auth) and downloads what a signed-in session needs, so pressing "Sign in"
 * waits for neither.
 */
export function preloadSignedInModules(): void {
  void startSession();
  void loadUserData().catch(() => undefined);
  void loadDocuments().catch(() => undefined);
}

let state: SessionState = { status: 'loading', user: null };
const listeners = new Set<Listener>();
let started = false;
let resolveKnown: () => void = () => {};
const known = new Promise<void>((resolve) => {
  resolveKnown = resolve;
});
/** While an interactive sign-in runs, it completes the session itself; auth events wait. */
let interactive = false;
/** This tab is signing out: signOut clears the local data itself, the auth listener need not. */
let signingOut = false;

function setState(next: SessionState) {
  state = next;
  // While signed in, this tab keeps another tab's start from cleaning the device (decision 051).
  markSignedInTab(next.status === 'signedIn');
  listeners.forEach((listener) => listener());
}

export function getSession(): SessionState {
  return state;
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeToSession, getSession, getSession);
}

/** The dashboard types a set of roles gives, in the spec's priority order. */
export function dashboardTypesFor(roles: readonly Role[]): DashboardType[] {
  const held = new Set(withImpliedRoles(roles));
  return DASHBOARD_TYPE_PRIORITY.filter((type) => held.has(type)).flatMap((type) => {
    const parsed = dashboardTypeSchema.safeParse(type);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A type chosen by host or path prefix is honoured when the user holds it; otherwise priority. */
export function chooseDashboardType(
  types: readonly DashboardType[],
  preferred: DashboardType | null,
): DashboardType {
  if (preferred && types.includes(preferred)) return preferred;
  return types[0] ?? 'student';
}

async function buildUser(authUser: AuthUserInfo, member: Member | null): Promise<SessionUser> {
  const claims = await getIdTokenClaims().catch(() => null);
  const { roles, isAdmin, isSuperAdmin, tokens } = rolesFromClaims(
    claims,
    authUser.email,
    getRuntimeConfig().staffDomains,
  );
  const memberUUID =
    (typeof claims?.memberUUID === 'string' ? claims.memberUUID : null) ??
    member?.memberUUID ??
    authUser.uid;
  return {
    uid: authUser.uid,
    email: authUser.email,
    displayName: member?.displayName || authUser.displayName,
    photoURL: member?.photoURL || authUser.photoURL,
    roles,
    isAdmin,
    isSuperAdmin,
    tokens,
    preferences: {
      persistLogin: member?.preferences.persistLogin ?? true,
      theme: member?.preferences.theme,
    },
    memberUUID,
    member,
    dashboardTypes: dashboardTypesFor(roles),
  };
}

export type EstablishResult = { ok: true; user: SessionUser } | { ok: false; message: string };

/**
 * Checks the account (expected e-mail, Members profile), reads claims and preferences, updates the
 * profile's lastUpdated and starts the user's local data. A refused account is signed out.
 */
export async function establishSession(
  authUser: AuthUserInfo,
  expectedEmail: string | null,
  options: { checkedMember?: Member } = {},
): Promise<EstablishResult> {
  let member: Member | null = options.checkedMember ?? null;
  try {
    // A flow that has already checked the account (Google sign-in) hands over the member.
    const outcome = member
      ? { ok: true as const, member }
      : await handleSignedInAccount(authUser, expectedEmail);
    if (!outcome.ok) {
      if (outcome.notice) settingsStore.notify(outcome.notice.message, 'warning');
      setState({ status: 'signedOut', user: null });
      return { ok: false, message: outcome.message };
    }
    member = outcome.member;
  } catch (error) {
    // Offline or a transient failure: the account was accepted before on this device (its
    // persisted session exists), so keep it and say the preferences could not be loaded.
    if (error instanceof BackendError && error.permanent) throw error;
    // Offline, the header already says so and the dashboard runs from the cache: an error notice
    // on every offline start would only alarm. Online, a failed profile load is worth saying.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      console.info('Preferences not loaded while offline', error);
    } else {
      settingsStore.setError(PREFERENCES_LOAD_FAILED);
    }
  }

  const user = await buildUser(authUser, member);
  if (member) {
    loadDocuments()
      .then(({ touchMember }) => touchMember(authUser.uid))
      .catch((error: unknown) => console.warn('Could not update lastUpdated', error));
  }
  const type = chooseDashboardType(user.dashboardTypes, readStoredDashboardType());
  settingsStore.setDashboardType(type);
  await (await loadUserData()).start(user);
  // Someone is signed in here now: the login page no longer says that the last session ended.
  noteSessionEnded(false);
  if (interactive) markTabSignedIn();
  setState({ status: 'signedIn', user });
  return { ok: true, user };
}

const TAB_SIGNED_IN_KEY = 'lc-tab-signed-in';

/** Marks this tab as signed in; returns whether it already was (the page was reloaded). */
function markTabSignedIn(): boolean {
  try {
    const was = sessionStorage.getItem(TAB_SIGNED_IN_KEY) === '1';
    sessionStorage.setItem(TAB_SIGNED_IN_KEY, '1');
    return was;
  } catch {
    return false;
  }
}

/** Runs an interactive sign-in: auth-state events are held back until it has finished. */
export async function runInteractiveSignIn<T>(flow: () => Promise<T>): Promise<T> {
  interactive = true;
  try {
    return await flow();
  } finally {
    interactive = false;
  }
}

/**
 * A refused request while signed in may mean the account was suspended: one forced token refresh
 * tells, and a suspended member is signed out with their device cleared (suspension.ts).
 */
const accessWatch = createAccessWatch({
  refreshToken: () => getIdTokenClaims(true),
  endSession: () => signOut({ reason: SUSPENDED_REASON }),
  isSignedIn: () => state.status === 'signedIn' && !signingOut,
});

/** Starts listening to auth state once; resolves when the first user (or none) is known. */
export function startSession(): Promise<void> {
  if (started) return known;
  started = true;
  noteSessionStarted();
  onPermissionDenied(() => {
    accessWatch.refused().catch((error: unknown) => console.warn('Access check failed', error));
  });
  let first = true;
  subscribeToAuthState(
    (authUser) => {
      const isFirst = first;
      first = false;
      // An interactive sign-in, a mismatch being reversed, or a Google redirect being completed by
      // the login page finish the session themselves.
      if (interactive || isHandlingMismatch() || readRedirectState()?.pending) {
        // The flow that holds the events back sets the state itself; once it has, it is known.
        if (state.status !== 'loading') resolveKnown();
        return;
      }
      if (!authUser) {
        // Signed out elsewhere (another tab, an expired account): clear this tab's user data too.
        if (state.status === 'signedIn' && !signingOut) {
          loadUserData()
            .then((lifecycle) => lifecycle.stop())
            .catch((error: unknown) => console.warn('Could not clear local data', error));
        }
        if (state.status !== 'signedOut') setState({ status: 'signedOut', user: null });
        resolveKnown();
        return;
      }
      if (state.status === 'signedIn' && state.user?.uid === authUser.uid) {
        resolveKnown();
        return;
      }
      establishSession(authUser, null)
        .then((result) => {
          // A session restored from persistence at start-up is an automatic sign-in; a reload of a
          // tab that was already signed in is not worth a greeting.
          if (result.ok && isFirst && !markTabSignedIn()) {
            settingsStore.notify(AUTO_SIGN_IN_MESSAGE, 'success');
          }
          if (!result.ok) settingsStore.setError(result.message);
        })
        .catch((error: unknown) => {
          settingsStore.setError(error instanceof Error ? error.message : 'Failed to sign in');
          setState({ status: 'signedOut', user: null });
        })
        .finally(resolveKnown);
    },
    (error) => {
      settingsStore.setError(error.message);
      setState({ status: 'signedOut', user: null });
      resolveKnown();
    },
  );
  return known;
}

/** Resolves with the session once the first user is known. */
export async function whenSessionKnown(): Promise<SessionState> {
  const known = startSession();
  // An interactive sign-in may have settled the state before the first auth event arrived (the
  // login page starts the session while the person types): that state is known already.
  if (state.status === 'loading') await known;
  return state;
}

/**
 * Forgets what the browser's storage says about the person: their last page, recent searches,
 * leftovers of a Google redirect (forgetPersonalLocalStorage), this browser session's cookie and
 * wrapped outbox key (forgetBrowserSession), and every sessionStorage key of this tab (scroll
 * `positions` of their pages, the signed-in mark, drafts, the outbox key).
 */
export function forgetPersonalStorage(): void {
  forgetPersonalLocalStorage();
  forgetBrowserSession();
  try {
    sessionStorage.clear();
  } catch {
    // Nothing to forget.
  }
}

/** Work a feature does with the person's rights just before they sign out (addSignOutStep). */
type SignOutStep = (uid: string) => Promise<void>;
const signOutSteps = new Set<SignOutStep>();

/**
 * Runs `step` at every sign-out of this tab, while the person is still signed in (features sit
 * above auth, so they register here rather than being imported). Returns the removal.
 */
export function addSignOutStep(step: SignOutStep): () => void {
  signOutSteps.add(step);
  return () => signOutSteps.delete(step);
}

/**
 * Signs out and clears every user-specific local store (the cache and its pending state, the
 * Firestore persistence, the Firebase SDK's own databases, personal storage keys), so the next
 * person on a shared computer sees nothing of the last one's. Demo data (the fake's database) stays.
 * With `reload`, the page is then loaded afresh at /login: the Firebase SDK holds its databases open
 * until the page goes, and a deletion waiting for that must run before anyone signs in again here.
 */
export async function signOut(
  options: { reload?: boolean; reason?: typeof SUSPENDED_REASON } = {},
): Promise<void> {
  signingOut = true;
  try {
    await (await loadUserData()).stop();
    // While still signed in (only the owner may delete what they wrote): e.g. this device's push
    // registration (issue 31). Each step handles its own failure; a sign-out never waits on one.
    const uid = state.user?.uid;
    if (uid) {
      for (const step of signOutSteps) {
        await step(uid).catch((error: unknown) => console.warn('A sign-out step failed', error));
      }
    }
    await signOutUser();
    forgetPersonalStorage();
    await clearFirestorePersistence().catch((error: unknown) =>
      console.warn('Could not clear the Firestore persistence', error),
    );
    await (await loadLocalTraces()).deleteFirebaseLocalTraces();
    setState({ status: 'signedOut', user: null });
  } catch (error) {
    settingsStore.setError(SIGN_OUT_FAILED);
    throw error;
  } finally {
    signingOut = false;
  }
  if (options.reload ?? typeof window !== 'undefined') {
    // Written after the clean-up, so a scroll position saved as the page goes holds no paths.
    try {
      // A reason (a suspended account) is said on the login page, not kept in any storage.
      window.location.replace(signedOutPage(options.reason));
    } catch {
      // No navigation here (tests): the caller navigates.
    }
  }
}

/** The login page a sign-out lands on, saying why when the person did not choose it. */
export function signedOutPage(reason?: typeof SUSPENDED_REASON): string {
  return reason ? `/login?${SIGNED_OUT_REASON_PARAM}=${reason}` : '/login';
}

/** Applies a profile change the person made (name, photo, preferences) to the session at once. */
export function updateSessionUser(
  patch: Partial<Pick<SessionUser, 'displayName' | 'photoURL' | 'preferences' | 'member'>>,
): void {
  if (state.status !== 'signedIn' || !state.user) return;
  setState({ status: 'signedIn', user: { ...state.user, ...patch } });
}

/** Lets a multi-role user switch dashboard types (only to types they hold). */
export function switchDashboardType(type: DashboardType): void {
  if (!state.user?.dashboardTypes.includes(type)) return;
  storeDashboardType(type);
  settingsStore.setDashboardType(type);
}
