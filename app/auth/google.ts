// Google sign-in (spec §4, §7–§9): the Google Identity Services script and its prompt, the popup and
// redirect flows, and the temporary redirect state that survives leaving the page for Google.
//
// State owned here:
// - the five redirect keys in localStorage (expected e-mail, pending, remember-me, timestamp,
//   initiated). They exist only between leaving for Google and reading the result on return; state
//   older than REDIRECT_STATE_EXPIRY_MS is a redirect that never came back and is discarded.
// - the one script-loading promise, so the script is injected at most once per page.
//
// Flow, kept deliberately small: demo mode signs in with the ID token the fake's account chooser
// gives; production opens Google's popup and, only when the browser blocks popups and the hosting
// serves Firebase's auth handler, leaves the page with a redirect. Either way the signed-in account
// then goes through handleSignedInAccount (expected e-mail and Members profile, spec §5).
import { z } from 'zod';
import {
  getGoogleRedirectResult,
  signInWithGoogleCredential,
  signInWithGooglePopup,
  signInWithGoogleRedirect,
  signOutUser,
  type AuthUserInfo,
} from '~/backend/auth';
import { BackendError } from '~/backend/errors';
import {
  GOOGLE_PROMPT_TIMEOUT_MS,
  REDIRECT_RESULT_MAX_AGE_MS,
  REDIRECT_RESULT_RETRIES,
  REDIRECT_RESULT_RETRY_DELAY_MS,
  REDIRECT_STATE_EXPIRY_MS,
  STORAGE_KEYS,
} from '~/config/constants';
import { getRuntimeConfig, type RuntimeConfig } from '~/config/env';
import { handleSignedInAccount, type AccountCheck } from './mismatch';

/** Spec §8 messages of the Google flows. */
export const GOOGLE_MESSAGES = {
  credentialFailed: 'Failed to get credential',
  signInFailed: 'Failed to sign in with Google',
  cancelled: 'Sign-in was canceled or failed. Please try again.',
  clientIdMissing: 'Google Client ID is not configured',
  promptTimedOut: 'Google Identity prompt timed out',
} as const;

export const GOOGLE_IDENTITY_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/** Paths Firebase Hosting serves when the redirect flow can complete on this origin. */
export const REDIRECT_CHECK_PATHS = [
  '/__/auth/handler',
  '/__/auth/iframe',
  '/__/firebase/init.json',
] as const;

export type GoogleSignInErrorCode =
  | 'not-configured'
  | 'prompt-timeout'
  | 'prompt-unavailable'
  | 'no-credential'
  | 'cancelled'
  | 'failed';

/** A Google sign-in failure whose message is one of GOOGLE_MESSAGES. */
export class GoogleSignInError extends Error {
  readonly code: GoogleSignInErrorCode;

  constructor(code: GoogleSignInErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GoogleSignInError';
    this.code = code;
  }
}

/** True when the One Tap prompt gave nothing and the standard (popup/redirect) sign-in should follow. */
export function shouldFallBackToStandardSignIn(error: unknown): boolean {
  return (
    error instanceof GoogleSignInError &&
    (error.code === 'prompt-timeout' ||
      error.code === 'prompt-unavailable' ||
      error.code === 'no-credential')
  );
}

// ---------------------------------------------------------------------------------------------
// Google Identity Services script

interface GoogleIdConfiguration {
  client_id: string;
  callback: (response: unknown) => void;
  cancel_on_tap_outside: boolean;
}

/** The part of `google.accounts.id` this module uses, reached through a type guard (no `as`). */
export interface GoogleIdApi {
  initialize(config: GoogleIdConfiguration): void;
  prompt(listener?: (moment: unknown) => void): void;
  cancel(): void;
}

function hasKey<K extends string>(value: unknown, key: K): value is Record<K, unknown> {
  return typeof value === 'object' && value !== null && key in value;
}

/** `window.google.accounts.id`, if the script has defined it with the functions we call. */
export function readGoogleIdApi(root: unknown = globalThis): GoogleIdApi | null {
  if (!hasKey(root, 'google')) return null;
  const google = root.google;
  if (!hasKey(google, 'accounts')) return null;
  const accounts = google.accounts;
  if (!hasKey(accounts, 'id')) return null;
  const id = accounts.id;
  if (!hasKey(id, 'initialize') || !hasKey(id, 'prompt')) return null;
  const { initialize, prompt } = id;
  if (typeof initialize !== 'function' || typeof prompt !== 'function') return null;
  const cancel = hasKey(id, 'cancel') && typeof id.cancel === 'function' ? id.cancel : null;
  return {
    initialize: (config) => void Reflect.apply(initialize, id, [config]),
    prompt: (listener) => void Reflect.apply(prompt, id, listener ? [listener] : []),
    cancel: () => void (cancel ? Reflect.apply(cancel, id, []) : undefined),
  };
}

/** Calls a boolean method of the prompt's moment notification, if it has one, on the object itself. */
function momentSays(moment: unknown, method: 'isNotDisplayed' | 'isSkippedMoment'): boolean {
  if (!hasKey(moment, method)) return false;
  const fn = moment[method];
  return typeof fn === 'function' && Reflect.apply(fn, moment, []) === true;
}

const credentialResponseSchema = z.object({ credential: z.string().min(1) });

type GoogleConfig = Pick<RuntimeConfig, 'mode' | 'googleClientId' | 'googleSignInEnabled'>;

function googleConfig(): GoogleConfig {
  return getRuntimeConfig();
}

let scriptLoading: Promise<boolean> | undefined;

function injectScript(doc: Document): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () =>
      reject(new Error('The Google Identity script did not load')),
    );
    doc.head.appendChild(script);
  });
}

/**
 * Loads and initialises Google Identity Services, only when Google sign-in is enabled and a client
 * id is configured, and never in demo mode (the fake's chooser stands in for Google). Resolves true
 * when `google.accounts.id` is ready. A failure is logged, never thrown: sign-in then falls back to
 * the popup.
 */
export function loadGoogleIdentityScript(
  config: GoogleConfig = googleConfig(),
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): Promise<boolean> {
  const clientId = config.googleClientId;
  if (config.mode === 'demo' || !config.googleSignInEnabled || !clientId || !doc) {
    return Promise.resolve(false);
  }
  scriptLoading ??= (async () => {
    try {
      if (!readGoogleIdApi()) await injectScript(doc);
      const api = readGoogleIdApi();
      if (!api) throw new Error('google.accounts.id is missing after the script loaded');
      // The spec's no-op callback: credentials are taken by promptGoogleIdentity, which
      // re-initialises with its own callback for the one prompt it shows.
      api.initialize({ client_id: clientId, callback: () => {}, cancel_on_tap_outside: true });
      return true;
    } catch (error) {
      console.warn('Google Identity Services could not be loaded', error);
      scriptLoading = undefined;
      return false;
    }
  })();
  return scriptLoading;
}

/** Forgets the loaded script (tests only). */
export function resetGoogleIdentityScriptForTests(): void {
  scriptLoading = undefined;
}

export interface PromptOptions {
  timeoutMs?: number;
  config?: GoogleConfig;
  /** The Google Identity API; by default the script is loaded and its global read. */
  api?: GoogleIdApi | null;
}

/**
 * Shows Google's One Tap prompt and resolves with the ID token the person chose. Rejects with
 * GoogleSignInError: 'Google Client ID is not configured', 'Google Identity prompt timed out' after
 * GOOGLE_PROMPT_TIMEOUT_MS, or 'Failed to get credential' when the prompt is not shown or answers
 * without a credential. Except for the first, shouldFallBackToStandardSignIn(error) is true.
 */
export async function promptGoogleIdentity(options: PromptOptions = {}): Promise<string> {
  const config = options.config ?? googleConfig();
  const clientId = config.googleClientId;
  if (!clientId) {
    throw new GoogleSignInError('not-configured', GOOGLE_MESSAGES.clientIdMissing);
  }
  let api = options.api;
  if (api === undefined) {
    api = (await loadGoogleIdentityScript(config)) ? readGoogleIdApi() : null;
  }
  if (!api) {
    throw new GoogleSignInError('prompt-unavailable', GOOGLE_MESSAGES.credentialFailed);
  }
  const googleApi = api;
  const timeoutMs = options.timeoutMs ?? GOOGLE_PROMPT_TIMEOUT_MS;

  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const timer = setTimeout(() => {
      finish(() => {
        googleApi.cancel();
        reject(new GoogleSignInError('prompt-timeout', GOOGLE_MESSAGES.promptTimedOut));
      });
    }, timeoutMs);

    googleApi.initialize({
      client_id: clientId,
      cancel_on_tap_outside: true,
      callback: (response) => {
        const parsed = credentialResponseSchema.safeParse(response);
        finish(() =>
          parsed.success
            ? resolve(parsed.data.credential)
            : reject(new GoogleSignInError('no-credential', GOOGLE_MESSAGES.credentialFailed)),
        );
      },
    });
    googleApi.prompt((moment: unknown) => {
      if (momentSays(moment, 'isNotDisplayed') || momentSays(moment, 'isSkippedMoment')) {
        finish(() =>
          reject(new GoogleSignInError('prompt-unavailable', GOOGLE_MESSAGES.credentialFailed)),
        );
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Redirect feasibility and state

type FetchLike = (input: string, init?: RequestInit) => Promise<{ ok: boolean }>;

/**
 * Whether the redirect flow can complete on this origin: Firebase Hosting must serve its auth
 * handler, iframe and init.json (HEAD checks, all must answer ok). Any failure means no.
 */
export async function canUseRedirect(
  fetchImpl: FetchLike = (i, init) => fetch(i, init),
): Promise<boolean> {
  try {
    const answers = await Promise.all(
      REDIRECT_CHECK_PATHS.map((path) => fetchImpl(path, { method: 'HEAD', cache: 'no-store' })),
    );
    return answers.every((answer) => answer.ok);
  } catch {
    return false;
  }
}

export interface RedirectState {
  expectedEmail: string | null;
  remember: boolean;
  /** The result has not been read yet. */
  pending: boolean;
  /** signInWithRedirect was called from this browser (as opposed to stray keys). */
  initiated: boolean;
  /** When the redirect started (ms since the epoch). */
  timestamp: number;
}

const REDIRECT_KEYS = [
  STORAGE_KEYS.redirectExpectedEmail,
  STORAGE_KEYS.redirectPending,
  STORAGE_KEYS.redirectRememberMe,
  STORAGE_KEYS.redirectTimestamp,
  STORAGE_KEYS.redirectInitiated,
] as const;

function defaultStorage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

/** Records the redirect about to start, so the page that comes back knows what was asked. */
export function saveRedirectState(
  state: { expectedEmail: string | null; remember: boolean },
  now: number = Date.now(),
  storage: Storage | null = defaultStorage(),
): void {
  if (!storage) return;
  if (state.expectedEmail) storage.setItem(STORAGE_KEYS.redirectExpectedEmail, state.expectedEmail);
  else storage.removeItem(STORAGE_KEYS.redirectExpectedEmail);
  storage.setItem(STORAGE_KEYS.redirectPending, 'true');
  storage.setItem(STORAGE_KEYS.redirectRememberMe, String(state.remember));
  storage.setItem(STORAGE_KEYS.redirectTimestamp, String(now));
  storage.setItem(STORAGE_KEYS.redirectInitiated, 'true');
}

export function clearRedirectState(storage: Storage | null = defaultStorage()): void {
  if (!storage) return;
  for (const key of REDIRECT_KEYS) storage.removeItem(key);
}

const timestampSchema = z.coerce.number().int().nonnegative();

/**
 * The stored redirect state, or null when there is none. State older than
 * REDIRECT_STATE_EXPIRY_MS, or with an unreadable timestamp, is removed and yields null.
 */
export function readRedirectState(
  now: number = Date.now(),
  storage: Storage | null = defaultStorage(),
): RedirectState | null {
  if (!storage) return null;
  const rawTimestamp = storage.getItem(STORAGE_KEYS.redirectTimestamp);
  if (rawTimestamp === null) {
    // Keys without a timestamp cannot be aged; leftovers of an older version are dropped.
    if (REDIRECT_KEYS.some((key) => storage.getItem(key) !== null)) clearRedirectState(storage);
    return null;
  }
  const timestamp = timestampSchema.safeParse(rawTimestamp);
  if (!timestamp.success || now - timestamp.data > REDIRECT_STATE_EXPIRY_MS) {
    clearRedirectState(storage);
    return null;
  }
  return {
    expectedEmail: storage.getItem(STORAGE_KEYS.redirectExpectedEmail),
    remember: storage.getItem(STORAGE_KEYS.redirectRememberMe) === 'true',
    pending: storage.getItem(STORAGE_KEYS.redirectPending) === 'true',
    initiated: storage.getItem(STORAGE_KEYS.redirectInitiated) === 'true',
    timestamp: timestamp.data,
  };
}

export interface CheckRedirectOptions {
  getResult?: () => Promise<AuthUserInfo | null>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  storage?: Storage | null;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reads the result of a Google redirect (spec §4): when a redirect is pending, getResult is called
 * up to REDIRECT_RESULT_RETRIES times, REDIRECT_RESULT_RETRY_DELAY_MS apart, while the redirect is
 * under REDIRECT_RESULT_MAX_AGE_MS old. Returns the signed-in user or null; the redirect state is
 * cleared once the result is known or the attempts are used up. A failed getResult is retried like
 * an empty one; the last failure is thrown.
 *
 * The age is measured from the stored timestamp, as the spec says; the first attempt on return is
 * made whenever a pending redirect is found (Google's chooser often takes longer than 10 s, and
 * stale state is already discarded after 5 minutes), and only the retries are bound by the 10 s.
 */
export async function checkRedirectResult(
  options: CheckRedirectOptions = {},
): Promise<AuthUserInfo | null> {
  const {
    getResult = getGoogleRedirectResult,
    now = Date.now,
    sleep = realSleep,
    storage = defaultStorage(),
  } = options;
  const state = readRedirectState(now(), storage);
  if (!state?.pending) return null;

  let lastError: unknown;
  try {
    for (let attempt = 1; attempt <= REDIRECT_RESULT_RETRIES; attempt += 1) {
      if (attempt > 1) {
        await sleep(REDIRECT_RESULT_RETRY_DELAY_MS);
        if (now() - state.timestamp >= REDIRECT_RESULT_MAX_AGE_MS) break;
      }
      try {
        const user = await getResult();
        lastError = undefined;
        if (user) return user;
      } catch (error) {
        lastError = error;
      }
    }
  } finally {
    clearRedirectState(storage);
  }
  if (lastError !== undefined) throw lastError;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Orchestration

export type GoogleSignInOutcome =
  /** The page is leaving for Google; completeGoogleRedirect finishes the sign-in on return. */
  | { status: 'redirecting' }
  /** The account signed in and was checked; `result.ok` false means it was refused and signed out. */
  | { status: 'checked'; result: AccountCheck };

export interface StartGoogleSignInOptions {
  /** The address the person must sign in with, or null for any registered account. */
  expectedEmail: string | null;
  remember: boolean;
  mode: RuntimeConfig['mode'];
  /**
   * An ID token already obtained: from the demo account chooser (required in demo mode), or from
   * promptGoogleIdentity in production. Without one, production opens the popup.
   */
  idToken?: string;
  config?: GoogleConfig;
  /** Injected for tests; defaults to the HEAD checks against this origin. */
  canRedirect?: () => Promise<boolean>;
}

const CANCELLED_CODES = new Set([
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/user-cancelled',
]);

function codeOf(error: unknown): string {
  return error instanceof BackendError ? error.code : 'unknown';
}

function toGoogleError(error: unknown): GoogleSignInError {
  if (error instanceof GoogleSignInError) return error;
  return CANCELLED_CODES.has(codeOf(error))
    ? new GoogleSignInError('cancelled', GOOGLE_MESSAGES.cancelled, { cause: error })
    : new GoogleSignInError('failed', GOOGLE_MESSAGES.signInFailed, { cause: error });
}

/**
 * handleSignedInAccount for a sign-in the person just made: when the profile cannot be read, the
 * new session is not kept (it was never accepted on this device), and the sign-in fails.
 */
async function checkInteractiveSignIn(
  user: AuthUserInfo,
  expectedEmail: string | null,
): Promise<AccountCheck> {
  try {
    return await handleSignedInAccount(user, expectedEmail);
  } catch (error) {
    await signOutUser().catch((signOutError: unknown) =>
      console.warn('Could not sign out after a failed profile check', signOutError),
    );
    throw new GoogleSignInError('failed', GOOGLE_MESSAGES.signInFailed, { cause: error });
  }
}

/**
 * Signs in with Google and checks the account (expected e-mail, Members profile). Throws
 * GoogleSignInError: 'Failed to get credential' (demo mode without a chooser token),
 * 'Google Client ID is not configured', 'Sign-in was canceled or failed. Please try again.'
 * (popup closed) or 'Failed to sign in with Google'.
 */
export async function startGoogleSignIn(
  options: StartGoogleSignInOptions,
): Promise<GoogleSignInOutcome> {
  const { expectedEmail, remember, mode, idToken } = options;
  const check = async (user: AuthUserInfo): Promise<GoogleSignInOutcome> => ({
    status: 'checked',
    result: await checkInteractiveSignIn(user, expectedEmail),
  });

  if (mode === 'demo' || idToken !== undefined) {
    if (!idToken) throw new GoogleSignInError('no-credential', GOOGLE_MESSAGES.credentialFailed);
    try {
      return await check(await signInWithGoogleCredential(idToken, { remember }));
    } catch (error) {
      throw toGoogleError(error);
    }
  }

  const config = options.config ?? googleConfig();
  // Spec §5: Google sign-in requires a configured client identifier.
  if (!config.googleSignInEnabled || !config.googleClientId) {
    throw new GoogleSignInError('not-configured', GOOGLE_MESSAGES.clientIdMissing);
  }
  const loginHint = expectedEmail ?? undefined;
  try {
    return await check(await signInWithGooglePopup({ remember, loginHint }));
  } catch (error) {
    if (codeOf(error) !== 'auth/popup-blocked') throw toGoogleError(error);
    const canRedirect = options.canRedirect ?? (() => canUseRedirect());
    if (!(await canRedirect())) throw toGoogleError(error);
  }
  saveRedirectState({ expectedEmail, remember });
  try {
    await signInWithGoogleRedirect({ remember, loginHint });
  } catch (error) {
    clearRedirectState();
    throw toGoogleError(error);
  }
  return { status: 'redirecting' };
}

/**
 * On page load: finishes a pending Google redirect and checks the account. Resolves null when
 * there was no redirect to finish (or its result never came), otherwise the account check.
 */
export async function completeGoogleRedirect(
  options: CheckRedirectOptions = {},
): Promise<AccountCheck | null> {
  const state = readRedirectState(
    (options.now ?? Date.now)(),
    options.storage === undefined ? defaultStorage() : options.storage,
  );
  if (!state?.pending) return null;
  let user: AuthUserInfo | null;
  try {
    user = await checkRedirectResult(options);
  } catch (error) {
    throw toGoogleError(error);
  }
  return user ? checkInteractiveSignIn(user, state.expectedEmail) : null;
}
