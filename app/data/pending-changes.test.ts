import { describe, expect, it } from 'vitest';
import { applyPatch, fillMissing } from './field-paths';
import { enqueueChange, type NewChange } from './pending-changes';
import type { PendingChange } from './db';

const A = { status: 'absent', at: '2026-01-05T08:00:00.000Z', by: 'fac' };
const L = { status: 'late', note: 'bus', at: '2026-01-05T08:05:00.000Z', by: 'fac' };
const P = { status: 'present', at: '2026-01-05T08:10:00.000Z', by: 'fac' };

let ids = 0;
const makeId = () => `change-${++ids}`;

function enqueueAll(changes: NewChange[]): PendingChange[] {
  let queue: PendingChange[] = [];
  for (const change of changes) queue = enqueueChange(queue, change, 1000, makeId);
  return queue;
}

const rollCall = (operation: NewChange['operation'], data: Record<string, unknown>): NewChange => ({
  collectionName: 'attendance',
  itemId: 'c1_2026-01-05',
  operation,
  data,
});

describe('coalescing pending changes with field paths', () => {
  it('turns two saves marking different students into one change with both paths', () => {
    const queue = enqueueAll([
      rollCall('create', { classroomId: 'c1', date: '2026-01-05', 'entries.s1': A }),
      rollCall('update', { 'entries.s2': L }),
    ]);
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({
      operation: 'create',
      revision: 1,
      data: { classroomId: 'c1', date: '2026-01-05', 'entries.s1': A, 'entries.s2': L },
    });
  });

  it('keeps the later mark of the same student', () => {
    const queue = enqueueAll([
      rollCall('update', { 'entries.s1': L }),
      rollCall('update', { 'entries.s1': P }),
    ]);
    expect(queue[0]?.data).toEqual({ 'entries.s1': P });
  });

  it('gives a later whole map the same result as applying the writes in order', () => {
    const writes = [
      rollCall('update', { 'entries.s1': A, 'entries.s2': L }),
      rollCall('update', { entries: { s3: P } }),
      rollCall('update', { 'entries.s4': A }),
    ];
    const queue = enqueueAll(writes);
    expect(queue).toHaveLength(1);
    const start = { classroomId: 'c1', entries: { s0: P } };
    const inOrder = writes.reduce<Record<string, unknown>>(
      (record, write) => applyPatch(record, write.data ?? {}),
      start,
    );
    expect(applyPatch(start, queue[0]?.data ?? {})).toEqual(inOrder);
    expect(queue[0]?.data).toEqual({ entries: { s3: P, s4: A } });
  });

  it('does not merge into a change that failed, so the new marks are sent on their own', () => {
    const [failed] = enqueueAll([rollCall('update', { 'entries.s1': A })]);
    if (!failed) throw new Error('no change');
    const queue = enqueueChange(
      [{ ...failed, error: 'refused' }],
      rollCall('update', { 'entries.s2': L }),
      2000,
      makeId,
    );
    expect(queue.map((c) => c.data)).toEqual([{ 'entries.s1': A }, { 'entries.s2': L }]);
  });
});

describe('coalescing defaults (ifMissing)', () => {
  const withDefaults = (
    operation: NewChange['operation'],
    data: Record<string, unknown>,
    ifMissing: Record<string, unknown>,
  ): NewChange => ({ ...rollCall(operation, data), ifMissing });

  it('keeps defaults next to the data, and none that the same change writes explicitly', () => {
    const queue = enqueueAll([
      withDefaults('create', { 'entries.s1': A }, { 'entries.s1': P, 'entries.s2': P }),
    ]);
    expect(queue[0]).toMatchObject({ data: { 'entries.s1': A }, ifMissing: { 'entries.s2': P } });
  });

  it('merges the defaults of two saves, the earlier default of a path winning', () => {
    const earlier = { ...P, by: 'earlier' };
    const queue = enqueueAll([
      withDefaults('create', { 'entries.s1': A }, { 'entries.s2': earlier }),
      withDefaults('update', { 'entries.s4': L }, { 'entries.s2': P, 'entries.s3': P }),
    ]);
    expect(queue).toHaveLength(1);
    expect(queue[0]?.data).toEqual({ 'entries.s1': A, 'entries.s4': L });
    expect(queue[0]?.ifMissing).toEqual({ 'entries.s2': earlier, 'entries.s3': P });
  });

  it('drops an earlier default when a later save writes that path explicitly', () => {
    const queue = enqueueAll([
      withDefaults('create', { 'entries.s1': A }, { 'entries.s2': P }),
      rollCall('update', { 'entries.s2': L }),
    ]);
    expect(queue[0]?.data).toEqual({ 'entries.s1': A, 'entries.s2': L });
    expect(queue[0]).not.toHaveProperty('ifMissing');
  });

  it('drops a later default for a path an earlier save wrote explicitly, or a whole map covers', () => {
    const queue = enqueueAll([
      rollCall('create', { 'entries.s1': A }),
      withDefaults('update', {}, { 'entries.s1': P, 'entries.s2': P }),
      rollCall('update', { entries: { s3: L } }),
    ]);
    expect(queue[0]?.data).toEqual({ entries: { s3: L } });
    expect(queue[0]).not.toHaveProperty('ifMissing');
  });

  it('drops the defaults of a change that becomes a delete', () => {
    const queue = enqueueAll([
      withDefaults('create', { 'entries.s1': A }, { 'entries.s2': P }),
      rollCall('delete', {}),
    ]);
    expect(queue[0]).toMatchObject({ operation: 'delete', data: null });
    expect(queue[0]).not.toHaveProperty('ifMissing');
  });

  it('gives the record the same entries as applying each save with its defaults in order', () => {
    const saves = [
      withDefaults('create', { 'entries.s1': A }, { 'entries.s2': P, 'entries.s3': P }),
      withDefaults('update', { 'entries.s3': L }, { 'entries.s1': P, 'entries.s4': P }),
    ];
    const [merged] = enqueueAll(saves);
    let stepwise: Record<string, unknown> = {};
    for (const save of saves) {
      stepwise = fillMissing(applyPatch(stepwise, save.data ?? {}), save.ifMissing ?? {});
    }
    expect(fillMissing(applyPatch({}, merged?.data ?? {}), merged?.ifMissing ?? {})).toEqual(
      stepwise,
    );
  });
});
