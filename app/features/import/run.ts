// Writing the planned batches, one after the other, through a commit function (store.batch in the
// app). Between batches the page gets the thread back (a macrotask), so the progress bar moves and
// clicks are answered while thousands of records are written. A batch the store refuses marks its
// rows failed and the import goes on with the next one.
import type { BatchOperation } from '~/data/store';
import type { ImportBatch } from './batches';

export const SAVE_FAILED_MESSAGE =
  'Could not be saved on this device (the browser refused the write). Try these rows again.';

export interface RunResult {
  /** Data rows (indexes) whose records were written. */
  saved: number[];
  /** Data rows whose batch was refused, with the reason. */
  failed: Map<number, string>;
}

export interface RunOptions {
  /** Writes one batch; resolves to the number of operations applied (0 when refused). */
  commit: (operations: BatchOperation[]) => Promise<number>;
  /** Told after each batch: rows done so far (written or failed) and the rows in all. */
  onProgress?: (done: number, total: number) => void;
  /** Gives the thread back between batches; a zero-delay timeout by default. */
  pause?: () => Promise<void>;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function runImport(
  batches: readonly ImportBatch[],
  { commit, onProgress, pause = nextTask }: RunOptions,
): Promise<RunResult> {
  const total = batches.reduce((sum, b) => sum + b.rows.length, 0);
  const saved: number[] = [];
  const failed = new Map<number, string>();
  let done = 0;
  onProgress?.(0, total);
  for (const batch of batches) {
    let applied = 0;
    try {
      applied = await commit(batch.operations);
    } catch {
      applied = 0;
    }
    if (applied === batch.operations.length) saved.push(...batch.rows);
    else for (const row of batch.rows) failed.set(row, SAVE_FAILED_MESSAGE);
    done += batch.rows.length;
    onProgress?.(done, total);
    await pause();
  }
  return { saved, failed };
}
