// Two devices take the same roll call offline and sync through app/backend and the real
// firestore/lite SDK against the fake Firebase (msw/node): what "roll calls merge per student,
// never duplicated nor overwritten wholesale" rests on (issue 12, decision 044). Each device is
// its own store, outbox and sync engine; the one Firebase app signs in as the device's person
// before that device syncs.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '~/backend/test-helpers';
import type { Connectivity } from '~/data/connectivity';
import { createStore } from '~/data/store';
import { createSyncEngine, type RefreshScope } from '~/data/sync-engine';
import { addDays } from '~/domain/attendance';
import { schoolDay } from '~/domain/clock';
import { attendanceId } from '~/domain/records';
import type { Role } from '~/domain/roles';
import { demoAccount } from '../../../mocks/demo-accounts';
import { fake } from '../../../mocks/index';
import { allowConsoleErrors } from '../../../test/console';

let counter = 0;
const disposers: (() => void)[] = [];

/** One person's device: its own cache, queue and sync engine, offline until told otherwise. */
async function device(role: Role, scope: RefreshScope | undefined) {
  let online = false;
  const listeners = new Set<(o: boolean) => void>();
  const connectivity: Connectivity = {
    isOnline: () => online,
    subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
    check: async () => online,
    start: () => {},
    stop: () => {},
  };
  const uid = demoAccount(role).uid;
  const { store, outbox } = createStore({ dbName: `merge-${role}-${++counter}` });
  await store.init({ uid });
  // Only roll calls are refreshed: they are this suite's subject.
  const engine = createSyncEngine({
    store,
    outbox,
    connectivity,
    scopeFor: (c) => (c === 'attendance' ? scope : null),
  });
  disposers.push(() => store.dispose());
  return {
    uid,
    store,
    outbox,
    engine,
    setOnline(next: boolean) {
      online = next;
      for (const l of listeners) l(next);
    },
    /** Comes online and syncs as its own person. */
    async sync() {
      online = true;
      await signInAs(role);
      return engine.sync();
    },
  };
}

// The UTC day: never later than the seeded campuses' (Asia/Kolkata), so every role may mark it.
const today = schoolDay('UTC');
const at = (minute: number) => `${today}T08:${String(minute).padStart(2, '0')}:00.000Z`;

/** The demo facilitator's classrooms, and one they do not teach. */
function classrooms() {
  const all = fake.listDocuments('classrooms').map((c) => ({
    id: c.id,
    facilitatorIds: Array.isArray(c.data.facilitatorIds) ? c.data.facilitatorIds : [],
  }));
  const own = all.filter((c) => c.facilitatorIds.includes('fac-000')).map((c) => c.id);
  const other = all.find((c) => !c.facilitatorIds.includes('fac-000'))?.id;
  if (own.length === 0 || !other) throw new Error('the seed has changed');
  return { own, other };
}

function rosterOf(classroomId: string): string[] {
  return fake
    .listDocuments('students')
    .filter((s) => Array.isArray(s.data.classroomIds) && s.data.classroomIds.includes(classroomId))
    .map((s) => s.id)
    .sort();
}

/** Every roll call but one, as the backend holds them: nothing else may change. */
function otherRollCalls(except: string) {
  return JSON.stringify(
    fake
      .listDocuments('attendance')
      .filter((d) => d.id !== except)
      .map((d) => [d.id, d.data.entries]),
  );
}

beforeAll(async () => {
  await fake.reset({ profile: 'demo' });
});
beforeEach(() => {
  fake.faults.clear();
  fake.clearRequestLog();
});
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

describe('two people taking the same roll call offline', () => {
  it('merges per student: one roll call with both sets of marks, the later mark of a student winning', async () => {
    const { own } = classrooms();
    // Today's roll call of a classroom the seed left untaken: the backend has no document yet.
    const classroomId = own.find((c) => !fake.getDocument(`attendance/${attendanceId(c, today)}`));
    if (!classroomId) throw new Error('no untaken classroom today');
    const id = attendanceId(classroomId, today);
    const [s1, s2, s3] = rosterOf(classroomId);
    if (!s1 || !s2 || !s3) throw new Error('a roster of three is needed');
    const before = otherRollCalls(id);

    const scoped: RefreshScope = { filters: [{ field: 'classroomId', op: 'in', value: own }] };
    const facilitator = await device('facilitator', scoped);
    const admin = await device('admin', undefined);
    const base = { id, classroomId, date: today };

    // Both offline. The facilitator marks s1 absent and s3 late with a note.
    await facilitator.store.save('attendance', {
      ...base,
      [`entries.${s1}`]: { status: 'absent', at: at(0), by: facilitator.uid },
      [`entries.${s3}`]: { status: 'late', note: 'Bus was late', at: at(0), by: facilitator.uid },
    });
    // The admin marks s2 late, then (later) s1 present.
    await admin.store.save('attendance', {
      ...base,
      [`entries.${s2}`]: { status: 'late', at: at(1), by: admin.uid },
    });
    await admin.store.save('attendance', {
      ...base,
      [`entries.${s1}`]: { status: 'present', at: at(2), by: admin.uid },
    });
    // Locally each device sees its own marks as a nested map, not a literal "entries.s1" key.
    expect(await admin.store.get('attendance', id)).toEqual({
      ...base,
      entries: {
        [s1]: { status: 'present', at: at(2), by: admin.uid },
        [s2]: { status: 'late', at: at(1), by: admin.uid },
      },
    });
    // The admin's two saves went into one queued change.
    expect(await admin.outbox.pendingChanges()).toHaveLength(1);

    // Online again: the facilitator's device syncs first, the admin's second.
    expect((await facilitator.sync()).replay).toMatchObject({ committed: 1, failedPermanently: 0 });
    expect((await admin.sync()).replay).toMatchObject({ committed: 1, failedPermanently: 0 });

    const stored = fake.listDocuments('attendance').filter((d) => d.id === id);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.data).toMatchObject({ classroomId, date: today });
    expect(stored[0]?.data.entries).toEqual({
      [s1]: { status: 'present', at: at(2), by: admin.uid },
      [s2]: { status: 'late', at: at(1), by: admin.uid },
      [s3]: { status: 'late', note: 'Bus was late', at: at(0), by: facilitator.uid },
    });
    expect(otherRollCalls(id)).toBe(before);
    // The facilitator takes the note off s3. Their cache has the merged roll call once refreshed.
    await signInAs('facilitator');
    expect(await facilitator.engine.refresh('attendance')).toBe(true);
    expect(await facilitator.store.get('attendance', id)).toMatchObject({
      entries: { [s2]: { status: 'late', by: admin.uid } },
    });
    await facilitator.store.save('attendance', {
      ...base,
      [`entries.${s3}`]: { status: 'late', at: at(5), by: facilitator.uid },
    });
    await facilitator.sync();
    const after = fake.getDocument(`attendance/${id}`);
    expect(after?.entries).toEqual({
      [s1]: { status: 'present', at: at(2), by: admin.uid },
      [s2]: { status: 'late', at: at(1), by: admin.uid },
      [s3]: { status: 'late', at: at(5), by: facilitator.uid },
    });
    expect(otherRollCalls(id)).toBe(before);
  });

  it('keeps both explicit marks on a brand-new roll call when each save also carries default presents', async () => {
    // The seed leaves one of the facilitator's classrooms untaken today; the first case took it.
    await fake.reset({ profile: 'demo' });
    const { own } = classrooms();
    // A classroom whose roll call for today does not exist at the backend yet.
    const classroomId = own.find((c) => !fake.getDocument(`attendance/${attendanceId(c, today)}`));
    if (!classroomId) throw new Error('no untaken classroom today');
    const id = attendanceId(classroomId, today);
    const roster = rosterOf(classroomId);
    const [s1, s2] = roster;
    if (!s1 || !s2 || roster.length < 3) throw new Error('a roster of three is needed');
    const before = otherRollCalls(id);

    const scoped: RefreshScope = { filters: [{ field: 'classroomId', op: 'in', value: own }] };
    const facilitator = await device('facilitator', scoped);
    const admin = await device('admin', undefined);
    const base = { id, classroomId, date: today };
    /** What the roll-call page saves: the tapped student explicitly, everyone else as a default. */
    const takeRollCall = (
      who: typeof facilitator,
      tapped: string,
      status: 'absent' | 'late',
      minute: number,
    ) => {
      const entry = (s: 'present' | 'absent' | 'late') => ({
        status: s,
        at: at(minute),
        by: who.uid,
      });
      const ifMissing = Object.fromEntries(
        roster.filter((s) => s !== tapped).map((s) => [`entries.${s}`, entry('present')]),
      );
      return who.store.save(
        'attendance',
        { ...base, [`entries.${tapped}`]: entry(status) },
        { ifMissing },
      );
    };

    // Both offline on a roll call nobody has taken: the facilitator marks s1 absent, the admin s2
    // late; each device shows its own mark and presents for the rest.
    await takeRollCall(facilitator, s1, 'absent', 30);
    await takeRollCall(admin, s2, 'late', 31);
    const adminLocal = await admin.store.get('attendance', id);
    expect(adminLocal).toMatchObject({
      entries: { [s1]: { status: 'present' }, [s2]: { status: 'late' } },
    });
    const [queued] = await admin.outbox.pendingChanges();
    expect(Object.keys(queued?.data ?? {})).toContain(`entries.${s2}`);
    expect(Object.keys(queued?.data ?? {})).not.toContain(`entries.${s1}`);
    expect(queued?.ifMissing).toHaveProperty(`entries.${s1}`);

    expect((await facilitator.sync()).replay).toMatchObject({ committed: 1, failedPermanently: 0 });
    expect((await admin.sync()).replay).toMatchObject({ committed: 1, failedPermanently: 0 });

    const entries = fake.getDocument(`attendance/${id}`)?.entries;
    const expected = Object.fromEntries(
      roster.map((s) => [s, { status: 'present', at: at(30), by: facilitator.uid }]),
    );
    expect(entries).toEqual({
      ...expected,
      [s1]: { status: 'absent', at: at(30), by: facilitator.uid },
      [s2]: { status: 'late', at: at(31), by: admin.uid },
    });
    expect(fake.listDocuments('attendance').filter((d) => d.id === id)).toHaveLength(1);
    expect(otherRollCalls(id)).toBe(before);
    // After a refresh each device shows what the backend holds.
    await signInAs('facilitator');
    expect(await facilitator.engine.refresh('attendance')).toBe(true);
    expect((await facilitator.store.get('attendance', id))?.entries).toEqual(entries);
  });

  it('merges marks into a roll call the backend already has, updating only the students marked', async () => {
    const { own } = classrooms();
    // The latest school day before today that the seed took a roll call on.
    const [latest] = fake
      .listDocuments('attendance')
      .map((d) => ({ classroomId: String(d.data.classroomId), date: String(d.data.date) }))
      .filter((d) => own.includes(d.classroomId) && d.date < today)
      .sort((a, b) => b.date.localeCompare(a.date));
    if (!latest) throw new Error('no earlier roll call');
    const { classroomId, date } = latest;
    const id = attendanceId(classroomId, date);
    const seeded = fake.getDocument(`attendance/${id}`)?.entries;
    const [s1, s2] = rosterOf(classroomId);
    if (!s1 || !s2 || typeof seeded !== 'object' || seeded === null) throw new Error('seed');

    const scoped: RefreshScope = { filters: [{ field: 'classroomId', op: 'in', value: own }] };
    const facilitator = await device('facilitator', scoped);
    const admin = await device('admin', undefined);
    // Both caches hold yesterday's roll call, then both go offline.
    await facilitator.sync();
    await admin.sync();
    facilitator.setOnline(false);
    admin.setOnline(false);

    await facilitator.store.save('attendance', {
      id,
      [`entries.${s1}`]: { status: 'excused', note: 'Doctor', at: at(10), by: facilitator.uid },
    });
    await admin.store.save('attendance', {
      id,
      [`entries.${s2}`]: { status: 'absent', at: at(11), by: admin.uid },
    });
    expect(await admin.outbox.pendingChanges()).toEqual([
      expect.objectContaining({
        operation: 'update',
        data: { [`entries.${s2}`]: expect.anything() },
      }),
    ]);
    await facilitator.sync();
    await admin.sync();

    expect(fake.getDocument(`attendance/${id}`)?.entries).toEqual({
      ...seeded,
      [s1]: { status: 'excused', note: 'Doctor', at: at(10), by: facilitator.uid },
      [s2]: { status: 'absent', at: at(11), by: admin.uid },
    });
  });
});

describe('what the fake refuses', () => {
  it('reports a facilitator marking a future date or another classroom as failed, not lost', async () => {
    // The SDK logs the refused commits itself.
    allowConsoleErrors();
    const { own, other } = classrooms();
    const [ownRoom] = own;
    if (!ownRoom) throw new Error('seed');
    const [student] = rosterOf(ownRoom);
    const [otherStudent] = rosterOf(other);
    if (!student || !otherStudent) throw new Error('seed');
    const scoped: RefreshScope = { filters: [{ field: 'classroomId', op: 'in', value: own }] };
    const facilitator = await device('facilitator', scoped);

    const future = addDays(today, 2);
    const futureId = attendanceId(ownRoom, future);
    const otherId = attendanceId(other, today);
    const otherBefore = JSON.stringify(fake.getDocument(`attendance/${otherId}`));
    await facilitator.store.save('attendance', {
      id: futureId,
      classroomId: ownRoom,
      date: future,
      [`entries.${student}`]: { status: 'absent', at: at(20), by: facilitator.uid },
    });
    await facilitator.store.save('attendance', {
      id: otherId,
      classroomId: other,
      date: today,
      [`entries.${otherStudent}`]: { status: 'absent', at: at(21), by: facilitator.uid },
    });

    const report = await facilitator.sync();
    expect(report.replay).toMatchObject({ committed: 0, failedPermanently: 2 });
    expect(fake.getDocument(`attendance/${futureId}`)).toBeNull();
    expect(JSON.stringify(fake.getDocument(`attendance/${otherId}`))).toBe(otherBefore);
    // Both changes stay in the queue, marked for the person to see, retry or discard.
    const failed = facilitator.engine.getStatus().failedChanges;
    expect(failed.map((c) => c.itemId).sort()).toEqual([futureId, otherId].sort());
    for (const change of failed) {
      expect(change).toMatchObject({ errorCode: 'permission-denied' });
    }
  });
});
