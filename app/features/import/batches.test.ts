import { describe, expect, it } from 'vitest';
import type { BatchOperation } from '~/data/store';
import { packBatches } from './batches';
import type { ImportUnit } from './plan';

function unit(row: number, size: number): ImportUnit {
  const operations: BatchOperation[] = Array.from({ length: size }, (_, i) => ({
    type: 'save',
    collection: 'students',
    item: { id: `s-${row}-${i}` },
  }));
  return { rows: [row], operations };
}

describe('batches of at most 500 operations', () => {
  it('packs 600 two-operation units into batches of 500 and 500 and 200', () => {
    const units = Array.from({ length: 600 }, (_, i) => unit(i, 2));
    const batches = packBatches(units);
    expect(batches.map((b) => b.operations.length)).toEqual([500, 500, 200]);
    expect(batches.map((b) => b.rows.length)).toEqual([250, 250, 100]);
    expect(batches.flatMap((b) => b.rows)).toEqual(units.map((u) => u.rows[0]));
  });

  it('never splits a unit that fits: it starts the next batch', () => {
    const batches = packBatches([unit(0, 3), unit(1, 3), unit(2, 3)], 5);
    expect(batches.map((b) => b.rows)).toEqual([[0], [1], [2]]);
    expect(batches.every((b) => b.operations.length <= 5)).toBe(true);
  });

  it('splits a unit larger than the limit, so no batch is over it', () => {
    const batches = packBatches([unit(0, 1), unit(1, 12), unit(2, 1)], 5);
    expect(batches.map((b) => b.operations.length)).toEqual([1, 5, 5, 2, 1]);
    expect(batches.flatMap((b) => b.rows)).toEqual([0, 1, 2]);
  });

  it('gives nothing for nothing, and refuses a limit that is not a positive whole number', () => {
    expect(packBatches([])).toEqual([]);
    expect(() => packBatches([unit(0, 1)], 0)).toThrow('positive whole number');
  });
});
