import { describe, expect, it } from 'vitest';
import type { BatchOperation } from '~/data/store';
import { runImport, SAVE_FAILED_MESSAGE } from './run';
import type { ImportBatch } from './batches';

const op = (id: string): BatchOperation => ({ type: 'save', collection: 'students', item: { id } });

describe('running the batches', () => {
  it('commits each batch in order, reports progress by rows, and pauses between batches', async () => {
    const batches: ImportBatch[] = [
      { rows: [0, 1], operations: [op('a'), op('b'), op('c')] },
      { rows: [2], operations: [op('d')] },
    ];
    const committed: string[][] = [];
    const progress: Array<[number, number]> = [];
    let pauses = 0;
    const result = await runImport(batches, {
      commit: async (operations) => {
        committed.push(operations.map((o) => (o.type === 'save' ? String(o.item.id) : o.id)));
        return operations.length;
      },
      onProgress: (done, total) => progress.push([done, total]),
      pause: async () => {
        pauses += 1;
      },
    });
    expect(committed).toEqual([['a', 'b', 'c'], ['d']]);
    expect(progress).toEqual([
      [0, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(pauses).toBe(2);
    expect(result.saved).toEqual([0, 1, 2]);
    expect(result.failed.size).toBe(0);
  });

  it('marks the rows of a refused or throwing batch failed and goes on', async () => {
    const batches: ImportBatch[] = [
      { rows: [0], operations: [op('a')] },
      { rows: [1, 2], operations: [op('b'), op('c')] },
      { rows: [3], operations: [op('d')] },
    ];
    let call = 0;
    const result = await runImport(batches, {
      commit: async (operations) => {
        call += 1;
        if (call === 2) return 0;
        if (call === 3) throw new Error('quota');
        return operations.length;
      },
      pause: async () => undefined,
    });
    expect(result.saved).toEqual([0]);
    expect([...result.failed.entries()]).toEqual([
      [1, SAVE_FAILED_MESSAGE],
      [2, SAVE_FAILED_MESSAGE],
      [3, SAVE_FAILED_MESSAGE],
    ]);
  });
});
