// The live query against the fake Firebase in demo mode (issue 29): a delta query (`updatedAt`
// later than a moment) through firestore/lite, re-asked when the fake's change feed names the
// watched collection, and never for changes elsewhere.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fake } from '../../mocks/index';
import { setDocument, updateDocument } from './documents';
import { isInCollection, watchQuery } from './live';
import { signInAs } from './test-helpers';

const record = z.object({ id: z.string() }).passthrough();
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  await fake.reset();
  await signInAs('admin');
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  Reflect.deleteProperty(globalThis, '__fakeFirebase');
});

function watchRollCalls(date: string, since: Date) {
  const deliveries: { id: string }[][] = [];
  Reflect.set(globalThis, '__fakeFirebase', fake);
  const stop = watchQuery(
    {
      collectionPath: 'attendance',
      filters: [
        { field: 'date', op: '==', value: date },
        { field: 'updatedAt', op: '>', value: since },
      ],
    },
    record,
    { onChange: (items) => deliveries.push(items) },
  );
  cleanups.push(stop);
  return { deliveries, latest: () => deliveries.at(-1) ?? [] };
}

describe('watchQuery in demo mode', () => {
  it('delivers only the documents written after the moment, and each later write at once', async () => {
    const date = '2026-11-27';
    // Written before the watch's moment: not delivered.
    await setDocument('attendance', `before_${date}`, { classroomId: 'before', date, entries: {} });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = new Date();
    const { latest, deliveries } = watchRollCalls(date, since);
    await expect.poll(() => deliveries.length).toBeGreaterThan(0);
    expect(latest()).toEqual([]);

    await setDocument('attendance', `river_${date}`, { classroomId: 'river', date, entries: {} });
    await expect.poll(() => latest().map((d) => d.id)).toEqual([`river_${date}`]);

    // The old document changes now: it is new again.
    await updateDocument('attendance', `before_${date}`, { entries: {} });
    await expect
      .poll(() =>
        latest()
          .map((d) => d.id)
          .sort(),
      )
      .toEqual([`before_${date}`, `river_${date}`]);
  });

  it("re-asks only for changes in the watched collection, not in another collection's", async () => {
    const since = new Date();
    const { deliveries } = watchRollCalls('2026-11-26', since);
    await expect.poll(() => deliveries.length).toBe(1);
    const asked = fake.requests(/attendance/).length;
    fake.setDocument('students/live-other', { firstName: 'Other' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.requests(/attendance/).length).toBe(asked);
  });

  it('tells a document of the collection from one of a subcollection under it', () => {
    expect(isInCollection('attendance/a_1', 'attendance')).toBe(true);
    expect(isInCollection('conversations/c1/messages/m1', 'conversations/c1/messages')).toBe(true);
    expect(isInCollection('conversations/c1/messages/m1', 'conversations')).toBe(false);
    expect(isInCollection('conversations/c1', 'conversations/c1/messages')).toBe(false);
  });
});
