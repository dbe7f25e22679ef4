// The app's sync engine (one per tab) and the React hook over its status. The engine is created
// here without side effects; the foundation starts it after sign-in (startSync) and stops it on
// sign-out.
import { useSyncExternalStore } from 'react';
import { outbox } from './outbox';
import { store } from './store';
import { createSyncEngine, type ScopeFor, type SyncStatus } from './sync-engine';

export const syncEngine = createSyncEngine({ store, outbox });

/** Starts background sync for the signed-in user; `scopeFor` limits refresh queries per role. */
export function startSync(options: { scopeFor?: ScopeFor } = {}): void {
  if (options.scopeFor) syncEngine.setScope(options.scopeFor);
  syncEngine.start();
}

export function stopSync(): void {
  syncEngine.stop();
}

/** The sync status of spec §3: isOnline, isSyncing, pendingChanges, lastSyncTime, syncError, … */
export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(
    syncEngine.subscribeStatus,
    syncEngine.getStatus,
    syncEngine.getStatus,
  );
}
