// Demo mode only: puts the data layer on `window.__lc` so Playwright (test/e2e/cache.spec.ts) and
// the benchmark can drive the cache service inside the page. The foundation calls this after
// sign-in in demo mode; a production build with a real project never does.
import { cacheService, clearCache, initCache } from './cache-service';
import { startSync, stopSync, syncEngine } from './sync-status';

export interface DataLayerDebugHandle {
  cache: typeof cacheService;
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
    cache: cacheService,
    sync: syncEngine,
    initCache,
    clearCache,
    startSync,
    stopSync,
  };
}
