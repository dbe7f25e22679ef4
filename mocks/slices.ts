// The fake's long work in slices (issue 29, part 6; decision 055): in-page the demo backend shares
// the main thread with the app, so no step of it may hold the thread for more than ~50 ms. Long
// loops (a commit's checks, the seed, the parse of the saved state) call `slice.check()` between
// items; once the slice has run `budgetMs` it gives the event loop a turn and starts a new one.
// Commits, and callables that write, run one at a time through `commitQueue`, so a commit that
// yields is never interleaved with another writer's checks.

/** How slicing measures and yields; tests replace it with a counting clock (`configureSlices`). */
export interface SliceSettings {
  /** Work before a yield, in ms: well under the 50 ms long-task threshold. */
  budgetMs: number;
  now: () => number;
  /** Gives the event loop a turn and resolves afterwards. */
  yieldToEventLoop: () => Promise<void>;
}

interface SchedulerWithYield {
  yield: () => Promise<void>;
}

function schedulerYield(): SchedulerWithYield | null {
  const scheduler: unknown = Reflect.get(globalThis, 'scheduler');
  if (typeof scheduler !== 'object' || scheduler === null) return null;
  const fn: unknown = Reflect.get(scheduler, 'yield');
  return typeof fn === 'function' ? (scheduler as SchedulerWithYield) : null;
}

/**
 * `scheduler.yield()` where the browser has it (the continuation runs before other queued tasks of
 * the page), else a macrotask: setImmediate in Node, a MessageChannel message in a browser (not
 * clamped to 4 ms as nested timers are), setTimeout(0) as the last resort.
 */
function defaultYield(): Promise<void> {
  const scheduler = schedulerYield();
  if (scheduler) return scheduler.yield();
  if (typeof setImmediate === 'function')
    return new Promise((resolve) => setImmediate(() => resolve()));
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const DEFAULT_SETTINGS: SliceSettings = {
  budgetMs: 25,
  now: () => (typeof performance === 'undefined' ? Date.now() : performance.now()),
  yieldToEventLoop: defaultYield,
};

let settings: SliceSettings = DEFAULT_SETTINGS;
const yieldListeners = new Set<(label: string) => void>();

/** Replaces part of the settings (tests); `resetSlices` restores the defaults. */
export function configureSlices(partial: Partial<SliceSettings>): void {
  settings = { ...settings, ...partial };
}

export function resetSlices(): void {
  settings = DEFAULT_SETTINGS;
}

/** Calls `listener` with the slice's label at each yield (tests count them); returns the stop. */
export function onSliceYield(listener: (label: string) => void): () => void {
  yieldListeners.add(listener);
  return () => yieldListeners.delete(listener);
}

/** One piece of long work: `check()` between items yields once the budget is spent. */
export class Slice {
  private started = settings.now();
  /** Yields given so far. */
  yields = 0;

  constructor(
    readonly label: string,
    /** Infinity: never yield (a commit that had to restart too often runs in one go). */
    private readonly budgetMs = settings.budgetMs,
  ) {}

  /** Whether the slice has used up its budget (the caller may stop at a safe point). */
  get spent(): boolean {
    return settings.now() - this.started >= this.budgetMs;
  }

  /** Yields to the event loop when the budget is spent; otherwise resolves at once. */
  async check(): Promise<void> {
    if (!this.spent) return;
    await this.pause();
  }

  /**
   * Starts a new slice after a yield the caller arranged itself (IndexedDB puts continue from a
   * request's success callback, which keeps their transaction active).
   */
  resumeAfterYield(): void {
    this.yields += 1;
    for (const listener of [...yieldListeners]) listener(this.label);
    this.started = settings.now();
  }

  /** Yields now, whatever is left of the budget. */
  async pause(): Promise<void> {
    this.yields += 1;
    for (const listener of [...yieldListeners]) listener(this.label);
    await settings.yieldToEventLoop();
    this.started = settings.now();
  }
}

/** Runs `work` for each item, yielding between items whenever the slice's budget is spent. */
export async function forEachInSlices<T>(
  items: Iterable<T>,
  slice: Slice,
  work: (item: T) => void,
): Promise<void> {
  for (const item of items) {
    work(item);
    await slice.check();
  }
}

/**
 * Runs tasks one at a time, in the order they were queued; a failing task does not stop the
 * queue. Reads never wait for it: a commit stages its writes and applies them synchronously.
 */
export class TaskQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  run<T>(task: () => Promise<T>): Promise<T> {
    this.pending += 1;
    const result = this.tail.then(task, task);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.tail = settled.then(() => {
      this.pending -= 1;
    });
    return result;
  }

  /** Tasks queued or running (tests). */
  get size(): number {
    return this.pending;
  }
}

/** Every write to the documents that checks rules or preconditions goes through this queue. */
export const commitQueue = new TaskQueue();
