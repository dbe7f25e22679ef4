// Suspension bites at once (issue 28, item 3), against the fake: setMemberStatus ends the account's
// sessions (its refresh tokens stop working, also after a reactivation), and the app tells a
// suspended member's refused request from a plain refusal by forcing one token refresh.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getIdTokenClaims, signInWithEmail, signOutUser } from '~/backend/auth';
import { getDocument } from '~/backend/documents';
import { onPermissionDenied } from '~/backend/request';
import { FUNCTIONS_REGION } from '~/config/constants';
import { DEMO_FIREBASE_CONFIG, DEMO_PROJECT_ID } from '~/config/demo';
import type { Role } from '~/domain/roles';
import { demoAccount } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import { clientLoader } from '../features/login/login-route';
import { signedOutPage } from './session';
import {
  ACCESS_CHECK_INTERVAL_MS,
  ACCOUNT_SUSPENDED_MESSAGE,
  createAccessWatch,
  type AccessWatchDeps,
} from './suspension';

const KEY = DEMO_FIREBASE_CONFIG.apiKey;
const tokensSchema = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  localId: z.string(),
});

/** Signs a demo account in over REST, as another device would: its own tokens. */
async function restSignIn(role: Role) {
  const { email, password } = demoAccount(role);
  const response = await fetch(
    `https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${KEY}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  return tokensSchema.parse(await response.json());
}

/** The token refresh firebase/auth makes; the error text when refused. */
async function refresh(refreshToken: string): Promise<string> {
  const response = await fetch(`https://securetoken.googleapis.com/v1/token?key=${KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  if (response.ok) return 'ok';
  const body = z.object({ error: z.object({ message: z.string() }) }).parse(await response.json());
  return body.error.message;
}

/** An admin on another device suspends or reactivates a member through the callable. */
async function setStatus(uid: string, status: 'active' | 'suspended') {
  const admin = await restSignIn('admin');
  const response = await fetch(
    `https://${FUNCTIONS_REGION}-${DEMO_PROJECT_ID}.cloudfunctions.net/setMemberStatus`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.idToken}` },
      body: JSON.stringify({ data: { uid, status } }),
    },
  );
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  await fake.reset();
});

describe('setMemberStatus ends the sessions of a suspended member (fake)', () => {
  it('refuses the refresh token while suspended and after a reactivation; a new sign-in works', async () => {
    const parent = await restSignIn('parent');
    expect(await refresh(parent.refreshToken)).toBe('ok');

    await setStatus(parent.localId, 'suspended');
    expect(await refresh(parent.refreshToken)).toBe('USER_DISABLED');

    await setStatus(parent.localId, 'active');
    // Revoked, not just disabled: the old session stays ended.
    expect(await refresh(parent.refreshToken)).toBe('TOKEN_EXPIRED');
    const again = await restSignIn('parent');
    expect(await refresh(again.refreshToken)).toBe('ok');
  });
});

describe('a refused request while signed in', () => {
  beforeEach(async () => {
    await fake.reset();
    await signOutUser();
  });

  function watchWith(endSession = vi.fn(async () => {})) {
    const deps: AccessWatchDeps = {
      refreshToken: () => getIdTokenClaims(true),
      endSession,
      isSignedIn: () => true,
    };
    return { watch: createAccessWatch(deps), endSession };
  }

  it('is reported by app/backend as permission-denied, a successful read is not', async () => {
    const { email, password } = demoAccount('parent');
    await signInWithEmail(email, password, { remember: false });
    const refused = vi.fn();
    const stop = onPermissionDenied(refused);
    try {
      const admin = await restSignIn('admin');
      await expect(getDocument('Members', admin.localId, z.unknown())).rejects.toMatchObject({
        code: 'permission-denied',
      });
      expect(refused).toHaveBeenCalledTimes(1);
      await getDocument('campuses', 'none-such', z.unknown());
      expect(refused).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('ends the session of a member suspended meanwhile (auth/user-disabled)', async () => {
    const { email, password } = demoAccount('facilitator');
    const user = await signInWithEmail(email, password, { remember: false });
    const { watch, endSession } = watchWith();
    await setStatus(user.uid, 'suspended');
    expect(await watch.refused()).toBe('suspended');
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('ends the session whose refresh tokens were revoked (auth/user-token-expired)', async () => {
    const { email, password } = demoAccount('facilitator');
    const user = await signInWithEmail(email, password, { remember: false });
    await setStatus(user.uid, 'suspended');
    await setStatus(user.uid, 'active');
    const { watch, endSession } = watchWith();
    expect(await watch.refused()).toBe('suspended');
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('keeps an active member signed in: a plain refusal changes nothing', async () => {
    const { email, password } = demoAccount('parent');
    await signInWithEmail(email, password, { remember: false });
    const { watch, endSession } = watchWith();
    expect(await watch.refused()).toBe('active');
    expect(endSession).not.toHaveBeenCalled();
  });
});

describe('the access watch', () => {
  it('refreshes once for a burst of refusals, and again only after the interval', async () => {
    let now = 1_000;
    const refreshToken = vi.fn(async () => ({}));
    const watch = createAccessWatch({
      refreshToken,
      endSession: async () => {},
      isSignedIn: () => true,
      now: () => now,
    });
    const burst = await Promise.all([watch.refused(), watch.refused(), watch.refused()]);
    expect(burst).toEqual(['active', 'active', 'active']);
    expect(await watch.refused()).toBe('skipped');
    expect(refreshToken).toHaveBeenCalledTimes(1);
    now += ACCESS_CHECK_INTERVAL_MS;
    expect(await watch.refused()).toBe('active');
    expect(refreshToken).toHaveBeenCalledTimes(2);
  });

  it('does nothing while nobody is signed in, and keeps the session when offline', async () => {
    const endSession = vi.fn(async () => {});
    const signedOut = createAccessWatch({
      refreshToken: async () => ({}),
      endSession,
      isSignedIn: () => false,
    });
    expect(await signedOut.refused()).toBe('skipped');
    const offline = createAccessWatch({
      refreshToken: () =>
        Promise.reject(
          Object.assign(new Error('offline'), { code: 'auth/network-request-failed' }),
        ),
      endSession,
      isSignedIn: () => true,
    });
    expect(await offline.refused()).toBe('skipped');
    expect(endSession).not.toHaveBeenCalled();
  });
});

describe('the login page after a suspension', () => {
  it('lands on the login page that says why, in words', async () => {
    expect(signedOutPage('suspended')).toBe('/login?reason=suspended');
    expect(signedOutPage()).toBe('/login');
    const data = await clientLoader({
      request: new Request('http://localhost/login?reason=suspended'),
      params: {},
      serverLoader: () => Promise.resolve(undefined as never),
    } as never);
    expect(data).toMatchObject({ signedOutMessage: ACCOUNT_SUSPENDED_MESSAGE });
    const plain = await clientLoader({
      request: new Request('http://localhost/login'),
      params: {},
      serverLoader: () => Promise.resolve(undefined as never),
    } as never);
    expect(plain).toMatchObject({ signedOutMessage: null });
  });
});
