// Converting an enrolled inquiry through the real data layer (cache, outbox, sync engine) and the
// real firestore/lite SDK against the fake Firebase (msw/node): the family, the student and the
// inquiry's link go in one batch, and a batch whose acknowledgement is lost and that is sent again
// still leaves exactly ONE family and ONE student (issue 15: the ids are derived from the
// inquiry's, and creates are sets on those ids).
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signInAs } from '~/backend/test-helpers';
import type { Connectivity } from '~/data/connectivity';
import { backoffDelay } from '~/data/pending-changes';
import { createStore } from '~/data/store';
import { createSyncEngine } from '~/data/sync-engine';
import {
  conversionLinkPatch,
  conversionPlan,
  convertedFamilyId,
  convertedStudentId,
} from '~/domain/inquiries';
import { familySchema, parentInquirySchema, studentSchema } from '~/domain/records';
import { fake } from '../../../mocks/index';
import { allowConsoleErrors } from '../../../test/console';

const CONVERTED = ['families', 'students', 'parentInquiries'];
const ALL = { limit: Infinity };
const withId = <T extends z.ZodTypeAny>(schema: T) => schema.and(z.object({ id: z.string() }));

let counter = 0;
const disposers: (() => void)[] = [];

/** The office's device: its own cache, queue and sync engine, online, clock under the test's hand. */
async function officeDevice() {
  const clock = { t: Date.now() };
  const connectivity: Connectivity = {
    isOnline: () => true,
    subscribe: () => () => {},
    check: async () => true,
    start: () => {},
    stop: () => {},
  };
  const uid = await signInAs('administration');
  const { store, outbox } = createStore({ dbName: `conversion-${++counter}`, now: () => clock.t });
  await store.init({ uid });
  // Only the three collections a conversion touches are refreshed: they are this suite's subject.
  const engine = createSyncEngine({
    store,
    outbox,
    connectivity,
    now: () => clock.t,
    scopeFor: (c) => (CONVERTED.includes(c) ? undefined : null),
  });
  disposers.push(() => store.dispose());
  return { uid, store, outbox, engine, clock };
}

/** Plans and queues the conversion of `inquiryId` as one batch, as the conversion screen will. */
async function convert(device: Awaited<ReturnType<typeof officeDevice>>, inquiryId: string) {
  const { store, uid } = device;
  const inquiry = withId(parentInquirySchema).parse(await store.get('parentInquiries', inquiryId));
  const families = z.array(withId(familySchema)).parse(await store.list('families', ALL));
  const students = z.array(withId(studentSchema)).parse(await store.list('students', ALL));
  const now = new Date(device.clock.t).toISOString();
  const plan = conversionPlan(inquiry, { families, students, now, by: uid });
  const link = conversionLinkPatch(inquiry, {
    familyId: plan.family.id,
    studentId: plan.student.id,
    by: uid,
    at: now,
  });
  if (!link) throw new Error(`inquiry ${inquiryId} cannot be converted`);
  const applied = await store.batch([
    { type: 'save', collection: 'families', item: plan.family },
    { type: 'save', collection: 'students', item: plan.student },
    { type: 'save', collection: 'parentInquiries', item: { id: inquiryId, ...link } },
  ]);
  return { plan, applied };
}

const familiesFrom = (inquiryId: string) =>
  fake
    .listDocuments('families')
    .filter(
      (d) => d.id === convertedFamilyId(inquiryId) || String(d.data.notes).includes(inquiryId),
    );
const studentsOf = (familyId: string) =>
  fake.listDocuments('students').filter((d) => d.data.familyId === familyId);

beforeAll(async () => {
  await fake.reset({ profile: 'demo' });
});
beforeEach(() => {
  fake.faults.clear();
});
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

describe('the conversion batch against the fake Firebase', () => {
  it('creates one family and one student and links the inquiry from one cache batch', async () => {
    const device = await officeDevice();
    await device.engine.sync();
    // inq-003 is seeded as 'applied'.
    const { plan, applied } = await convert(device, 'inq-003');
    expect(applied).toBe(3);
    fake.clearRequestLog();
    await device.engine.sync();
    // The cache applies the batch at once; the queue replays it per collection (one commit each),
    // and the ids make every part safe to send again.
    expect(fake.requests(/documents:commit/)).toHaveLength(3);
    expect(await device.outbox.pendingChanges()).toEqual([]);
    expect(familiesFrom('inq-003').map((d) => d.id)).toEqual([plan.family.id]);
    expect(studentsOf(plan.family.id)).toEqual([
      { id: plan.student.id, data: expect.objectContaining({ firstName: plan.student.firstName }) },
    ]);
    expect(fake.getDocument('parentInquiries/inq-003')).toMatchObject({
      status: 'enrolled',
      familyId: 'fam-inq-inq-003',
      studentId: 'stu-inq-inq-003',
    });
  });

  it('keeps exactly one family and one student when the acknowledgement is lost and the batch is sent again', async () => {
    // The SDK logs the dropped connection itself.
    allowConsoleErrors();
    const device = await officeDevice();
    await device.engine.sync();
    const before = {
      families: fake.listDocuments('families').length,
      students: fake.listDocuments('students').length,
    };
    // inq-010 is seeded as 'tour scheduled'.
    const { plan } = await convert(device, 'inq-010');
    fake.faults.loseNextCommitAck(1);
    await device.engine.sync();
    // The commit landed, but the device does not know: all three changes are still queued.
    expect(familiesFrom('inq-010')).toHaveLength(1);
    expect(await device.outbox.pendingChanges()).toHaveLength(3);
    device.clock.t += backoffDelay(1);
    await device.engine.sync();
    expect(await device.outbox.pendingChanges()).toEqual([]);

    expect(familiesFrom('inq-010').map((d) => d.id)).toEqual([convertedFamilyId('inq-010')]);
    expect(studentsOf(plan.family.id).map((d) => d.id)).toEqual([convertedStudentId('inq-010')]);
    expect(fake.listDocuments('families')).toHaveLength(before.families + 1);
    expect(fake.listDocuments('students')).toHaveLength(before.students + 1);
    const inquiry = parentInquirySchema.parse(fake.getDocument('parentInquiries/inq-010'));
    expect(inquiry).toMatchObject({
      status: 'enrolled',
      familyId: plan.family.id,
      studentId: plan.student.id,
    });
    // The retry rewrote the same history: one conversion entry, not two.
    expect(
      inquiry.history.filter((h) => h.note === 'Converted to a family and a student'),
    ).toHaveLength(1);
    // The refresh after the replay pulled the same records back into the cache.
    expect(await device.store.get('students', plan.student.id)).toMatchObject({
      familyId: plan.family.id,
      status: 'enrolled',
    });

    // Converting again (a second click, another device) is seen as already done.
    const families = z.array(withId(familySchema)).parse(await device.store.list('families', ALL));
    const students = z.array(withId(studentSchema)).parse(await device.store.list('students', ALL));
    const again = conversionPlan(
      { ...inquiry, id: 'inq-010' },
      { families, students, now: new Date().toISOString(), by: device.uid },
    );
    expect(again.alreadyConverted).toBe(true);
    // The family the first attempt made is this family, never offered as a duplicate of itself.
    expect(again.duplicates.map((f) => f.id)).not.toContain(plan.family.id);
  });

  it('adds only the student to an existing family the office chose, and links the inquiry to it', async () => {
    const device = await officeDevice();
    await device.engine.sync();
    const before = {
      families: fake.listDocuments('families').length,
      students: fake.listDocuments('students').length,
    };
    // inq-005 is seeded as 'enrolled'; the office says the family is fam-0003 ("use this family").
    const inquiryId = 'inq-005';
    const chosen = 'fam-0003';
    const { store, uid } = device;
    const inquiry = withId(parentInquirySchema).parse(
      await store.get('parentInquiries', inquiryId),
    );
    const families = z.array(withId(familySchema)).parse(await store.list('families', ALL));
    const students = z.array(withId(studentSchema)).parse(await store.list('students', ALL));
    const now = new Date(device.clock.t).toISOString();
    const plan = conversionPlan(inquiry, { families, students, now, by: uid });
    const link = conversionLinkPatch(inquiry, {
      familyId: chosen,
      studentId: plan.student.id,
      by: uid,
      at: now,
    });
    if (!link) throw new Error('inq-005 cannot be converted');
    await store.batch([
      { type: 'save', collection: 'students', item: { ...plan.student, familyId: chosen } },
      { type: 'save', collection: 'parentInquiries', item: { id: inquiryId, ...link } },
    ]);
    await device.engine.sync();
    expect(await device.outbox.pendingChanges()).toEqual([]);

    expect(fake.listDocuments('families')).toHaveLength(before.families);
    expect(fake.getDocument(`families/${convertedFamilyId(inquiryId)}`)).toBeNull();
    expect(fake.listDocuments('students')).toHaveLength(before.students + 1);
    expect(fake.getDocument(`students/${convertedStudentId(inquiryId)}`)).toMatchObject({
      familyId: chosen,
      status: 'enrolled',
    });
    expect(fake.getDocument(`parentInquiries/${inquiryId}`)).toMatchObject({
      status: 'enrolled',
      familyId: chosen,
      studentId: convertedStudentId(inquiryId),
    });
    // A second look sees the conversion done (the student exists), not a fresh one to make.
    const again = conversionPlan(inquiry, {
      families,
      students: z.array(withId(studentSchema)).parse(await store.list('students', ALL)),
      now,
      by: uid,
    });
    expect(again.alreadyConverted).toBe(true);
  });
});
