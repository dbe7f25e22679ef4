// The fake's long work runs in slices that yield to the event loop (issue 29, part 6; decision
// 055), and stays atomic: a commit is never one task, a read during a yielding commit sees all of
// it or none, concurrent commits run one after the other, and a refusal in the last slice writes
// nothing. The clock here counts calls (1 ms each), so where the yields fall is deterministic.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signOutUser } from '../app/backend/auth';
import { commitBatch, type BatchOperation } from '../app/backend/documents';
import { signInAs } from '../app/backend/test-helpers';
import { applyWrites, type CommitWrite } from './firestore';
import { createContext } from './principal';
import { configureSlices, onSliceYield, resetSlices, Slice } from './slices';
import { store } from './store';
import { commitChangeTriggers, commitChangeTriggersInSlices } from './triggers';
import { decodeFields, encodeFields } from './values';
import { fake } from './index';

const DOC = (path: string) => `projects/fake/databases/(default)/documents/${path}`;

/** A clock that moves 1 ms each time it is read: a slice of 25 ms is about 25 checks. */
function countingClock(): () => number {
  let now = 0;
  return () => (now += 1);
}

/** Five hundred new students shaped like the seeded stu-00000, tagged `tag`. */
function newStudents(tag: string, count = 500): BatchOperation[] {
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    ...fields
  } = fake.getDocument('students/stu-00000') as Record<string, unknown>;
  return Array.from({ length: count }, (_, i) => ({
    type: 'set' as const,
    collection: 'students',
    id: `${tag}-${i}`,
    data: { ...fields, firstName: `${tag}${i}` },
  }));
}

const countTagged = (tag: string) =>
  store.list('students').filter(([id]) => id.startsWith(`${tag}-`)).length;

/** A backend create of `path` that must not exist yet. */
function create(path: string, data: Record<string, unknown>): CommitWrite {
  return {
    update: { name: DOC(path), fields: encodeFields(data) },
    currentDocument: { exists: false },
  };
}

const BACKEND_CTX = { get: () => null, list: () => [], today: '2026-11-27' };

beforeEach(async () => {
  await signOutUser();
  await fake.reset();
  configureSlices({ budgetMs: 25, now: countingClock() });
});
afterEach(() => resetSlices());

describe('a commit in slices', () => {
  it('is not one task: a 500-write commit yields to the event loop between its checks', async () => {
    const yields: string[] = [];
    const stop = onSliceYield((label) => yields.push(label));
    // Other work the page would do: it must get turns while the commit is being checked.
    let turns = 0;
    const others = setInterval(() => (turns += 1), 0);
    await signInAs('admin');
    try {
      await commitBatch(newStudents('sliced'));
    } finally {
      clearInterval(others);
      stop();
    }
    expect(countTagged('sliced')).toBe(500);
    // Parsing, checking and the triggers (access links, audit entries) each in many slices.
    expect(yields.filter((label) => label === 'commit:parse').length).toBeGreaterThan(5);
    expect(yields.filter((label) => label === 'commit').length).toBeGreaterThan(20);
    expect(turns).toBeGreaterThan(0);
  });

  it('is seen whole or not at all by a read made while it yields', async () => {
    const seen: number[] = [];
    configureSlices({
      yieldToEventLoop: () => {
        seen.push(countTagged('atomic'));
        return new Promise((resolve) => setImmediate(resolve));
      },
    });
    await signInAs('admin');
    await commitBatch(newStudents('atomic', 200));
    expect(countTagged('atomic')).toBe(200);
    // Yields while checking (none of it yet) and while the triggers run (all of it): never part.
    expect(seen).toContain(0);
    expect(seen).toContain(200);
    expect(seen.every((count) => count === 0 || count === 200)).toBe(true);
  });

  it('starts over when a document changes while it yields, so it never applies over a stale check', async () => {
    let poked = false;
    configureSlices({
      yieldToEventLoop: async () => {
        if (!poked) {
          poked = true;
          // The console control writes the document the commit creates, mid-check.
          fake.setDocument('notes/shared', { by: 'console' });
        }
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    const writes = [
      ...Array.from({ length: 60 }, (_, i) => create(`notes/n-${i}`, { i })),
      create('notes/shared', { by: 'commit' }),
    ];
    await expect(applyWrites(writes, 'backend', BACKEND_CTX)).rejects.toThrow('commit failed');
    // Its precondition (exists: false) was checked again against the state with the console write.
    expect(fake.getDocument('notes/shared')).toEqual({ by: 'console' });
    expect(store.list('notes').map(([id]) => id)).toEqual(['shared']);
  });

  it('runs concurrent commits one after the other: the second sees the first', async () => {
    const first = Array.from({ length: 80 }, (_, i) => create(`notes/a-${i}`, { i }));
    const second = Array.from({ length: 80 }, (_, i) => create(`notes/b-${i}`, { i }));
    first.push(create('notes/claimed', { by: 'first' }));
    second.push(create('notes/claimed', { by: 'second' }));
    const yields: number[] = [];
    const stop = onSliceYield(() => yields.push(store.list('notes').length));
    const outcomes = await Promise.allSettled([
      applyWrites(first, 'backend', BACKEND_CTX),
      applyWrites(second, 'backend', BACKEND_CTX),
    ]);
    stop();
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect(fake.getDocument('notes/claimed')).toEqual({ by: 'first' });
    expect(countWith('notes', 'b-')).toBe(0);
    expect(countWith('notes', 'a-')).toBe(80);
    // Both yielded; the second only once the first was applied (81 documents, never fewer).
    expect(yields.length).toBeGreaterThan(4);
    expect(yields.filter((n) => n !== 0 && n !== 81)).toEqual([]);
  });

  it('writes nothing when a write in its last slice is refused', async () => {
    const yields: string[] = [];
    const stop = onSliceYield((label) => yields.push(label));
    const writes = Array.from({ length: 300 }, (_, i) => create(`notes/n-${i}`, { i }));
    // The last write updates a document that does not exist: NOT_FOUND.
    writes.push({
      update: { name: DOC('notes/missing'), fields: encodeFields({ i: -1 }) },
      currentDocument: { exists: true },
    });
    await expect(applyWrites(writes, 'backend', BACKEND_CTX)).rejects.toThrow('commit failed');
    stop();
    expect(yields.length).toBeGreaterThan(5);
    expect(store.list('notes')).toEqual([]);
  });
});

const countWith = (collection: string, prefix: string) =>
  store.list(collection).filter(([id]) => id.startsWith(prefix)).length;

describe('the triggers in slices', () => {
  it('write exactly what the triggers in one go write, in the same order', async () => {
    const classrooms = store.list('classrooms').map(([id]) => id);
    const changes = store
      .list('students')
      .slice(0, 120)
      .map(([id, doc], i) => {
        const before = decodeFields(doc.fields);
        return {
          path: `students/${id}`,
          before,
          after: { ...before, classroomIds: [classrooms[i % classrooms.length]] },
        };
      });
    const now = '2026-11-27T09:00:00.000Z';
    const whole = commitChangeTriggers(changes, createContext(), now);
    const slice = new Slice('test');
    const sliced = await commitChangeTriggersInSlices(changes, createContext(), now, slice);
    expect(slice.yields).toBeGreaterThan(3);
    expect(sliced).toEqual(whole);
    expect(whole.length).toBeGreaterThan(120);
  });
});
