// The first handler every request to a Firebase host meets: it waits for the store, logs the
// request, and applies injected faults (offline, latency, failNext) before the service handlers
// answer. Returning nothing hands the request on to the next handler.
import { delay, http, HttpResponse } from 'msw';
import { FIREBASE_URL } from './firebase-url';
import { store } from './store';

export { FIREBASE_URL };

/** Most request-log entries kept; the oldest half is dropped beyond this. */
const REQUEST_LOG_LIMIT = 2000;

const STATUS_NAMES: Record<number, string> = {
  400: 'FAILED_PRECONDITION',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/**
 * Where the fake learns whether the network is down. By default this context's `navigator.onLine`;
 * in the in-page fake's worker, the page's (mocks/worker-host.ts): the page is what a test or a
 * person takes offline.
 */
let offlineSource: () => boolean = () =>
  typeof navigator !== 'undefined' && navigator.onLine === false;

export function setOfflineSource(source: () => boolean): void {
  offlineSource = source;
}

export function isOffline(): boolean {
  return offlineSource();
}

/** An error body in the shape the addressed service uses. */
export function injectedError(url: string, status: number): Response {
  const statusName = STATUS_NAMES[status] ?? 'UNKNOWN';
  const message = `Injected failure (${status})`;
  if (url.includes('identitytoolkit') || url.includes('securetoken')) {
    return HttpResponse.json(
      {
        error: {
          code: status,
          message,
          errors: [{ message, domain: 'global', reason: 'backendError' }],
        },
      },
      { status },
    );
  }
  if (url.includes('firebasestorage.googleapis.com')) {
    // Storage's error body has no status name; the SDK maps the HTTP status alone.
    return HttpResponse.json({ error: { code: status, message } }, { status });
  }
  if (url.includes('cloudfunctions.net')) {
    return HttpResponse.json({ error: { status: statusName, message } }, { status });
  }
  return HttpResponse.json({ error: { code: status, message, status: statusName } }, { status });
}

export const faultHandlers = [
  http.all(FIREBASE_URL, async ({ request }) => {
    await store.ready;
    store.requestLog.push({ method: request.method, url: request.url, at: Date.now() });
    // A demo tab stays open for hours: keep the log bounded.
    if (store.requestLog.length > REQUEST_LOG_LIMIT)
      store.requestLog.splice(0, REQUEST_LOG_LIMIT / 2);
    if (isOffline()) return HttpResponse.error();
    const latency = store.latencyFor(request.url);
    if (latency > 0 && !store.latencyAppliedByCaller) await delay(latency);
    if (isOffline()) return HttpResponse.error();
    const status = store.takeFailure(request.url);
    if (status !== null)
      return status === 0 ? HttpResponse.error() : injectedError(request.url, status);
    return undefined;
  }),
];
