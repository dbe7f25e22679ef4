// The in-page installation as demo mode uses it: with the Node server stopped, only the fetch/XHR
// interceptors of startFakeFirebase answer, forwarding to the fake's worker. Here the "worker" is
// the same worker code (worker-host) served in this thread over a structured-clone channel.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClient, installFakeFirebase, type SpawnFake } from './browser';
import { DEMO_PASSWORD, demoAccount } from './demo-accounts';
import { server } from './node';
import { serveFakeFirebase } from './worker-host';
import type { ChangeEvent } from './store';
import type { FakePort } from './worker-protocol';

type Listener = (event: MessageEvent<unknown>) => void;

/** Two ends that pass structured clones (transfers included) a task later, as postMessage does. */
function channel(): [FakePort, FakePort] {
  const listeners: [Listener[], Listener[]] = [[], []];
  const end = (mine: Listener[], theirs: Listener[]): FakePort => ({
    postMessage(message, transfer = []) {
      const data: unknown = structuredClone(message, { transfer });
      setTimeout(() => {
        for (const listener of theirs) listener(new MessageEvent('message', { data }));
      }, 0);
    },
    addEventListener(type: string, listener: Listener) {
      if (type === 'message') mine.push(listener);
    },
  });
  return [end(listeners[0], listeners[1]), end(listeners[1], listeners[0])];
}

const clockSeen: number[] = [];
const spawnInThread: SpawnFake = () => {
  const [page, worker] = channel();
  serveFakeFirebase(worker, { syncClock: (now) => clockSeen.push(now) });
  return page;
};

function signInRequest() {
  return fetch(
    'https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: demoAccount('parent').email,
        password: DEMO_PASSWORD,
        returnSecureToken: true,
      }),
    },
  );
}

beforeAll(() => {
  server.close();
});
afterAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('startFakeFirebase', () => {
  it('answers Firebase requests through the worker and exposes the console on window', async () => {
    const control = await installFakeFirebase(spawnInThread);
    expect(control.mode).toBe('in-page');
    expect(window.__fakeFirebase).toBe(control);
    const response = await signInRequest();
    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    expect(body).toMatchObject({ localId: demoAccount('parent').uid });
    // The worker's clock follows the page's (a test's page.clock sets the fake's day).
    expect(clockSeen.length).toBeGreaterThan(0);
  });

  it('seeds on first run and keeps the state in its own IndexedDB database', async () => {
    const control = await installFakeFirebase(spawnInThread);
    expect(await control.listDocuments('students')).toHaveLength(300);
    const databases = await indexedDB.databases();
    expect(databases.map((d) => d.name)).toContain('fake-firebase');
    expect(databases.map((d) => d.name)).not.toContain('LearningCenterDB');
  });

  it('answers console calls and sends the change feed back to the page', async () => {
    const control = await installFakeFirebase(spawnInThread);
    const seen: ChangeEvent[] = [];
    const stop = control.onChange((event) => seen.push(event));
    await control.setDocument('students/stu-00001', { firstName: 'Ivana' });
    await vi.waitFor(() =>
      expect(seen).toContainEqual({ path: 'students/stu-00001', kind: 'set' }),
    );
    stop();
    expect(await control.getDocument('students/stu-00001')).toMatchObject({ firstName: 'Ivana' });
    await expect(control.getDocument('not-a-document')).rejects.toThrow(/Not a document path/);
  });

  it('lets requests to other hosts pass through untouched', async () => {
    const control = await installFakeFirebase(spawnInThread);
    // Nothing listens on this port: the request must reach the network layer and fail there,
    // rather than being answered by the fake.
    await expect(
      fetch('http://127.0.0.1:9/connectivity-check', { method: 'HEAD' }),
    ).rejects.toThrow();
    expect(await control.requests('127.0.0.1')).toHaveLength(0);
  });

  it('fails a request at once while offline, and logs it once online', async () => {
    const control = await installFakeFirebase(spawnInThread);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(signInRequest()).rejects.toThrow();
    vi.restoreAllMocks();
    const logged = await control.requests('accounts:signInWithPassword');
    expect(logged.length).toBeGreaterThanOrEqual(2);
  });
});

describe('FakeClient', () => {
  it('does not start the worker for a page that opens offline, and starts it when needed', async () => {
    const spawn = vi.fn(spawnInThread);
    const client = new FakeClient(spawn);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offline = await client.handle(new Request('https://firestore.googleapis.com/v1/x'));
    expect(offline.type).toBe('error');
    expect(spawn).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    const log = await client.call<Array<{ url: string }>>('requests', 'firestore');
    expect(spawn).toHaveBeenCalledTimes(1);
    // The request the page failed itself is in the worker's log.
    expect(log.map((entry) => entry.url)).toContain('https://firestore.googleapis.com/v1/x');
  });
});
