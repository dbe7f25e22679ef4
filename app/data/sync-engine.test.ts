import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cachedCollections,
  getCollectionDefinition,
  isoDay,
  TODAYS_ROLL_CALLS_REFRESH_MS,
} from './collections';
import { chunkOf, openDatabase } from './db';
import { createMemoryBackend } from './memory-backend';
import { backoffDelay } from './pending-changes';
import { createStore, type Store } from './store';
import {
  createSyncEngine,
  refreshDecision,
  WRITE_SYNC_DELAY_MS,
  type SyncReport,
} from './sync-engine';
import type { Connectivity } from './connectivity';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let counter = 0;
const disposers: (() => void)[] = [];

afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
  vi.useRealTimers();
});

function stubConnectivity(initial = true) {
  let online = initial;
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

async function setup(options: { dbName?: string; clock?: { t: number } } = {}) {
  const clock = options.clock ?? { t: 1_700_000_000_000 };
  const now = () => clock.t;
  // These tests are about the engine, not record shapes: no record schemas.
  const { store: cache, outbox } = createStore({
    dbName: options.dbName ?? `sync-test-${++counter}`,
    now,
    schemaFor: () => undefined,
  });
  await cache.init({ uid: 'u1' });
  const remote = createMemoryBackend();
  const net = stubConnectivity();
  const engine = createSyncEngine({
    store: cache,
    outbox,
    backend: remote.backend,
    connectivity: net.connectivity,
    now,
  });
  disposers.push(() => {
    engine.stop();
    cache.dispose();
  });
  return { cache, outbox, remote, net, engine, clock };
}

async function createStudents(cache: Store, n: number) {
  for (let start = 0; start < n; start += 500) {
    const ops = Array.from({ length: Math.min(500, n - start) }, (_, i) => ({
      type: 'save' as const,
      collection: 'students',
      item: { firstName: `S${start + i}`, lastName: 'L', order: start + i },
    }));
    await cache.batch(ops);
  }
}

describe('replaying pending changes', () => {
  it('sends 1,000 changes in exactly two commits of 500, in timestamp order', async () => {
    const { cache, remote, engine, outbox } = await setup();
    await createStudents(cache, 1000);
    const report = await engine.sync();
    expect(remote.state.commits).toHaveLength(2);
    expect(remote.state.commits.map((c) => c.length)).toEqual([500, 500]);
    const order = remote.state.commits.flat().map((op) => (op.type === 'set' ? op.data.order : -1));
    expect(order).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(report.replay).toMatchObject({ committed: 1000, commits: 2 });
    expect(remote.documents('students').size).toBe(1000);
    expect(await outbox.pendingChanges()).toEqual([]);
    expect(engine.getStatus()).toMatchObject({
      pendingChanges: 0,
      isSyncing: false,
      syncError: null,
    });
  });

  it('keeps a change after a transient failure, counts the retry and waits out an exponential backoff', async () => {
    const { cache, remote, engine, clock, outbox } = await setup();
    await cache.save('students', { firstName: 'A' });
    remote.state.failNext.push({ code: 'unavailable', permanent: false });
    await engine.sync();
    let [change] = await outbox.pendingChanges();
    expect(change).toMatchObject({ retryCount: 1, nextAttemptAt: clock.t + backoffDelay(1) });
    expect(engine.getStatus().syncError).toBe('Failed to save item');

    // Before the backoff has passed, nothing is sent.
    clock.t += backoffDelay(1) - 1;
    remote.state.failNext.push({ code: 'unavailable', permanent: false });
    await engine.sync();
    expect(remote.state.commits).toHaveLength(1);

    clock.t += 1;
    await engine.sync();
    [change] = await outbox.pendingChanges();
    expect(change).toMatchObject({ retryCount: 2 });
    expect(change?.nextAttemptAt).toBe(clock.t + backoffDelay(2));
    expect(backoffDelay(2)).toBe(2 * backoffDelay(1));

    clock.t += backoffDelay(2);
    await engine.sync();
    expect(await outbox.pendingChanges()).toEqual([]);
    expect(remote.documents('students').size).toBe(1);
    expect(engine.getStatus().syncError).toBeNull();
  });

  it('marks a permanently refused change with its error without blocking the changes behind it', async () => {
    const { cache, remote, engine, outbox } = await setup();
    await createStudents(cache, 10);
    const pending = await outbox.pendingChanges();
    const bad = pending[3]?.itemId ?? '';
    remote.state.refusedIds.add(bad);
    const report = await engine.sync();
    expect(report.replay?.failedPermanently).toBe(1);
    expect(remote.documents('students').size).toBe(9);
    const left = await outbox.pendingChanges();
    expect(left).toEqual([
      expect.objectContaining({ itemId: bad, error: 'Failed to save item (permission-denied)' }),
    ]);
    expect(engine.getStatus().failedChanges).toHaveLength(1);

    // The person may retry it (after the cause is fixed) …
    remote.state.refusedIds.clear();
    await engine.retryChange(left[0]?.id ?? '');
    await vi.waitFor(async () => expect(await outbox.pendingChanges()).toEqual([]));
    expect(remote.documents('students').size).toBe(10);
  });

  it('lets the person discard a permanently failed create, removing it from the cache', async () => {
    const { cache, remote, engine, outbox } = await setup();
    const saved = await cache.save('students', { firstName: 'Refused' });
    remote.state.refusedIds.add(saved?.id ?? '');
    await engine.sync();
    const [failed] = await outbox.pendingChanges();
    expect(await engine.discardChange(failed?.id ?? '')).toBe(true);
    expect(await outbox.pendingChanges()).toEqual([]);
    expect(await cache.get('students', saved?.id ?? '')).toBeNull();
  });

  it('creates exactly one record when the acknowledgement of an applied commit is lost', async () => {
    const { cache, remote, engine, clock, outbox } = await setup();
    const saved = await cache.save('students', { firstName: 'Once' });
    remote.state.loseNextAcks = 1;
    await engine.sync();
    expect(remote.documents('students').size).toBe(1);
    expect(await outbox.pendingChanges()).toHaveLength(1);
    clock.t += backoffDelay(1);
    await engine.sync();
    expect(await outbox.pendingChanges()).toEqual([]);
    expect([...remote.documents('students').keys()]).toEqual([saved?.id]);
    // The id the page's URL holds is still the backend's id.
    expect(saved?.id).toMatch(/^temp_/);
  });

  it('stops at the device going offline in the middle of a replay and finishes when it returns', async () => {
    const { cache, remote, engine, net, clock, outbox } = await setup();
    await createStudents(cache, 1000);
    const commit = remote.backend.commitBatch;
    remote.backend.commitBatch = async (ops) => {
      await commit(ops);
      net.set(false); // the network drops right after the first batch is accepted
    };
    const report = await engine.sync();
    expect(report.replay).toMatchObject({ committed: 500, skipped: 'offline' });
    expect(await outbox.pendingChanges()).toHaveLength(500);
    expect(await engine.sync()).toMatchObject({ skipped: 'offline' });

    remote.backend.commitBatch = commit;
    clock.t += 1;
    net.connectivity.isOnline = () => true;
    await engine.sync();
    expect(await outbox.pendingChanges()).toEqual([]);
    expect(remote.documents('students').size).toBe(1000);
    expect(remote.state.commits).toHaveLength(2);
  });

  it('lets only one of two tabs replay at a time, so a change is never sent twice', async () => {
    const first = await setup();
    const second = await setup({ dbName: first.cache.dbName, clock: first.clock });
    // Both tabs talk to the same backend.
    const shared = first.remote;
    shared.state.latencyMs = 20;
    const secondEngine = createSyncEngine({
      store: second.cache,
      outbox: second.outbox,
      backend: shared.backend,
      connectivity: second.net.connectivity,
      now: () => first.clock.t,
    });
    await createStudents(first.cache, 20);
    const [a, b] = await Promise.all([first.engine.sync(), secondEngine.sync()]);
    const skipped = [a.replay?.skipped, b.replay?.skipped];
    expect(skipped).toContain('not-leader');
    expect(skipped.filter((s) => s === 'not-leader')).toHaveLength(1);
    expect(shared.state.commits).toHaveLength(1);
    expect(shared.documents('students').size).toBe(20);
  });

  it('skips a run while one is already running or the device is offline', async () => {
    const { cache, engine, net, remote } = await setup();
    await cache.save('students', { firstName: 'A' });
    remote.state.latencyMs = 10;
    const firstRun = engine.sync();
    expect(await engine.sync()).toMatchObject({ skipped: 'running' });
    await firstRun;
    net.set(false);
    expect(await engine.sync()).toMatchObject({ skipped: 'offline' });
  });
});

describe('replaying defaults (ifMissing)', () => {
  it('sends defaults next to the data, and the backend writes them only where nothing is there', async () => {
    const { cache, remote, engine, net } = await setup();
    const entry = (status: string, by: string) => ({ status, at: '2023-11-14T08:00:00Z', by });
    const id = 'c1_2023-11-14';
    const base = { id, classroomId: 'c1', date: '2023-11-14' };
    net.set(false);
    // This device, offline on a brand-new roll call: s1 absent, the rest present by default.
    await cache.save(
      'attendance',
      { ...base, 'entries.s1': entry('absent', 'me') },
      { ifMissing: { 'entries.s2': entry('present', 'me'), 'entries.s3': entry('present', 'me') } },
    );
    // Meanwhile another device's save reached the backend: s2 late.
    remote.documents('attendance').set(id, {
      classroomId: 'c1',
      date: '2023-11-14',
      entries: { s2: entry('late', 'other') },
    });
    net.set(true);
    expect((await engine.sync()).replay).toMatchObject({ committed: 1 });
    expect(remote.state.commits.at(-1)).toEqual([
      expect.objectContaining({
        type: 'set',
        mergeFields: ['classroomId', 'date', 'entries.s1'],
        ifMissing: { 'entries.s2': entry('present', 'me'), 'entries.s3': entry('present', 'me') },
      }),
    ]);
    expect(remote.documents('attendance').get(id)?.entries).toEqual({
      s1: entry('absent', 'me'),
      s2: entry('late', 'other'),
      s3: entry('present', 'me'),
    });
  });
});

describe('a subcollection cached under one name (messages, decision 045)', () => {
  const msg = (senderId: string, body: string, readBy: string[] = [senderId]) => ({
    senderId,
    body,
    sentAt: '2023-11-14T08:00:00Z',
    readBy,
  });

  it("fetches every cached conversation's messages, with ids `${conversationId}/${messageId}`", async () => {
    const { cache, remote, engine } = await setup();
    remote.documents('conversations').set('c1', { subject: 'One', participantIds: ['a', 'b'] });
    remote.documents('conversations').set('c2', { subject: 'Two', participantIds: ['a', 'c'] });
    remote.documents('conversations/c1/messages').set('m1', msg('a', 'Hello'));
    remote.documents('conversations/c2/messages').set('m1', msg('c', 'Hi there'));
    await engine.sync();
    const messages = await cache.list('messages', { limit: Infinity, sort: { field: 'body' } });
    expect(messages.map((m) => [m.id, m.conversationId, m.body])).toEqual([
      ['c1/m1', 'c1', 'Hello'],
      ['c2/m1', 'c2', 'Hi there'],
    ]);
  });

  it('sends a new message to its conversation once, and readBy as a union that keeps concurrent readers', async () => {
    const { cache, remote, engine, net } = await setup();
    remote
      .documents('conversations')
      .set('c1', { subject: 'One', participantIds: ['a', 'b', 'c'] });
    await engine.sync();
    net.set(false);
    await cache.save('messages', { id: 'c1/m9', conversationId: 'c1', ...msg('a', 'Offline') });
    net.set(true);
    await engine.sync();
    expect(remote.documents('conversations/c1/messages').get('m9')).toMatchObject({
      body: 'Offline',
      readBy: ['a'],
    });
    expect([...remote.documents('messages').keys()]).toEqual([]);

    // Two readers at once: b on this device, c elsewhere; neither may drop the other.
    await cache.save('messages', {
      id: 'c1/m9',
      readBy: ['a', 'b'],
      'readAt.b': '2023-11-14T09:00:00Z',
    });
    remote.documents('conversations/c1/messages').set('m9', {
      ...msg('a', 'Offline', ['a', 'c']),
      readAt: { c: '2023-11-14T08:30:00Z' },
    });
    await engine.sync();
    expect(remote.state.commits.at(-1)).toEqual([
      expect.objectContaining({
        type: 'update',
        collection: 'conversations/c1/messages',
        id: 'm9',
        arrayUnion: ['readBy'],
      }),
    ]);
    expect(remote.documents('conversations/c1/messages').get('m9')).toMatchObject({
      readBy: ['a', 'c', 'b'],
      readAt: { b: '2023-11-14T09:00:00Z', c: '2023-11-14T08:30:00Z' },
    });
  });

  it("keeps a conversation's messages that are not sent yet, and skips fetching a conversation not sent yet", async () => {
    const { cache, remote, engine, net, outbox } = await setup();
    await engine.sync();
    net.set(false);
    await cache.batch([
      {
        type: 'save',
        collection: 'conversations',
        item: { id: 'c-new', subject: 'New', participantIds: ['a', 'b'] },
      },
      {
        type: 'save',
        collection: 'messages',
        item: { id: 'c-new/m1', conversationId: 'c-new', ...msg('a', 'First') },
      },
    ]);
    net.set(true);
    // A refresh on its own does not replay: the new conversation is still only on this device.
    expect(await engine.refresh('messages')).toBe(true);
    expect((await cache.get('messages', 'c-new/m1'))?.body).toBe('First');
    expect(remote.state.lists).not.toContain('conversations/c-new/messages');
    expect(await outbox.pendingChanges()).toHaveLength(2);
  });

  it('fetches the conversations first when the messages are asked for before them (a first page load)', async () => {
    const { cache, remote, engine } = await setup();
    remote.documents('conversations').set('c1', { subject: 'One', participantIds: ['a', 'b'] });
    remote.documents('conversations/c1/messages').set('m1', msg('a', 'Hello'));
    expect(await engine.refresh('messages')).toBe(true);
    expect((await cache.list('messages')).map((m) => m.id)).toEqual(['c1/m1']);
    expect((await cache.list('conversations')).map((c) => c.id)).toEqual(['c1']);
  });

  it("refreshes one conversation's messages on their own (an open thread)", async () => {
    const { cache, remote, engine } = await setup();
    remote.documents('conversations').set('c1', { subject: 'One', participantIds: ['a', 'b'] });
    remote.documents('conversations').set('c2', { subject: 'Two', participantIds: ['a', 'c'] });
    remote.documents('conversations/c1/messages').set('m1', msg('a', 'Hello'));
    await engine.sync();
    remote.documents('conversations/c1/messages').set('m1', msg('a', 'Hello', ['a', 'b']));
    remote.documents('conversations/c1/messages').set('m2', msg('b', 'Reply'));
    remote.documents('conversations/c2/messages').set('m1', msg('c', 'Not fetched yet'));
    expect(await engine.refreshChildren('messages', 'c1')).toBe(true);
    const ids = (await cache.list('messages', { limit: Infinity })).map((m) => m.id).sort();
    expect(ids).toEqual(['c1/m1', 'c1/m2']);
    expect((await cache.get('messages', 'c1/m1'))?.readBy).toEqual(['a', 'b']);
  });
});

describe('refreshing collections', () => {
  it('merges still-pending local changes over a full refresh', async () => {
    const { cache, remote, engine, outbox } = await setup();
    remote.documents('students').set('s1', { firstName: 'Remote', lastName: 'One' });
    remote.documents('students').set('s2', { firstName: 'Remote', lastName: 'Two' });
    await engine.sync();
    expect(await cache.count('students')).toBe(2);

    // Offline edits: an update, a delete and a create, then a refresh before they are sent.
    await cache.save('students', { id: 's1', firstName: 'Local' });
    await cache.delete('students', 's2');
    const created = await cache.save('students', { firstName: 'New' });
    remote.state.offline = true; // commits fail, but we force a refresh with reads allowed below
    await engine.sync();
    remote.state.offline = false;
    remote.backend.commitBatch = async () => {
      throw Object.assign(new Error('Failed to save item'), {
        code: 'unavailable',
        permanent: false,
      });
    };
    remote.documents('students').set('s3', { firstName: 'Remote', lastName: 'Three' });
    expect(await engine.refresh('students')).toBe(true);

    const items = await cache.list('students', { limit: Infinity, sort: { field: 'firstName' } });
    expect(items.map((i) => [i.id, i.firstName])).toEqual([
      ['s1', 'Local'],
      [created?.id, 'New'],
      ['s3', 'Remote'],
    ]);
    expect(await outbox.pendingChanges()).toHaveLength(3);
  });

  it('abandons a run in flight when stopped (sign-out): nothing it fetches is written afterwards', async () => {
    const { cache, remote, engine } = await setup();
    remote.documents('students').set('s1', { firstName: 'Remote', lastName: 'One' });
    remote.state.latencyMs = 50;
    const run = engine.sync();
    // Stopped while the first reads are on the network, as a sign-out does.
    await new Promise((resolve) => setTimeout(resolve, 20));
    engine.stop();
    const report = await run;
    expect(report.refreshed).toEqual([]);
    expect(await cache.count('students')).toBe(0);
    expect(await cache.getMetadata('students')).toBeNull();
  });

  it('refreshes on a minor version bump and fully resyncs on a major one', async () => {
    const { cache, remote, engine, clock } = await setup();
    // Today's roll calls are fetched every 2 minutes on their own; this test is about versions.
    const fullRefreshes = (r: SyncReport) => r.refreshed.filter((x) => x.reason !== 'slice');
    remote.state.versions = { students: { version: '1.0.0' } };
    remote.documents('students').set('s1', { firstName: 'A' });
    let report = await engine.sync();
    expect(report.refreshed).toContainEqual({
      collection: 'students',
      reason: 'never-synced',
      resync: false,
    });

    // Within the 60 s version cache, a bump is not seen yet.
    remote.state.versions = { students: { version: '1.1.0' } };
    clock.t += 30_000;
    report = await engine.sync();
    expect(fullRefreshes(report)).toEqual([]);
    expect(remote.state.versionReads).toBe(1);

    clock.t += 30_000;
    report = await engine.sync();
    expect(fullRefreshes(report)).toEqual([
      { collection: 'students', reason: 'version-changed', resync: false },
    ]);
    expect((await cache.getMetadata('students'))?.version).toBe('1.1.0');

    remote.state.versions = { students: { version: '2.0.0' } };
    clock.t += 60_000;
    report = await engine.sync();
    expect(fullRefreshes(report)).toEqual([
      { collection: 'students', reason: 'major-version', resync: true },
    ]);
    expect((await cache.getMetadata('students'))?.version).toBe('2.0.0');

    // An unchanged version means the collection is up to date.
    clock.t += 60_000;
    report = await engine.sync();
    expect(fullRefreshes(report)).toEqual([]);
  });

  it("fetches today's roll calls every 2 minutes on their own, over the cached copies and under pending marks", async () => {
    const { cache, remote, engine, clock, net } = await setup();
    const today = isoDay(clock.t);
    const yesterday = isoDay(clock.t - DAY);
    const entry = (status: string) => ({ status, at: '2023-11-14T08:00:00.000Z', by: 'f' });
    const rollCalls = remote.documents('attendance');
    rollCalls.set(`c1_${today}`, {
      classroomId: 'c1',
      date: today,
      entries: { s1: entry('present') },
    });
    rollCalls.set(`c1_${yesterday}`, { classroomId: 'c1', date: yesterday, entries: {} });
    await engine.sync();

    // Someone else marks s2 today and changes yesterday's roll call.
    rollCalls.set(`c1_${today}`, {
      classroomId: 'c1',
      date: today,
      entries: { s1: entry('present'), s2: entry('late') },
    });
    rollCalls.set(`c1_${yesterday}`, {
      classroomId: 'c1',
      date: yesterday,
      entries: { s9: entry('absent') },
    });
    clock.t += 60_000;
    expect((await engine.refreshSlices()).refreshed).toEqual([]);
    clock.t += TODAYS_ROLL_CALLS_REFRESH_MS - 60_000;
    remote.state.lists = [];
    expect((await engine.refreshSlices()).refreshed).toEqual([
      { collection: 'attendance', reason: 'slice', resync: false },
    ]);
    // One query, nothing else, and yesterday's roll call waits for the full refresh.
    expect(remote.state.lists).toEqual(['attendance']);
    expect((await cache.get('attendance', `c1_${today}`))?.entries).toEqual({
      s1: entry('present'),
      s2: entry('late'),
    });
    expect((await cache.get('attendance', `c1_${yesterday}`))?.entries).toEqual({});

    // A mark taken offline stays on top of the next slice.
    net.set(false);
    await cache.save('attendance', { id: `c1_${today}`, 'entries.s3': entry('excused') });
    net.set(true);
    rollCalls.set(`c1_${today}`, {
      classroomId: 'c1',
      date: today,
      entries: { s1: entry('present'), s2: entry('late'), s4: entry('absent') },
    });
    clock.t += TODAYS_ROLL_CALLS_REFRESH_MS;
    await engine.refreshSlices();
    expect((await cache.get('attendance', `c1_${today}`))?.entries).toEqual({
      s1: entry('present'),
      s2: entry('late'),
      s3: entry('excused'),
      s4: entry('absent'),
    });

    // Once this device's marks (s3 and s5, one change) are accepted, today's roll calls are
    // fetched at once, due or not, with what others marked meanwhile (s1).
    rollCalls.set(`c1_${today}`, {
      ...rollCalls.get(`c1_${today}`),
      entries: { s1: entry('late'), s2: entry('late'), s4: entry('absent') },
    });
    await cache.save('attendance', { id: `c1_${today}`, 'entries.s5': entry('present') });
    clock.t += 1;
    const report = await engine.sync();
    expect(report.replay).toMatchObject({ committed: 1 });
    expect(report.refreshed).toContainEqual({
      collection: 'attendance',
      reason: 'slice',
      resync: false,
    });
    expect((await cache.get('attendance', `c1_${today}`))?.entries).toEqual({
      s1: entry('late'),
      s2: entry('late'),
      s3: entry('excused'),
      s4: entry('absent'),
      s5: entry('present'),
    });
  });

  it('applies the due-ness of the spec §9 table to each cached collection', () => {
    const table: Record<string, [number, number, boolean]> = {
      students: [6 * HOUR, 7 * DAY, true],
      families: [12 * HOUR, 7 * DAY, true],
      facilitators: [24 * HOUR, 14 * DAY, false],
      subjects: [48 * HOUR, 30 * DAY, false],
      classrooms: [24 * HOUR, 14 * DAY, false],
      campuses: [48 * HOUR, 30 * DAY, false],
      members: [48 * HOUR, 30 * DAY, false],
    };
    for (const [name, [frequency, duration, priority]] of Object.entries(table)) {
      const definition = getCollectionDefinition(name);
      expect([
        definition.syncFrequencyMs,
        definition.cacheDurationMs,
        definition.prioritySync,
      ]).toEqual([frequency, duration, priority]);
      const metadata = {
        name,
        version: '1.0.0',
        lastSynced: 0,
        syncFrequency: frequency,
        requiresAuth: true,
        cacheDuration: duration,
        prioritySync: priority,
      };
      expect(refreshDecision(definition, null, undefined, 0).reason).toBe('never-synced');
      expect(refreshDecision(definition, metadata, undefined, frequency - 1).refresh).toBe(false);
      expect(refreshDecision(definition, metadata, undefined, frequency).reason).toBe('due');
      expect(refreshDecision(definition, metadata, undefined, duration).reason).toBe('expired');
      expect(refreshDecision(definition, metadata, '1.0.0', frequency - 1).refresh).toBe(false);
    }
    // Priority collections come first.
    const order = cachedCollections().map((d) => d.name);
    expect(order.indexOf('families')).toBeLessThan(order.indexOf('facilitators'));
    expect(order.indexOf('students')).toBeLessThan(order.indexOf('subjects'));
  });

  it('refetches a collection whose cached records were found corrupted', async () => {
    const { cache, remote, engine, clock } = await setup();
    remote.documents('campuses').set('c1', { name: 'North' });
    await engine.sync();
    clock.t += 1;
    expect((await engine.sync()).refreshed).toEqual([]);

    // Damage the stored record behind the cache's back, as a bad disk or an old release might.
    const db = await openDatabase(cache.dbName);
    const key = `campuses::${chunkOf('c1')}`;
    await db.collections.setItem(key, {
      collectionName: 'campuses',
      chunk: chunkOf('c1'),
      items: { c1: 7 },
    });
    cache.invalidate();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await cache.list('campuses')).toEqual([]);

    engine.forgetVersions();
    const report = await engine.sync();
    expect(report.refreshed).toEqual([
      { collection: 'campuses', reason: 'corrupted', resync: false },
    ]);
    expect(await cache.list('campuses')).toEqual([
      expect.objectContaining({ id: 'c1', name: 'North' }),
    ]);
  });

  it('uses the per-role scope for refresh queries and skips collections the person may not read', async () => {
    const { remote, engine, cache } = await setup();
    remote.documents('students').set('mine', { firstName: 'Mine', familyId: 'f1' });
    remote.documents('students').set('other', { firstName: 'Other', familyId: 'f2' });
    engine.setScope((collection) =>
      collection === 'students'
        ? { filters: [{ field: 'familyId', op: '==', value: 'f1' }] }
        : collection === 'members'
          ? null
          : undefined,
    );
    await engine.sync();
    expect((await cache.list('students')).map((s) => s.id)).toEqual(['mine']);
    expect(remote.state.lists).not.toContain('Members');
  });
});

describe('timers', () => {
  it('runs at start, every 5 minutes while online, and when the network returns', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const { engine, remote, net, cache } = await setup();
    const spy = vi.spyOn(engine, 'sync');
    engine.start();
    await vi.waitFor(() => expect(remote.state.versionReads).toBe(1));
    // Each step waits for the run before it to end: a trigger during a run only queues a rerun,
    // and when that rerun starts depends on how fast IndexedDB answers (on a busy machine, later).
    await vi.waitFor(() => expect(engine.getStatus().isSyncing).toBe(false));
    expect(spy).toHaveBeenCalledTimes(1);

    // A write is sent shortly (WRITE_SYNC_DELAY_MS) once the engine has seen it pending.
    await cache.save('students', { firstName: 'A' });
    await vi.waitFor(() => expect(engine.getStatus().pendingChanges).toBe(1));
    expect(spy).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(WRITE_SYNC_DELAY_MS);
    expect(spy).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(remote.state.commits).toHaveLength(1));
    await vi.waitFor(() => expect(engine.getStatus().isSyncing).toBe(false));

    await vi.advanceTimersByTimeAsync(5 * 60_000 - WRITE_SYNC_DELAY_MS);
    expect(spy).toHaveBeenCalledTimes(3);
    await vi.waitFor(() => expect(engine.getStatus().isSyncing).toBe(false));
    net.set(false);
    net.set(true);
    expect(spy).toHaveBeenCalledTimes(4);
    expect(engine.getStatus().isOnline).toBe(true);
  });

  it('sends a new local write shortly, without waiting for the 5-minute interval', async () => {
    const { engine, remote, cache, outbox } = await setup();
    engine.start();
    await vi.waitFor(() => expect(remote.state.versionReads).toBe(1));
    await vi.waitFor(() => expect(engine.getStatus().isSyncing).toBe(false));
    await cache.save('students', { firstName: 'Prompt' });
    await vi.waitFor(() => expect(remote.state.commits).toHaveLength(1), { timeout: 3000 });
    expect(remote.state.commits[0]?.[0]).toMatchObject({ type: 'set', collection: 'students' });
    await vi.waitFor(async () => expect(await outbox.pendingChanges()).toHaveLength(0));
  });
});
