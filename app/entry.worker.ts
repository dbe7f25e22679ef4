// The service worker (decision 040), compiled by @remix-pwa/dev to /sw.js and registered by
// app/pwa/service-worker.ts with scope `/`. It owns one cache per build, named after a hash of the
// build's precache list, which scripts/sw-precache.ts writes into the built file after Remix has
// written build/client (index.html included). A new build is therefore a byte-different sw.js, which
// the browser installs next to the old one and leaves waiting until the page asks it to take over.
//
// What it answers, and nothing else (no respondWith, so the browser fetches as if it were absent):
// - GET requests for a precached file: cache first (the files are content-hashed or versioned with
//   this worker), the network if the entry is somehow missing;
// - same-origin navigations: the network first (so a new deploy or a PWA flag turned off is seen on
//   the next load), and the cached index.html when the network fails or is slower than
//   NAVIGATION_TIMEOUT_MS, so every /dash/* URL opens offline and never hangs.
// The connectivity probe, builds/*, the fake backend's paths, Firebase and any other origin, and
// every non-GET request are never touched.
//
// Pushes (issue 31): `push` shows a notification (tagged per conversation, so replies collapse), or
// hands it to a visible, focused window of the app, whose feed shows it; it sets the app badge to
// the unread count. `notificationclick` brings a window to the notification's link. A page's
// `demo-push` / `demo-click` message runs the same handlers (the demo has no push service, and a
// test cannot click a system notification). The decisions are pure: features/notifications/push.
import {
  BADGE_SET_MESSAGE,
  demoMessage,
  DEMO_CLICK_MESSAGE,
  notificationOptions,
  parsePushPayload,
  PUSH_RECEIVED_MESSAGE,
  safeLink,
  visibleAppWindow,
  windowForClick,
  type PushPayload,
} from './features/notifications/push/payload';
import {
  isNeverHandledPath,
  isShellCache,
  parsePrecacheList,
  shellCacheName,
} from './pwa/shell-cache';

/** The parts of ServiceWorkerGlobalScope used here (the project's TypeScript lib is DOM's). */
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventLike extends ExtendableEventLike {
  readonly data: unknown;
}
interface PushEventLike extends ExtendableEventLike {
  readonly data: { text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  readonly notification: Notification;
}
interface WindowClientLike {
  readonly url: string;
  readonly visibilityState: DocumentVisibilityState;
  readonly focused: boolean;
  postMessage(message: unknown): void;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<WindowClientLike | null>;
  };
  readonly registration: ServiceWorkerRegistration;
  readonly navigator: Navigator;
  skipWaiting(): Promise<void>;
  addEventListener(
    type: 'install' | 'activate',
    listener: (event: ExtendableEventLike) => void,
  ): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: NotificationEventLike) => void,
  ): void;
}
declare const self: ServiceWorkerScope;

/** How long a navigation waits for the network before the cached shell answers (a weak signal). */
const NAVIGATION_TIMEOUT_MS = 3000;

// scripts/sw-precache.ts replaces these two literals (PRECACHE_LIST_PLACEHOLDER and
// PRECACHE_VERSION_PLACEHOLDER) in the built file; each must appear exactly once in it, so they are
// spelled out here rather than imported. Unreplaced (`remix vite:dev`), the list is empty.
const PRECACHE = parsePrecacheList('__LC_PRECACHE_LIST__');
const VERSION = '__LC_PRECACHE_VERSION__';
const CACHE_NAME = shellCacheName(VERSION);
const PRECACHED_PATHS = new Set(PRECACHE.map((entry) => entry.url));
const SHELL_URL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(precacheAll());
});

self.addEventListener('activate', (event) => {
  // Only the shell caches of older builds go, by name; clearUpOldCaches would delete every cache
  // but one, including ones this worker does not own.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => isShellCache(name) && name !== CACHE_NAME)
            .map((name) => caches.delete(name)),
        ),
      )
      // The first install takes over the page that installed it, so the chunks that page loads
      // later come from the cache too. An update never gets here before the page asked for it.
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  const { data } = event;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    event.waitUntil(self.skipWaiting());
    return;
  }
  const demo = demoMessage(data);
  if (demo?.type === DEMO_CLICK_MESSAGE) {
    const link = safeLink(typeof demo.payload === 'string' ? demo.payload : undefined, origin());
    event.waitUntil(openLink(link));
  } else if (demo) {
    const payload = parsePushPayload(demo.payload, origin());
    if (payload) event.waitUntil(deliverPush(payload));
  }
});

self.addEventListener('push', (event) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    // An unreadable payload is shown as nothing.
  }
  const payload = text === null ? null : parsePushPayload(text, origin());
  if (payload) event.waitUntil(deliverPush(payload));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const link: unknown =
    typeof data === 'object' && data !== null ? Reflect.get(data, 'link') : null;
  event.waitUntil(openLink(safeLink(typeof link === 'string' ? link : undefined, origin())));
});

function origin(): string {
  return self.location.origin;
}

/**
 * Shows one push: in the feed of a visible, focused window of the app (it posts the payload there,
 * and no system notification interrupts the person), else as a system notification whose tag
 * replaces an earlier one of the same conversation. Then the badge, where the browser has one.
 */
async function deliverPush(payload: PushPayload): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const visible = visibleAppWindow(windows, origin());
  if (visible) {
    visible.postMessage({ type: PUSH_RECEIVED_MESSAGE, payload });
  } else {
    await self.registration.showNotification(payload.title, notificationOptions(payload));
  }
  if (payload.badge !== null) {
    const nav: Partial<Navigator> = self.navigator;
    try {
      if (payload.badge > 0) await nav.setAppBadge?.(payload.badge);
      else await nav.clearAppBadge?.();
    } catch {
      // Badges are refused outside an installed app on some browsers: the count stays in the app.
    }
    for (const window of windows)
      window.postMessage({ type: BADGE_SET_MESSAGE, badge: payload.badge });
  }
}

/** Focuses a window of the app at `link` (navigating it there if needed), or opens one. */
async function openLink(link: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = windowForClick(windows, link, origin());
  const href = new URL(link, origin()).href;
  if (!target) {
    await self.clients.openWindow(href);
    return;
  }
  let client = target;
  try {
    client = await target.focus();
  } catch {
    // Focusing needs the click's user activation, which the demo's 'demo-click' message lacks:
    // the window is still taken to the link.
  }
  try {
    if (client.url !== href) await client.navigate(href);
  } catch {
    // A window this worker does not control cannot be navigated by it: open the link instead.
    await self.clients.openWindow(href);
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isNeverHandledPath(url.pathname)) return;
  if (PRECACHED_PATHS.has(url.pathname)) {
    event.respondWith(cacheFirst(request, url.pathname));
  } else if (request.mode === 'navigate' && PRECACHED_PATHS.has(SHELL_URL)) {
    event.respondWith(networkFirstNavigation(request));
  }
});

/**
 * Fetches every file of the list into this build's cache. Hashed assets may come from the HTTP
 * cache (their names change with their content); the rest is revalidated. One failure fails the
 * install, and the browser tries again at the next navigation: a half-filled cache never serves.
 */
async function precacheAll(): Promise<void> {
  const cache = await caches.open(CACHE_NAME);
  await Promise.all(
    PRECACHE.map(async ({ url }) => {
      const hashed = url.startsWith('/assets/');
      const response = await fetch(url, { cache: hashed ? 'default' : 'no-cache' });
      if (!response.ok) throw new Error(`Precache of ${url} failed: ${response.status}`);
      await cache.put(url, response);
    }),
  );
}

async function cacheFirst(request: Request, pathname: string): Promise<Response> {
  const cached = await caches.match(pathname, { cacheName: CACHE_NAME });
  return cached ?? fetch(request);
}

async function networkFirstNavigation(request: Request): Promise<Response> {
  const network = fetch(request);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), NAVIGATION_TIMEOUT_MS);
  });
  try {
    const response = await Promise.race([network, slow]);
    if (response) return response;
  } catch {
    // Offline or refused: the shell answers below.
  } finally {
    clearTimeout(timer);
  }
  const shell = await caches.match(SHELL_URL, { cacheName: CACHE_NAME });
  // Without a shell (someone deleted the cache) the network is the only answer left.
  return shell ?? network;
}
