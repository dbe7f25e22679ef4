// The sync engine through app/backend and the real firestore/lite SDK against the fake Firebase
// (msw/node) and its fault injection: what the "exactly once" promises rest on.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { scopeForUser } from '~/auth/user-data';
import { signInAs } from '~/backend/test-helpers';
import { fake } from '../../mocks/index';
import { allowConsoleErrors } from '../../test/console';
import { backoffDelay } from './pending-changes';
import { createStore } from './store';
import { createSyncEngine, type ScopeFor } from './sync-engine';
import type { Connectivity } from './connectivity';

let counter = 0;
const disposers: (() => void)[] = [];

function student(n: number, tag: string) {
  return {
    firstName: `Sync${n}`,
    lastName: tag,
    dateOfBirth: '2015-04-01',
    familyId: 'fam-0000',
    campusId: 'cam-0',
    status: 'enrolled',
  };
}

async function setup(
  // Only students are refreshed unless told: the seed's other collections are not most tests' subject.
  scopeFor: ScopeFor = (c) => (c === 'students' ? undefined : null),
) {
  const clock = { t: Date.now() };
  let online = true;
  const listeners = new Set<(o: boolean) => void>();
  const connectivity: Connectivity = {
    isOnline: () => online,
    subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
    check: async () => online,
    start: () => {},
    stop: () => {},
  };
  const { store: cache, outbox } = createStore({
    dbName: `fake-sync-${++counter}`,
    now: () => clock.t,
  });
  await cache.init({ uid: 'admin' });
  const engine = createSyncEngine({
    store: cache,
    outbox,
    connectivity,
    now: () => clock.t,
    scopeFor,
  });
  disposers.push(() => cache.dispose());
  return {
    cache,
    outbox,
    engine,
    clock,
    setOnline(next: boolean) {
      online = next;
      for (const l of listeners) l(next);
    },
  };
}

const tagged = (tag: string) =>
  fake.listDocuments('students').filter((d) => d.data.lastName === tag);

beforeAll(async () => {
  await fake.reset({ profile: 'demo' });
});
let adminUid = '';
beforeEach(async () => {
  fake.faults.clear();
  fake.clearRequestLog();
  adminUid = await signInAs('admin');
});
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

describe('sync engine against the fake Firebase', () => {
  it('replays 1,000 created students in exactly two commit requests', async () => {
    const { cache, engine, outbox } = await setup();
    const tag = `batch-${counter}`;
    for (let start = 0; start < 1000; start += 500) {
      await cache.batch(
        Array.from({ length: 500 }, (_, i) => ({
          type: 'save' as const,
          collection: 'students',
          item: student(start + i, tag),
        })),
      );
    }
    fake.clearRequestLog();
    const report = await engine.sync();
    expect(fake.requests(/documents:commit/)).toHaveLength(2);
    expect(report.replay).toMatchObject({ committed: 1000, commits: 2 });
    expect(tagged(tag)).toHaveLength(1000);
    expect(await outbox.pendingChanges()).toEqual([]);
  });

  it('keeps exactly one record when the acknowledgement of a create is lost', async () => {
    // The SDK logs the dropped connection itself.
    allowConsoleErrors();
    const { cache, engine, clock, outbox } = await setup();
    const tag = `lost-${counter}`;
    const saved = await cache.save('students', student(1, tag));
    fake.faults.loseNextCommitAck(1);
    await engine.sync();
    expect(await outbox.pendingChanges()).toEqual([expect.objectContaining({ retryCount: 1 })]);
    clock.t += backoffDelay(1);
    await engine.sync();
    expect(await outbox.pendingChanges()).toEqual([]);
    expect(tagged(tag).map((d) => d.id)).toEqual([saved?.id]);
    // The refresh after the replay pulled the same id back: the page's URL stays valid.
    expect(await cache.get('students', saved?.id ?? '')).toMatchObject({ lastName: tag });
  });

  it('retries a transient server failure after a backoff', async () => {
    const { cache, engine, clock } = await setup();
    const tag = `transient-${counter}`;
    await cache.save('students', student(1, tag));
    fake.faults.failNext(/documents:commit/, 1, 503);
    await engine.sync();
    expect(engine.getStatus().syncError).toBe('Failed to save item');
    expect(tagged(tag)).toHaveLength(0);
    clock.t += backoffDelay(1);
    await engine.sync();
    expect(tagged(tag)).toHaveLength(1);
    expect(engine.getStatus()).toMatchObject({ syncError: null, pendingChanges: 0 });
  });

  it('marks an update of a document the backend does not have, and still sends the others', async () => {
    const { cache, engine, outbox } = await setup();
    const tag = `perm-${counter}`;
    await engine.sync();
    // A cached student that was deleted on the server since the last refresh.
    const ghost = await cache.save('students', student(0, tag));
    await engine.sync();
    fake.deleteDocument(`students/${ghost?.id}`);
    await cache.save('students', student(1, tag));
    await cache.save('students', { id: ghost?.id, notes: 'edited offline' });
    await cache.save('students', student(2, tag));
    await engine.sync();
    expect(tagged(tag)).toHaveLength(2);
    const pending = await outbox.pendingChanges();
    expect(pending).toEqual([
      expect.objectContaining({ itemId: ghost?.id, operation: 'update', errorCode: 'not-found' }),
    ]);
    expect(engine.getStatus().failedChanges).toHaveLength(1);
  });

  it('stops when the device goes offline in the middle of a replay and finishes exactly once later', async () => {
    const { cache, engine, clock, setOnline, outbox } = await setup();
    const tag = `offline-${counter}`;
    for (let start = 0; start < 1000; start += 500) {
      await cache.batch(
        Array.from({ length: 500 }, (_, i) => ({
          type: 'save' as const,
          collection: 'students',
          item: student(start + i, tag),
        })),
      );
    }
    // The network drops right after the first commit is applied: the second one never leaves.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const stop = fake.onChange(() => {
      setOnline(false);
      onLine.mockReturnValue(false);
    });
    const report = await engine.sync();
    stop();
    expect(report.replay).toMatchObject({ committed: 500, skipped: 'offline' });
    expect(tagged(tag)).toHaveLength(500);
    expect(await outbox.pendingChanges()).toHaveLength(500);

    onLine.mockReturnValue(true);
    setOnline(true);
    clock.t += 1;
    await engine.sync();
    expect(await outbox.pendingChanges()).toEqual([]);
    expect(tagged(tag)).toHaveLength(1000);
  });
});

describe('Sync now against the fake Firebase (decision 053)', () => {
  const reads = () => Object.values(fake.usage()).reduce((sum, u) => sum + u.reads, 0);

  it('fetches a student changed elsewhere with an `updatedAt >` query, and only that student', async () => {
    const { cache, engine, clock } = await setup();
    await engine.sync();
    const [target] = fake.listDocuments('students');
    if (!target) throw new Error('the demo seed has students');
    // Another device saves a change: the backend stamps its time.
    clock.t += 60_000;
    fake.setDocument(`students/${target.id}`, {
      ...target.data,
      notes: 'Changed elsewhere',
      updatedAt: new Date(),
    });
    await engine.sync();
    expect((await cache.get('students', target.id))?.notes).not.toBe('Changed elsewhere');

    fake.resetUsage();
    const report = await engine.syncNow();
    expect(report.upToDate).toBe(true);
    expect((await cache.get('students', target.id))?.notes).toBe('Changed elsewhere');
    // One query that returned the one changed student (the version document is cached for 60 s).
    expect(reads()).toBe(1);
  });

  it('costs an admin at most 20 reads when nothing changed (issue 29)', async () => {
    const member = fake.getDocument(`Members/${adminUid}`);
    const admin = {
      uid: adminUid,
      roles: ['admin' as const],
      member: null,
      memberUUID: typeof member?.memberUUID === 'string' ? member.memberUUID : adminUid,
    };
    const { engine, clock } = await setup((collection) => scopeForUser(admin, collection));
    await engine.sync();
    clock.t += 5 * 60_000;
    fake.resetUsage();
    const report = await engine.syncNow();
    expect(report.upToDate).toBe(true);
    expect(report.refreshed.every((r) => r.reason === 'pull')).toBe(true);
    expect(reads()).toBeGreaterThan(0);
    expect(reads()).toBeLessThanOrEqual(20);
  });
});
