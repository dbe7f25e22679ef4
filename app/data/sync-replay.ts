// The sync engine's sending (decision 021): the outbox's changes, per collection (priority ones
// first) in timestamp order, 500 to a commit. A transient failure stops the replay (the change
// backs off); a permanent one is narrowed down by halving the batch until the refused change is
// found, marked for the person, and the others go through. Only the tab holding the leader lock
// replays, so two tabs never send the same change at once. Nothing here schedules.
import { BATCH_MAX_OPERATIONS } from '~/config/constants';
import { changeProblem, INVALID_DATA_CODE } from './change-validation';
import { getCollectionDefinition, remoteRefOf, type CollectionDefinition } from './collections';
import { expandFieldPaths } from './field-paths';
import { classifyFailure, type BatchOperation, type SyncBackend } from './sync-backend';
import type { Connectivity } from './connectivity';
import type { PendingChange } from './db';
import type { LockProvider } from './locks';
import type { Outbox } from './outbox';
import type { Store } from './store';
import type { RunContext } from './sync-refresh';

export interface ReplayReport {
  skipped?: 'not-leader' | 'offline';
  committed: number;
  commits: number;
  failedPermanently: number;
  transientError: string | null;
}

export function toOperation(
  change: PendingChange,
  definition: CollectionDefinition,
): BatchOperation {
  // A subcollection's record (a message) goes to its parent's document path (decision 045).
  const { collection, id } = remoteRefOf(definition, change.itemId);
  const data = change.data ?? {};
  if (change.operation === 'delete') return { type: 'delete', collection, id };
  // Defaults written only where the backend's document has no value when the batch commits, and
  // arrays that only grow (readBy) sent as unions, so concurrent additions all stay.
  const unions = (definition.unionFields ?? []).filter((field) => Array.isArray(data[field]));
  const defaults = {
    ...(change.ifMissing ? { ifMissing: change.ifMissing } : {}),
    ...(unions.length > 0 ? { arrayUnion: unions } : {}),
  };
  if (change.operation === 'update') {
    return { type: 'update', collection, id, data, ...defaults };
  }
  // Creates are sets on the client's id, so a retry after a lost acknowledgement rewrites the same
  // document instead of adding a second one. A `temp_` id is new by construction and is written
  // whole; an id the caller chose (attendance's `${classroomId}_${date}`) may already exist, and
  // another device may have written it meanwhile: exactly the written fields and field paths are
  // set (mergeFields), so `entries.s1` replaces that student's entry and no other (decision 044).
  // A set takes nested data: the field paths become maps, and the mask names them as paths.
  const document = expandFieldPaths(data);
  if (change.itemId.startsWith('temp_')) {
    return { type: 'set', collection, id, data: document, merge: false, ...defaults };
  }
  const mergeFields = Object.keys(data).filter((key) => key !== 'id');
  return {
    type: 'set',
    collection,
    id,
    data: document,
    merge: true,
    mergeFields,
    ...defaults,
  };
}

export interface ReplayerOptions {
  store: Store;
  outbox: Outbox;
  backend: SyncBackend;
  connectivity: Connectivity;
  locks: LockProvider;
}

export class Replayer {
  constructor(private readonly options: ReplayerOptions) {}

  /**
   * Sends what the outbox holds. `accepted` collects the collections the backend accepted changes
   * of (their slices are fetched right after). A stopped run (sign-out) sends nothing more.
   */
  async replay(run: RunContext, accepted: Set<string>): Promise<ReplayReport> {
    const { outbox, connectivity, locks } = this.options;
    const report: ReplayReport = {
      committed: 0,
      commits: 0,
      failedPermanently: 0,
      transientError: null,
    };
    const outcome = await locks.ifAvailable(`${outbox.dbName}:sync-leader`, async () => {
      const pending = await outbox.pendingChanges();
      const names = [...new Set(pending.map((c) => c.collectionName))];
      const order = (name: string) => {
        try {
          return getCollectionDefinition(name).prioritySync ? 0 : 1;
        } catch {
          return 2;
        }
      };
      names.sort((a, b) => order(a) - order(b));
      for (const name of names) {
        let definition: CollectionDefinition;
        try {
          definition = getCollectionDefinition(name);
        } catch {
          continue; // A queue of a collection this release no longer knows: kept, never sent.
        }
        const sent = new Set<string>();
        for (;;) {
          if (!connectivity.isOnline()) {
            report.skipped = 'offline';
            return;
          }
          // Stopped (sign-out): the changes stay queued, nothing more is sent for this person.
          if (run.abandoned()) return;
          const batch = await outbox.sendable(name, BATCH_MAX_OPERATIONS);
          // Changes merged with a new write while in flight are sent again; the same revision is not.
          const fresh = batch.filter((c) => !sent.has(`${c.id}@${c.revision}`));
          if (fresh.length === 0) break;
          for (const c of fresh) sent.add(`${c.id}@${c.revision}`);
          const valid = await this.holdBackInvalid(name, fresh, report);
          try {
            await this.sendGroup(definition, valid, report, accepted);
          } catch (error) {
            report.transientError = classifyFailure(error).message;
            // Offline or the backend is struggling: the rest waits for the next run.
            return;
          }
        }
      }
    });
    if (!outcome.acquired) report.skipped = 'not-leader';
    return report;
  }

  /**
   * Data that does not match the record schema is never sent: the change is held back with a
   * readable error for the person to edit or discard, and the others go on without it.
   */
  private async holdBackInvalid(
    name: string,
    changes: PendingChange[],
    report: ReplayReport,
  ): Promise<PendingChange[]> {
    const { store, outbox } = this.options;
    const schema = store.schemaOf(name);
    const valid: PendingChange[] = [];
    for (const change of changes) {
      const problem = changeProblem(change, schema);
      if (problem === null) {
        valid.push(change);
        continue;
      }
      await outbox.fail(name, [change], {
        permanent: true,
        message: `Not sent, the data is not valid: ${problem}`,
        code: INVALID_DATA_CODE,
      });
      report.failedPermanently++;
    }
    return valid;
  }

  /** Sends a group of changes; a permanent failure is narrowed down by halving the group. */
  private async sendGroup(
    definition: CollectionDefinition,
    changes: PendingChange[],
    report: ReplayReport,
    accepted: Set<string>,
  ): Promise<void> {
    const { backend, outbox } = this.options;
    if (changes.length === 0) return;
    try {
      report.commits++;
      await backend.commitBatch(changes.map((c) => toOperation(c, definition)));
      await outbox.acknowledge(definition.name, changes);
      report.committed += changes.length;
      accepted.add(definition.name);
    } catch (error) {
      const failure = classifyFailure(error);
      if (!failure.permanent) {
        await outbox.fail(definition.name, changes, failure);
        throw error;
      }
      if (changes.length === 1) {
        // The one change the backend refuses: mark it for the person, let the others through.
        await outbox.fail(definition.name, changes, {
          ...failure,
          message: `${failure.message} (${failure.code})`,
        });
        report.failedPermanently++;
        return;
      }
      // A batch is atomic, so the refusal of one change rejected all of them. Halve until found.
      const middle = Math.ceil(changes.length / 2);
      await this.sendGroup(definition, changes.slice(0, middle), report, accepted);
      await this.sendGroup(definition, changes.slice(middle), report, accepted);
    }
  }
}
