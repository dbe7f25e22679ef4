// Two people edit one student through the student form's save, each on their own device (store,
// outbox, sync engine), against the fake Firebase through app/backend and the real SDK (decision
// 052). Different fields: both changes stay, the offline one included. The same field: the later
// save stops with a conflict, and saves what the person then keeps.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '~/backend/test-helpers';
import type { Connectivity } from '~/data/connectivity';
import { freshestRecord } from '~/data/record-edits';
import { createStore } from '~/data/store';
import { createSyncEngine } from '~/data/sync-engine';
import type { Role } from '~/domain/roles';
import { openedForm, OPENED_FIELD, SEEN_FIELD } from '~/ui/form/edit-conflicts';
import { fake } from '../../../../mocks/index';
import { studentRecordSchema } from '../profile/load';
import { splitNotes } from './status-history';
import { studentEditable, submitStudentForm, type StudentRecord } from './student-form';

let counter = 0;
const disposers: (() => void)[] = [];

async function device(role: Role) {
  let online = true;
  const connectivity: Connectivity = {
    isOnline: () => online,
    subscribe: () => () => {},
    check: async () => online,
    start: () => {},
    stop: () => {},
  };
  const { store, outbox } = createStore({ dbName: `edit-conflicts-${role}-${++counter}` });
  await signInAs(role);
  const engine = createSyncEngine({
    store,
    outbox,
    connectivity,
    scopeFor: (c) => (c === 'students' ? undefined : null),
  });
  await store.init({ uid: `demo-${role.toLowerCase()}` });
  disposers.push(() => store.dispose());
  expect(await engine.refresh('students')).toBe(true);

  /** The record as this device has it, parsed as the edit page parses it. */
  async function cached(id: string): Promise<StudentRecord> {
    const parsed = studentRecordSchema.safeParse(await store.get('students', id));
    if (!parsed.success) throw new Error(`no student ${id} on this device`);
    return parsed.data;
  }

  return {
    store,
    outbox,
    setOnline: (next: boolean) => void (online = next),
    /** Opens the edit form: what it shows, and the hidden snapshot it carries. */
    async open(id: string) {
      const record = await cached(id);
      return { record, opened: JSON.stringify(openedForm(record, studentEditable(record))) };
    },
    /** Saves the form as the edit route does: freshest copy first, then a patch. */
    async submit(
      form: Awaited<ReturnType<typeof this.open>>,
      changes: Record<string, string>,
      extra: Record<string, string> = {},
    ) {
      await signInAs(role);
      const { record } = form;
      const values = {
        firstName: record.firstName,
        lastName: record.lastName,
        preferredName: record.preferredName ?? '',
        dateOfBirth: record.dateOfBirth,
        familyId: record.familyId,
        campusId: record.campusId,
        classroomIds: record.classroomIds,
        status: record.status,
        enrolledOn: record.enrolledOn ?? '',
        medicalNotes: record.medicalNotes ?? '',
        notes: splitNotes(record.notes).text,
        [OPENED_FIELD]: form.opened,
        ...changes,
        ...extra,
      };
      const classrooms = fake
        .listDocuments('classrooms')
        .map((c) => ({ id: c.id, campusId: String(c.data.campusId) }));
      return submitStudentForm(values, {
        existing: await cached(record.id),
        students: [],
        families: [{ id: record.familyId }],
        campuses: [{ id: record.campusId }],
        classrooms,
        save: (item) => store.save('students', item),
        current: async () => {
          const fresh = await freshestRecord('students', record.id, {
            store,
            isOnline: () => online,
          });
          const parsed = studentRecordSchema.safeParse(fresh);
          return parsed.success ? parsed.data : null;
        },
        nameOf: async () => 'Amara Okafor',
      });
    },
    /** Fetches the students again (what the next sync would do). */
    async refresh() {
      await signInAs(role);
      expect(await engine.refresh('students')).toBe(true);
    },
    async sync() {
      online = true;
      await signInAs(role);
      return engine.sync();
    },
  };
}

function aStudent(skip = 0): string {
  const student = fake.listDocuments('students').filter((s) => s.data.status === 'enrolled')[skip];
  if (!student) throw new Error('the seed has changed');
  return student.id;
}

beforeAll(async () => {
  await fake.reset({ profile: 'demo' });
});
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

describe('two people editing one student', () => {
  it('keeps both changes to different fields, the offline one synced last', async () => {
    const id = aStudent(0);
    const office = await device('superAdmin');
    const admin = await device('admin');
    const lastName = String(fake.getDocument(`students/${id}`)?.lastName);

    // The office edits Notes offline.
    const officeForm = await office.open(id);
    office.setOnline(false);
    expect(await office.submit(officeForm, { notes: 'Allergic to peanuts' })).toEqual({
      ok: true,
      id,
    });
    // Only the changed field was queued, not the whole record.
    const [queued] = await office.outbox.pendingChanges();
    expect(Object.keys(queued?.data ?? {}).sort()).toEqual(['notes']);

    // The admin, online, changes the last name.
    const adminForm = await admin.open(id);
    expect(await admin.submit(adminForm, { lastName: `${lastName}-Admin` })).toEqual({
      ok: true,
      id,
    });
    expect((await admin.sync()).replay).toMatchObject({ committed: 1, failedPermanently: 0 });

    // The office syncs: both changes stay.
    expect((await office.sync()).replay).toMatchObject({ committed: 1, failedPermanently: 0 });
    const stored = fake.getDocument(`students/${id}`);
    expect(stored?.lastName).toBe(`${lastName}-Admin`);
    expect(splitNotes(String(stored?.notes)).text).toBe('Allergic to peanuts');
  });

  it('stops a save of a field someone else changed since, then saves what the person keeps', async () => {
    const id = aStudent(1);
    const office = await device('superAdmin');
    const admin = await device('admin');
    const officeForm = await office.open(id);
    const adminForm = await admin.open(id);

    expect(await admin.submit(adminForm, { notes: 'Picked up by grandma on Fridays' })).toEqual({
      ok: true,
      id,
    });
    await admin.sync();

    // The office's form opened before that; its save reads the backend's copy and stops.
    const stopped = await office.submit(officeForm, {
      notes: 'Picked up at 3pm',
      preferredName: 'Sunny',
    });
    expect(stopped).toMatchObject({ ok: false, status: 412 });
    if (stopped.ok || stopped.status !== 412) throw new Error('expected a conflict');
    expect(stopped.conflicts).toEqual([
      {
        field: 'notes',
        message: 'Amara Okafor changed Notes since you opened this form',
        mine: 'Picked up at 3pm',
        theirs: 'Picked up by grandma on Fridays',
        theirsValue: 'Picked up by grandma on Fridays',
      },
    ]);
    expect(await office.outbox.pendingChanges()).toEqual([]);

    // "Keep mine": the office's notes and its other change are saved.
    const seen = JSON.stringify({ notes: 'Picked up by grandma on Fridays' });
    expect(
      await office.submit(
        officeForm,
        { notes: 'Picked up at 3pm', preferredName: 'Sunny' },
        { [SEEN_FIELD]: seen, '_keep.notes': 'mine' },
      ),
    ).toEqual({ ok: true, id });
    await office.sync();
    let stored = fake.getDocument(`students/${id}`);
    expect(splitNotes(String(stored?.notes)).text).toBe('Picked up at 3pm');
    expect(stored?.preferredName).toBe('Sunny');

    // "Keep theirs" on a later conflict leaves the other person's value.
    await admin.refresh();
    const adminAgain = await admin.open(id);
    const officeAgain = await office.open(id);
    expect(await admin.submit(adminAgain, { preferredName: 'Sunshine' })).toEqual({ ok: true, id });
    await admin.sync();
    const again = await office.submit(officeAgain, { preferredName: 'Sun' });
    expect(again).toMatchObject({ ok: false, status: 412 });
    expect(
      await office.submit(
        officeAgain,
        { preferredName: 'Sun' },
        {
          [SEEN_FIELD]: JSON.stringify({ preferredName: 'Sunshine' }),
          '_keep.preferredName': 'theirs',
        },
      ),
    ).toEqual({ ok: true, id });
    await office.sync();
    stored = fake.getDocument(`students/${id}`);
    expect(stored?.preferredName).toBe('Sunshine');
  });
});
