// What each state of the sync engine allows (decision 053), "Sync now" fetching what changed
// elsewhere, and messages fetched only for the conversations whose lastMessageAt moved.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBackend } from './memory-backend';
import { backoffDelay } from './pending-changes';
import { createStore } from './store';
import {
  CLOCK_SKEW_MARGIN_MS,
  createSyncEngine,
  WRITE_SYNC_DELAY_MS,
  type ScopeFor,
  type SyncStateChange,
} from './sync-engine';
import type { Connectivity } from './connectivity';
import type { Filter, SyncBackend } from './sync-backend';

const MINUTE = 60_000;
let counter = 0;
const disposers: (() => void)[] = [];

afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
  vi.useRealTimers();
});

function stubConnectivity() {
  let online = true;
  const listeners = new Set<(online: boolean) => void>();
  const connectivity: Connectivity = {
    isOnline: () => online,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    check: async () => online,
    start: () => {},
    stop: () => {},
  };
  return {
    connectivity,
    set(next: boolean) {
      online = next;
      for (const l of listeners) l(next);
    },
  };
}

/**
 * The memory backend with `in` filters and the one range filter a delta pull adds (`updatedAt >`, the value a Date,
 * the documents' updatedAt ISO text as the codec makes it), and a log of every query.
 */
function withUpdatedAtRanges(inner: SyncBackend) {
  const queries: { collection: string; filters: Filter[]; returned: number }[] = [];
  const backend: SyncBackend = {
    // Looked up at each call, so a test may replace the inner backend's methods.
    commitBatch: (operations) => inner.commitBatch(operations),
    getCollectionVersions: () => inner.getCollectionVersions(),
    async listDocuments(collection, schema, options) {
      const filters = options.filters ?? [];
      const ranges = filters.filter((f) => f.op === '>');
      // The memory backend applies only equalities: `in` (a scope's ids) is applied here.
      const ins = filters.filter((f) => f.op === 'in');
      const rest = filters.filter((f) => f.op !== '>' && f.op !== 'in');
      const documents = await inner.listDocuments(collection, schema, { filters: rest });
      const inScope = documents.filter((document) =>
        ins.every(
          (f) =>
            Array.isArray(f.value) &&
            f.value.includes((document as Record<string, unknown>)[f.field]),
        ),
      );
      const kept = inScope.filter((document) =>
        ranges.every((f) => {
          const value = (document as Record<string, unknown>)[f.field];
          return (
            f.value instanceof Date &&
            typeof value === 'string' &&
            Date.parse(value) > f.value.getTime()
          );
        }),
      );
      queries.push({ collection, filters, returned: kept.length });
      return kept;
    },
  };
  return { backend, queries };
}

async function setup(options: { scopeFor?: ScopeFor } = {}) {
  const clock = { t: Date.parse('2026-11-16T09:00:00.000Z') };
  const now = () => clock.t;
  const { store: cache, outbox } = createStore({
    dbName: `sync-states-${++counter}`,
    now,
    schemaFor: () => undefined,
  });
  await cache.init({ uid: 'u1' });
  const remote = createMemoryBackend();
  const ranged = withUpdatedAtRanges(remote.backend);
  const net = stubConnectivity();
  const engine = createSyncEngine({
    store: cache,
    outbox,
    backend: ranged.backend,
    connectivity: net.connectivity,
    now,
    scopeFor: options.scopeFor,
  });
  const changes: SyncStateChange[] = [];
  engine.subscribeState((change) => changes.push(change));
  disposers.push(() => {
    engine.stop();
    cache.dispose();
  });
  const iso = (t = clock.t) => new Date(t).toISOString();
  return { cache, outbox, remote, net, engine, clock, changes, queries: ranged.queries, iso };
}

/**
 * Waits in real time until `check` passes, without moving the fake clock (vi.waitFor advances fake
 * timers on every check, so on a loaded machine it could fire the very timer a test is watching).
 */
async function until(check: () => unknown, timeoutMs = 20_000): Promise<void> {
  const started = performance.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (performance.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

const fakeTimers = () =>
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });

describe('the states of the sync engine', () => {
  it('names each step of a run as a state change with its reason, and derives isSyncing from it', async () => {
    const { engine, changes, cache } = await setup();
    const syncing: boolean[] = [];
    engine.subscribeState(() => syncing.push(engine.getStatus().isSyncing));
    await cache.save('students', { firstName: 'A' });
    expect(engine.state).toBe('idle');
    await engine.sync();
    expect(changes).toEqual([
      { from: 'idle', to: 'sending', reason: 'sync' },
      { from: 'sending', to: 'refreshing', reason: 'replayed' },
      { from: 'refreshing', to: 'idle', reason: 'done' },
    ]);
    expect(syncing).toEqual([true, true, false]);
    expect(engine.getStatus()).toMatchObject({ state: 'idle', isSyncing: false });
  });

  it('stopped: sends and fetches nothing, and ignores triggers until started again', async () => {
    fakeTimers();
    const { engine, cache, remote, net, changes } = await setup();
    remote.documents('campuses').set('c1', { name: 'North' });
    engine.start();
    await until(() => expect(remote.state.versionReads).toBe(1));
    await until(() => expect(engine.state).toBe('idle'));
    engine.stop();
    expect(engine.state).toBe('stopped');
    expect(changes.at(-1)).toEqual({ from: 'idle', to: 'stopped', reason: 'stop' });
    const lists = remote.state.lists.length;

    await cache.save('students', { firstName: 'Queued' });
    net.set(false);
    net.set(true);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(await engine.sync()).toMatchObject({ skipped: 'stopped' });
    expect(await engine.syncNow()).toMatchObject({ skipped: 'stopped' });
    expect(await engine.refreshSlices()).toMatchObject({ skipped: 'stopped' });
    expect(await engine.refresh('campuses')).toBe(false);
    expect(remote.state.commits).toEqual([]);
    expect(remote.state.lists).toHaveLength(lists);
    expect(engine.state).toBe('stopped');

    engine.start();
    expect(engine.state).not.toBe('stopped');
    await until(() => expect(remote.state.commits).toHaveLength(1));
  });

  it('scheduled: a local write waits WRITE_SYNC_DELAY_MS, then one run sends the burst', async () => {
    fakeTimers();
    const { engine, cache, remote, changes } = await setup();
    engine.start();
    await until(() => expect(remote.state.versionReads).toBe(1));
    await until(() => expect(engine.state).toBe('idle'));
    changes.length = 0;
    await cache.save('students', { firstName: 'A' });
    await cache.save('students', { firstName: 'B' });
    await until(() => expect(engine.getStatus().pendingChanges).toBe(2));
    expect(engine.state).toBe('scheduled');
    expect(changes).toEqual([{ from: 'idle', to: 'scheduled', reason: 'write' }]);
    expect(remote.state.commits).toEqual([]);
    await vi.advanceTimersByTimeAsync(WRITE_SYNC_DELAY_MS);
    await until(() => expect(engine.state).toBe('idle'));
    expect(remote.state.commits.map((c) => c.length)).toEqual([2]);
    expect(changes.map((c) => c.to)).toEqual(['scheduled', 'sending', 'refreshing', 'idle']);
  });

  it('sending: triggers during a run schedule exactly one more run afterwards, not one each', async () => {
    fakeTimers();
    const { engine, cache, remote, changes, outbox } = await setup();
    engine.start();
    await until(() => expect(remote.state.versionReads).toBe(1));
    await until(() => expect(engine.state).toBe('idle'));
    // The first commit waits on the network until the test lets it through.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const commit = remote.backend.commitBatch;
    let commitsStarted = 0;
    remote.backend.commitBatch = async (operations) => {
      commitsStarted++;
      if (commitsStarted === 1) await gate;
      return commit(operations);
    };
    await cache.save('students', { firstName: 'A' });
    await until(() => expect(engine.state).toBe('scheduled'));
    await vi.advanceTimersByTimeAsync(WRITE_SYNC_DELAY_MS);
    await until(() => expect(commitsStarted).toBe(1));
    expect(engine.state).toBe('sending');

    // Two more writes, each one's delay running out while the first commit is on the network.
    changes.length = 0;
    for (const name of ['B', 'C']) {
      await cache.save('students', { firstName: name });
      await until(async () => expect(engine.getStatus().pendingChanges).toBe(name === 'B' ? 2 : 3));
      await vi.advanceTimersByTimeAsync(WRITE_SYNC_DELAY_MS);
    }
    // An explicit sync meanwhile is skipped, as spec §4 says.
    expect(await engine.sync()).toMatchObject({ skipped: 'running' });
    expect(engine.state).toBe('sending');

    release();
    await until(async () => expect(await outbox.pendingChanges()).toEqual([]));
    await until(() => expect(engine.state).toBe('idle'));
    expect(remote.state.commits.map((c) => c.length)).toEqual([1, 2]);
    expect(changes.filter((c) => c.to === 'sending')).toEqual([
      { from: 'scheduled', to: 'sending', reason: 'rerun' },
    ]);
  });

  it('backing-off: a change that failed transiently is sent at its due time, not before', async () => {
    fakeTimers();
    const { engine, cache, remote, clock, outbox } = await setup();
    engine.start();
    await until(() => expect(remote.state.versionReads).toBe(1));
    await until(() => expect(engine.state).toBe('idle'));
    remote.state.failNext.push({ code: 'unavailable', permanent: false });
    await cache.save('students', { firstName: 'A' });
    await until(() => expect(engine.state).toBe('scheduled'));
    await vi.advanceTimersByTimeAsync(WRITE_SYNC_DELAY_MS);
    await until(() => expect(engine.state).toBe('backing-off'));
    expect(remote.state.commits).toHaveLength(1);

    // Before the due time, a run (the person pressed Sync) does not send the waiting change.
    clock.t += backoffDelay(1) - 1000;
    await vi.advanceTimersByTimeAsync(backoffDelay(1) - 1000);
    expect(engine.state).toBe('backing-off');
    await engine.sync();
    expect(remote.state.commits).toHaveLength(1);
    expect(engine.state).toBe('backing-off');

    // At the due time the retry timer runs the sync, which sends it.
    clock.t += 1000;
    await vi.advanceTimersByTimeAsync(1000 + 10);
    await until(async () => expect(await outbox.pendingChanges()).toEqual([]));
    await until(() => expect(engine.state).toBe('idle'));
    expect(remote.state.commits).toHaveLength(2);
  });

  it('going offline moves to idle without sending; the return of the network sends', async () => {
    fakeTimers();
    const { engine, cache, remote, net, changes } = await setup();
    engine.start();
    await until(() => expect(remote.state.versionReads).toBe(1));
    await until(() => expect(engine.state).toBe('idle'));
    await cache.save('students', { firstName: 'A' });
    await until(() => expect(engine.state).toBe('scheduled'));
    net.set(false);
    expect(engine.state).toBe('idle');
    expect(changes.at(-1)).toEqual({ from: 'scheduled', to: 'idle', reason: 'offline' });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(remote.state.commits).toEqual([]);
    expect(engine.getStatus().pendingChanges).toBe(1);

    net.set(true);
    await until(() => expect(remote.state.commits).toHaveLength(1));
    await until(() => expect(engine.state).toBe('idle'));
  });
});

describe('a run that cannot start', () => {
  it('leaves scheduled for idle when the cache was closed before the write delay ran out', async () => {
    fakeTimers();
    const { engine, cache, remote } = await setup();
    engine.start();
    await until(() => expect(remote.state.versionReads).toBe(1));
    await until(() => expect(engine.state).toBe('idle'));
    await cache.save('students', { firstName: 'A' });
    await until(() => expect(engine.state).toBe('scheduled'));
    // Signed out elsewhere in the tab: the cache is cleared and closed under the engine.
    await cache.clear();
    await vi.advanceTimersByTimeAsync(WRITE_SYNC_DELAY_MS);
    await until(() => expect(engine.state).toBe('idle'));
    expect(remote.state.commits).toEqual([]);
  });
});

describe('Sync now (decision 053)', () => {
  it('fetches a change made elsewhere that the due-ness refresh leaves for later', async () => {
    const { engine, cache, remote, clock, queries, iso } = await setup();
    remote.documents('students').set('s1', { firstName: 'Ishaan', updatedAt: iso() });
    remote.documents('students').set('s2', { firstName: 'Daniel', updatedAt: iso() });
    await engine.sync();
    clock.t += 5 * MINUTE;
    remote.documents('students').set('s1', { firstName: 'Ishaan (excused)', updatedAt: iso() });

    // Students are not due for 6 hours: a plain sync leaves the stale copy.
    await engine.sync();
    expect((await cache.get('students', 's1'))?.firstName).toBe('Ishaan');

    queries.length = 0;
    const report = await engine.syncNow();
    expect(report.upToDate).toBe(true);
    expect(report.refreshed).toContainEqual({
      collection: 'students',
      reason: 'pull',
      resync: false,
    });
    expect((await cache.get('students', 's1'))?.firstName).toBe('Ishaan (excused)');
    expect((await cache.get('students', 's2'))?.firstName).toBe('Daniel');
    // Only what changed came back, through an `updatedAt >` query.
    const students = queries.filter((q) => q.collection === 'students');
    expect(students).toHaveLength(1);
    expect(students[0]?.returned).toBe(1);
    expect(students[0]?.filters).toEqual([
      { field: 'updatedAt', op: '>', value: expect.any(Date) },
    ]);

    // The high-water mark survives in the metadata: the next pull asks from the newest update on.
    const upTo = (await cache.getMetadata('students'))?.fetchedUpTo ?? 0;
    expect(upTo).toBeGreaterThanOrEqual(clock.t - CLOCK_SKEW_MARGIN_MS);
    queries.length = 0;
    await engine.syncNow();
    expect(queries.find((q) => q.collection === 'students')?.returned).toBe(0);
  });

  it('with nothing changed asks one empty query per scope query of each readable collection', async () => {
    const scopeFor: ScopeFor = (collection) => {
      if (collection === 'members') return null;
      if (collection === 'students') {
        return {
          anyOf: [
            [{ field: 'familyId', op: '==', value: 'f1' }],
            [{ field: 'familyId', op: '==', value: 'f2' }],
          ],
        };
      }
      return undefined;
    };
    const { engine, remote, clock, queries, iso } = await setup({ scopeFor });
    remote.documents('students').set('s1', { firstName: 'A', familyId: 'f1', updatedAt: iso() });
    remote.documents('conversations').set('c1', { participantIds: ['a'], lastMessageAt: iso() });
    remote.documents('conversations/c1/messages').set('m1', { body: 'Hi', updatedAt: iso() });
    await engine.sync();
    clock.t += 10 * MINUTE;

    queries.length = 0;
    const report = await engine.syncNow();
    expect(report.upToDate).toBe(true);
    expect(queries.every((q) => q.returned === 0)).toBe(true);
    const asked = queries.map((q) => q.collection);
    // Never a collection the person may not read, and no message query: no conversation moved.
    expect(asked).not.toContain('Members');
    expect(asked.some((c) => c.includes('/messages'))).toBe(false);
    expect(asked.filter((c) => c === 'students')).toHaveLength(2);
    expect(queries.every((q) => q.filters.some((f) => f.field === 'updatedAt'))).toBe(true);
    // Spec §9's seven and the nine extra cached collections, less Members and messages, plus one
    // more students query: the "≤ 20 reads" budget of issue 29 with the version document.
    expect(queries.length).toBe(15);
  });

  it('is not "up to date" while a change could not be sent, or a fetch failed', async () => {
    const { engine, cache, remote, clock } = await setup();
    await engine.sync();
    await cache.save('students', { firstName: 'A' });
    remote.state.failNext.push({ code: 'unavailable', permanent: false });
    expect((await engine.syncNow()).upToDate).toBe(false);
    expect(engine.getStatus().pendingChanges).toBe(1);

    // The change goes through at its due time, but one collection's fetch fails.
    clock.t += backoffDelay(1);
    const list = remote.backend.listDocuments;
    remote.backend.listDocuments = async (...args) => {
      if (args[0] === 'events') {
        throw Object.assign(new Error('Failed to get data'), {
          code: 'unavailable',
          permanent: false,
        });
      }
      return list(...args);
    };
    let report = await engine.syncNow();
    expect(engine.getStatus().pendingChanges).toBe(0);
    expect(report.upToDate).toBe(false);
    expect(engine.getStatus().syncError).toBe('Failed to get data');

    remote.backend.listDocuments = list;
    report = await engine.syncNow();
    expect(report.upToDate).toBe(true);
    expect(engine.getStatus().syncError).toBeNull();
  });

  it('waits for a run already going, then runs with the pull', async () => {
    const { engine, remote, clock, cache, iso } = await setup();
    remote.documents('campuses').set('c1', { name: 'North', updatedAt: iso() });
    await engine.sync();
    clock.t += MINUTE;
    remote.documents('campuses').set('c1', { name: 'North Campus', updatedAt: iso() });
    remote.state.latencyMs = 5;
    const first = engine.sync();
    const now = engine.syncNow();
    expect((await first).upToDate).toBeUndefined();
    expect((await now).upToDate).toBe(true);
    expect((await cache.get('campuses', 'c1'))?.name).toBe('North Campus');
  });
});

describe('messages refreshed only where lastMessageAt moved (decision 053)', () => {
  const msg = (body: string, at: string) => ({ senderId: 'a', body, sentAt: at, readBy: ['a'] });

  it('asks only the conversations whose lastMessageAt moved, and new ones', async () => {
    const { engine, cache, remote, clock, queries, iso } = await setup();
    const conversations = remote.documents('conversations');
    for (const id of ['c1', 'c2', 'c3']) {
      conversations.set(id, { participantIds: ['a', 'b'], lastMessageAt: iso() });
      remote.documents(`conversations/${id}/messages`).set('m1', msg(`${id} first`, iso()));
    }
    await engine.sync();
    const messageQueries = () => queries.filter((q) => q.collection.endsWith('/messages'));
    expect(
      messageQueries()
        .map((q) => q.collection)
        .sort(),
    ).toEqual([
      'conversations/c1/messages',
      'conversations/c2/messages',
      'conversations/c3/messages',
    ]);

    // A reply in c2 (the backend moves its lastMessageAt) and a new conversation c4.
    clock.t += 16 * MINUTE;
    // Every write carries the backend's updatedAt (a due refresh of conversations asks for those).
    remote.documents('conversations/c2/messages').set('m2', msg('c2 reply', iso()));
    conversations.set('c2', { participantIds: ['a', 'b'], lastMessageAt: iso(), updatedAt: iso() });
    conversations.set('c4', { participantIds: ['a', 'b'], lastMessageAt: iso(), updatedAt: iso() });
    remote.documents('conversations/c4/messages').set('m1', msg('c4 first', iso()));
    queries.length = 0;
    const report = await engine.sync();
    expect(report.refreshed).toContainEqual({
      collection: 'messages',
      reason: 'due',
      resync: false,
    });
    expect(
      messageQueries()
        .map((q) => q.collection)
        .sort(),
    ).toEqual(['conversations/c2/messages', 'conversations/c4/messages']);
    const ids = (await cache.list('messages', { limit: Infinity })).map((m) => m.id).sort();
    expect(ids).toEqual(['c1/m1', 'c2/m1', 'c2/m2', 'c3/m1', 'c4/m1']);

    // Nothing moved: the due refresh asks no conversation at all, and stays fresh for 15 minutes.
    clock.t += 16 * MINUTE;
    queries.length = 0;
    await engine.sync();
    expect(messageQueries()).toEqual([]);
    expect((await engine.isDue('messages')).refresh).toBe(false);

    // A conversation the person no longer has takes its messages with it, once the conversations
    // are fetched whole again (their cache duration: a due refresh asks only for changes).
    conversations.delete('c3');
    clock.t += 7 * 24 * 60 * MINUTE;
    await engine.sync();
    const left = (await cache.list('messages', { limit: Infinity })).map((m) => m.id).sort();
    expect(left).toEqual(['c1/m1', 'c2/m1', 'c2/m2', 'c4/m1']);
  });

  it('keeps the markers across a reload (collection metadata), and a damaged cache asks all', async () => {
    const { engine, cache, remote, clock, queries, iso } = await setup();
    remote.documents('conversations').set('c1', { participantIds: ['a'], lastMessageAt: iso() });
    remote.documents('conversations/c1/messages').set('m1', msg('Hi', iso()));
    await engine.sync();
    expect((await cache.getMetadata('messages'))?.fetchedParents).toEqual({ c1: `${iso()}|` });

    // A discarded change marks the collection for a refetch: every conversation is asked again.
    await cache.updateMetadata('messages', { needsRefetch: true });
    clock.t += MINUTE;
    queries.length = 0;
    await engine.sync();
    expect(queries.map((q) => q.collection)).toContain('conversations/c1/messages');
  });
});

describe('roll calls refreshed by their changes when due (issue 29: the cost of a school day)', () => {
  it('asks only what changed under the same scope, and fetches whole on a new scope or after a day', async () => {
    let classrooms = ['k1'];
    const scopeFor: ScopeFor = (collection) =>
      collection === 'attendance'
        ? { filters: [{ field: 'classroomId', op: 'in', value: [...classrooms] }] }
        : undefined;
    const { engine, cache, remote, clock, queries, iso } = await setup({ scopeFor });
    const rollCalls = remote.documents('attendance');
    const past = '2026-11-10';
    rollCalls.set('k1-past', { classroomId: 'k1', date: past, updatedAt: iso() });
    rollCalls.set('k2-past', { classroomId: 'k2', date: past, updatedAt: iso() });
    await engine.sync();
    const ids = async () =>
      (await cache.list('attendance', { limit: Infinity })).map((r) => r.id).sort();
    expect(await ids()).toEqual(['k1-past']);
    // The whole fetch: no `updatedAt >` filter; today's slice is the `date ==` one.
    const whole = (q: { filters: Filter[] }) =>
      !q.filters.some((f) => f.op === '>' || (f.field === 'date' && f.op === '=='));
    const attendanceQueries = () => queries.filter((q) => q.collection === 'attendance');
    expect(attendanceQueries().filter(whole)).toHaveLength(1);

    // 31 minutes on, nothing changed: one query for changes, which finds none.
    clock.t += 31 * MINUTE;
    queries.length = 0;
    await engine.sync();
    expect(attendanceQueries().filter(whole)).toEqual([]);
    expect(attendanceQueries().filter((q) => q.filters.some((f) => f.op === '>'))).toEqual([
      expect.objectContaining({ returned: 0 }),
    ]);

    // A roll call changed elsewhere arrives by its change.
    clock.t += MINUTE;
    rollCalls.set('k1-past', { classroomId: 'k1', date: past, note: 'late', updatedAt: iso() });
    clock.t += 30 * MINUTE;
    queries.length = 0;
    await engine.sync();
    expect(attendanceQueries().filter(whole)).toEqual([]);
    expect((await cache.get('attendance', 'k1-past'))?.note).toBe('late');

    // A child moves to k2: its past roll calls enter the scope without a write, so the due refresh
    // fetches the collection whole under the new scope.
    classrooms = ['k1', 'k2'];
    clock.t += 31 * MINUTE;
    queries.length = 0;
    await engine.sync();
    expect(attendanceQueries().filter(whole)).toHaveLength(1);
    expect(await ids()).toEqual(['k1-past', 'k2-past']);

    // A roll call deleted at the backend (the app never does) leaves with the next day's whole fetch.
    rollCalls.delete('k2-past');
    clock.t += 31 * MINUTE;
    await engine.sync();
    expect(await ids()).toEqual(['k1-past', 'k2-past']);
    clock.t += 24 * 60 * MINUTE;
    queries.length = 0;
    await engine.sync();
    expect(attendanceQueries().filter(whole)).toHaveLength(1);
    expect(await ids()).toEqual(['k1-past']);
  });
});
