// The outbox: the queue of pending changes that only the sync engine drains (decision 021). The
// store records each write here inside the same write lock that changes the cached record, so a
// record changes exactly when its change is queued. The sync engine asks what may be sent now,
// acknowledges what the backend accepted, and reports what failed: a transient failure backs the
// change off, a permanent one marks it for the person to retry or discard.
// Its only state is in IndexedDB, one queue record per collection (decision 010). There is no copy
// in memory on purpose: another tab may append to a queue at any moment, so every change of a queue
// re-reads it inside the write lock. The rules it applies (coalescing, what is sendable, backoff)
// are pure and live in pending-changes.ts.
import { CacheConnection, logFailure, type WriteLock } from './connection';
import { queuedCollections, readQueue, writeQueue, type PendingChange } from './db';
import {
  backoffDelay,
  enqueueChange,
  isSameRevision,
  sendableChanges,
  type NewChange,
} from './pending-changes';

export interface FailureReport {
  permanent: boolean;
  message: string;
  code?: string;
}

function newId(): string {
  return crypto.randomUUID();
}

export class Outbox {
  constructor(readonly connection: CacheConnection) {}

  get dbName(): string {
    return this.connection.dbName;
  }

  get isOpen(): boolean {
    return this.connection.isOpen;
  }

  // ---- Inside the store's write lock ---------------------------------------------------------

  /**
   * Appends writes to their collections' queues in order, coalescing each with the item's latest
   * unsent change (enqueueChange). Returns the collections whose queue was written; the caller
   * announces them together with the records it changed.
   */
  async record(lock: WriteLock, changes: readonly NewChange[]): Promise<string[]> {
    const queues = new Map<string, PendingChange[]>();
    for (const change of changes) {
      const queue =
        queues.get(change.collectionName) ??
        (await readQueue(lock.database, change.collectionName)).changes;
      queues.set(change.collectionName, enqueueChange(queue, change, this.connection.now(), newId));
    }
    await Promise.all(
      [...queues].map(([collection, queue]) => writeQueue(lock.database, collection, queue)),
    );
    return [...queues.keys()];
  }

  /** One collection's queue, for a refresh to lay over the fresh records. */
  async queued(lock: WriteLock, collection: string): Promise<PendingChange[]> {
    return (await readQueue(lock.database, collection)).changes;
  }

  // ---- For the sync engine (and the store's read-only questions) -----------------------------

  /** Every pending change, per collection in timestamp order; [] when the read fails (logged). */
  async pendingChanges(): Promise<PendingChange[]> {
    try {
      const database = this.connection.require();
      const names = await queuedCollections(database);
      const queues = await Promise.all(names.map((name) => readQueue(database, name)));
      return queues.flatMap((q) => q.changes);
    } catch (error) {
      logFailure('Failed to read pending changes', error);
      return [];
    }
  }

  /** The pending changes of one collection; [] when the read fails (logged). */
  async pendingIn(collection: string): Promise<PendingChange[]> {
    try {
      return (await readQueue(this.connection.require(), collection)).changes;
    } catch (error) {
      logFailure('Failed to read pending changes', error);
      return [];
    }
  }

  /**
   * The changes of one collection that may be sent now, in order, at most `max` (see
   * sendableChanges). They stay queued until `acknowledge` or `fail` is called for them.
   */
  async sendable(collection: string, max: number): Promise<PendingChange[]> {
    const { changes } = await readQueue(this.connection.require(), collection);
    return sendableChanges(changes, this.connection.now(), max);
  }

  /**
   * Removes the sent changes the backend accepted. A change merged with a later write while it was
   * in flight has a new revision and stays, so that write is sent too.
   */
  async acknowledge(collection: string, sent: readonly PendingChange[]): Promise<void> {
    await this.connection.write(async ({ database }) => {
      const { changes } = await readQueue(database, collection);
      const byId = new Map(sent.map((c) => [c.id, c]));
      const remaining = changes.filter((c) => {
        const s = byId.get(c.id);
        return !s || !isSameRevision(c, s);
      });
      await writeQueue(database, collection, remaining);
    });
    this.connection.announce([collection], 'sync');
  }

  /** Records a failed send: a permanent error marks the changes, a transient one backs them off. */
  async fail(
    collection: string,
    sent: readonly PendingChange[],
    failure: FailureReport,
  ): Promise<void> {
    const ids = new Set(sent.map((c) => c.id));
    await this.connection.write(async ({ database }) => {
      const { changes } = await readQueue(database, collection);
      const now = this.connection.now();
      const updated = changes.map((c): PendingChange => {
        if (!ids.has(c.id)) return c;
        if (failure.permanent) {
          return {
            ...c,
            error: failure.message,
            ...(failure.code ? { errorCode: failure.code } : {}),
          };
        }
        const retryCount = c.retryCount + 1;
        return { ...c, retryCount, nextAttemptAt: now + backoffDelay(retryCount) };
      });
      await writeQueue(database, collection, updated);
    });
    this.connection.announce([collection], 'sync');
  }

  /** Clears a change's error and backoff so the next sync sends it again. */
  async retry(changeId: string): Promise<boolean> {
    const found = await this.update(changeId, (c) => {
      const { error: _e, errorCode: _c, nextAttemptAt: _n, ...rest } = c;
      return { ...rest, retryCount: 0 };
    });
    return found !== null;
  }

  /**
   * Drops a change the person chose not to keep and returns it, or null when it is not queued. The
   * cached record now disagrees with the backend: the caller has the store put that right
   * (Store.revert).
   */
  async discard(changeId: string): Promise<PendingChange | null> {
    return this.update(changeId, () => null);
  }

  /** Replaces (or with null, removes) one change wherever it is queued; returns the old change. */
  private async update(
    changeId: string,
    update: (change: PendingChange) => PendingChange | null,
  ): Promise<PendingChange | null> {
    try {
      const found = await this.connection.write(async ({ database }) => {
        for (const name of await queuedCollections(database)) {
          const { changes } = await readQueue(database, name);
          const index = changes.findIndex((c) => c.id === changeId);
          const current = changes[index];
          if (!current) continue;
          const next = update(current);
          const updated = [...changes];
          if (next) updated[index] = next;
          else updated.splice(index, 1);
          await writeQueue(database, name, updated);
          return current;
        }
        return null;
      });
      if (found) this.connection.announce([found.collectionName], 'local');
      return found;
    } catch (error) {
      logFailure('Failed to update the pending change', error);
      return null;
    }
  }
}

/** The app's outbox (one per tab): the store records into it, the sync engine drains it. */
export const outbox = new Outbox(new CacheConnection());
