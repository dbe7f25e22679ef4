// Online/offline state (spec §4): the browser's online/offline events, confirmed by an active
// `HEAD /connectivity-check` that is aborted after 5 s. `navigator.onLine === true` only says a
// network interface is up (a captive portal or dead Wi-Fi still counts), so "online" needs the probe;
// an 'offline' event, by contrast, is trusted at once.
import { CONNECTIVITY_CHECK_TIMEOUT_MS } from '~/config/constants';

/** Served from public/; the service worker must never cache it. */
export const CONNECTIVITY_CHECK_PATH = '/connectivity-check';

export interface Connectivity {
  isOnline(): boolean;
  /** Called with the new state whenever it changes. */
  subscribe(listener: (online: boolean) => void): () => void;
  /** Probes the server now and updates the state. */
  check(): Promise<boolean>;
  /** Starts listening to the browser's events (idempotent). */
  start(): void;
  stop(): void;
}

export interface ConnectivityOptions {
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  fetchImpl?: typeof fetch;
  initial?: boolean;
  timeoutMs?: number;
  probeUrl?: string;
}

export function createConnectivity(options: ConnectivityOptions = {}): Connectivity {
  const target = options.target ?? (typeof window !== 'undefined' ? window : undefined);
  const timeoutMs = options.timeoutMs ?? CONNECTIVITY_CHECK_TIMEOUT_MS;
  const probeUrl = options.probeUrl ?? CONNECTIVITY_CHECK_PATH;
  let online =
    options.initial ?? (typeof navigator !== 'undefined' ? navigator.onLine !== false : true);
  let started = false;
  let probeGeneration = 0;
  const listeners = new Set<(online: boolean) => void>();

  function set(next: boolean): void {
    if (next === online) return;
    online = next;
    for (const listener of [...listeners]) listener(online);
  }

  async function probe(): Promise<boolean> {
    const fetchImpl = options.fetchImpl ?? (typeof fetch !== 'undefined' ? fetch : undefined);
    if (!fetchImpl) return online;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      // Any HTTP answer proves the server is reachable; only a network error or the time-out fails.
      await fetchImpl(`${probeUrl}?t=${Date.now()}`, {
        method: 'HEAD',
        cache: 'no-store',
        signal: controller.signal,
      });
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  const onOnline = () => {
    void check();
  };
  const onOffline = () => {
    // A probe still running must not flip us back online after this.
    probeGeneration++;
    set(false);
  };

  async function check(): Promise<boolean> {
    const generation = ++probeGeneration;
    const result = await probe();
    if (generation === probeGeneration) set(result);
    return online;
  }

  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    check,
    start() {
      if (started || !target) return;
      started = true;
      target.addEventListener('online', onOnline);
      target.addEventListener('offline', onOffline);
    },
    stop() {
      if (!started || !target) return;
      started = false;
      target.removeEventListener('online', onOnline);
      target.removeEventListener('offline', onOffline);
    },
  };
}
