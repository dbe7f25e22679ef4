// @vitest-environment node
// Server mode: the emulator-shaped paths reach the same handlers as the in-page fake, the console
// control works over HTTP (with the secret of this start), the state survives a restart through its
// file, and the fence holds: 127.0.0.1 by default, no Origin echoed, no control without the secret.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FUNCTIONS_REGION } from '../app/config/constants';
import { DEMO_FIREBASE_CONFIG, DEMO_PROJECT_ID } from '../app/config/demo';
import { isOffline } from './faults';
import { CONTROL_SECRET_HEADER, isLoopbackHost, networkExposureWarning } from './fence';
import { server as mswServer } from './node';
import { createRemoteFakeFirebase } from './remote-control';
import { rewriteEmulatorUrl, startFakeFirebaseServer, type FakeFirebaseServer } from './server';

let dir: string;
let fakeServer: FakeFirebaseServer;
let base: string;
const KEY = DEMO_FIREBASE_CONFIG.apiKey;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fake-server-test-'));
  fakeServer = await startFakeFirebaseServer({
    port: 0,
    host: '127.0.0.1',
    stateFile: join(dir, 'state.json'),
    fresh: true,
  });
  base = fakeServer.url;
  // The unit tests' msw server sees every request this process makes; these go to the real server.
  mswServer.use(http.all(`${base}/*`, () => passthrough()));
});

afterAll(async () => {
  await fakeServer.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  mswServer.use(http.all(`${base}/*`, () => passthrough()));
  await post('/__fake/reset', {});
});

/** The console control's secret of this server start, asked for as the page asks for it. */
async function controlSecret(): Promise<string> {
  const response = await fetch(`${base}/__fake/secret`);
  expect(response.status).toBe(200);
  const body: unknown = await response.json();
  const secret = typeof body === 'object' && body !== null ? Reflect.get(body, 'secret') : null;
  if (typeof secret !== 'string') throw new Error('no secret');
  return secret;
}

/** A request to the console control (`/__fake/…`), with the secret. */
async function control(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set(CONTROL_SECRET_HEADER, await controlSecret());
  return fetch(`${base}/__fake/${path}`, { ...init, headers });
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const secret: Record<string, string> = path.startsWith('/__fake/')
    ? { [CONTROL_SECRET_HEADER]: await controlSecret() }
    : {};
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...secret, ...headers },
    body: JSON.stringify(body),
  });
}

async function signIn(email: string): Promise<string> {
  const response = await post(
    `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${KEY}`,
    { email, password: 'demo-password', returnSecureToken: true },
  );
  expect(response.status).toBe(200);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || !('idToken' in body))
    throw new Error('no token');
  return String(body.idToken);
}

describe('rewriteEmulatorUrl', () => {
  it('maps the Auth emulator paths to the identitytoolkit and securetoken hosts', () => {
    expect(
      rewriteEmulatorUrl('POST', '/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k'),
    ).toBe('https://identitytoolkit.googleapis.com/v1/accounts:lookup?key=k');
    expect(rewriteEmulatorUrl('POST', '/securetoken.googleapis.com/v1/token?key=k')).toBe(
      'https://securetoken.googleapis.com/v1/token?key=k',
    );
  });

  it('maps the Firestore emulator REST paths to firestore.googleapis.com', () => {
    expect(
      rewriteEmulatorUrl('POST', '/v1/projects/p/databases/(default)/documents:runQuery'),
    ).toBe('https://firestore.googleapis.com/v1/projects/p/databases/(default)/documents:runQuery');
  });

  it('maps a Functions emulator path to the callable URL of its region and project', () => {
    expect(rewriteEmulatorUrl('POST', '/demo-learning-centre/asia-south1/inviteMember')).toBe(
      'https://asia-south1-demo-learning-centre.cloudfunctions.net/inviteMember',
    );
  });

  it("leaves the app's own pages and files alone", () => {
    for (const path of ['/', '/login', '/dash/students/stu-00000', '/assets/app-1.js']) {
      expect(rewriteEmulatorUrl('GET', path)).toBeNull();
    }
    expect(rewriteEmulatorUrl('GET', '/demo-learning-centre/asia-south1/inviteMember')).toBeNull();
  });
});

describe('the fake Firebase over HTTP', () => {
  it('is never offline in Node, where there is no browser to be offline', () => {
    expect(isOffline()).toBe(false);
  });

  it('signs in on the Auth path and reads Firestore on the emulator REST path with the token', async () => {
    const token = await signIn('admin@demo-learning.example');
    const response = await fetch(
      `${base}/v1/projects/${DEMO_PROJECT_ID}/databases/(default)/documents/students/stu-00000`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(response.status).toBe(200);
    expect(JSON.stringify(await response.json())).toContain('"firstName"');
  });

  it('answers a wrong password with the Auth error body', async () => {
    const response = await post(
      `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${KEY}`,
      { email: 'admin@demo-learning.example', password: 'wrong', returnSecureToken: true },
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('INVALID_LOGIN_CREDENTIALS');
  });

  it('serves a callable on the Functions emulator path', async () => {
    const token = await signIn('admin@demo-learning.example');
    const response = await post(
      `/${DEMO_PROJECT_ID}/${FUNCTIONS_REGION}/logUnregisterdSignin`,
      { data: { email: 'someone@example.com' } },
      { Authorization: `Bearer ${token}` },
    );
    expect(response.status).toBeLessThan(500);
    // Same origin (no Origin header): nothing to allow, so no CORS headers at all.
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sets, reads, lists and deletes documents through the console control, and saves them to the file', async () => {
    const put = await control('documents/campuses/cam-test', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Test campus' }),
    });
    expect(put.status).toBe(200);
    expect(await (await control('documents/campuses/cam-test')).json()).toEqual({
      name: 'Test campus',
    });
    const list: unknown = await (await control('documents/campuses')).json();
    expect(JSON.stringify(list)).toContain('cam-test');
    expect(readFileSync(join(dir, 'state.json'), 'utf8')).toContain('Test campus');

    await control('documents/campuses/cam-test', { method: 'DELETE' });
    expect(await (await control('documents/campuses/cam-test')).json()).toBeNull();
    expect(readFileSync(join(dir, 'state.json'), 'utf8')).not.toContain('Test campus');
  });

  it('injects a failure for the next matching request, given as a RegExp source', async () => {
    await post('/__fake/faults/fail-next', {
      match: 'accounts:(lookup|signIn)',
      flags: '',
      count: 1,
      status: 503,
    });
    const failed = await post(
      `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${KEY}`,
      { email: 'admin@demo-learning.example', password: 'demo-password', returnSecureToken: true },
    );
    expect(failed.status).toBe(503);
    await signIn('admin@demo-learning.example');
  });

  it('drops the connection for a network-error fault', async () => {
    await post('/__fake/faults/fail-next', { match: 'signInWithPassword', count: 1, status: 0 });
    await expect(signIn('admin@demo-learning.example')).rejects.toThrow();
  });

  it('logs requests by their canonical URL and lists the accounts', async () => {
    await control('requests', { method: 'DELETE' });
    await signIn('parent@demo-learning.example');
    const log: unknown = await (await control('requests?match=signInWithPassword')).json();
    expect(JSON.stringify(log)).toContain(
      'https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
    );
    const accounts: unknown = await (await control('accounts')).json();
    expect(JSON.stringify(accounts)).toContain('parent@demo-learning.example');
  });

  it('reports the reads billed per account on /__fake/usage, behind the secret, and resets them', async () => {
    const remote = createRemoteFakeFirebase(base);
    await remote.resetUsage();
    const token = await signIn('admin@demo-learning.example');
    const read = await fetch(
      `${base}/v1/projects/${DEMO_PROJECT_ID}/databases/(default)/documents/students/stu-00000`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(read.status).toBe(200);
    expect(await remote.usage()).toEqual({ 'demo-admin': { reads: 1, writes: 0 } });
    expect(await (await control('usage')).json()).toEqual({
      'demo-admin': { reads: 1, writes: 0 },
    });
    expect((await fetch(`${base}/__fake/usage`)).status).toBe(403);
    expect((await fetch(`${base}/__fake/usage`, { method: 'DELETE' })).status).toBe(403);
    await remote.resetUsage();
    expect(await remote.usage()).toEqual({});
  });

  it('streams every write on the change feed', async () => {
    const controller = new AbortController();
    // EventSource sends no header: the change feed takes the secret in its query string.
    const query = new URLSearchParams({ secret: await controlSecret() });
    const response = await fetch(`${base}/__fake/changes?${query.toString()}`, {
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no stream');
    await control('documents/campuses/cam-feed', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Feed' }),
    });
    let text = '';
    while (!text.includes('cam-feed')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(text).toContain('data: {"path":"campuses/cam-feed","kind":"set"}');
  });

  it('refuses an unknown control endpoint and a malformed body with readable errors', async () => {
    expect((await control('nothing')).status).toBe(404);
    expect((await post('/__fake/faults/latency', { ms: 'slow' })).status).toBe(400);
  });
});

/** A raw request, for the headers fetch will not let a caller set (Host). */
function rawRequest(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const url = new URL(path, base);
  return new Promise((resolveRequest, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolveRequest({ status: res.statusCode ?? 0, headers: res.headers, body }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the fence around the demo server (issue 28)', () => {
  const EVIL = 'https://evil.example';
  const studentsPath = `/v1/projects/${DEMO_PROJECT_ID}/databases/(default)/documents/students/stu-00000`;

  it('listens on 127.0.0.1 unless told otherwise', async () => {
    // The same process state (one fake per process), on a second port with no host given.
    const second = await startFakeFirebaseServer({ port: 0, stateFile: join(dir, 'state.json') });
    mswServer.use(http.all(`${second.url}/*`, () => passthrough()));
    try {
      expect(second.url).toBe(`http://127.0.0.1:${second.port}`);
      const lan = Object.values(networkInterfaces())
        .flat()
        .find((address) => address?.family === 'IPv4' && !address.internal);
      // Where the machine has a network address, the fake is not reachable on it.
      if (lan) {
        mswServer.use(http.all(`http://${lan.address}:${second.port}/*`, () => passthrough()));
        await expect(fetch(`http://${lan.address}:${second.port}/__fake/secret`)).rejects.toThrow();
      }
    } finally {
      await second.close();
    }
  });

  it('says when HOST opens it to the network, and stays quiet on loopback addresses', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2']) {
      expect(isLoopbackHost(host)).toBe(true);
      expect(networkExposureWarning(host)).toBeNull();
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'school-laptop.local']) {
      expect(networkExposureWarning(host)).toMatch(
        /listens on .*\n.*Anyone on the network can open the demo.*read\nand change its data/s,
      );
    }
  });

  it('answers a page on another origin with a refusal, never with its Origin or credentials', async () => {
    const token = await signIn('admin@demo-learning.example');
    const read = await fetch(`${base}${studentsPath}`, {
      headers: { Origin: EVIL, Authorization: `Bearer ${token}` },
    });
    expect(read.status).toBe(403);
    expect(await read.text()).not.toContain('firstName');
    const preflight = await fetch(`${base}/v1/projects/p/databases/(default)/documents:commit`, {
      method: 'OPTIONS',
      headers: {
        Origin: EVIL,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    const control = await fetch(`${base}/__fake/documents/students`, {
      headers: { Origin: EVIL },
    });
    for (const response of [read, preflight, control]) {
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
    expect(await control.text()).not.toContain('stu-00000');
    // A same-site page on another port is another origin too (Chrome says so in Sec-Fetch-Site).
    const sameSite = await fetch(`${base}${studentsPath}`, {
      headers: { 'Sec-Fetch-Site': 'same-site', Authorization: `Bearer ${token}` },
    });
    expect(sameSite.status).toBe(403);
    // The same page on its own origin reads as before.
    const own = await fetch(`${base}${studentsPath}`, {
      headers: { Origin: base, 'Sec-Fetch-Site': 'same-origin', Authorization: `Bearer ${token}` },
    });
    expect(own.status).toBe(200);
  });

  it('answers a configured app origin with exactly that origin and no credentials', async () => {
    const app = 'http://127.0.0.1:5173';
    const other = await startFakeFirebaseServer({
      port: 0,
      stateFile: join(dir, 'state.json'),
      allowedOrigins: [app],
    });
    mswServer.use(http.all(`${other.url}/*`, () => passthrough()));
    try {
      const preflight = (origin: string) =>
        fetch(`${other.url}/v1/projects/p/databases/(default)/documents:commit`, {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'authorization,content-type,x-goog-api-client',
          },
        });
      const allowed = await preflight(app);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(app);
      expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
      expect(allowed.headers.get('access-control-allow-headers')).toContain('x-goog-api-client');
      const refused = await preflight('http://127.0.0.1:5174');
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      // The console control stays same-origin only, even for the configured app.
      const secret = await fetch(`${other.url}/__fake/secret`, { headers: { Origin: app } });
      expect(secret.status).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('refuses the console control without the secret of this start, with a JSON reason', async () => {
    const before = await fetch(`${base}/__fake/documents/campuses/campus-north`);
    expect(before.status).toBe(403);
    expect(await before.json()).toMatchObject({
      code: 'control-secret',
      error: expect.stringContaining('GET /__fake/secret'),
    });
    for (const secret of ['', 'not-the-secret', `${await controlSecret()}x`]) {
      const reset = await fetch(`${base}/__fake/reset`, {
        method: 'POST',
        headers: { [CONTROL_SECRET_HEADER]: secret },
        body: '{}',
      });
      expect(reset.status).toBe(403);
    }
    // A plain form post from a page elsewhere (no preflight) changes nothing either.
    const put = await fetch(`${base}/__fake/documents/campuses/cam-csrf`, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain', Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' },
      body: JSON.stringify({ name: 'Planted' }),
    });
    expect(put.status).toBe(403);
    expect(await (await control('documents/campuses/cam-csrf')).json()).toBeNull();
    // The change feed takes the secret in its query string only; a wrong one is refused.
    expect((await fetch(`${base}/__fake/changes?secret=wrong`)).status).toBe(403);
    // The secret in the query string opens nothing but the change feed.
    const query = new URLSearchParams({ secret: await controlSecret() });
    expect((await fetch(`${base}/__fake/accounts?${query.toString()}`)).status).toBe(403);
  });

  it('hands the secret only to its own origin', async () => {
    const sameOrigin = await fetch(`${base}/__fake/secret`, {
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.headers.get('cache-control')).toBe('no-store');
    const refusedHeaders: Array<Record<string, string>> = [
      { Origin: EVIL },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const headers of refusedHeaders) {
      const response = await fetch(`${base}/__fake/secret`, { headers });
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain(await controlSecret());
    }
  });

  it('refuses a request whose Host is a name it does not know (DNS rebinding)', async () => {
    const port = new URL(base).port;
    const rebound = await rawRequest('/__fake/secret', { Host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('"secret"');
    const token = await signIn('admin@demo-learning.example');
    const read = await rawRequest(studentsPath, {
      Host: `evil.example:${port}`,
      Authorization: `Bearer ${token}`,
    });
    expect(read.status).toBe(403);
    expect(read.body).not.toContain('firstName');
    // IP addresses and localhost are names a rebinding page cannot take.
    expect((await rawRequest('/__fake/secret', { Host: `localhost:${port}` })).status).toBe(200);
    expect((await rawRequest('/__fake/secret', { Host: `127.0.0.1:${port}` })).status).toBe(200);
  });

  it('the browser’s remote control asks for the secret and sends it', async () => {
    const remote = createRemoteFakeFirebase(base);
    await remote.ready();
    await remote.setDocument('campuses/cam-remote', { name: 'Remote' });
    expect(await remote.getDocument('campuses/cam-remote')).toEqual({ name: 'Remote' });
    await remote.deleteDocument('campuses/cam-remote');
    expect(await remote.getDocument('campuses/cam-remote')).toBeNull();
  });
});
