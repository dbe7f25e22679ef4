// The production path of watchNotifications. The full SDK speaks WebChannel/gRPC, which the fake
// cannot serve, so firebase/firestore is replaced by a recording stand-in: the test checks the cache
// settings, the query and the snapshot handling, not Firestore itself.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Env from '~/config/env';

const calls: { name: string; args: unknown[] }[] = [];
const record =
  (name: string, result: unknown = name) =>
  (...args: unknown[]) => {
    calls.push({ name, args });
    return result;
  };
let emit: ((snapshot: unknown) => void) | undefined;
let fail: ((error: unknown) => void) | undefined;
const unsubscribeSnapshot = vi.fn();

vi.mock('firebase/firestore', () => ({
  initializeFirestore: record('initializeFirestore', { kind: 'full-firestore' }),
  connectFirestoreEmulator: record('connectFirestoreEmulator'),
  persistentLocalCache: record('persistentLocalCache', 'persistent-cache'),
  persistentSingleTabManager: record('persistentSingleTabManager', 'single-tab'),
  collection: record('collection'),
  where: (...args: unknown[]) => ({ where: args }),
  orderBy: (...args: unknown[]) => ({ orderBy: args }),
  query: record('query'),
  onSnapshot: (_query: unknown, next: (s: unknown) => void, error: (e: unknown) => void) => {
    emit = next;
    fail = error;
    return unsubscribeSnapshot;
  },
  terminate: record('terminate', Promise.resolve()),
  clearIndexedDbPersistence: record('clearIndexedDbPersistence', Promise.resolve()),
}));

vi.mock('~/config/env', async () => {
  const { parseRuntimeConfig } = await vi.importActual<typeof Env>('~/config/env');
  const config = parseRuntimeConfig({
    VITE_FIREBASE_API_KEY: 'AIzaSyExampleKey123',
    VITE_FIREBASE_AUTH_DOMAIN: 'school-prod.firebaseapp.com',
    VITE_FIREBASE_PROJECT_ID: 'school-prod',
    VITE_FIREBASE_STORAGE_BUCKET: 'school-prod.appspot.com',
    VITE_FIREBASE_MESSAGING_SENDER_ID: '123456789012',
    VITE_FIREBASE_APP_ID: '1:123456789012:web:abcdef123456',
  });
  return { getRuntimeConfig: () => config };
});

afterEach(() => {
  calls.length = 0;
  emit = undefined;
  fail = undefined;
});

function snapshotOf(docs: { id: string; data: Record<string, unknown> }[]) {
  return { docs: docs.map((d) => ({ id: d.id, data: () => d.data })) };
}

describe('watchNotifications in production mode', () => {
  it('queries active notifications of the member, newest first, through the persistent cache', async () => {
    const { watchNotifications } = await import('./notifications');
    const received: unknown[][] = [];
    const stop = watchNotifications('member-1', (items) => received.push(items));
    await vi.waitFor(() => expect(emit).toBeDefined());

    const init = calls.find((c) => c.name === 'initializeFirestore');
    expect(init?.args[1]).toMatchObject({ localCache: 'persistent-cache' });
    expect(calls.find((c) => c.name === 'persistentSingleTabManager')?.args).toEqual([
      { forceOwnership: true },
    ]);
    expect(calls.find((c) => c.name === 'collection')?.args[1]).toBe('Notifications');
    expect(calls.find((c) => c.name === 'query')?.args.slice(1)).toEqual([
      { where: ['status', '==', 'active'] },
      { where: ['memberUUID', '==', 'member-1'] },
      { orderBy: ['date', 'desc'] },
    ]);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    emit?.(
      snapshotOf([
        {
          id: 'n1',
          data: {
            notificationUUID: 'n1',
            memberUUID: 'member-1',
            descripton: 'Legacy spelling',
            date: { seconds: 1, nanoseconds: 0, toDate: () => new Date('2025-01-01T10:00:00Z') },
            status: 'active',
            isNew: true,
          },
        },
        { id: 'broken', data: { memberUUID: 'member-1' } },
      ]),
    );
    expect(received).toEqual([
      [
        expect.objectContaining({
          id: 'n1',
          description: 'Legacy spelling',
          date: '2025-01-01T10:00:00.000Z',
        }),
      ],
    ]);
    expect(warn).toHaveBeenCalledTimes(1);

    stop();
    expect(unsubscribeSnapshot).toHaveBeenCalled();
  });

  it('hands snapshot errors to onError as BackendErrors that keep the code', async () => {
    const { watchNotifications } = await import('./notifications');
    const errors: unknown[] = [];
    const stop = watchNotifications(
      'member-1',
      () => {},
      (error) => errors.push(error),
    );
    await vi.waitFor(() => expect(fail).toBeDefined());
    fail?.({ code: 'permission-denied', message: 'Missing or insufficient permissions.' });
    expect(errors[0]).toMatchObject({
      message: 'Failed to get data',
      code: 'permission-denied',
      permanent: true,
    });
    stop();
  });

  it('clears the persistent cache on request once the full SDK has started', async () => {
    const { clearFirestorePersistence } = await import('./auth');
    await clearFirestorePersistence();
    const cleanup = calls.filter((c) =>
      ['terminate', 'clearIndexedDbPersistence'].includes(c.name),
    );
    expect(cleanup.map((c) => c.name)).toEqual(['terminate', 'clearIndexedDbPersistence']);
    expect(cleanup.every((c) => c.args[0] !== undefined)).toBe(true);
  });
});
