// A console call's Dates cross to the worker as Dates, even from a page whose clock a test
// installed (its Dates do not survive structured cloning).
import { describe, expect, it } from 'vitest';
import { tagDates, untagDates } from './worker-protocol';

describe('console call arguments', () => {
  it('carry Dates at any depth, and leave everything else as it was', () => {
    const at = new Date('2026-11-27T04:30:00.000Z');
    const args = ['absenceReports/r1', { updatedAt: at, entries: [{ at }], note: 'x', n: 1 }];
    const sent = structuredClone(args.map(tagDates));
    const received = sent.map(untagDates) as [string, Record<string, unknown>];
    expect(received[0]).toBe('absenceReports/r1');
    expect(received[1].updatedAt).toBeInstanceOf(Date);
    expect((received[1].updatedAt as Date).toISOString()).toBe(at.toISOString());
    expect(received[1]).toEqual({ updatedAt: at, entries: [{ at }], note: 'x', n: 1 });
  });
});
