// Demo mode only: puts the data layer on `window.__lc` so Playwright (test/e2e/cache.spec.ts) and
// the benchmark can drive it inside the page: `cache` is the store routes use, `outbox` the queue of
// pending changes, `sync` the engine. The foundation calls this after sign-in in demo mode; a
// production build with a real project never does.
import { outbox } from './outbox';
import { clearCache, initCache, store } from './store';
import { startSync, stopSync, syncEngine } from './sync-status';

export interface DataLayerDebugHandle {
  cache: typeof store;
  outbox: typeof outbox;
  sync: typeof syncEngine;
  initCache: typeof initCache;
  clearCache: typeof clearCache;
  startSync: typeof startSync;
  stopSync: typeof stopSync;
}

declare global {
  interface Window {
    __lc?: DataLayerDebugHandle & Record<string, unknown>;
  }
}

export function exposeDataLayerForTests(): void {
  if (typeof window === 'undefined') return;
  // Keep anything else the foundation put there (a signIn helper, for example).
  window.__lc = {
    ...window.__lc,
    cache: store,
    outbox,
    sync: syncEngine,
    initCache,
    clearCache,
    startSync,
    stopSync,
  };
}
