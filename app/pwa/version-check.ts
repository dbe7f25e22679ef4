// The new-version check and the route rules (spec §4 "Version check", §2 route rules, §7 builds/).
// State owned here, for the life of the page: the check timer and the route-rules matcher. Both
// files under /builds/ are written by scripts/build-info.ts and never cached (the service worker
// skips them, the server sends no-cache, and the fetches ask for no-store).
//   - latest.json is fetched at start, whenever the tab becomes visible, and every 5 minutes; a
//     newer version marks `newVersionAvailable` and asks the browser to fetch the new worker.
//   - meta/{buildId}.json is fetched once, about a second after the page goes idle; its redirect
//     rules then apply to every navigation, and to the page already open.
// Failures are quiet: offline is normal for this app, and a missing rule file only costs redirects.
import { useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { DEFAULT_APP_VERSION, MANIFEST_PREFETCH_DELAY_MS, STORAGE_KEYS } from '~/config/constants';
import { settingsStore } from '~/settings/store';
import {
  buildMetaSchema,
  classifyTarget,
  compileRouteRules,
  type RouteMatcher,
} from './route-rules';
import { activateWaitingWorker, checkForWorkerUpdate } from './service-worker';
import { isNewerVersion, parseVersion } from './version';

/** How often an open tab asks whether a newer build was deployed (spec §4). */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/** How long Reload waits for a new worker to take over before reloading by itself. */
const WORKER_TAKEOVER_WAIT_MS = 3000;
/** How long Reload waits for a new worker that is still downloading the new build. */
const WORKER_INSTALL_WAIT_MS = 15000;

const definedVersion: unknown = import.meta.env.VITE_APP_VERSION;
const definedBuildId: unknown = import.meta.env.VITE_BUILD_ID;

/** This build's version (set by vite.config.ts from APP_VERSION or package.json). */
export const CURRENT_VERSION =
  typeof definedVersion === 'string' && parseVersion(definedVersion)
    ? definedVersion
    : DEFAULT_APP_VERSION;
/** This build's id; null in a build without one (then there are no route rules to fetch). */
export const CURRENT_BUILD_ID =
  typeof definedBuildId === 'string' && definedBuildId !== '' ? definedBuildId : null;

const latestBuildSchema = z.object({ id: z.string(), timestamp: z.number(), version: z.string() });

async function fetchJson(path: string): Promise<unknown> {
  const response = await fetch(`${path}?t=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

/** One check of builds/latest.json. Exported for tests; resolves true when a newer build exists. */
export async function checkForNewVersion(): Promise<boolean> {
  try {
    const latest = latestBuildSchema.parse(await fetchJson('/builds/latest.json'));
    if (!isNewerVersion(latest.version, CURRENT_VERSION)) return false;
    // Ask for the new worker first: once update() has fetched /sw.js the new worker is installing,
    // so a Reload right after the notice appears can wait for it instead of reloading into the
    // old worker's shell.
    await checkForWorkerUpdate();
    settingsStore.setNewVersionAvailable(true);
    return true;
  } catch (error) {
    console.debug('The new-version check did not get an answer', error);
    return false;
  }
}

/** Fetches builds/latest.json at start, on visibility and every 5 minutes. Returns a clean-up. */
export function startVersionChecks(): () => void {
  settingsStore.setAppVersion(CURRENT_VERSION);
  try {
    localStorage.setItem(STORAGE_KEYS.appVersion, CURRENT_VERSION);
  } catch {
    // Storage can be full or blocked; the settings store still knows the version.
  }
  void checkForNewVersion();
  const onVisibility = () => {
    if (document.visibilityState === 'visible') void checkForNewVersion();
  };
  document.addEventListener('visibilitychange', onVisibility);
  const timer = setInterval(() => void checkForNewVersion(), VERSION_CHECK_INTERVAL_MS);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    clearInterval(timer);
  };
}

/** Resolves once a new worker that is still installing has finished (or failed), or after a wait. */
async function installingWorkerSettled(): Promise<void> {
  const installing =
    'serviceWorker' in navigator
      ? (await navigator.serviceWorker.getRegistration())?.installing
      : undefined;
  if (!installing) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, WORKER_INSTALL_WAIT_MS);
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installing') return;
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Reload into the new version: a waiting worker takes over (service-worker.ts reloads the page on
 * its controllerchange); without one, a plain reload fetches the new index.html.
 */
export async function reloadIntoNewVersion(): Promise<void> {
  await installingWorkerSettled();
  if (await activateWaitingWorker()) {
    // The worker's controllerchange reloads the page. Should that not happen (the worker was
    // already gone, or the reload guard held it back), the person still asked for a reload.
    await new Promise((resolve) => setTimeout(resolve, WORKER_TAKEOVER_WAIT_MS));
  }
  window.location.reload();
}

// The route rules, loaded once per page. A tiny external store, so the hook can read the matcher
// with useSyncExternalStore and re-apply it to the open page when it arrives.
let matcher: RouteMatcher | null = null;
let rulesRequested = false;
const ruleListeners = new Set<() => void>();

/** Fetches and applies this build's route rules once. Exported for tests. */
export async function loadRouteRules(buildId: string): Promise<void> {
  let body: unknown;
  try {
    body = await fetchJson(`/builds/meta/${encodeURIComponent(buildId)}.json`);
  } catch (error) {
    // fetch rejects only when no answer came at all: offline, which is normal for this app, so it
    // is no fault to report (issue 30). An answer that is not ok is a real failure, below.
    if (error instanceof TypeError) {
      console.debug('The route rules of this build were not fetched (offline)', error);
      return;
    }
    console.warn('The route rules of this build could not be loaded', error);
    return;
  }
  try {
    matcher = compileRouteRules(buildMetaSchema.parse(body).routeRules);
    ruleListeners.forEach((listener) => listener());
  } catch (error) {
    // Spec §8: a failure to load the build manifest or build its matcher is logged to the console.
    console.warn('The route rules of this build could not be loaded', error);
  }
}

/** Schedules the one fetch of the route rules about a second after the page goes idle. */
function prefetchRouteRules(): void {
  if (rulesRequested || !CURRENT_BUILD_ID) return;
  rulesRequested = true;
  const buildId = CURRENT_BUILD_ID;
  const start = () => setTimeout(() => void loadRouteRules(buildId), MANIFEST_PREFETCH_DELAY_MS);
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(start, { timeout: 5000 });
  } else {
    setTimeout(start, 0);
  }
}

function subscribeToRules(listener: () => void) {
  ruleListeners.add(listener);
  return () => ruleListeners.delete(listener);
}

/** Applies the current build's route rules (redirects) on navigation. */
export function useRouteRules(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const match = useSyncExternalStore(
    subscribeToRules,
    () => matcher,
    () => null,
  );

  useEffect(() => prefetchRouteRules(), []);

  useEffect(() => {
    const target = match?.(location.pathname);
    if (!target) return;
    const redirect = classifyTarget(target, window.location.origin);
    if (redirect.kind === 'external') {
      window.location.assign(redirect.url);
      return;
    }
    // A rule names a path; the query and hash the person came with go along unless it names its own.
    const keepsQuery = !redirect.to.includes('?') && !redirect.to.includes('#');
    navigate(keepsQuery ? `${redirect.to}${location.search}${location.hash}` : redirect.to, {
      replace: true,
    });
  }, [match, location, navigate]);
}
