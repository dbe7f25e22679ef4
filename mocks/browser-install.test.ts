// The in-page installation as demo mode uses it: with the Node server stopped, only the fetch/XHR
// interceptors of installFakeFirebase answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFakeFirebase } from './browser';
import { DEMO_PASSWORD, demoAccount } from './demo-accounts';
import { server } from './node';
import { fake } from './index';

beforeAll(() => {
  server.close();
});
afterAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

describe('installFakeFirebase', () => {
  it('answers Firebase requests in the page and exposes the control object on window', async () => {
    const control = await installFakeFirebase();
    expect(control).toBe(fake);
    expect(window.__fakeFirebase).toBe(fake);
    const response = await fetch(
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
    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    expect(body).toMatchObject({ localId: demoAccount('parent').uid });
  });

  it('seeds on first run and keeps the state in its own IndexedDB database', async () => {
    await installFakeFirebase();
    expect(fake.listDocuments('students').length).toBe(300);
    const databases = await indexedDB.databases();
    expect(databases.map((d) => d.name)).toContain('fake-firebase');
    expect(databases.map((d) => d.name)).not.toContain('LearningCenterDB');
  });

  it('lets requests to other hosts pass through untouched', async () => {
    await installFakeFirebase();
    // Nothing listens on this port: the request must reach the network layer and fail there,
    // rather than being answered by the fake.
    await expect(
      fetch('http://127.0.0.1:9/connectivity-check', { method: 'HEAD' }),
    ).rejects.toThrow();
    expect(fake.requests('127.0.0.1')).toHaveLength(0);
  });
});
