// The sync engine (spec §4 "Synchronisation", decisions 021 and 053): a small state machine over
// three parts — the scheduler (sync-scheduler.ts: timers and triggers), the replay (sync-replay.ts:
// the outbox to the backend) and the refresh (sync-refresh.ts: due collections, slices, children,
// and the delta pull of "Sync now"). The engine owns the state and the sync status derived from it:
//
//   idle ──trigger (start, interval, online, hidden, Sync now)──▶ sending
//   idle ──local write──▶ scheduled ──500 ms──▶ sending ──replayed──▶ refreshing
//   refreshing ──▶ idle | scheduled (a trigger came during the run) | backing-off (a change waits)
//   backing-off ──its due time, or any trigger──▶ sending
//   scheduled | backing-off ──offline──▶ idle;   any ──stop()──▶ stopped ──start()──▶ idle
//
// A slice run (today's roll calls every 2 minutes) goes idle → refreshing → idle without sending.
// Only the tab holding the leader lock replays, so two tabs never send the same change at once;
// every tab refreshes its own reads.
import { getCollectionDefinition } from './collections';
import { createConnectivity, type Connectivity } from './connectivity';
import { defaultLocks, type LockProvider } from './locks';
import { nextAttemptTime } from './pending-changes';
import { classifyFailure, createFirebaseSyncBackend, type SyncBackend } from './sync-backend';
import {
  Refresher,
  refreshDecision,
  type RefreshDecision,
  type Refreshed,
  type RunContext,
  type ScopeFor,
} from './sync-refresh';
import { Replayer, type ReplayReport } from './sync-replay';
import { SyncScheduler } from './sync-scheduler';
import type { DataChangeEvent } from './connection';
import type { PendingChange } from './db';
import type { Outbox } from './outbox';
import type { Store } from './store';

export {
  CLOCK_SKEW_MARGIN_MS,
  refreshDecision,
  type RefreshDecision,
  type RefreshReason,
  type RefreshScope,
  type ScopeFor,
} from './sync-refresh';
export type { ReplayReport } from './sync-replay';
export { WRITE_SYNC_DELAY_MS } from './sync-scheduler';

/**
 * What the engine is doing. `idle`: waiting for a trigger (the interval runs while started).
 * `scheduled`: a run will start shortly (local writes are batched for 500 ms, or a trigger came
 * during a run). `sending`: replaying the outbox. `refreshing`: fetching (after sending, or a slice
 * run). `backing-off`: a change failed transiently and waits for its due time, when a timer runs
 * the sync. `stopped`: signed out; nothing is sent or fetched and triggers are ignored.
 */
export type SyncState = 'idle' | 'scheduled' | 'sending' | 'refreshing' | 'backing-off' | 'stopped';

/** Why the state changed: the trigger or the step that moved it. */
export type SyncStateReason =
  | 'start'
  | 'stop'
  | 'sync'
  | 'sync-now'
  | 'interval'
  | 'online'
  | 'offline'
  | 'hidden'
  | 'write'
  | 'damaged'
  | 'retry'
  | 'slices'
  | 'replayed'
  | 'rerun'
  | 'done';

export interface SyncStateChange {
  from: SyncState;
  to: SyncState;
  reason: SyncStateReason;
}

export interface SyncStatus {
  /** The engine's state; isSyncing is derived from it (sending or refreshing). */
  state: SyncState;
  isOnline: boolean;
  isSyncing: boolean;
  /** Number of changes not yet accepted by the backend (failed ones included). */
  pendingChanges: number;
  lastSyncTime: number | null;
  syncError: string | null;
  /** Changes that failed permanently; the person retries or discards them. */
  failedChanges: PendingChange[];
  /** Every pending change, oldest first (for the sync panel). */
  pending: PendingChange[];
}

export interface SyncReport {
  skipped?: 'running' | 'offline' | 'not-initialized' | 'stopped';
  replay?: ReplayReport;
  refreshed: Refreshed[];
  /**
   * Sync now only: the queue is empty (everything sent and accepted) and every collection the
   * person can read was fetched, with no error on the way: what the panel calls "Up to date".
   */
  upToDate?: boolean;
}

export interface SyncEngineOptions {
  /** Where refreshed records go, and whose listeners hear of new local writes. */
  store: Store;
  /** The pending changes this engine replays. */
  outbox: Outbox;
  backend?: SyncBackend;
  connectivity?: Connectivity;
  locks?: LockProvider;
  now?: () => number;
  scopeFor?: ScopeFor;
}

const skipped = (why: NonNullable<SyncReport['skipped']>): Promise<SyncReport> =>
  Promise.resolve({ skipped: why, refreshed: [] });

const FORCED: RefreshDecision = { refresh: true, resync: false, reason: 'forced' };

export class SyncEngine {
  readonly connectivity: Connectivity;
  private readonly store: Store;
  private readonly outbox: Outbox;
  private readonly now: () => number;
  private scopeFor: ScopeFor;
  private readonly replayer: Replayer;
  private readonly refresher: Refresher;
  private readonly scheduler: SyncScheduler;

  private current: SyncState = 'idle';
  private status: SyncStatus;
  private readonly statusListeners = new Set<() => void>();
  private readonly stateListeners = new Set<(change: SyncStateChange) => void>();
  private running: Promise<SyncReport> | null = null;
  /** Whether `running` is a slice-only run (refreshSlices) rather than a full one. */
  private runningSlices = false;
  /** A trigger came during a run: exactly one more run follows it, however many came. */
  private rerun = false;
  /**
   * Bumped by stop(): a run that started before is abandoned at its next step, so nothing it
   * fetched is written into a cache that sign-out is clearing, and the clearing waits at most for
   * the one write already under way (it holds the cache's write lock).
   */
  private generation = 0;
  /** Store events counted as they come, and the count when the last full run began. */
  private eventsSeen = 0;
  private eventsSeenAtRun = 0;

  constructor(options: SyncEngineOptions) {
    this.store = options.store;
    this.outbox = options.outbox;
    this.now = options.now ?? (() => Date.now());
    this.scopeFor = options.scopeFor ?? (() => undefined);
    this.connectivity = options.connectivity ?? createConnectivity();
    const backend = options.backend ?? createFirebaseSyncBackend();
    this.replayer = new Replayer({
      store: this.store,
      outbox: this.outbox,
      backend,
      connectivity: this.connectivity,
      locks: options.locks ?? defaultLocks(),
    });
    this.refresher = new Refresher({
      store: this.store,
      backend,
      connectivity: this.connectivity,
      now: this.now,
      scopeFor: () => this.scopeFor,
    });
    this.scheduler = new SyncScheduler(this.connectivity, this.store, this.now, {
      interval: () => void this.sync('interval'),
      slices: () => void this.refreshSlices(),
      due: (trigger) => this.request(trigger),
      connectivity: (online) => this.onConnectivity(online),
      hidden: () => void this.sync('hidden'),
      storeEvent: (event) => this.onStoreEvent(event),
    });
    this.status = {
      state: this.current,
      isOnline: this.connectivity.isOnline(),
      isSyncing: false,
      pendingChanges: 0,
      lastSyncTime: null,
      syncError: null,
      failedChanges: [],
      pending: [],
    };
  }

  // ---- State --------------------------------------------------------------------------------

  get state(): SyncState {
    return this.current;
  }

  /** Hears every state change, with what caused it (the sync panel, tests). */
  subscribeState = (listener: (change: SyncStateChange) => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  getStatus = (): SyncStatus => this.status;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  private setState(to: SyncState, reason: SyncStateReason): void {
    const from = this.current;
    if (from === to) return;
    this.current = to;
    this.setStatus({ state: to, isSyncing: to === 'sending' || to === 'refreshing' });
    for (const listener of [...this.stateListeners]) listener({ from, to, reason });
  }

  /** A run's own transition; a run abandoned by stop() moves nothing. */
  private runState(run: RunContext, to: SyncState, reason: SyncStateReason): void {
    if (!run.abandoned()) this.setState(to, reason);
  }

  /** Where the engine rests between runs (called when no run goes on): what is armed says it. */
  private settle(reason: SyncStateReason): void {
    if (this.current === 'stopped') return;
    if (this.rerun || this.scheduler.soonArmed) this.setState('scheduled', reason);
    else if (this.scheduler.retryArmed) this.setState('backing-off', reason);
    else this.setState('idle', reason);
  }

  private setStatus(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const listener of [...this.statusListeners]) listener();
  }

  private async refreshPendingStatus(): Promise<PendingChange[]> {
    if (!this.outbox.isOpen) {
      this.setStatus({ pendingChanges: 0, failedChanges: [], pending: [] });
      return [];
    }
    const pending = await this.outbox.pendingChanges();
    this.setStatus({
      pendingChanges: pending.length,
      failedChanges: pending.filter((c) => c.error !== undefined),
      pending,
    });
    return pending;
  }

  private runContext(): RunContext {
    const token = this.generation;
    return { abandoned: () => token !== this.generation };
  }

  // ---- Triggers (from the scheduler) ---------------------------------------------------------

  /** A run now, or exactly one more right after the current run. */
  private request(reason: SyncStateReason): void {
    if (this.current === 'stopped') return;
    if (this.running) this.rerun = true;
    else this.kick(reason);
  }

  /** Starts a run; one that cannot start (offline, no cache) leaves the engine where it rests. */
  private kick(reason: SyncStateReason): void {
    void this.sync(reason).then((report) => {
      if (report.skipped && report.skipped !== 'running' && !this.running) {
        this.settle(report.skipped === 'offline' ? 'offline' : 'done');
      }
    });
  }

  /** New local writes: a run after WRITE_SYNC_DELAY_MS, so a burst goes in one commit. */
  private soon(): void {
    if (this.current === 'stopped' || !this.connectivity.isOnline()) return;
    if (this.scheduler.armSoon() && !this.running) this.setState('scheduled', 'write');
  }

  private onConnectivity(online: boolean): void {
    this.setStatus({ isOnline: online });
    if (this.current === 'stopped') return;
    if (online) {
      void this.sync('online');
      return;
    }
    // Nothing can be sent offline: no timer waits for it, and the return of the network runs all.
    this.scheduler.cancelSoon();
    this.scheduler.cancelRetry();
    // A run going on ends at its next step and settles itself.
    if (!this.running) this.settle('offline');
  }

  private onStoreEvent(event: DataChangeEvent): void {
    const seen = ++this.eventsSeen;
    // Damaged records were dropped and their collections marked for a refetch: fetch them again
    // now rather than at the next interval, so nothing stays hidden.
    if (event.damaged) this.request('damaged');
    void this.refreshPendingStatus().then((pending) => {
      // A fresh local write (never tried yet) is sent promptly instead of waiting for the
      // 5-minute interval. Changes already tried keep their backoff, so this cannot loop.
      // A full run that began after the write sends it already: no second run for it.
      if (this.eventsSeenAtRun >= seen) return;
      if (event.source === 'local' && pending.some((c) => c.retryCount === 0 && !c.error)) {
        this.soon();
      }
    });
  }

  // ---- Runs ----------------------------------------------------------------------------------

  /** One full run: replay pending changes, then refresh today's slices and due collections. */
  sync(reason: SyncStateReason = 'sync'): Promise<SyncReport> {
    return this.begin(reason, false);
  }

  /**
   * "Sync now" (decision 053): send the queue, then fetch every collection the person can read
   * that changed since this device last fetched it. A run already going is waited for first.
   * The report's `upToDate` says whether both finished without an error.
   */
  async syncNow(): Promise<SyncReport> {
    while (this.running) await this.running.catch(() => undefined);
    return this.begin('sync-now', true);
  }

  private begin(reason: SyncStateReason, pull: boolean): Promise<SyncReport> {
    if (this.current === 'stopped') return skipped('stopped');
    if (this.running) {
      // A slice run is short and does not replay: the full run comes right after it.
      if (this.runningSlices) this.rerun = true;
      return skipped('running');
    }
    if (!this.outbox.isOpen) return skipped('not-initialized');
    if (!this.connectivity.isOnline()) return skipped('offline');
    this.scheduler.cancelSoon();
    this.eventsSeenAtRun = this.eventsSeen;
    const running = this.runFull(this.runContext(), reason, pull).finally(() => this.finish());
    this.running = running;
    return running;
  }

  private finish(): void {
    this.running = null;
    this.runningSlices = false;
    if (this.rerun && this.current !== 'stopped') {
      this.rerun = false;
      this.kick('rerun');
      return;
    }
    this.rerun = false;
  }

  private async runFull(
    run: RunContext,
    reason: SyncStateReason,
    pull: boolean,
  ): Promise<SyncReport> {
    const report: SyncReport = { refreshed: [] };
    const accepted = new Set<string>();
    const online = () => this.connectivity.isOnline() && !run.abandoned();
    this.setState('sending', reason);
    let syncError: string | null = null;
    let pulled = false;
    try {
      report.replay = await this.replayer.replay(run, accepted);
      syncError = report.replay.transientError;
      if (online()) {
        this.runState(run, 'refreshing', 'replayed');
        // Today's roll calls first: they are what a person is looking at this morning. A pull
        // fetches them anyway, with everything else that changed.
        if (!pull) {
          syncError =
            (await this.refresher.refreshSlices(report.refreshed, accepted, run)) ?? syncError;
        }
        syncError = (await this.refresher.refreshDue(report.refreshed, run)) ?? syncError;
        if (pull) {
          const error = await this.refresher.pull(report.refreshed, run);
          syncError = error ?? syncError;
          pulled = error === null && online();
        }
      }
      if (!report.replay.skipped || report.replay.skipped === 'not-leader') {
        this.setStatus({ lastSyncTime: this.now() });
      }
    } catch (error) {
      syncError = classifyFailure(error).message;
      console.error('[sync] The sync run failed', error);
    }
    const pending = await this.refreshPendingStatus();
    this.setStatus({ syncError });
    if (pull) report.upToDate = pulled && syncError === null && pending.length === 0;
    if (!run.abandoned()) {
      // A change that failed transiently waits for its due time: a timer runs the sync then.
      if (this.connectivity.isOnline()) this.scheduler.armRetry(nextAttemptTime(pending));
      else this.scheduler.cancelRetry();
      this.settle(this.rerun ? 'rerun' : 'done');
    }
    return report;
  }

  /**
   * Fetches the due slices only (today's roll calls), on their own timer between full runs: one
   * small query per scope, no replay and no version read. Skipped while a run is going.
   */
  refreshSlices(): Promise<SyncReport> {
    if (this.current === 'stopped') return skipped('stopped');
    if (this.running) return skipped('running');
    if (!this.outbox.isOpen) return skipped('not-initialized');
    if (!this.connectivity.isOnline()) return skipped('offline');
    const run = this.runContext();
    const report: SyncReport = { refreshed: [] };
    this.runningSlices = true;
    this.setState('refreshing', 'slices');
    const running = this.refresher
      .refreshSlices(report.refreshed, new Set(), run)
      .then((error) => {
        if (error) this.setStatus({ syncError: error });
        if (!run.abandoned()) this.settle(this.rerun ? 'rerun' : 'done');
        return report;
      })
      .finally(() => this.finish());
    this.running = running;
    return running;
  }

  /**
   * Fetches one collection now (a page's loader, a pull-to-refresh): whole, or for a subcollection
   * the parents whose marker moved (decision 053). Not a run: it does not change the state.
   */
  async refresh(collection: string): Promise<boolean> {
    const definition = getCollectionDefinition(collection);
    if (this.current === 'stopped' || !this.connectivity.isOnline()) return false;
    const metadata = await this.store.getMetadata(collection);
    const due = refreshDecision(definition, metadata, undefined, this.now());
    // A cache that was never fetched, was damaged or expired is fetched whole, whatever it is.
    const decision = due.refresh && due.reason !== 'due' ? due : FORCED;
    try {
      return await this.refresher.refreshCollection(
        definition,
        decision,
        metadata?.version ?? definition.version,
        this.runContext(),
      );
    } catch (error) {
      this.setStatus({ syncError: classifyFailure(error).message });
      return false;
    }
  }

  /**
   * Fetches the records of a subcollection under one parent now (an open thread's messages) and
   * lays them over their cached copies (decision 045).
   */
  async refreshChildren(collection: string, parentId: string): Promise<boolean> {
    const definition = getCollectionDefinition(collection);
    if (!definition.subcollectionOf || this.current === 'stopped') return false;
    if (!this.connectivity.isOnline()) return false;
    const metadata = await this.store.getMetadata(collection);
    // Before the first full fetch there is nothing to lay the slice over; fetch it all.
    if (!metadata || metadata.lastSynced === null) return this.refresh(collection);
    try {
      return await this.refresher.refreshOneParent(definition, parentId, this.runContext());
    } catch (error) {
      this.setStatus({ syncError: classifyFailure(error).message });
      return false;
    }
  }

  /** Whether a collection should be fetched again now (for route loaders). */
  async isDue(collection: string): Promise<RefreshDecision> {
    const definition = getCollectionDefinition(collection);
    const metadata = await this.store.getMetadata(collection);
    return refreshDecision(definition, metadata, undefined, this.now());
  }

  /** The per-role scope of refresh queries (the auth layer sets it after sign-in). */
  setScope(next: ScopeFor): void {
    this.scopeFor = next;
  }

  async retryChange(changeId: string): Promise<boolean> {
    const ok = await this.outbox.retry(changeId);
    await this.refreshPendingStatus();
    if (ok) void this.sync();
    return ok;
  }

  /** Drops a failed change the person chose not to keep, and has the store put its record right. */
  async discardChange(changeId: string): Promise<boolean> {
    const discarded = await this.outbox.discard(changeId);
    if (discarded) await this.store.revert(discarded);
    await this.refreshPendingStatus();
    return discarded !== null;
  }

  /** Starts the timers and listeners, and runs a first sync. Safe to call twice. */
  start(): void {
    if (!this.scheduler.start()) return;
    if (this.current === 'stopped') this.setState('idle', 'start');
    this.setStatus({ isOnline: this.connectivity.isOnline() });
    void this.connectivity.check().then(() => {
      this.setStatus({ isOnline: this.connectivity.isOnline() });
      return this.sync('start');
    });
    void this.refreshPendingStatus();
  }

  /** Sign-out: every timer and trigger stops, and a run in flight writes nothing more. */
  stop(): void {
    this.generation++;
    this.rerun = false;
    this.scheduler.stop();
    this.setState('stopped', 'stop');
  }

  /** Re-reads the pending changes into the status (after sign-in, for example). */
  refreshStatus(): Promise<PendingChange[]> {
    return this.refreshPendingStatus();
  }

  /** Forgets the cached version document (tests, or after this client changed it). */
  forgetVersions(): void {
    this.refresher.forgetVersions();
  }
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  return new SyncEngine(options);
}
