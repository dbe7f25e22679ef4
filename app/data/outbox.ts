// The outbox: the queue of pending changes that only the sync engine drains (decision 021). The
// store records each write here inside the same write lock that changes the cached record, so a
// record changes exactly when its change is queued. The sync engine asks what may be sent now,
// acknowledges what the backend accepted, and reports what failed: a transient failure backs the
// change off, a permanent one marks it for the person to retry or discard.
// Its only state is in IndexedDB, one queue record per collection (decision 010). There is no copy
// in memory on purpose: another tab may append to a queue at any moment, so every change of a queue
// re-reads it inside the write lock. The rules it applies (coalescing, what is sendable, backoff)
// are pure and live in pending-changes.ts.
// A queue entry that no longer parses (damaged by hand, or written by a release that no longer
// exists) cannot be sent, shown meaningfully or edited: it is dropped with a logged warning, its
// collection is marked for a refetch (the cached record showed that change, the backend never saw
// it), and the damage is reported so the person sees a notice. Nothing vanishes without a word.
import { CacheConnection, logFailure, type WriteLock } from './connection';
import {
  queuedCollections,
  readMetadata,
  readQueue,
  writeMetadata,
  writeQueue,
  type LocalDatabase,
  type PendingChange,
} from './db';
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
    const damaged = new Set<string>();
    for (const change of changes) {
      const queue =
        queues.get(change.collectionName) ??
        (await this.readLocked(lock.database, change.collectionName, damaged));
      queues.set(change.collectionName, enqueueChange(queue, change, this.connection.now(), newId));
    }
    await Promise.all(
      [...queues].map(([collection, queue]) => writeQueue(lock.database, collection, queue)),
    );
    // Reported after the caller's lock is released (queueMicrotask keeps the order of events).
    if (damaged.size > 0) queueMicrotask(() => this.reportDamaged(damaged));
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
      const damaged = names.filter((_, i) => (queues[i]?.invalid ?? 0) > 0);
      if (damaged.length > 0) {
        await this.dropDamaged(damaged);
        return this.pendingChanges();
      }
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
    const read = await readQueue(this.connection.require(), collection);
    let changes = read.changes;
    if (read.invalid > 0) {
      await this.dropDamaged([collection]);
      ({ changes } = await readQueue(this.connection.require(), collection));
    }
    return sendableChanges(changes, this.connection.now(), max);
  }

  /**
   * Removes the sent changes the backend accepted. A change merged with a later write while it was
   * in flight has a new revision and stays, so that write is sent too.
   */
  async acknowledge(collection: string, sent: readonly PendingChange[]): Promise<void> {
    const damaged = new Set<string>();
    await this.connection.write(async ({ database }) => {
      const changes = await this.readLocked(database, collection, damaged);
      const byId = new Map(sent.map((c) => [c.id, c]));
      const remaining = changes.filter((c) => {
        const s = byId.get(c.id);
        return !s || !isSameRevision(c, s);
      });
      await writeQueue(database, collection, remaining);
    });
    this.reportDamaged(damaged);
    this.connection.announce([collection], 'sync');
  }

  /** Records a failed send: a permanent error marks the changes, a transient one backs them off. */
  async fail(
    collection: string,
    sent: readonly PendingChange[],
    failure: FailureReport,
  ): Promise<void> {
    const ids = new Set(sent.map((c) => c.id));
    const damaged = new Set<string>();
    await this.connection.write(async ({ database }) => {
      const changes = await this.readLocked(database, collection, damaged);
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
    this.reportDamaged(damaged);
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
    const damaged = new Set<string>();
    try {
      const found = await this.connection.write(async ({ database }) => {
        for (const name of await queuedCollections(database)) {
          const changes = await this.readLocked(database, name, damaged);
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
      this.reportDamaged(damaged);
      if (found) this.connection.announce([found.collectionName], 'local');
      return found;
    } catch (error) {
      logFailure('Failed to update the pending change', error);
      return null;
    }
  }

  // ---- Damaged queue entries ------------------------------------------------------------------

  /**
   * Reads a queue inside the write lock. Entries that no longer parse will be dropped by the write
   * that follows, so the collection is marked for a refetch now and noted in `damaged`.
   */
  private async readLocked(
    database: LocalDatabase,
    collection: string,
    damaged: Set<string>,
  ): Promise<PendingChange[]> {
    const { changes, invalid } = await readQueue(database, collection);
    if (invalid > 0) {
      damaged.add(collection);
      const metadata = await readMetadata(database, collection);
      if (metadata) await writeMetadata(database, { ...metadata, needsRefetch: true });
    }
    return changes;
  }

  /** Drops the damaged entries of these queues (and marks their collections for a refetch). */
  private async dropDamaged(collections: readonly string[]): Promise<void> {
    const damaged = new Set<string>();
    await this.connection.write(async ({ database }) => {
      for (const collection of collections) {
        const changes = await this.readLocked(database, collection, damaged);
        if (damaged.has(collection)) await writeQueue(database, collection, changes);
      }
    });
    this.reportDamaged(damaged);
  }

  private reportDamaged(collections: ReadonlySet<string>): void {
    if (collections.size === 0) return;
    console.warn(
      `[cache] Dropped damaged pending change(s) of ${[...collections].join(', ')} that could not be read; the data will be fetched again.`,
    );
    this.connection.reportDamage([...collections]);
  }
}

/** The app's outbox (one per tab): the store records into it, the sync engine drains it. */
export const outbox = new Outbox(new CacheConnection());
