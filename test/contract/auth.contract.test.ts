// The auth contract: the app's auth domain functions (app/backend/auth.ts), through the real
// firebase/auth SDK, against ONE target named by VITE_FIREBASE_EMULATOR_HOST: the official Firebase
// Auth emulator or the fake's server mode. The cases do not assert what is right; each records a
// normalised outcome ({ok, code, fields}) per step into CONTRACT_OUT, and scripts/auth-contract.mjs
// runs this file once per target and compares the two records. The emulator is the reference.
// Where the app has no function of its own (sign-up, profile update, reload), the SDK is called on
// the app's own Auth instance (getAuthInstance), so the same connection and settings are used.
// Not covered: 'auth/requires-recent-login' — the emulator never answers CREDENTIAL_TOO_OLD, so an
// old sign-in cannot be made to fail an update there.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  createUserWithEmailAndPassword,
  getAdditionalUserInfo,
  reload,
  updateProfile,
  type User,
} from 'firebase/auth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getAuthInstance } from '~/backend/app';
import {
  deleteCurrentUser,
  getCurrentUser,
  getIdTokenClaims,
  sendPasswordReset,
  signInWithEmail,
  signOutUser,
  updateUserPassword,
  type AuthUserInfo,
} from '~/backend/auth';
import { firebaseCodeOf } from '~/backend/errors';
import { checkPasswordResetCode, resetPasswordWithCode } from '~/backend/password-reset';
import { DEMO_PROJECT_ID } from '~/config/demo';
import { getRuntimeConfig } from '~/config/env';
import { CONTROL_SECRET_HEADER } from '../../mocks/fence';

const env = z
  .object({
    CONTRACT_TARGET: z.enum(['emulator', 'fake']),
    CONTRACT_OUT: z.string().min(1),
    VITE_FIREBASE_EMULATOR_HOST: z.string().regex(/^[\w.-]+:\d+$/),
  })
  .parse(process.env);

const BASE_URL = `http://${env.VITE_FIREBASE_EMULATOR_HOST}`;
const PASSWORD = 'contract-password';

// ---- recording -------------------------------------------------------------------------------

interface Outcome {
  ok: boolean;
  /** The Firebase code of a failure ('auth/invalid-credential'), or `http <status>` for admin calls. */
  code?: string;
  /** Observable results, with the account's uid replaced by '<uid>' (uids are random). */
  fields?: Record<string, unknown>;
}

type CaseRecord = Record<string, Outcome>;
const records: Record<string, CaseRecord> = {};

/** The uids seen in this run, so that fields name them '<uid>' on both targets. */
const knownUids = new Set<string>();

function normalise(value: unknown): unknown {
  if (typeof value === 'string') return knownUids.has(value) ? '<uid>' : value;
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, normalise(v)]),
    );
  }
  return value;
}

/** Runs one step and records its outcome under the current case. */
async function step(
  record: CaseRecord,
  name: string,
  run: () => Promise<Record<string, unknown> | void>,
): Promise<Outcome> {
  let outcome: Outcome;
  try {
    const fields = await run();
    outcome = fields ? { ok: true, fields } : { ok: true };
  } catch (error) {
    outcome = { ok: false, code: firebaseCodeOf(error) };
  }
  const normalised: Outcome = { ...outcome };
  if (outcome.fields) normalised.fields = z.record(z.unknown()).parse(normalise(outcome.fields));
  record[name] = normalised;
  return outcome;
}

function contractCase(name: string, body: (record: CaseRecord) => Promise<void>): void {
  it(name, async () => {
    const record: CaseRecord = {};
    records[name] = record;
    await body(record);
  });
}

// ---- what a step observes ----------------------------------------------------------------------

function userFields(user: AuthUserInfo | null): Record<string, unknown> {
  if (!user) return { user: null };
  knownUids.add(user.uid);
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    emailVerified: user.emailVerified,
    providers: user.providerData.map((p) => ({
      providerId: p.providerId,
      uid: p.uid,
      email: p.email,
      displayName: p.displayName,
      photoURL: p.photoURL,
    })),
  };
}

/** The standard claims every Firebase ID token carries; anything else is a custom claim. */
const STANDARD_CLAIMS = new Set([
  'iss',
  'aud',
  'auth_time',
  'user_id',
  'sub',
  'iat',
  'exp',
  'email',
  'email_verified',
  'name',
  'picture',
  'firebase',
]);

const firebaseClaimSchema = z.object({
  identities: z.record(z.unknown()).optional(),
  sign_in_provider: z.string().optional(),
});

function claimFields(claims: Record<string, unknown> | null): Record<string, unknown> {
  if (!claims) return { claims: null };
  const firebase = firebaseClaimSchema.safeParse(claims.firebase);
  const iat = z.number().safeParse(claims.iat);
  const exp = z.number().safeParse(claims.exp);
  return {
    iss: claims.iss,
    aud: claims.aud,
    sub: claims.sub,
    user_id: claims.user_id,
    email: claims.email,
    email_verified: claims.email_verified,
    name: claims.name,
    picture: claims.picture,
    hasAuthTime: typeof claims.auth_time === 'number',
    lifetimeSeconds: iat.success && exp.success ? exp.data - iat.data : null,
    signInProvider: firebase.success ? firebase.data.sign_in_provider : null,
    identities: firebase.success ? firebase.data.identities : null,
    custom: Object.fromEntries(Object.entries(claims).filter(([k]) => !STANDARD_CLAIMS.has(k))),
  };
}

async function currentSdkUser(): Promise<User> {
  const user = (await getAuthInstance()).currentUser;
  if (!user) throw new Error('Expected a signed-in user');
  return user;
}

// ---- the targets' admin endpoints --------------------------------------------------------------

/**
 * An admin call as the Emulator Suite takes it (`Authorization: Bearer owner`). The same request
 * goes to both targets: a target that does not serve it records the HTTP status it answered.
 */
async function adminCall(
  method: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw Object.assign(new Error(`${method} ${path} answered ${response.status}: ${text}`), {
      code: `http ${response.status}`,
    });
  }
  return { status: response.status };
}

const ADMIN_ACCOUNTS = `/identitytoolkit.googleapis.com/v1/projects/${DEMO_PROJECT_ID}/accounts`;

function setCustomClaims(uid: string, claims: Record<string, unknown>) {
  return adminCall('POST', `${ADMIN_ACCOUNTS}:update`, {
    localId: uid,
    customAttributes: JSON.stringify(claims),
  });
}

function disableAccount(uid: string) {
  return adminCall('POST', `${ADMIN_ACCOUNTS}:update`, { localId: uid, disableUser: true });
}

/** Empties the target's account table; this is setup, not part of the contract. */
/** The console control wants the secret of the fake's current start (mocks/server.ts). */
async function fakeSecret(): Promise<string> {
  return z
    .object({ secret: z.string() })
    .parse(await (await fetch(`${BASE_URL}/__fake/secret`)).json()).secret;
}

async function clearAccounts(): Promise<void> {
  if (env.CONTRACT_TARGET === 'emulator') {
    await adminCall('DELETE', `/emulator/v1/projects/${DEMO_PROJECT_ID}/accounts`);
    // Production projects created since 2023 have e-mail enumeration protection on; so does the
    // emulator here, so that it answers as the real service the app meets.
    await adminCall('PATCH', `/emulator/v1/projects/${DEMO_PROJECT_ID}/config`, {
      emailPrivacyConfig: { enableImprovedEmailPrivacy: true },
    });
  } else {
    const secret = await fakeSecret();
    const response = await fetch(`${BASE_URL}/__fake/reset`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [CONTROL_SECRET_HEADER]: secret },
      body: JSON.stringify({ profile: 'empty' }),
    });
    if (!response.ok) throw new Error(`The fake's reset answered ${response.status}`);
  }
}

/**
 * The newest password-reset code e-mailed to `email`: the emulator lists them at
 * `/emulator/v1/projects/{id}/oobCodes`; the fake through its console control, with its secret.
 */
async function lastResetCode(email: string): Promise<string | null> {
  const url =
    env.CONTRACT_TARGET === 'emulator'
      ? `${BASE_URL}/emulator/v1/projects/${DEMO_PROJECT_ID}/oobCodes`
      : `${BASE_URL}/__fake/oob-codes`;
  const headers: Record<string, string> =
    env.CONTRACT_TARGET === 'fake' ? { [CONTROL_SECRET_HEADER]: await fakeSecret() } : {};
  const listing = z
    .object({
      oobCodes: z
        .array(z.object({ email: z.string(), oobCode: z.string(), requestType: z.string() }))
        .default([]),
    })
    .parse(await (await fetch(url, { headers })).json());
  const codes = listing.oobCodes.filter(
    (c) => c.email === email && c.requestType === 'PASSWORD_RESET',
  );
  return codes.at(-1)?.oobCode ?? null;
}

// ---- helpers over the app's functions ---------------------------------------------------------

async function signUp(email: string, password = PASSWORD): Promise<Record<string, unknown>> {
  const credential = await createUserWithEmailAndPassword(await getAuthInstance(), email, password);
  knownUids.add(credential.user.uid);
  return {
    isNewUser: getAdditionalUserInfo(credential)?.isNewUser ?? null,
    ...userFields(await getCurrentUser()),
  };
}

async function signIn(email: string, password = PASSWORD): Promise<Record<string, unknown>> {
  return userFields(await signInWithEmail(email, password, { remember: false }));
}

async function claims(forceRefresh: boolean): Promise<Record<string, unknown>> {
  return claimFields(await getIdTokenClaims(forceRefresh));
}

// ---- the cases ----------------------------------------------------------------------------------

describe(`auth contract against the ${env.CONTRACT_TARGET}`, () => {
  beforeAll(async () => {
    // A contract run that silently hit the in-page fake or Google would compare nothing.
    expect(getRuntimeConfig().emulators?.auth).toMatchObject({
      port: Number(env.VITE_FIREBASE_EMULATOR_HOST.split(':')[1]),
    });
    await clearAccounts();
  });

  beforeEach(async () => {
    await signOutUser();
  });

  afterAll(() => {
    mkdirSync(dirname(env.CONTRACT_OUT), { recursive: true });
    writeFileSync(
      env.CONTRACT_OUT,
      `${JSON.stringify({ target: env.CONTRACT_TARGET, cases: records }, null, 2)}\n`,
    );
  });

  contractCase('sign-up', async (record) => {
    await step(record, 'new e-mail', () => signUp('sign-up@contract.example'));
    await step(record, 'signed in afterwards', async () => userFields(await getCurrentUser()));
    await step(record, 'token of the new account', () => claims(false));
    await signOutUser();
    await step(record, 'the same e-mail again', () => signUp('sign-up@contract.example'));
    await step(record, 'the same e-mail in capitals', () => signUp('SIGN-UP@contract.example'));
    await step(record, 'a weak password', () => signUp('weak@contract.example', '123'));
    await step(record, 'not an e-mail address', () => signUp('not-an-email'));
  });

  contractCase('sign-in', async (record) => {
    await signUp('sign-in@contract.example');
    await signOutUser();
    await step(record, 'right password', () => signIn('sign-in@contract.example'));
    await step(record, 'current user', async () => userFields(await getCurrentUser()));
    await signOutUser();
    await step(record, 'e-mail in other letter case', () => signIn('Sign-In@Contract.Example'));
  });

  contractCase('wrong password', async (record) => {
    await signUp('wrong-password@contract.example');
    await signOutUser();
    await step(record, 'sign in', () => signIn('wrong-password@contract.example', 'not-it-1'));
    await step(record, 'nobody signed in', async () => userFields(await getCurrentUser()));
  });

  contractCase('unknown e-mail', async (record) => {
    await step(record, 'sign in', () => signIn('nobody@contract.example'));
    await step(record, 'an empty password', () => signIn('nobody@contract.example', ''));
  });

  contractCase('lookup', async (record) => {
    await signUp('lookup@contract.example');
    await signOutUser();
    await signIn('lookup@contract.example');
    await step(record, 'reload (accounts:lookup)', async () => {
      await reload(await currentSdkUser());
      return userFields(await getCurrentUser());
    });
    await step(record, 'token claims (getIdTokenResult)', () => claims(false));
  });

  contractCase('token refresh and custom claims', async (record) => {
    await signUp('claims@contract.example');
    await signOutUser();
    await signIn('claims@contract.example');
    const { uid } = await currentSdkUser();
    await step(record, 'no custom claims yet', () => claims(false));
    await step(record, 'admin sets custom claims', () =>
      setCustomClaims(uid, { roles: ['facilitator'], memberUUID: uid }),
    );
    await step(record, 'the cached token does not have them', () => claims(false));
    await step(record, 'a forced refresh picks them up', () => claims(true));
    await signOutUser();
    await step(record, 'a new sign-in carries them', async () => {
      await signIn('claims@contract.example');
      return claims(false);
    });
    await step(record, 'admin clears them', () => setCustomClaims(uid, {}));
    await step(record, 'a forced refresh drops them', () => claims(true));
  });

  contractCase('password reset e-mail', async (record) => {
    await signUp('reset@contract.example');
    await signOutUser();
    await step(record, 'known e-mail', () => sendPasswordReset('reset@contract.example'));
    await step(record, 'unknown e-mail', () => sendPasswordReset('nobody@contract.example'));
    await step(record, 'not an e-mail address', () => sendPasswordReset('not-an-email'));
  });

  contractCase('password reset with the e-mailed code', async (record) => {
    const email = 'reset-code@contract.example';
    await signUp(email);
    await signOutUser();
    await sendPasswordReset(email);
    const code = await lastResetCode(email);
    await step(record, 'a code was e-mailed', () => Promise.resolve({ found: code !== null }));
    if (code === null) return;
    await step(record, 'check a made-up code', () =>
      checkPasswordResetCode('made-up-code').then((address) => ({ address })),
    );
    await step(record, 'check the code', () =>
      checkPasswordResetCode(code).then((address) => ({ address })),
    );
    await step(record, 'a new password that is too short', () =>
      resetPasswordWithCode(code, '123'),
    );
    await step(record, 'set a new password', () => resetPasswordWithCode(code, 'a-new-password'));
    await step(record, 'sign in with the new password', async () =>
      userFields(await signInWithEmail(email, 'a-new-password', { remember: false })),
    );
    await signOutUser();
    await step(record, 'sign in with the old password', async () =>
      userFields(await signInWithEmail(email, PASSWORD, { remember: false })),
    );
    await step(record, 'the code a second time', () =>
      resetPasswordWithCode(code, 'another-password'),
    );
  });

  contractCase('update profile', async (record) => {
    await signUp('profile@contract.example');
    await step(record, 'set display name and photo', async () => {
      await updateProfile(await currentSdkUser(), {
        displayName: 'Contract Person',
        photoURL: 'https://example.com/photo.png',
      });
      return userFields(await getCurrentUser());
    });
    await step(record, 'after reload', async () => {
      await reload(await currentSdkUser());
      return userFields(await getCurrentUser());
    });
    await step(record, 'refreshed token', () => claims(true));
    // Not cleared with `null`: the emulator refuses the null the SDK then sends ("displayName must
    // be string"), where the real service deletes the attribute; the app never clears them.
    await step(record, 'rename', async () => {
      await updateProfile(await currentSdkUser(), { displayName: 'Renamed Person' });
      await reload(await currentSdkUser());
      return userFields(await getCurrentUser());
    });
    await step(record, 'refreshed token after renaming', () => claims(true));
  });

  contractCase('update password', async (record) => {
    await step(record, 'with nobody signed in', () => updateUserPassword('new-password-1'));
    await signUp('password@contract.example');
    await step(record, 'a weak password', () => updateUserPassword('123'));
    await step(record, 'a good password', () => updateUserPassword('new-password-1'));
    await step(record, 'the session goes on', () => claims(true));
    await signOutUser();
    await step(record, 'the old password', () => signIn('password@contract.example'));
    await step(record, 'the new password', () =>
      signIn('password@contract.example', 'new-password-1'),
    );
  });

  contractCase('delete', async (record) => {
    await step(record, 'with nobody signed in', () => deleteCurrentUser());
    await signUp('delete@contract.example');
    await step(record, 'delete the signed-in account', () => deleteCurrentUser());
    await step(record, 'nobody signed in', async () => userFields(await getCurrentUser()));
    await step(record, 'sign in to it', () => signIn('delete@contract.example'));
    await step(record, 'sign up with its e-mail again', () => signUp('delete@contract.example'));
  });

  contractCase('disabled account', async (record) => {
    await signUp('disabled@contract.example');
    const user = await currentSdkUser();
    await step(record, 'admin disables it', () => disableAccount(user.uid));
    await step(record, 'the cached token still answers', () => claims(false));
    await step(record, 'a forced refresh', () => claims(true));
    await signOutUser();
    await step(record, 'sign in', () => signIn('disabled@contract.example'));
    await step(record, 'sign in with a wrong password', () =>
      signIn('disabled@contract.example', 'not-it-1'),
    );
  });
});
