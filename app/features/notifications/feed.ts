// The live notifications feed (spec §7): one live query per signed-in session, started by the
// dashboard shell and read by the bell, its panel, the page and the dialog through
// useSyncExternalStore.
//
// State it owns: the last answer of the live query (newest first) and an overlay of the person's own
// writes that the live query has not confirmed yet, keyed by notification id. Marking read and
// deleting go through the pending-changes queue (so they work offline and survive a reload), but
// the live query only sees them once the sync has sent them; until then the overlay makes an item
// marked read show as read at once and a deleted one disappear. An overlay entry goes when the
// live query agrees with it, or when its write failed (the sync panel then shows the failure).
import type { Notification as NotificationRecord } from '~/domain/records';

/** A notification as the feed holds it: always with its document id. */
export type Notification = NotificationRecord & { id: string };

/** The document id (the backend adapter sets `id`; seeded ids equal `notificationUUID`). */
export function withId(record: NotificationRecord): Notification {
  return { ...record, id: record.id ?? record.notificationUUID };
}

/** waiting: no answer yet; live: the last query answered; failing: the last query failed. */
export type FeedStatus = 'idle' | 'waiting' | 'live' | 'failing';

export interface FeedState {
  memberUUID: string | null;
  status: FeedStatus;
  /** The person's active notifications with their pending writes applied, newest first. */
  items: Notification[];
  /** How many of `items` are new (what the bell counts). */
  newCount: number;
  /**
   * How many of `items` the backend holds as read: what "Delete read notifications" deletes. One
   * marked read here but not synced yet is left out, because the queue would merge its update and
   * its delete into a lone delete, which the backend refuses while the notification is still new.
   */
  readCount: number;
  /** How many of `items` show as read while their mark-read waits to sync. */
  readPendingCount: number;
  /** Whether the list has answered at least once (a failure after that keeps the last list). */
  answered: boolean;
}

type Overlay = 'read' | 'deleted';

export type Resolved =
  { kind: 'found'; notification: Notification } | { kind: 'notFound' } | { kind: 'unavailable' };

export interface FeedDependencies {
  /** The live query: calls `onChange` with every answer, `onError` when a query fails. */
  watch: (
    memberUUID: string,
    onChange: (items: NotificationRecord[]) => void,
    onError: (error: unknown) => void,
  ) => () => void;
  /** Queues `isNew: false` for these notifications; false when the write could not be stored. */
  markRead: (ids: readonly string[]) => Promise<boolean>;
  /** Queues the deletion of these notifications; false when the write could not be stored. */
  remove: (ids: readonly string[]) => Promise<boolean>;
  /** Reads one notification of the person's that the feed does not hold; null when it cannot. */
  lookup?: (id: string, memberUUID: string) => Promise<NotificationRecord | null>;
  /** Called when a message notification arrives that the feed did not have before. */
  onMessageArrived?: () => void;
}

const IDLE: FeedState = {
  memberUUID: null,
  status: 'idle',
  items: [],
  newCount: 0,
  readCount: 0,
  readPendingCount: 0,
  answered: false,
};

/** Newest first; notifications of the same instant keep a fixed order (by id). */
export function byDateDescending(a: Notification, b: Notification): number {
  return b.date.localeCompare(a.date) || a.id.localeCompare(b.id);
}

export function createNotificationFeed(deps: FeedDependencies) {
  let state: FeedState = IDLE;
  let raw: Notification[] = [];
  const overlay = new Map<string, Overlay>();
  const listeners = new Set<() => void>();
  let unwatch: (() => void) | null = null;
  let readyWaiters: Array<() => void> = [];
  // Bumped by every start and stop, so a late answer of a stopped query is ignored.
  let generation = 0;

  function publish(patch: Partial<FeedState> = {}) {
    const items = raw
      .filter((item) => overlay.get(item.id) !== 'deleted')
      .map((item) =>
        overlay.get(item.id) === 'read' && item.isNew ? { ...item, isNew: false } : item,
      )
      .sort(byDateDescending);
    const newCount = items.filter((item) => item.isNew).length;
    const readPendingCount = items.filter((item) => overlay.get(item.id) === 'read').length;
    state = {
      ...state,
      ...patch,
      items,
      newCount,
      readCount: items.length - newCount - readPendingCount,
      readPendingCount,
    };
    listeners.forEach((listener) => listener());
  }

  function settleReadyWaiters() {
    const waiters = readyWaiters;
    readyWaiters = [];
    waiters.forEach((resolve) => resolve());
  }

  function receive(records: NotificationRecord[]) {
    const items = records.map(withId);
    const known = new Set(raw.map((item) => item.id));
    const firstAnswer = !state.answered;
    raw = items;
    // The live query now says what the backend holds: overlay entries it agrees with are done.
    const byId = new Map(items.map((item) => [item.id, item]));
    for (const [id, kind] of overlay) {
      const item = byId.get(id);
      if (!item || (kind === 'read' && !item.isNew)) overlay.delete(id);
    }
    publish({ status: 'live', answered: true });
    settleReadyWaiters();
    // The first answer is what was there already; the sync at start brings the inbox up to date.
    if (!firstAnswer && items.some((item) => item.action === 'message' && !known.has(item.id))) {
      deps.onMessageArrived?.();
    }
  }

  function fail() {
    publish({ status: 'failing' });
    settleReadyWaiters();
  }

  function stop() {
    generation += 1;
    unwatch?.();
    unwatch = null;
    raw = [];
    overlay.clear();
    state = IDLE;
    listeners.forEach((listener) => listener());
    settleReadyWaiters();
  }

  function start(memberUUID: string): () => void {
    if (state.memberUUID === memberUUID && unwatch) return stop;
    stop();
    const mine = generation;
    state = { ...IDLE, memberUUID, status: 'waiting' };
    listeners.forEach((listener) => listener());
    unwatch = deps.watch(
      memberUUID,
      (items) => {
        if (mine === generation) receive(items);
      },
      () => {
        if (mine === generation) fail();
      },
    );
    return stop;
  }

  /** Applies an overlay, runs the write, and takes the overlay back if the write was not stored. */
  async function write(ids: readonly string[], kind: Overlay): Promise<boolean> {
    if (ids.length === 0) return true;
    const previous = new Map(ids.map((id) => [id, overlay.get(id)]));
    for (const id of ids) overlay.set(id, kind);
    publish();
    const stored = await (kind === 'read' ? deps.markRead(ids) : deps.remove(ids)).catch(
      () => false,
    );
    if (!stored) {
      for (const [id, before] of previous) {
        if (before) overlay.set(id, before);
        else overlay.delete(id);
      }
      publish();
    }
    return stored;
  }

  function ready(): Promise<void> {
    if (state.status === 'waiting') return new Promise((resolve) => readyWaiters.push(resolve));
    return Promise.resolve();
  }

  return {
    getState: (): FeedState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    stop,
    /** Resolves once the live query has answered (or failed) for the first time. */
    ready,
    find(id: string): Notification | null {
      return state.items.find((item) => item.id === id) ?? null;
    },
    /** Marks one notification read; true when nothing needed doing or the write is queued. */
    markRead(id: string): Promise<boolean> {
      const item = state.items.find((candidate) => candidate.id === id);
      return item && item.isNew ? write([id], 'read') : Promise.resolve(true);
    },
    /** Marks every new notification read; the number marked, or null when the write failed. */
    async markAllRead(): Promise<number | null> {
      const ids = state.items.filter((item) => item.isNew).map((item) => item.id);
      return (await write(ids, 'read')) ? ids.length : null;
    },
    /**
     * Deletes every notification the backend holds as read (see readCount); the number deleted,
     * or null when the write failed.
     */
    async deleteRead(): Promise<number | null> {
      const ids = state.items
        .filter((item) => !item.isNew && !overlay.has(item.id))
        .map((item) => item.id);
      return (await write(ids, 'deleted')) ? ids.length : null;
    },
    /** Drops the overlay of writes the backend refused for good, so the list shows the truth. */
    forgetFailed(ids: Iterable<string>): void {
      let changed = false;
      for (const id of ids) changed = overlay.delete(id) || changed;
      if (changed) publish();
    },
    /**
     * The person's notification with this id, after the live query's first answer: from the feed,
     * else from the backend (an archived one). An id that is not theirs, or not there, is
     * `notFound`: a refusal reads the same as a missing document, so nothing about others'
     * notifications leaks. `unavailable` when the live query is failing and the read failed too.
     */
    async resolve(id: string): Promise<Resolved> {
      await ready();
      const member = state.memberUUID;
      if (!member) return { kind: 'notFound' };
      const fromFeed = state.items.find((item) => item.id === id);
      if (fromFeed) return { kind: 'found', notification: fromFeed };
      if (overlay.get(id) === 'deleted' || !deps.lookup) return { kind: 'notFound' };
      const failing = state.status === 'failing';
      try {
        const found = await deps.lookup(id, member);
        return found && found.memberUUID === member
          ? { kind: 'found', notification: withId(found) }
          : { kind: 'notFound' };
      } catch {
        return { kind: failing ? 'unavailable' : 'notFound' };
      }
    },
  };
}

export type NotificationFeed = ReturnType<typeof createNotificationFeed>;
