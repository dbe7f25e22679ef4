// The page's side of the service worker (decision 040, spec §7 and §8). With the PWA flag on it
// registers /sw.js at scope `/`, marks `newVersionAvailable` when a new build's worker is waiting,
// and reloads the page once when that worker takes over. With the flag off it removes every worker
// and shell cache an earlier build left behind. State owned here: the registration in progress and
// whether a reload is already under way (so two controller changes cannot reload twice).
import { STORAGE_KEYS } from '~/config/constants';
import { getRuntimeConfig } from '~/config/env';
import { settingsStore } from '~/settings/store';
import { isShellCache } from './shell-cache';

export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';

/**
 * A second update reload within this window is not done: if a worker kept taking over in a loop,
 * the page would otherwise never stay up.
 */
const UPDATE_RELOAD_GUARD_MS = 10_000;
const UPDATE_RELOAD_KEY = 'sw-update-reloaded-at';

let registration: Promise<ServiceWorkerRegistration | undefined> | undefined;
/** True once the page asked a waiting worker to take over (activateWaitingWorker). */
let updateRequested = false;
let reloading = false;

function serviceWorkers(): ServiceWorkerContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator
    ? navigator.serviceWorker
    : undefined;
}

/** Registers /sw.js (or, with the PWA flag off, removes workers and caches). Returns a clean-up. */
export function startServiceWorker(): () => void {
  const container = serviceWorkers();
  if (!container) return () => {};
  if (!getRuntimeConfig().pwaEnabled) {
    registration = undefined;
    void removeServiceWorkers(container);
    return () => {};
  }
  localStorage.setItem(STORAGE_KEYS.pwaPreviouslyEnabled, 'true');

  // Whether the page was controlled before: the first install claims the page too, and that
  // controller change is not an update and must not reload.
  let controlled = Boolean(container.controller);
  const onControllerChange = () => {
    const wasControlled = controlled;
    controlled = true;
    if (wasControlled || updateRequested) reloadOnce();
  };
  container.addEventListener('controllerchange', onControllerChange);
  registration ??= afterLoad().then(() => register(container));
  return () => container.removeEventListener('controllerchange', onControllerChange);
}

/** The precache download waits for the page's own load, so the first visit is not slowed by it. */
function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

async function register(
  container: ServiceWorkerContainer,
): Promise<ServiceWorkerRegistration | undefined> {
  try {
    const registered = (await container.register(SERVICE_WORKER_URL, {
      scope: SERVICE_WORKER_SCOPE,
      updateViaCache: 'none',
    })) as ServiceWorkerRegistration | undefined;
    // A browser whose policy blocks workers (an automation setting, some private modes) may settle
    // without a registration instead of refusing: the app then simply runs without one.
    if (!registered) return undefined;
    watchForWaitingWorker(registered);
    return registered;
  } catch (error) {
    console.error('The service worker could not be registered', error);
    settingsStore.setServiceWorkerRegistrationError(true);
    return undefined;
  }
}

/** A worker that is installed while another one is active waits: that is a new version. */
function watchForWaitingWorker(registered: ServiceWorkerRegistration): void {
  if (registered.waiting) settingsStore.setNewVersionAvailable(true);
  registered.addEventListener('updatefound', () => {
    const installing = registered.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      // The first worker of all passes through 'installed' (briefly the waiting one) on its way to
      // active: only a worker installed behind an active one waits, and is a new version.
      if (
        installing.state === 'installed' &&
        registered.waiting === installing &&
        registered.active !== null
      ) {
        settingsStore.setNewVersionAvailable(true);
      }
    });
  });
}

function reloadOnce(): void {
  if (reloading) return;
  const last = Number(sessionStorage.getItem(UPDATE_RELOAD_KEY) ?? 0);
  if (Date.now() - last < UPDATE_RELOAD_GUARD_MS) return;
  reloading = true;
  sessionStorage.setItem(UPDATE_RELOAD_KEY, String(Date.now()));
  window.location.reload();
}

/**
 * Flag off: unregisters every worker of this origin and deletes the shell caches. Done on every
 * start, not only when `pwa-previously-enabled` is set, because sign-out clears local storage and
 * a worker would then outlive the key; the key only records that one was registered here.
 */
async function removeServiceWorkers(container: ServiceWorkerContainer): Promise<void> {
  try {
    const registrations = await container.getRegistrations();
    await Promise.all(registrations.map((each) => each.unregister()));
    if (typeof caches !== 'undefined') {
      const names = await caches.keys();
      await Promise.all(names.filter(isShellCache).map((name) => caches.delete(name)));
    }
    localStorage.removeItem(STORAGE_KEYS.pwaPreviouslyEnabled);
  } catch (error) {
    console.warn('Could not remove the service worker', error);
  }
}

/**
 * Asks the browser to look for a new /sw.js now (helper B's version check calls it when
 * builds/latest.json names a newer build). Offline or without a worker it does nothing.
 */
export async function checkForWorkerUpdate(): Promise<void> {
  const registered = await registration;
  if (!registered) return;
  try {
    await registered.update();
  } catch {
    // Offline, or the server is between deploys: the next check tries again.
  }
}

/** Tells a waiting worker to take over; resolves false when there is none. */
export async function activateWaitingWorker(): Promise<boolean> {
  const registered = (await registration) ?? (await serviceWorkers()?.getRegistration());
  const waiting = registered?.waiting;
  if (!waiting) return false;
  updateRequested = true;
  waiting.postMessage({ type: 'SKIP_WAITING' });
  return true;
}
