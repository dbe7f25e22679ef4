// The sync engine's clock and ears (decision 053): the 5-minute interval, the shorter slice timer
// (today's roll calls, decision 044), the short delay that batches a burst of local writes, the
// retry timer of a backed-off change, and the triggers from outside (the network returning, the
// page being hidden, the store's writes and damage reports). It decides nothing: each timer or
// trigger calls the engine, whose state says what it allows.
import { BACKGROUND_SYNC_INTERVAL_MS } from '~/config/constants';
import { cachedCollections } from './collections';
import type { DataChangeEvent } from './connection';
import type { Connectivity } from './connectivity';
import type { Store } from './store';

/** Delay before new local writes are sent, so a burst of edits goes in one commit. */
export const WRITE_SYNC_DELAY_MS = 500;

export interface SchedulerHandlers {
  /** The 5-minute interval, or the network returning, or the page being hidden. */
  interval(): void;
  slices(): void;
  /** The write delay ran out, or a backed-off change became due. */
  due(trigger: 'write' | 'retry'): void;
  connectivity(online: boolean): void;
  hidden(): void;
  storeEvent(event: DataChangeEvent): void;
}

type Timer = ReturnType<typeof setTimeout>;

export class SyncScheduler {
  private intervalTimer: ReturnType<typeof setInterval> | null = null;
  private sliceTimer: ReturnType<typeof setInterval> | null = null;
  private soonTimer: Timer | null = null;
  private retryTimer: Timer | null = null;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly connectivity: Connectivity,
    private readonly store: Store,
    private readonly now: () => number,
    private readonly on: SchedulerHandlers,
  ) {}

  get started(): boolean {
    return this.intervalTimer !== null;
  }

  get soonArmed(): boolean {
    return this.soonTimer !== null;
  }

  get retryArmed(): boolean {
    return this.retryTimer !== null;
  }

  /** Arms the interval and slice timers and listens for the triggers. False if already started. */
  start(): boolean {
    if (this.intervalTimer !== null) return false;
    this.connectivity.start();
    this.intervalTimer = setInterval(() => this.on.interval(), BACKGROUND_SYNC_INTERVAL_MS);
    const sliceEvery = Math.min(
      ...cachedCollections().map((d) => d.slice?.frequencyMs ?? Infinity),
    );
    if (Number.isFinite(sliceEvery) && sliceEvery < BACKGROUND_SYNC_INTERVAL_MS) {
      this.sliceTimer = setInterval(() => this.on.slices(), sliceEvery);
    }
    this.cleanups.push(
      this.connectivity.subscribe((online) => this.on.connectivity(online)),
      this.store.subscribe((event) => this.on.storeEvent(event)),
    );
    if (typeof document !== 'undefined') {
      // Writes are stored already; a hidden page is simply the last good moment to send them.
      const onHide = () => {
        if (document.visibilityState === 'hidden') this.on.hidden();
      };
      document.addEventListener('visibilitychange', onHide);
      this.cleanups.push(() => document.removeEventListener('visibilitychange', onHide));
    }
    return true;
  }

  /** Clears every timer and listener. */
  stop(): void {
    if (this.intervalTimer !== null) clearInterval(this.intervalTimer);
    if (this.sliceTimer !== null) clearInterval(this.sliceTimer);
    this.intervalTimer = null;
    this.sliceTimer = null;
    this.cancelSoon();
    this.cancelRetry();
    this.connectivity.stop();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }

  /** A run WRITE_SYNC_DELAY_MS from now, unless one is armed already. True when newly armed. */
  armSoon(): boolean {
    if (this.soonTimer !== null) return false;
    this.soonTimer = setTimeout(() => {
      this.soonTimer = null;
      this.on.due('write');
    }, WRITE_SYNC_DELAY_MS);
    return true;
  }

  cancelSoon(): void {
    if (this.soonTimer !== null) clearTimeout(this.soonTimer);
    this.soonTimer = null;
  }

  /**
   * A run when the earliest backed-off change is due (`at`, null for none). A change due after the
   * next interval waits for it; a stopped scheduler arms nothing. True when a timer is armed.
   */
  armRetry(at: number | null): boolean {
    this.cancelRetry();
    if (at === null || this.intervalTimer === null) return false;
    const delay = Math.max(0, at - this.now());
    if (delay >= BACKGROUND_SYNC_INTERVAL_MS) return false;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.on.due('retry');
    }, delay + 10);
    return true;
  }

  cancelRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
