// @vitest-environment node
// Server mode: the emulator-shaped paths reach the same handlers as the in-page fake, the console
// control works over HTTP, and the state survives a restart through its file.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FUNCTIONS_REGION } from '../app/config/constants';
import { DEMO_FIREBASE_CONFIG, DEMO_PROJECT_ID } from '../app/config/demo';
import { isOffline } from './faults';
import { server as mswServer } from './node';
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

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
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
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a CORS preflight from another origin', async () => {
    const response = await fetch(`${base}/v1/projects/p/databases/(default)/documents:commit`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,x-goog-api-client',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-goog-api-client');
  });

  it('sets, reads, lists and deletes documents through the console control, and saves them to the file', async () => {
    const put = await fetch(`${base}/__fake/documents/campuses/cam-test`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Test campus' }),
    });
    expect(put.status).toBe(200);
    expect(await (await fetch(`${base}/__fake/documents/campuses/cam-test`)).json()).toEqual({
      name: 'Test campus',
    });
    const list: unknown = await (await fetch(`${base}/__fake/documents/campuses`)).json();
    expect(JSON.stringify(list)).toContain('cam-test');
    expect(readFileSync(join(dir, 'state.json'), 'utf8')).toContain('Test campus');

    await fetch(`${base}/__fake/documents/campuses/cam-test`, { method: 'DELETE' });
    expect(await (await fetch(`${base}/__fake/documents/campuses/cam-test`)).json()).toBeNull();
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
    await fetch(`${base}/__fake/requests`, { method: 'DELETE' });
    await signIn('parent@demo-learning.example');
    const log: unknown = await (
      await fetch(`${base}/__fake/requests?match=signInWithPassword`)
    ).json();
    expect(JSON.stringify(log)).toContain(
      'https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
    );
    const accounts: unknown = await (await fetch(`${base}/__fake/accounts`)).json();
    expect(JSON.stringify(accounts)).toContain('parent@demo-learning.example');
  });

  it('streams every write on the change feed', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/__fake/changes`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no stream');
    await fetch(`${base}/__fake/documents/campuses/cam-feed`, {
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
    expect((await fetch(`${base}/__fake/nothing`)).status).toBe(404);
    expect((await post('/__fake/faults/latency', { ms: 'slow' })).status).toBe(400);
  });
});
