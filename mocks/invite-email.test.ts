// Invitations by e-mail in the fake (issue 31), through the real Firebase SDK: an invitation writes
// a `mail` document whose link opens /auth/action with a reset code; the code tells its address
// (verifyPasswordResetCode), sets the password once (confirmPasswordReset), and then the invitee
// signs in. The reset flow's errors are the service's: a wrong, used or expired code, a weak
// password. "Send again" makes a new link; no password ever comes back to the office.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  confirmPasswordReset,
  getAuth,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  verifyPasswordResetCode,
  type Auth,
} from 'firebase/auth';
import { getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_FIREBASE_CONFIG } from '../app/config/demo';
import { RESET_CODE_LIFETIME_MS } from '../app/domain/server/invitation';
import { DEMO_PASSWORD, demoAccount } from './demo-accounts';
import { store } from './store';
import { fake } from './index';

let counter = 0;
const apps: FirebaseApp[] = [];

function client(): { auth: Auth; functions: Functions } {
  const app = initializeApp(DEMO_FIREBASE_CONFIG, `invite-email-${++counter}`);
  apps.push(app);
  return { auth: getAuth(app), functions: getFunctions(app, 'asia-south1') };
}

async function admin() {
  const c = client();
  await signInWithEmailAndPassword(c.auth, demoAccount('admin').email, DEMO_PASSWORD);
  return c;
}

async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    return (error as { code?: string }).code ?? 'no code';
  }
  return 'resolved';
}

function mailsTo(email: string) {
  return fake
    .listDocuments('mail')
    .filter((d) => (d.data.to as string[] | undefined)?.includes(email))
    .map((d) => d.data as { kind: string; message: { text: string; html: string } });
}

/** The link in an e-mail's text, and its code. */
function linkIn(text: string): { url: URL; code: string } {
  const match = /Set your password: (\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`No link in: ${text}`);
  const url = new URL(match[1]);
  return { url, code: url.searchParams.get('oobCode') ?? '' };
}

beforeAll(async () => {
  await fake.reset();
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
});

describe('an invitation by e-mail', () => {
  const email = 'invited.parent@mail.example';

  it('creates the account without a password and writes the invitation with a working link', async () => {
    const { functions } = await admin();
    const result = await httpsCallable(
      functions,
      'inviteMember',
    )({
      email,
      displayName: 'Efua <b>Asante</b>',
      roles: ['parent'],
    });
    expect(result.data).toEqual({ uid: expect.any(String), email });
    expect(JSON.stringify(result.data)).not.toMatch(/password/i);
    // Nobody can sign in yet: the account has no password.
    expect(await codeOf(signInWithEmailAndPassword(client().auth, email, ''))).toBe(
      'auth/missing-password',
    );
    expect(await codeOf(signInWithEmailAndPassword(client().auth, email, 'welcome-123'))).toBe(
      'auth/invalid-credential',
    );

    const [mail, ...others] = mailsTo(email);
    expect(others).toHaveLength(0);
    expect(mail?.kind).toBe('invitation');
    expect(mail?.message.html).toContain('Efua &lt;b&gt;Asante&lt;/b&gt;');
    const { url, code } = linkIn(mail?.message.text ?? '');
    expect(url.pathname).toBe('/auth/action');
    expect(url.searchParams.get('mode')).toBe('resetPassword');
    expect(url.searchParams.get('apiKey')).toBe(DEMO_FIREBASE_CONFIG.apiKey);
    expect(url.searchParams.get('continueUrl')).toBe(`${url.origin}/login`);
    expect(mail?.message.html).toContain(code);

    const invitee = client();
    expect(await verifyPasswordResetCode(invitee.auth, code)).toBe(email);
    await confirmPasswordReset(invitee.auth, code, 'my-own-password');
    const signedIn = await signInWithEmailAndPassword(invitee.auth, email, 'my-own-password');
    expect(signedIn.user.email).toBe(email);
    // The code was used up.
    expect(await codeOf(verifyPasswordResetCode(client().auth, code))).toBe(
      'auth/invalid-action-code',
    );
    expect(await codeOf(confirmPasswordReset(client().auth, code, 'another-one'))).toBe(
      'auth/invalid-action-code',
    );
  });

  it('sends again with a new link, for admins only', async () => {
    const { functions } = await admin();
    await httpsCallable(functions, 'inviteMember')({ resend: true, email });
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    const codes = mails.map((m) => linkIn(m.message.text).code);
    expect(new Set(codes).size).toBe(2);
    expect(await verifyPasswordResetCode(client().auth, codes[1] ?? '')).toBe(email);

    const office = client();
    await signInWithEmailAndPassword(
      office.auth,
      demoAccount('administration').email,
      DEMO_PASSWORD,
    );
    expect(
      await codeOf(httpsCallable(office.functions, 'inviteMember')({ resend: true, email })),
    ).toBe('functions/permission-denied');
    expect(
      await codeOf(
        httpsCallable(functions, 'inviteMember')({ resend: true, email: 'nobody@mail.example' }),
      ),
    ).toBe('functions/not-found');
    expect(mailsTo(email)).toHaveLength(2);
  });
});

describe('accounts:resetPassword', () => {
  const parent = demoAccount('parent').email;

  /** A code as "Forgot password" makes one (the newest of the account's). */
  async function resetCode(): Promise<string> {
    await sendPasswordResetEmail(client().auth, parent);
    const codes = store.accountByEmail(parent)?.resetCodes ?? [];
    return codes[codes.length - 1]?.code ?? '';
  }

  it('refuses a wrong code, a weak password, and an expired code', async () => {
    const auth = client().auth;
    expect(await codeOf(verifyPasswordResetCode(auth, 'not-a-code'))).toBe(
      'auth/invalid-action-code',
    );
    const code = await resetCode();
    expect(await codeOf(confirmPasswordReset(auth, code, 'short'))).toBe('auth/weak-password');
    // A refused password does not use the code up.
    expect(await verifyPasswordResetCode(auth, code)).toBe(parent);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + RESET_CODE_LIFETIME_MS + 1000 });
    expect(await codeOf(verifyPasswordResetCode(auth, code))).toBe('auth/expired-action-code');
    expect(await codeOf(confirmPasswordReset(auth, code, 'long-enough'))).toBe(
      'auth/expired-action-code',
    );
    vi.useRealTimers();
    // The password did not change.
    expect(
      (await signInWithEmailAndPassword(client().auth, parent, DEMO_PASSWORD)).user.email,
    ).toBe(parent);
  });

  it('answers verify and confirm with the address and the request type', async () => {
    const code = await resetCode();
    const url = `https://identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=${DEMO_FIREBASE_CONFIG.apiKey}`;
    const post = (body: unknown) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));
    expect(await post({ oobCode: code })).toEqual({
      status: 200,
      body: expect.objectContaining({ email: parent, requestType: 'PASSWORD_RESET' }),
    });
    expect(await post({ oobCode: code, newPassword: 'x' })).toMatchObject({
      status: 400,
      body: { error: { message: 'WEAK_PASSWORD : Password should be at least 6 characters' } },
    });
    expect(await post({ oobCode: code, newPassword: DEMO_PASSWORD })).toEqual({
      status: 200,
      body: expect.objectContaining({ email: parent, requestType: 'PASSWORD_RESET' }),
    });
    expect(await post({ oobCode: code })).toMatchObject({
      status: 400,
      body: { error: { message: 'INVALID_OOB_CODE' } },
    });
  });
});
