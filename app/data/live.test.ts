// Live queries (issue 29, decision 054): what a watch asks the backend for (the person's scope, the
// screen's narrowing, and only what changed since the cache's last fetch), where what arrives goes
// (the cache, under this device's pending changes), and when watches stop and start again.
import { afterEach, describe, expect, it } from 'vitest';
import { getCollectionDefinition } from './collections';
import { LIVE_OVERLAP_MS, LiveQueries, type WatchFunction } from './live';
import { createStore } from './store';
import type { CachedRecord } from './store';
import type { Filter } from './sync-backend';

let counter = 0;
const disposers: (() => void)[] = [];

afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

interface Watched {
  collectionPath: string;
  filters: Filter[];
  deliver: (documents: CachedRecord[]) => void;
  stopped: boolean;
}

async function setup() {
  const clock = { t: Date.parse('2026-11-27T09:00:00Z') };
  let online = true;
  const listeners = new Set<(online: boolean) => void>();
  const watched: Watched[] = [];
  const watch: WatchFunction = (query, onChange) => {
    const entry: Watched = { ...query, deliver: onChange, stopped: false };
    watched.push(entry);
    return () => {
      entry.stopped = true;
    };
  };
  const { store } = createStore({ dbName: `live-${++counter}`, now: () => clock.t });
  await store.init({ uid: 'office' });
  disposers.push(() => store.dispose());
  const live = new LiveQueries({
    store,
    watch,
    now: () => clock.t,
    connectivity: {
      isOnline: () => online,
      subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    },
  });
  return {
    store,
    live,
    clock,
    watched,
    running: () => watched.filter((w) => !w.stopped),
    setOnline(next: boolean) {
      online = next;
      for (const listener of [...listeners]) listener(next);
    },
  };
}

const rollCall = (id: string, status: string, by: string) => ({
  id,
  classroomId: id.split('_')[0],
  date: '2026-11-27',
  entries: { s1: { status, at: '2026-11-27T09:01:00.000Z', by } },
});

describe('LiveQueries', () => {
  it("asks for what changed since the cache's last fetch, within each branch of the person's scope and the screen's filters", async () => {
    const t = await setup();
    const lastSynced = t.clock.t;
    await t.store.applyRefresh(getCollectionDefinition('attendance'), [], '1.0.0', false);
    expect((await t.store.getMetadata('attendance'))?.lastSynced).toBe(lastSynced);
    // The cache was fetched half an hour ago.
    t.clock.t += 30 * 60 * 1000;
    t.live.setScope((collection) =>
      collection === 'attendance'
        ? {
            anyOf: [
              [{ field: 'classroomId', op: 'in', value: ['river'] }],
              [{ field: 'classroomId', op: 'in', value: ['lake'] }],
            ],
          }
        : null,
    );
    t.live.watch({
      collection: 'attendance',
      filters: [{ field: 'date', op: '==', value: '2026-11-27' }],
    });
    await expect.poll(() => t.running().length).toBe(2);
    for (const [i, classroom] of ['river', 'lake'].entries()) {
      const query = t.running()[i];
      expect(query?.collectionPath).toBe('attendance');
      expect(query?.filters.slice(0, 2)).toEqual([
        { field: 'classroomId', op: 'in', value: [classroom] },
        { field: 'date', op: '==', value: '2026-11-27' },
      ]);
      const since = query?.filters[2];
      expect(since?.field).toBe('updatedAt');
      expect(since?.op).toBe('>');
      expect(since?.value).toEqual(new Date(lastSynced - LIVE_OVERLAP_MS));
    }
  });

  it('watches nothing of a collection the person may not read, and nothing before sign-in', async () => {
    const t = await setup();
    t.live.watch({ collection: 'members' });
    t.live.setScope(() => null);
    t.live.watch({ collection: 'members' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.watched).toHaveLength(0);
  });

  it('lays what arrives over the cache, keeping this device’s pending change on top', async () => {
    const t = await setup();
    t.live.setScope(() => undefined);
    // This device marked s2 and has not sent it yet.
    await t.store.save('attendance', {
      id: 'river_2026-11-27',
      classroomId: 'river',
      date: '2026-11-27',
      'entries.s2': { status: 'late', at: '2026-11-27T09:02:00.000Z', by: 'office' },
    });
    t.live.watch({ collection: 'attendance' });
    await expect.poll(() => t.running().length).toBe(1);
    // A colleague's save of s1 arrives.
    t.running()[0]?.deliver([rollCall('river_2026-11-27', 'excused', 'daniel')]);
    await expect
      .poll(async () => {
        const record = await t.store.get('attendance', 'river_2026-11-27');
        return record?.entries;
      })
      .toEqual({
        s1: { status: 'excused', at: '2026-11-27T09:01:00.000Z', by: 'daniel' },
        s2: { status: 'late', at: '2026-11-27T09:02:00.000Z', by: 'office' },
      });
  });

  it("names a subcollection's records by their parent, as the cache keeps them", async () => {
    const t = await setup();
    t.live.watch({ collection: 'messages', parentId: 'conv-1' });
    await expect.poll(() => t.running().length).toBe(1);
    expect(t.running()[0]?.collectionPath).toBe('conversations/conv-1/messages');
    t.running()[0]?.deliver([
      {
        id: 'm1',
        senderId: 'parent-1',
        body: 'Hello',
        sentAt: '2026-11-27T09:03:00.000Z',
        readBy: ['parent-1'],
      },
    ]);
    await expect
      .poll(async () => (await t.store.get('messages', 'conv-1/m1'))?.conversationId)
      .toBe('conv-1');
  });

  it('stops while offline and starts again, from the same point, when the network returns', async () => {
    const t = await setup();
    t.live.setScope(() => undefined);
    t.live.watch({ collection: 'students' });
    await expect.poll(() => t.running().length).toBe(1);
    const first = t.running()[0]?.filters;
    t.setOnline(false);
    expect(t.running()).toHaveLength(0);
    t.clock.t += 10 * 60 * 1000;
    t.setOnline(true);
    await expect.poll(() => t.running().length).toBe(1);
    expect(t.running()[0]?.filters).toEqual(first);
  });

  it('drops what arrives after its screen closed or after sign-out', async () => {
    const t = await setup();
    t.live.setScope(() => undefined);
    const stop = t.live.watch({ collection: 'students' });
    t.live.watch({ collection: 'families' });
    await expect.poll(() => t.running().length).toBe(2);
    const [students, families] = t.running();
    stop();
    expect(students?.stopped).toBe(true);
    t.live.stopAll();
    expect(families?.stopped).toBe(true);
    students?.deliver([{ id: 'st-1', firstName: 'Late' }]);
    families?.deliver([{ id: 'fam-1', familyName: 'Late' }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await t.store.get('students', 'st-1')).toBeNull();
    expect(await t.store.get('families', 'fam-1')).toBeNull();
  });
});
