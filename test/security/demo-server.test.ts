// Finding 9 of issue 28, "The demo server answers anyone", replayed over HTTP against the fake's
// server mode: a page on another origin reads nothing and is echoed no origin, the console control
// (`/__fake/*`) answers only its own origin carrying this start's secret, a Host name that is not
// this server's (DNS rebinding) is refused, and a password sign-up on the staff domain gets no
// role until its address is verified. Each refusal sits beside its control: the same request from
// the server's own origin (and with the secret) still works.
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEMO_FIREBASE_CONFIG, DEMO_PROJECT_ID } from '../../app/config/demo';
import { createFakeGoogleIdToken, DEMO_PASSWORD } from '../../mocks/demo-accounts';
import { CONTROL_SECRET_HEADER, CONTROL_SECRET_ROUTE } from '../../mocks/fence';
import { encodeUnsignedJwt } from '../../mocks/tokens';
import {
  baseUrl,
  callFunction,
  create,
  expectAllowed,
  expectDenied,
  getDocument,
  signIn,
  signInAs,
  stored,
  startFakeServerPerFile,
  type Session,
} from './http';

startFakeServerPerFile();

const EVIL = 'https://evil.example';
const LEO = 'students/stu-00000';
const KEY = DEMO_FIREBASE_CONFIG.apiKey;

/** The console control's secret, asked for as the demo's own page does (same origin, GET). */
async function controlSecret(): Promise<string> {
  const response = await fetch(`${baseUrl()}/__fake/${CONTROL_SECRET_ROUTE}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { secret?: unknown };
  if (typeof body.secret !== 'string') throw new Error('The fake handed out no secret');
  return body.secret;
}

function control(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${baseUrl()}/__fake/${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The CORS headers a browser would act on: none may let another origin read the answer. */
function expectNoCorsGrant(response: Response): void {
  expect(response.headers.get('access-control-allow-origin')).toBeNull();
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
}

/** A raw request with a chosen Host header (fetch does not let a caller set one). */
function requestWithHost(
  path: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { ...headers, Host: host },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('finding 9: the demo server answers only its own origin and its operator', () => {
  it('refuses a cross-origin read of /__fake/documents/students, with no token, and echoes no origin', async () => {
    const response = await fetch(`${baseUrl()}/__fake/documents/students`, {
      headers: { Origin: EVIL },
    });
    expect(response.status).toBe(403);
    expectNoCorsGrant(response);
    expect(await response.text()).not.toContain('firstName');
  });

  it('refuses the console control without this start’s secret, from its own origin too', async () => {
    const read = await control('documents/students');
    expect(read.status).toBe(403);
    expect(await read.text()).not.toContain('firstName');

    const admin = await signInAs('admin');
    await expectAllowed(create(admin, 'campuses/cam-kept', { name: 'Kept' }));
    expect((await control('reset', { method: 'POST', body: {} })).status).toBe(403);
    expect(stored('campuses/cam-kept')).not.toBeNull();

    const put = await control('documents/campuses/cam-evil', {
      method: 'PUT',
      body: { name: 'Planted' },
    });
    expect(put.status).toBe(403);
    expect(stored('campuses/cam-evil')).toBeNull();
    expect((await control(`documents/${LEO}`, { method: 'DELETE' })).status).toBe(403);
    expect(stored(LEO)).not.toBeNull();
    expect(
      (await control('faults/fail-next', { method: 'POST', body: { match: 'commit', count: 5 } }))
        .status,
    ).toBe(403);
    // The password-reset codes the e-mails would carry (issue 31): with one, anyone could set a
    // member's password.
    const codes = await control('oob-codes');
    expect(codes.status).toBe(403);
    expect(await codes.text()).not.toContain('oobCode');
  });

  it('refuses a wrong secret, and hands the secret to no other origin', async () => {
    const wrong = await control('reset', {
      method: 'POST',
      body: {},
      headers: { [CONTROL_SECRET_HEADER]: 'guessed' },
    });
    expect(wrong.status).toBe(403);
    const crossOrigin = await fetch(`${baseUrl()}/__fake/${CONTROL_SECRET_ROUTE}`, {
      headers: { Origin: EVIL },
    });
    expect(crossOrigin.status).toBe(403);
    expectNoCorsGrant(crossOrigin);
    // A <script>/<img> from another site sends no Origin, but the browser says where it came from.
    const noCors = await fetch(`${baseUrl()}/__fake/${CONTROL_SECRET_ROUTE}`, {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(noCors.status).toBe(403);
    expect(await noCors.text()).not.toContain('"secret"');
  });

  it('control: its own origin with the secret still reads, resets and plants documents', async () => {
    const secret = await controlSecret();
    const headers = { [CONTROL_SECRET_HEADER]: secret };
    const read = await control(`documents/${LEO}`, { headers });
    expect(read.status).toBe(200);
    expect(await read.text()).toContain('firstName');
    expect(
      (
        await control('documents/campuses/cam-test', {
          method: 'PUT',
          body: { name: 'T' },
          headers,
        })
      ).status,
    ).toBe(200);
    expect(stored('campuses/cam-test')).toEqual({ name: 'T' });
    expect((await control('reset', { method: 'POST', body: {}, headers })).status).toBe(200);
    expect(stored('campuses/cam-test')).toBeNull();
  });

  it('echoes no origin to a cross-origin Firestore request or preflight, signed in or not', async () => {
    const admin = await signInAs('admin');
    const url = `${baseUrl()}/v1/projects/${DEMO_PROJECT_ID}/databases/(default)/documents/${LEO}`;
    const read = await fetch(url, {
      headers: { Origin: EVIL, Authorization: `Bearer ${admin.idToken}` },
    });
    expectNoCorsGrant(read);
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: EVIL,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expectNoCorsGrant(preflight);
    const signInFromElsewhere = await fetch(
      `${baseUrl()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${KEY}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: EVIL },
        body: JSON.stringify({
          email: 'admin@demo-learning.example',
          password: DEMO_PASSWORD,
          returnSecureToken: true,
        }),
      },
    );
    expectNoCorsGrant(signInFromElsewhere);
    // Control: the same read from the server's own origin (no Origin header, as Node sends it).
    await expectAllowed(getDocument(admin, LEO));
  });

  it('refuses a request whose Host is another name pointed at this server (DNS rebinding)', async () => {
    const admin = await signInAs('admin');
    const path = `/v1/projects/${DEMO_PROJECT_ID}/databases/(default)/documents/${LEO}`;
    const rebound = await requestWithHost(path, 'evil.example', {
      Authorization: `Bearer ${admin.idToken}`,
    });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('firstName');
    const port = new URL(baseUrl()).port;
    const own = await requestWithHost(path, `127.0.0.1:${port}`, {
      Authorization: `Bearer ${admin.idToken}`,
    });
    expect(own.status).toBe(200);
  });

  it('accepts an unsigned (alg: none) token — a demo-only convenience, never production', async () => {
    // DEMO ONLY, on purpose (mocks/tokens.ts, README "Security"): like the Auth emulator, the fake
    // trusts an unsigned ID token as presented, so anyone who reaches a demo server can claim any
    // uid and role; its passwords are published anyway. That is why the server is fenced to its own
    // origin and to 127.0.0.1 above. Production never sees such a token: Firestore rules and the
    // functions take the caller from tokens Google signs and verifies (request.auth), and a build
    // with a Firebase project contains no fake. If this test ever fails, the fake started to verify
    // tokens: update the README's security section with it.
    const now = Math.floor(Date.now() / 1000);
    const forged: Session = {
      uid: 'demo-admin',
      email: 'admin@demo-learning.example',
      idToken: encodeUnsignedJwt({
        iss: `https://securetoken.google.com/${DEMO_PROJECT_ID}`,
        aud: DEMO_PROJECT_ID,
        sub: 'demo-admin',
        user_id: 'demo-admin',
        iat: now,
        exp: now + 3600,
        email: 'admin@demo-learning.example',
        email_verified: true,
        roles: ['admin'],
        memberUUID: 'demo-admin',
      }),
    };
    await expectAllowed(getDocument(forged, LEO));
  });

  it('gives a password sign-up on the staff domain no role until its address is verified', async () => {
    const signUp = await fetch(
      `${baseUrl()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${KEY}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: 'mallory@staff.demo-learning.example',
          password: 'not-the-principal',
          returnSecureToken: true,
        }),
      },
    );
    expect(signUp.status).toBe(200);
    const mallory = await signIn('mallory@staff.demo-learning.example', 'not-the-principal');
    await expectDenied(getDocument(mallory, LEO));
    const invite = await callFunction(mallory, 'inviteMember', {
      email: 'accomplice@mail.example',
      displayName: 'Accomplice',
      roles: ['parent'],
    });
    expect(invite.status).toBe(403);

    // Control: the staff-domain account Google has verified is staff (admin and superAdmin).
    const google = await fetch(
      `${baseUrl()}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${KEY}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          postBody: `id_token=${createFakeGoogleIdToken('principal@staff.demo-learning.example')}&providerId=google.com`,
          requestUri: 'http://localhost',
          returnSecureToken: true,
        }),
      },
    );
    expect(google.status).toBe(200);
    const principal = (await google.json()) as { idToken: string; localId: string };
    await expectAllowed(
      getDocument(
        {
          uid: principal.localId,
          email: 'principal@staff.demo-learning.example',
          idToken: principal.idToken,
        },
        LEO,
      ),
    );
  });
});
