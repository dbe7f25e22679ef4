// Google sign-in: the identity script and prompt (with stub globals), redirect feasibility (stub
// fetch), the redirect state and retry timing (fake timers), and the demo flow through the real SDK
// against the fake.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getCurrentUser,
  signInWithGoogleCredential,
  signOutUser,
  type AuthUserInfo,
} from '~/backend/auth';
import {
  GOOGLE_PROMPT_TIMEOUT_MS,
  REDIRECT_STATE_EXPIRY_MS,
  STORAGE_KEYS,
} from '~/config/constants';
import { createFakeGoogleIdToken, demoAccount } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import {
  canUseRedirect,
  checkRedirectResult,
  clearRedirectState,
  completeGoogleRedirect,
  GOOGLE_IDENTITY_SCRIPT_URL,
  GoogleSignInError,
  loadGoogleIdentityScript,
  promptGoogleIdentity,
  readGoogleIdApi,
  readRedirectState,
  resetGoogleIdentityScriptForTests,
  saveRedirectState,
  shouldFallBackToStandardSignIn,
  startGoogleSignIn,
  type GoogleIdApi,
} from './google';

const CLIENT_ID = '1234-abc.apps.googleusercontent.com';
const productionConfig = {
  mode: 'firebase' as const,
  googleClientId: CLIENT_ID,
  googleSignInEnabled: true,
};
const parent = demoAccount('parent');

function scriptTags(): HTMLScriptElement[] {
  return [...document.querySelectorAll('script')].filter(
    (s) => s.src === GOOGLE_IDENTITY_SCRIPT_URL,
  );
}

/** A stand-in for google.accounts.id that records its calls. */
function stubGoogleApi(onPrompt?: (api: StubApi, listener?: (moment: unknown) => void) => void) {
  const api: StubApi = {
    configs: [],
    cancelled: 0,
    initialize(config) {
      api.configs.push(config);
    },
    prompt(listener) {
      onPrompt?.(api, listener);
    },
    cancel() {
      api.cancelled += 1;
    },
  };
  return api;
}
type StubApi = GoogleIdApi & {
  configs: Parameters<GoogleIdApi['initialize']>[0][];
  cancelled: number;
};

function user(uid: string): AuthUserInfo {
  return {
    uid,
    email: `${uid}@example.test`,
    displayName: null,
    photoURL: null,
    emailVerified: true,
    providerData: [],
  };
}

async function rejection(promise: Promise<unknown>): Promise<GoogleSignInError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(GoogleSignInError);
  if (!(outcome instanceof GoogleSignInError)) throw new Error('unreachable');
  return outcome;
}

beforeEach(() => {
  localStorage.clear();
  resetGoogleIdentityScriptForTests();
  for (const tag of scriptTags()) tag.remove();
  Reflect.deleteProperty(globalThis, 'google');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('loadGoogleIdentityScript', () => {
  it('never injects the script in demo mode, when disabled, or without a client id', async () => {
    await expect(
      loadGoogleIdentityScript({ ...productionConfig, mode: 'demo' }, document),
    ).resolves.toBe(false);
    await expect(
      loadGoogleIdentityScript({ ...productionConfig, googleSignInEnabled: false }, document),
    ).resolves.toBe(false);
    await expect(
      loadGoogleIdentityScript({ ...productionConfig, googleClientId: undefined }, document),
    ).resolves.toBe(false);
    expect(scriptTags()).toHaveLength(0);
  });

  it('injects the script once and initialises it with a no-op callback and cancel on outside tap', async () => {
    const loading = loadGoogleIdentityScript(productionConfig, document);
    const again = loadGoogleIdentityScript(productionConfig, document);
    const [tag] = scriptTags();
    expect(scriptTags()).toHaveLength(1);
    const api = stubGoogleApi();
    Reflect.set(globalThis, 'google', { accounts: { id: api } });
    tag?.dispatchEvent(new Event('load'));

    await expect(loading).resolves.toBe(true);
    await expect(again).resolves.toBe(true);
    expect(api.configs).toEqual([
      { client_id: CLIENT_ID, callback: expect.any(Function), cancel_on_tap_outside: true },
    ]);
    expect(api.configs[0]?.callback({ credential: 'ignored' })).toBeUndefined();
  });

  it('only logs a script that fails to load, and resolves false', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const loading = loadGoogleIdentityScript(productionConfig, document);
    scriptTags()[0]?.dispatchEvent(new Event('error'));
    await expect(loading).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(
      'Google Identity Services could not be loaded',
      expect.any(Error),
    );
  });

  it('does not accept a global that lacks the functions it needs', () => {
    expect(readGoogleIdApi({ google: { accounts: { id: { initialize: 'nope' } } } })).toBeNull();
    expect(readGoogleIdApi({})).toBeNull();
  });
});

describe('promptGoogleIdentity', () => {
  it('says "Google Client ID is not configured" without a client id', async () => {
    const error = await rejection(
      promptGoogleIdentity({ config: { ...productionConfig, googleClientId: undefined } }),
    );
    expect(error.message).toBe('Google Client ID is not configured');
    expect(shouldFallBackToStandardSignIn(error)).toBe(false);
  });

  it('times out after 30 s with "Google Identity prompt timed out" so the caller falls back', async () => {
    vi.useFakeTimers();
    const api = stubGoogleApi();
    const outcome = rejection(promptGoogleIdentity({ config: productionConfig, api }));
    await vi.advanceTimersByTimeAsync(GOOGLE_PROMPT_TIMEOUT_MS - 1);
    expect(api.cancelled).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error.message).toBe('Google Identity prompt timed out');
    expect(shouldFallBackToStandardSignIn(error)).toBe(true);
    expect(api.cancelled).toBe(1);
  });

  it('resolves with the credential the person chose in the prompt', async () => {
    const api = stubGoogleApi((stub) => stub.configs.at(-1)?.callback({ credential: 'id-token' }));
    await expect(promptGoogleIdentity({ config: productionConfig, api })).resolves.toBe('id-token');
  });

  it('says "Failed to get credential" when the answer has no credential or the prompt is not shown', async () => {
    const empty = stubGoogleApi((stub) => stub.configs.at(-1)?.callback({}));
    const noCredential = await rejection(
      promptGoogleIdentity({ config: productionConfig, api: empty }),
    );
    expect(noCredential.message).toBe('Failed to get credential');

    const hidden = stubGoogleApi((_stub, listener) =>
      listener?.({ isNotDisplayed: () => true, isSkippedMoment: () => false }),
    );
    const notShown = await rejection(
      promptGoogleIdentity({ config: productionConfig, api: hidden }),
    );
    expect(notShown.message).toBe('Failed to get credential');
    expect(shouldFallBackToStandardSignIn(notShown)).toBe(true);
  });
});

describe('canUseRedirect', () => {
  it('is true only when all three Firebase Hosting paths answer a HEAD request', async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const ok = await canUseRedirect(async (input, init) => {
      calls.push([input, init]);
      return { ok: true };
    });
    expect(ok).toBe(true);
    expect(calls.map(([path]) => path).sort()).toEqual([
      '/__/auth/handler',
      '/__/auth/iframe',
      '/__/firebase/init.json',
    ]);
    expect(calls.every(([, init]) => init?.method === 'HEAD')).toBe(true);

    await expect(
      canUseRedirect(async (input) => ({ ok: input !== '/__/firebase/init.json' })),
    ).resolves.toBe(false);
    await expect(
      canUseRedirect(() => Promise.reject(new TypeError('Failed to fetch'))),
    ).resolves.toBe(false);
  });
});

describe('redirect state', () => {
  it('stores the five temporary keys and reads them back', () => {
    saveRedirectState({ expectedEmail: parent.email, remember: true }, 1_000_000);
    expect(localStorage.getItem(STORAGE_KEYS.redirectExpectedEmail)).toBe(parent.email);
    expect(localStorage.getItem(STORAGE_KEYS.redirectPending)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.redirectRememberMe)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.redirectTimestamp)).toBe('1000000');
    expect(localStorage.getItem(STORAGE_KEYS.redirectInitiated)).toBe('true');
    expect(readRedirectState(1_000_000 + REDIRECT_STATE_EXPIRY_MS)).toEqual({
      expectedEmail: parent.email,
      remember: true,
      pending: true,
      initiated: true,
      timestamp: 1_000_000,
    });
    clearRedirectState();
    expect(localStorage.length).toBe(0);
  });

  it('discards and removes state older than 5 minutes', () => {
    saveRedirectState({ expectedEmail: null, remember: false }, 1_000_000);
    expect(readRedirectState(1_000_000 + REDIRECT_STATE_EXPIRY_MS + 1)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('discards state whose timestamp is unreadable', () => {
    saveRedirectState({ expectedEmail: null, remember: false }, 1_000_000);
    localStorage.setItem(STORAGE_KEYS.redirectTimestamp, 'yesterday');
    expect(readRedirectState(1_000_000)).toBeNull();
    expect(localStorage.length).toBe(0);
  });
});

describe('checkRedirectResult', () => {
  it('checks 3 times, 2 s apart, then gives up and clears the state', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    saveRedirectState({ expectedEmail: null, remember: false }, start);
    const calledAt: number[] = [];
    const getResult = async () => {
      calledAt.push(Date.now() - start);
      return null;
    };
    const result = checkRedirectResult({ getResult });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBeNull();
    expect(calledAt).toEqual([0, 2000, 4000]);
    expect(readRedirectState()).toBeNull();
  });

  it('returns the user as soon as a check finds it', async () => {
    vi.useFakeTimers();
    saveRedirectState({ expectedEmail: null, remember: false }, Date.now());
    const getResult = vi.fn<() => Promise<AuthUserInfo | null>>();
    getResult.mockResolvedValueOnce(null).mockResolvedValueOnce(user('u1'));
    const result = checkRedirectResult({ getResult });
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toMatchObject({ uid: 'u1' });
    expect(getResult).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(STORAGE_KEYS.redirectPending)).toBeNull();
  });

  it('stops retrying once the redirect is 10 s old', async () => {
    vi.useFakeTimers();
    saveRedirectState({ expectedEmail: null, remember: false }, Date.now() - 7000);
    const getResult = vi.fn(async () => null);
    const result = checkRedirectResult({ getResult });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBeNull();
    // Checked at 7 s and 9 s; the third check would be at 11 s.
    expect(getResult).toHaveBeenCalledTimes(2);
  });

  it('still checks once on return from a redirect that took longer than 10 s, without retrying', async () => {
    vi.useFakeTimers();
    saveRedirectState({ expectedEmail: null, remember: false }, Date.now() - 45_000);
    const getResult = vi.fn(async () => null);
    const result = checkRedirectResult({ getResult });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBeNull();
    expect(getResult).toHaveBeenCalledTimes(1);
  });

  it('does not check at all when no redirect is pending', async () => {
    const getResult = vi.fn(async () => user('u1'));
    await expect(checkRedirectResult({ getResult })).resolves.toBeNull();
    expect(getResult).not.toHaveBeenCalled();
  });

  it('retries a failed check and throws only when every check failed', async () => {
    vi.useFakeTimers();
    saveRedirectState({ expectedEmail: null, remember: false }, Date.now());
    const flaky = vi.fn<() => Promise<AuthUserInfo | null>>();
    flaky.mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(user('u2'));
    const found = checkRedirectResult({ getResult: flaky });
    await vi.advanceTimersByTimeAsync(2000);
    await expect(found).resolves.toMatchObject({ uid: 'u2' });

    saveRedirectState({ expectedEmail: null, remember: false }, Date.now());
    const failing = checkRedirectResult({
      getResult: () => Promise.reject(new Error('still down')),
    });
    const settled = failing.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(4000);
    expect(await settled).toEqual(new Error('still down'));
    expect(readRedirectState()).toBeNull();
  });
});

describe('Google sign-in against the fake', () => {
  beforeAll(async () => {
    await fake.reset();
  });

  beforeEach(async () => {
    await signOutUser();
  });

  it('signs a registered member in from the demo chooser token', async () => {
    const outcome = await startGoogleSignIn({
      expectedEmail: parent.email,
      remember: false,
      mode: 'demo',
      idToken: createFakeGoogleIdToken(parent.email),
    });
    expect(outcome).toMatchObject({
      status: 'checked',
      result: { ok: true, member: { memberUUID: parent.uid } },
    });
    expect((await getCurrentUser())?.uid).toBe(parent.uid);
  });

  it('refuses the wrong account from the demo chooser and deletes it when it is a new one', async () => {
    const email = `chooser-${Date.now()}@gmail.example`;
    const outcome = await startGoogleSignIn({
      expectedEmail: parent.email,
      remember: false,
      mode: 'demo',
      idToken: createFakeGoogleIdToken(email),
    });
    expect(outcome).toMatchObject({
      status: 'checked',
      result: { ok: false, message: 'Please sign in with the expected address' },
    });
    expect(fake.accounts.list().some((a) => a.email === email)).toBe(false);
    expect(await getCurrentUser()).toBeNull();
  });

  it('signs out again and fails when the profile cannot be read right after the sign-in', async () => {
    fake.faults.failNext(/documents:batchGet/, 1, 503);
    const error = await rejection(
      startGoogleSignIn({
        expectedEmail: null,
        remember: false,
        mode: 'demo',
        idToken: createFakeGoogleIdToken(parent.email),
      }),
    );
    expect(error.message).toBe('Failed to sign in with Google');
    expect(await getCurrentUser()).toBeNull();
    expect(fake.accounts.list().some((a) => a.uid === parent.uid)).toBe(true);
  });

  it('says "Failed to get credential" in demo mode without a chooser token', async () => {
    const error = await rejection(
      startGoogleSignIn({ expectedEmail: null, remember: false, mode: 'demo' }),
    );
    expect(error.message).toBe('Failed to get credential');
  });

  it('says "Failed to sign in with Google" when the fake refuses the token', async () => {
    const error = await rejection(
      startGoogleSignIn({
        expectedEmail: null,
        remember: false,
        mode: 'demo',
        idToken: 'not-a-jwt',
      }),
    );
    expect(error.message).toBe('Failed to sign in with Google');
  });

  it('requires a configured client id in production', async () => {
    const error = await rejection(
      startGoogleSignIn({
        expectedEmail: null,
        remember: false,
        mode: 'firebase',
        config: { ...productionConfig, googleClientId: undefined },
      }),
    );
    expect(error.message).toBe('Google Client ID is not configured');
  });

  it('finishes a pending redirect on return and checks the expected address', async () => {
    saveRedirectState({ expectedEmail: parent.email, remember: true });
    const signedIn = await signInWithGoogleCredential(createFakeGoogleIdToken(parent.email), {
      remember: false,
    });
    const result = await completeGoogleRedirect({ getResult: async () => signedIn });
    expect(result).toMatchObject({ ok: true, member: { memberUUID: parent.uid } });
    expect(readRedirectState()).toBeNull();
    await expect(completeGoogleRedirect({ getResult: async () => signedIn })).resolves.toBeNull();
  });
});
