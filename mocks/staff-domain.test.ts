// A staff-domain address (spec §6) counts as staff in the fake only once it is verified (issue 28):
// the ID tokens the fake mints say `email_verified` as Firebase does (Google: true; a password
// sign-up: false; a seeded account: its own flag), and the caller's roles follow it, so an
// unverified sign-up under the staff domain reads nothing and invites no one. Spoken to over HTTP
// with the Auth, Firestore and callable endpoints the SDK uses.
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FUNCTIONS_REGION } from '../app/config/constants';
import { DEMO_FIREBASE_CONFIG, DEMO_PROJECT_ID, DEMO_STAFF_DOMAINS } from '../app/config/demo';
import { createFakeGoogleIdToken } from './demo-accounts';
import { store } from './store';
import { decodeJwtPayload } from './tokens';
import { fake } from './index';

const KEY = DEMO_FIREBASE_CONFIG.apiKey;
const IDT = 'https://identitytoolkit.googleapis.com/v1/accounts';
const STAFF_ADDRESS = `new.head@${DEMO_STAFF_DOMAINS[0]}`;
const tokenSchema = z.object({ idToken: z.string() });

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function idTokenOf(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return tokenSchema.parse(await response.json()).idToken;
}

const signUp = async (email: string, password = 'squatter-password') =>
  idTokenOf(await post(`${IDT}:signUp?key=${KEY}`, { email, password, returnSecureToken: true }));

const signInWithPassword = (email: string, password: string) =>
  post(`${IDT}:signInWithPassword?key=${KEY}`, { email, password, returnSecureToken: true });

const signInWithGoogle = async (email: string) =>
  idTokenOf(
    await post(`${IDT}:signInWithIdp?key=${KEY}`, {
      postBody: `id_token=${createFakeGoogleIdToken(email)}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    }),
  );

function verifiedClaim(idToken: string): unknown {
  return decodeJwtPayload(idToken)?.email_verified;
}

async function readStudent(idToken: string): Promise<number> {
  const response = await fetch(
    `https://firestore.googleapis.com/v1/projects/${DEMO_PROJECT_ID}/databases/(default)/documents/students/stu-00000`,
    { headers: { Authorization: `Bearer ${idToken}` } },
  );
  return response.status;
}

async function invite(idToken: string): Promise<{ status: number; body: string }> {
  const response = await post(
    `https://${FUNCTIONS_REGION}-${DEMO_PROJECT_ID}.cloudfunctions.net/inviteMember`,
    { data: { email: 'someone.new@mail.example', displayName: 'Someone', roles: ['parent'] } },
    { Authorization: `Bearer ${idToken}` },
  );
  return { status: response.status, body: await response.text() };
}

beforeEach(async () => {
  await fake.reset({ profile: 'demo' });
});

describe('a staff-domain address in the fake', () => {
  it('signed up with a password is unverified: no role, no records, no invitation', async () => {
    const token = await signUp(STAFF_ADDRESS);
    expect(verifiedClaim(token)).toBe(false);
    expect(await readStudent(token)).toBe(403);
    const refused = await invite(token);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('PERMISSION_DENIED');
    expect(fake.accounts.list().some((a) => a.email === 'someone.new@mail.example')).toBe(false);
  });

  it('signed in with Google is verified, and is staff', async () => {
    const token = await signInWithGoogle(STAFF_ADDRESS);
    expect(verifiedClaim(token)).toBe(true);
    expect(await readStudent(token)).toBe(200);
    expect((await invite(token)).status).toBe(200);
  });

  it('takes the account from whoever signed up with the address once its owner uses Google', async () => {
    await signUp(STAFF_ADDRESS, 'squatter-password');
    expect(verifiedClaim(await signInWithGoogle(STAFF_ADDRESS))).toBe(true);
    // The unverified password is gone with the squatter: it can no longer ride on the owner.
    const squatter = await signInWithPassword(STAFF_ADDRESS, 'squatter-password');
    expect(squatter.status).toBe(400);
    expect(await squatter.text()).toContain('INVALID_LOGIN_CREDENTIALS');
  });

  it('mints each seeded account’s own verification into its tokens, and custom claims cannot fake it', async () => {
    const verified = await idTokenOf(
      await signInWithPassword('admin@demo-learning.example', 'demo-password'),
    );
    expect(verifiedClaim(verified)).toBe(true);

    const account = store.accountByEmail('office@demo-learning.example');
    if (!account) throw new Error('no seeded office account');
    account.emailVerified = false;
    account.claims = { ...account.claims, email_verified: true };
    const unverified = await idTokenOf(
      await signInWithPassword('office@demo-learning.example', 'demo-password'),
    );
    expect(verifiedClaim(unverified)).toBe(false);
  });
});
