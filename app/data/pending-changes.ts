// Pure rules of the pending-changes queue: coalescing a new write into the queue, choosing what the
// sync engine may send now, and the backoff after a transient failure. No storage here: the cache
// service applies these rules to the queue records inside its write lock.
import { defaultsNotIn, mergeDefaults, mergePatches } from './field-paths';
import type { PendingChange } from './db';

/** First wait after a transient failure; doubles per retry up to MAX_BACKOFF_MS. */
export const BASE_BACKOFF_MS = 5_000;
/** Longest wait between two tries of a change (the background sync interval). */
export const MAX_BACKOFF_MS = 5 * 60_000;

export type ChangeOperation = PendingChange['operation'];

export function backoffDelay(retryCount: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, retryCount - 1));
}

export interface NewChange {
  collectionName: string;
  itemId: string;
  operation: ChangeOperation;
  data: Record<string, unknown> | null;
  /** Defaults by field path, written only where the record has no value (decision 044). */
  ifMissing?: Record<string, unknown>;
}

/** The change with `ifMissing` set to these defaults, or without it when there are none. */
function withDefaults(change: PendingChange, defaults: Record<string, unknown>): PendingChange {
  const { ifMissing: _previous, ...rest } = change;
  return Object.keys(defaults).length > 0 ? { ...rest, ifMissing: defaults } : rest;
}

/**
 * Adds a write to a collection's queue (returned as a new array). A write to an item whose latest
 * change has not failed is merged into that change, so the backend sees one operation:
 * create+update → create with merged data, update+update → update, anything+delete → delete. Data
 * merges as if both writes were applied in order, field paths (`entries.s1`) included. The
 * merged change keeps its place (timestamp) and gets a new revision, so a copy of it that is in flight
 * right now is not mistaken for the merged one when the commit returns. Defaults (`ifMissing`) merge
 * too, the earlier default of a path winning, and an explicit write of a path (earlier or later)
 * removes its default: explicit always beats a default; a delete drops them.
 */
export function enqueueChange(
  queue: readonly PendingChange[],
  change: NewChange,
  now: number,
  makeId: () => string,
): PendingChange[] {
  let latest = -1;
  for (let i = queue.length - 1; i >= 0; i--) {
    if (queue[i]?.itemId === change.itemId) {
      latest = i;
      break;
    }
  }
  const previous = latest >= 0 ? queue[latest] : undefined;
  if (previous && previous.error === undefined && previous.operation !== 'delete') {
    let merged: PendingChange | null = null;
    if (change.operation === 'delete') {
      merged = withDefaults({ ...previous, operation: 'delete', data: null }, {});
    } else if (change.operation === 'update' || previous.operation === 'create') {
      // Field paths merge per path: two saves marking different students give one change that
      // sets both, and a later whole map replaces the earlier paths inside it.
      const data = mergePatches(previous.data ?? {}, change.data ?? {});
      const defaults = mergeDefaults(previous.ifMissing ?? {}, change.ifMissing ?? {});
      merged = withDefaults({ ...previous, data }, defaultsNotIn(defaults, data));
    }
    if (merged) {
      const next = [...queue];
      next[latest] = { ...merged, revision: previous.revision + 1 };
      return next;
    }
  }
  const lastTimestamp = queue.length > 0 ? (queue[queue.length - 1]?.timestamp ?? 0) : 0;
  const added: PendingChange = {
    id: makeId(),
    collectionName: change.collectionName,
    itemId: change.itemId,
    operation: change.operation,
    data: change.data,
    // Strictly increasing within a queue, so "timestamp order" is also the order of the writes.
    timestamp: Math.max(now, lastTimestamp + 1),
    retryCount: 0,
    revision: 0,
  };
  const defaults =
    change.operation === 'delete'
      ? {}
      : defaultsNotIn(mergeDefaults({}, change.ifMissing ?? {}), change.data ?? {});
  return [...queue, withDefaults(added, defaults)];
}

/**
 * The changes the sync engine may send now, in order, at most `max`. Changes marked with a permanent
 * error are skipped (they must not block the others); a change waiting out its backoff stops the
 * collection there, because the writes behind it may depend on it.
 */
export function sendableChanges(
  queue: readonly PendingChange[],
  now: number,
  max: number,
): PendingChange[] {
  const out: PendingChange[] = [];
  for (const change of queue) {
    if (out.length >= max) break;
    if (change.error !== undefined) continue;
    if (change.nextAttemptAt !== undefined && change.nextAttemptAt > now) break;
    out.push(change);
  }
  return out;
}

/** Earliest time at which a waiting change becomes sendable, or null. */
export function nextAttemptTime(queue: readonly PendingChange[]): number | null {
  let earliest: number | null = null;
  for (const change of queue) {
    if (change.error !== undefined || change.nextAttemptAt === undefined) continue;
    if (earliest === null || change.nextAttemptAt < earliest) earliest = change.nextAttemptAt;
  }
  return earliest;
}

/** True when `current` is exactly the change that was sent (not merged with a later write since). */
export function isSameRevision(current: PendingChange, sent: PendingChange): boolean {
  return current.id === sent.id && current.revision === sent.revision;
}
