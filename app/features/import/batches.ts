// Packing the planned units into batches for store.batch, which takes at most
// BATCH_MAX_OPERATIONS (500) operations at once, the same limit the sync engine commits with. A
// unit (a family with its students) stays whole, so a batch that fails fails whole families and
// never leaves a student pointing at a family that was not written.
import { BATCH_MAX_OPERATIONS } from '~/config/constants';
import type { BatchOperation } from '~/data/store';
import type { ImportUnit } from './plan';

export interface ImportBatch {
  /** The data rows (indexes) this batch writes. */
  rows: number[];
  operations: BatchOperation[];
}

/**
 * Greedy packing in the units' order: a unit that does not fit starts the next batch. A unit
 * larger than the limit on its own (a family of more than 499 children, which no school has) is
 * split, so no batch is ever refused for its size.
 */
export function packBatches(
  units: readonly ImportUnit[],
  limit: number = BATCH_MAX_OPERATIONS,
): ImportBatch[] {
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`A batch limit must be a positive whole number, not ${limit}.`);
  const batches: ImportBatch[] = [];
  let current: ImportBatch = { rows: [], operations: [] };
  const close = () => {
    if (current.operations.length > 0) batches.push(current);
    current = { rows: [], operations: [] };
  };
  for (const unit of units) {
    if (unit.operations.length > limit) {
      close();
      for (let at = 0; at < unit.operations.length; at += limit) {
        batches.push({
          rows: at === 0 ? [...unit.rows] : [],
          operations: unit.operations.slice(at, at + limit),
        });
      }
      continue;
    }
    if (current.operations.length + unit.operations.length > limit) close();
    current.rows.push(...unit.rows);
    current.operations.push(...unit.operations);
  }
  close();
  return batches;
}
