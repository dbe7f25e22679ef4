import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors } from '../../test/console';

const runtime = vi.hoisted(() => ({ pwaEnabled: true }));
vi.mock('~/config/env', () => ({ getRuntimeConfig: () => ({ pwaEnabled: runtime.pwaEnabled }) }));

/** A worker as the page sees it: a state, statechange events and postMessage. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = vi.fn();
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  readonly scope = 'http://localhost/';
  readonly unregister = vi.fn(async () => true);
  readonly update = vi.fn(async () => undefined);
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null = null;
  registration = new FakeRegistration();
  registrations: FakeRegistration[] = [];
  register = vi.fn(async (_url: string, _options?: RegistrationOptions) => this.registration);
  getRegistration = vi.fn(async () => this.registration);
  getRegistrations = vi.fn(async () => this.registrations);
}

function fakeCaches(names: string[]) {
  const store = new Set(names);
  return {
    store,
    keys: vi.fn(async () => [...store]),
    delete: vi.fn(async (name: string) => store.delete(name)),
  };
}

let container: FakeContainer;
let reload: ReturnType<typeof vi.fn>;

async function load() {
  vi.resetModules();
  const module = await import('./service-worker');
  const { settingsStore } = await import('~/settings/store');
  return { ...module, settingsStore };
}

/** Lets the registration (which waits for the page's load and then for register()) settle. */
async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  runtime.pwaEnabled = true;
  container = new FakeContainer();
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  reload = vi.fn();
  Object.defineProperty(window, 'location', {
    value: { ...window.location, reload },
    configurable: true,
  });
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(globalThis, 'caches');
});

describe('startServiceWorker', () => {
  it('registers /sw.js at scope / and remembers that the PWA was enabled', async () => {
    const { startServiceWorker } = await load();
    startServiceWorker();
    await settle();
    expect(container.register).toHaveBeenCalledWith('/sw.js', {
      scope: '/',
      updateViaCache: 'none',
    });
    expect(localStorage.getItem('pwa-previously-enabled')).toBe('true');
  });

  it('with the flag off unregisters every worker, deletes only the shell caches and forgets the key', async () => {
    runtime.pwaEnabled = false;
    localStorage.setItem('pwa-previously-enabled', 'true');
    const registrations = [new FakeRegistration(), new FakeRegistration()];
    container.registrations = registrations;
    const storage = fakeCaches(['learning-centre-shell-abc', 'learning-centre-shell-def', 'other']);
    Object.defineProperty(globalThis, 'caches', { value: storage, configurable: true });

    const { startServiceWorker } = await load();
    startServiceWorker();
    await settle();

    expect(container.register).not.toHaveBeenCalled();
    for (const registration of registrations) expect(registration.unregister).toHaveBeenCalled();
    expect([...storage.store]).toEqual(['other']);
    expect(localStorage.getItem('pwa-previously-enabled')).toBeNull();
  });

  it('runs on without a worker, and without an error, when register() settles with nothing', async () => {
    const errors = vi.spyOn(console, 'error');
    container.register.mockResolvedValueOnce(undefined as unknown as FakeRegistration);
    const { startServiceWorker, settingsStore } = await load();
    startServiceWorker();
    await settle();
    expect(errors).not.toHaveBeenCalled();
    expect(settingsStore.getState().serviceWorkerRegistrationError).toBe(false);
    expect(settingsStore.getState().newVersionAvailable).toBe(false);
  });

  it('sets the registration-error flag when the worker cannot be registered', async () => {
    allowConsoleErrors();
    container.register.mockRejectedValueOnce(new Error('SecurityError'));
    const { startServiceWorker, settingsStore } = await load();
    startServiceWorker();
    await settle();
    expect(settingsStore.getState().serviceWorkerRegistrationError).toBe(true);
  });

  it('marks a new version when a worker is already waiting', async () => {
    container.registration.active = new FakeWorker();
    container.registration.waiting = new FakeWorker();
    const { startServiceWorker, settingsStore } = await load();
    startServiceWorker();
    await settle();
    expect(settingsStore.getState().newVersionAvailable).toBe(true);
  });

  it('marks a new version when an update finishes installing next to the active worker', async () => {
    const registration = container.registration;
    registration.active = new FakeWorker();
    const { startServiceWorker, settingsStore } = await load();
    startServiceWorker();
    await settle();
    expect(settingsStore.getState().newVersionAvailable).toBe(false);

    const update = new FakeWorker();
    registration.installing = update;
    registration.dispatchEvent(new Event('updatefound'));
    registration.installing = null;
    registration.waiting = update;
    update.become('installed');
    expect(settingsStore.getState().newVersionAvailable).toBe(true);
  });

  it('does not mark a new version for the first install, which activates at once', async () => {
    const registration = container.registration;
    const { startServiceWorker, settingsStore } = await load();
    startServiceWorker();
    await settle();
    const first = new FakeWorker();
    registration.installing = first;
    registration.dispatchEvent(new Event('updatefound'));
    // As in Chromium: the first worker is the registration's waiting one while it is 'installed',
    // on its way to active (nothing is active yet).
    registration.installing = null;
    registration.waiting = first;
    first.become('installed');
    expect(settingsStore.getState().newVersionAvailable).toBe(false);
  });

  it('reloads once when an update takes over, however many controller changes follow', async () => {
    container.controller = new FakeWorker();
    const { startServiceWorker } = await load();
    startServiceWorker();
    await settle();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload a second time within the guard window after a reload', async () => {
    container.controller = new FakeWorker();
    sessionStorage.setItem('sw-update-reloaded-at', String(Date.now() - 1000));
    const { startServiceWorker } = await load();
    startServiceWorker();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload when the first worker claims an uncontrolled page', async () => {
    const { startServiceWorker } = await load();
    startServiceWorker();
    await settle();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('activateWaitingWorker', () => {
  it('asks the waiting worker to skip waiting, and the takeover then reloads the page', async () => {
    const waiting = new FakeWorker();
    container.registration.waiting = waiting;
    const { startServiceWorker, activateWaitingWorker } = await load();
    startServiceWorker();
    await settle();
    await expect(activateWaitingWorker()).resolves.toBe(true);
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('resolves false when no worker is waiting', async () => {
    const { startServiceWorker, activateWaitingWorker } = await load();
    startServiceWorker();
    await settle();
    await expect(activateWaitingWorker()).resolves.toBe(false);
  });
});

describe('checkForWorkerUpdate', () => {
  it('asks the registration to look for a new worker and swallows an offline failure', async () => {
    const { startServiceWorker, checkForWorkerUpdate } = await load();
    startServiceWorker();
    await settle();
    container.registration.update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(checkForWorkerUpdate()).resolves.toBeUndefined();
    expect(container.registration.update).toHaveBeenCalledTimes(1);
  });
});
