// LearningCenterDB opened for one signed-in person: the ground the store and the outbox share.
// It owns three pieces of state: the open database and whose it is (`owner`), the listeners told
// about changes in this tab, and the BroadcastChannel that carries changes to and from other tabs.
// Until `open` has run for a person, nothing may be read or written: a read could show the
// previous person's records and a write could be queued in their name, so both fail with the
// spec's 'Cache service not initialized'. Every read-modify-write runs inside `write`, under one
// cross-tab lock, because another tab may have changed the same records a moment ago (decision 010).
import { z } from 'zod';
import { LOCAL_DB_NAME } from '~/config/constants';
import {
  clearDatabase,
  migrateLayout,
  openDatabase,
  parkSealedQueues,
  readLayout,
  unparkSealedQueues,
  type LocalDatabase,
} from './db';
import { defaultLocks, type LockProvider } from './locks';
import type { OutboxSealing } from './outbox-seal';

export const NOT_INITIALIZED_MESSAGE = 'Cache service not initialized';

export interface DataChangeEvent {
  /** Collections whose cached items or pending changes changed. */
  collections: string[];
  /** Where the change came from: this tab's writes, another tab, or the sync engine. */
  source: 'local' | 'other-tab' | 'sync';
  /**
   * Set when this tab found cached records or queued changes damaged and dropped them: the
   * collections are marked for a refetch, the sync engine runs at once and the shell shows a
   * notice (takeDamageReports).
   */
  damaged?: true;
}
export type DataChangeListener = (event: DataChangeEvent) => void;

/** What a reader holding copies in memory must forget: some collections, or everything. */
export type Invalidation = { collections: readonly string[] } | 'all';

/**
 * Proof that the write lock is held. Only `write` hands one out, so a function that asks for it can
 * read and write IndexedDB without taking the lock again (the lock is not re-entrant).
 */
export interface WriteLock {
  readonly database: LocalDatabase;
}

export interface ConnectionOptions {
  dbName?: string;
  locks?: LockProvider;
  now?: () => number;
}

const broadcastSchema = z.object({
  type: z.enum(['changed', 'cleared']),
  collections: z.array(z.string()),
});

/**
 * Thrown by reads after the cache was closed at sign-out: a page's loader racing the sign-out
 * finds nothing, as it should, and that is not worth an error in the console.
 */
export class CacheClosedError extends Error {
  constructor() {
    super(NOT_INITIALIZED_MESSAGE);
    this.name = 'CacheClosedError';
  }
}

export function logFailure(message: string, error: unknown): void {
  if (error instanceof CacheClosedError) return;
  console.error(`[cache] ${message}`, error);
}

export class CacheConnection {
  readonly dbName: string;
  readonly now: () => number;
  private readonly locks: LockProvider;
  private readonly writeLockName: string;

  private database: LocalDatabase | null = null;
  /** The uid the database was opened for; null while signed out. */
  private owner: string | null = null;
  /** Closed by a sign-out (reads then find nothing, quietly) rather than never opened. */
  private closed = false;
  private readonly listeners = new Set<DataChangeListener>();
  private readonly invalidators = new Set<(what: Invalidation) => void>();
  private channel: BroadcastChannel | null = null;
  /** Damage events found in this tab that no notice has shown yet (see takeDamageReports). */
  private unreportedDamage = 0;

  constructor(options: ConnectionOptions = {}) {
    this.dbName = options.dbName ?? LOCAL_DB_NAME;
    this.locks = options.locks ?? defaultLocks();
    this.now = options.now ?? (() => Date.now());
    this.writeLockName = `${this.dbName}:write`;
  }

  get isOpen(): boolean {
    return this.database !== null && this.owner !== null;
  }

  get uid(): string | null {
    return this.owner;
  }

  /** The open database; throws 'Cache service not initialized' while no one is signed in. */
  require(): LocalDatabase {
    if (!this.database || this.owner === null) {
      throw this.closed ? new CacheClosedError() : new Error(NOT_INITIALIZED_MESSAGE);
    }
    return this.database;
  }

  /**
   * Opens the database for `uid`. A database left by another person is wiped first, so one
   * person's records never show up for the next one on a shared laptop. With `sealing` (decision
   * 051), sealed queues this person cannot open are parked first, and theirs come back.
   */
  async open(uid: string, sealing: OutboxSealing | null = null): Promise<void> {
    const database = (this.database ??= await openDatabase(this.dbName));
    database.sealing = sealing;
    await parkSealedQueues(database, sealing);
    const layout = await readLayout(database);
    if (layout?.uid && layout.uid !== uid) await clearDatabase(database);
    this.forget('all');
    await migrateLayout(database, uid);
    if (sealing) await unparkSealedQueues(database, sealing);
    this.owner = uid;
    this.closed = false;
    this.openChannel();
  }

  /** Signs the database out: every record of every store is removed, pending changes included. */
  async close(): Promise<void> {
    this.forget('all');
    this.owner = null;
    this.closed = true;
    this.unreportedDamage = 0;
    const database = (this.database ??= await openDatabase(this.dbName));
    database.sealing = null;
    await this.locks.exclusive(this.writeLockName, () => clearDatabase(database));
    this.channel?.postMessage({ type: 'cleared', collections: [] });
  }

  /** Runs `fn` holding the cross-tab write lock. */
  write<T>(fn: (lock: WriteLock) => Promise<T>): Promise<T> {
    const database = this.require();
    return this.locks.exclusive(this.writeLockName, () => fn({ database }));
  }

  /** Tells this tab's listeners and the other tabs that `collections` changed. */
  announce(collections: readonly string[], source: 'local' | 'sync'): void {
    if (collections.length === 0) return;
    this.emit({ collections: [...collections], source });
    this.channel?.postMessage({ type: 'changed', collections: [...collections] });
  }

  /**
   * Reports that damaged records or queued changes of `collections` were dropped in this tab. Other
   * tabs only learn that the collections changed: the notice belongs to the tab that found it.
   */
  reportDamage(collections: readonly string[]): void {
    this.unreportedDamage++;
    this.emit({ collections: [...collections], source: 'local', damaged: true });
    this.channel?.postMessage({ type: 'changed', collections: [...collections] });
  }

  /**
   * How many damage events happened since the last call (and resets the count): the shell shows one
   * notice for them, also for damage found before it was on screen (a prewarm at sign-in).
   */
  takeDamageReports(): number {
    const count = this.unreportedDamage;
    this.unreportedDamage = 0;
    return count;
  }

  subscribe(listener: DataChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Registers a holder of memory copies (the store). It is told before any listener, so a listener
   * that reads again after another tab's write reads from IndexedDB.
   */
  onInvalidate(forget: (what: Invalidation) => void): () => void {
    this.invalidators.add(forget);
    return () => this.invalidators.delete(forget);
  }

  /** Closes the cross-tab channel and drops the listeners (tests and tab teardown). */
  dispose(): void {
    this.channel?.close();
    this.channel = null;
    this.listeners.clear();
  }

  private forget(what: Invalidation): void {
    for (const forget of [...this.invalidators]) forget(what);
  }

  private emit(event: DataChangeEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        logFailure('A data-change listener failed', error);
      }
    }
  }

  private openChannel(): void {
    if (this.channel || typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel(`${this.dbName}:changes`);
    this.channel.onmessage = (event: MessageEvent<unknown>) => {
      const message = broadcastSchema.safeParse(event.data);
      if (!message.success) return;
      // Another tab wrote these collections: copies in memory are stale; the next read reloads.
      this.forget(
        message.data.type === 'cleared' ? 'all' : { collections: message.data.collections },
      );
      this.emit({ collections: message.data.collections, source: 'other-tab' });
    };
  }
}
