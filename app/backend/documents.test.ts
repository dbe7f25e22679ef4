// Contract suite: the documents domain functions through the real firestore/lite SDK against the
// fake Firebase (msw/node, started by test/setup-unit.ts).
import { http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fake } from '../../mocks/index';
import { server } from '../../mocks/node';
import {
  commitBatch,
  deleteDocument,
  getCollectionVersions,
  getDocument,
  getMember,
  initCollectionVersions,
  listDocuments,
  setDocument,
  touchMember,
  updateCollectionVersions,
  updateDocument,
  type BatchOperation,
  type FilterOp,
} from './documents';
import { rejectionOf, signInAs, uniqueTag } from './test-helpers';

// The suite writes to `classrooms`, which admins may write, and only fields the classroom schema
// names: the fake refuses any other key, as the rules' keys().hasOnly do. `campusId` tags one
// test's documents, `capacity` is the number the filters work on, `subjectIds` the labels for the
// array operators and `facilitatorIds` a field that merges must keep. Its own schema keeps the tests
// about the adapter rather than about the seed's record shapes.
const COLLECTION = 'classrooms';
const itemSchema = z
  .object({
    id: z.string(),
    campusId: z.string(),
    capacity: z.number(),
    subjectIds: z.array(z.string()).default([]),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  })
  .passthrough();
type Item = z.infer<typeof itemSchema>;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function labelsFor(n: number): string[] {
  return [n % 2 === 0 ? 'even' : 'odd', ...([2, 3, 5].includes(n) ? ['prime'] : [])];
}

async function seedNumbers(tag: string, count = 5): Promise<void> {
  const ops: BatchOperation[] = [];
  for (let n = 1; n <= count; n += 1) {
    ops.push({
      type: 'set',
      collection: COLLECTION,
      id: `${tag}-${n}`,
      data: { campusId: tag, capacity: n, subjectIds: labelsFor(n), name: `Item ${n}` },
    });
  }
  await commitBatch(ops);
}

const numbers = (items: Item[]) => items.map((item) => item.capacity);

beforeAll(async () => {
  await fake.reset();
  await signInAs('admin');
});

describe('listDocuments', () => {
  let tag: string;
  beforeEach(async () => {
    tag = uniqueTag('filters');
    await seedNumbers(tag);
  });

  const where = (op: FilterOp, value: unknown) => listDocumentsWhere(op, value, tag);

  it.each([
    ['==', 3, [3]],
    ['!=', 3, [1, 2, 4, 5]],
    ['<', 3, [1, 2]],
    ['<=', 3, [1, 2, 3]],
    ['>', 3, [4, 5]],
    ['>=', 3, [3, 4, 5]],
    ['in', [1, 5], [1, 5]],
    ['not-in', [1, 5], [2, 3, 4]],
  ] as const)('filters with %s %j', async (op, value, expected) => {
    expect(numbers(await where(op, value))).toEqual(expected);
  });

  it('filters with array-contains and array-contains-any', async () => {
    expect(numbers(await where('array-contains', 'even'))).toEqual([2, 4]);
    expect(numbers(await where('array-contains-any', ['even', 'prime']))).toEqual([2, 3, 4, 5]);
  });

  it('orders by a field in either direction and applies a limit after ordering', async () => {
    const descending = await listDocuments(COLLECTION, itemSchema, {
      filters: [{ field: 'campusId', op: '==', value: tag }],
      orderBy: [{ field: 'capacity', direction: 'desc' }],
    });
    expect(numbers(descending)).toEqual([5, 4, 3, 2, 1]);
    const topTwo = await listDocuments(COLLECTION, itemSchema, {
      filters: [{ field: 'campusId', op: '==', value: tag }],
      orderBy: [{ field: 'capacity', direction: 'desc' }],
      limit: 2,
    });
    expect(numbers(topTwo)).toEqual([5, 4]);
  });

  it('returns each document with its id', async () => {
    const [first] = await where('==', 1);
    expect(first?.id).toBe(`${tag}-1`);
  });
});

/** The tagged documents matching one filter on `capacity` (on `subjectIds` for array operators). */
async function listDocumentsWhere(op: FilterOp, value: unknown, tag: string): Promise<Item[]> {
  const field = op.startsWith('array') ? 'subjectIds' : 'capacity';
  const items = await listDocuments(COLLECTION, itemSchema, {
    filters: [
      { field: 'campusId', op: '==', value: tag },
      { field, op, value },
    ],
    all: true,
  });
  return [...items].sort((a, b) => a.capacity - b.capacity);
}

describe('list limits', () => {
  it('returns 10 documents when no limit is given, and every one with all', async () => {
    const tag = uniqueTag('limit');
    await seedNumbers(tag, 12);
    const filters = [{ field: 'campusId', op: '==' as const, value: tag }];
    expect(await listDocuments(COLLECTION, itemSchema, { filters })).toHaveLength(10);
    expect(await listDocuments(COLLECTION, itemSchema, { filters, all: true })).toHaveLength(12);
  });
});

describe('invalid documents', () => {
  it('skips a document that fails its schema in a list and reads it as null, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tag = uniqueTag('invalid');
    await seedNumbers(tag, 2);
    // The fake refuses such a client write (as the rules do), so it is put in place as the backend
    // would: a record stored before its schema changed, say.
    fake.setDocument(`${COLLECTION}/${tag}-bad`, {
      name: 'Test',
      campusId: tag,
      capacity: 'not a number',
    });
    const items = await listDocuments(COLLECTION, itemSchema, {
      filters: [{ field: 'campusId', op: '==', value: tag }],
    });
    expect(numbers(items).sort()).toEqual([1, 2]);
    expect(await getDocument(COLLECTION, `${tag}-bad`, itemSchema)).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(`${COLLECTION}/${tag}-bad`),
      expect.anything(),
    );
  });
});

describe('writes', () => {
  it('reads back a saved document, and null for one that does not exist', async () => {
    const id = uniqueTag('get');
    const result = await setDocument(COLLECTION, id, { name: 'Test', campusId: id, capacity: 7 });
    expect(result).toEqual({ success: true, message: 'Document saved successfully' });
    expect(await getDocument(COLLECTION, id, itemSchema)).toMatchObject({
      id,
      campusId: id,
      capacity: 7,
    });
    expect(await getDocument(COLLECTION, `${id}-missing`, itemSchema)).toBeNull();
  });

  it('merges fields with merge and replaces the whole document without it', async () => {
    const id = uniqueTag('merge');
    await setDocument(COLLECTION, id, {
      name: 'Test',
      campusId: id,
      capacity: 1,
      facilitatorIds: ['yes'],
    });
    await setDocument(COLLECTION, id, { capacity: 2 }, { merge: true });
    expect(await getDocument(COLLECTION, id, itemSchema)).toMatchObject({
      campusId: id,
      capacity: 2,
      facilitatorIds: ['yes'],
    });

    await setDocument(COLLECTION, id, { name: 'Test', campusId: id, capacity: 3 });
    const replaced = await getDocument(COLLECTION, id, itemSchema);
    expect(replaced).toMatchObject({ name: 'Test', campusId: id, capacity: 3 });
    expect(replaced).not.toHaveProperty('facilitatorIds');
  });

  it('does not store the id inside the document data', async () => {
    const id = uniqueTag('no-id-field');
    await setDocument(COLLECTION, id, {
      id: 'something-else',
      name: 'Test',
      campusId: id,
      capacity: 1,
    });
    const stored = fake.getDocument(`${COLLECTION}/${id}`);
    expect(stored).not.toBeNull();
    expect(stored).not.toHaveProperty('id');
  });

  it('updates the given fields of an existing document', async () => {
    const id = uniqueTag('update');
    await setDocument(COLLECTION, id, {
      name: 'Test',
      campusId: id,
      capacity: 1,
      facilitatorIds: ['yes'],
    });
    const result = await updateDocument(COLLECTION, id, { capacity: 5 });
    expect(result).toEqual({ success: true, message: 'Document updated successfully' });
    expect(await getDocument(COLLECTION, id, itemSchema)).toMatchObject({
      capacity: 5,
      facilitatorIds: ['yes'],
    });
  });

  it('fails to update a missing document with "Failed to save item" and a permanent not-found', async () => {
    const error = await rejectionOf(
      updateDocument(COLLECTION, uniqueTag('missing'), { capacity: 1 }),
    );
    expect(error.message).toBe('Failed to save item');
    expect(error.code).toBe('not-found');
    expect(error.permanent).toBe(true);
  });

  it('deletes a document', async () => {
    const id = uniqueTag('delete');
    await setDocument(COLLECTION, id, { name: 'Test', campusId: id, capacity: 1 });
    const result = await deleteDocument(COLLECTION, id);
    expect(result).toEqual({ success: true, message: 'Document deleted successfully' });
    expect(await getDocument(COLLECTION, id, itemSchema)).toBeNull();
  });

  it('stamps createdAt and updatedAt with the server time, and moves only updatedAt on update', async () => {
    const id = uniqueTag('timestamps');
    await setDocument(COLLECTION, id, { name: 'Test', campusId: id, capacity: 1 });
    const created = await getDocument(COLLECTION, id, itemSchema);
    expect(created?.createdAt).toMatch(ISO_DATE_TIME);
    expect(created?.updatedAt).toMatch(ISO_DATE_TIME);
    expect(Math.abs(Date.parse(created?.createdAt ?? '') - Date.now())).toBeLessThan(60_000);

    await updateDocument(COLLECTION, id, { capacity: 2 });
    const updated = await getDocument(COLLECTION, id, itemSchema);
    expect(updated?.createdAt).toBe(created?.createdAt);
    expect(Date.parse(updated?.updatedAt ?? '')).toBeGreaterThan(
      Date.parse(created?.updatedAt ?? ''),
    );
  });

  it('keeps a createdAt the caller provides', async () => {
    const id = uniqueTag('created');
    await setDocument(COLLECTION, id, {
      name: 'Test',
      campusId: id,
      capacity: 1,
      createdAt: '2024-01-02T03:04:05.000Z',
    });
    expect((await getDocument(COLLECTION, id, itemSchema))?.createdAt).toBe(
      '2024-01-02T03:04:05.000Z',
    );
  });
});

describe('commitBatch', () => {
  it('applies set, update and delete together', async () => {
    const tag = uniqueTag('batch');
    await seedNumbers(tag, 2);
    const result = await commitBatch([
      {
        type: 'set',
        collection: COLLECTION,
        id: `${tag}-3`,
        data: { name: 'Test', campusId: tag, capacity: 3 },
      },
      { type: 'update', collection: COLLECTION, id: `${tag}-1`, data: { capacity: 10 } },
      { type: 'delete', collection: COLLECTION, id: `${tag}-2` },
    ]);
    expect(result).toEqual({ success: true, message: 'Batch operation completed successfully' });
    const items = await listDocuments(COLLECTION, itemSchema, {
      filters: [{ field: 'campusId', op: '==', value: tag }],
    });
    expect(numbers(items).sort((a, b) => a - b)).toEqual([3, 10]);
  });

  it('refuses more than 500 operations without sending anything', async () => {
    const before = fake.requests('documents:commit').length;
    const ops: BatchOperation[] = Array.from({ length: 501 }, (_, i) => ({
      type: 'delete',
      collection: COLLECTION,
      id: `too-many-${i}`,
    }));
    const error = await rejectionOf(commitBatch(ops));
    expect(error.message).toBe('Batch operations exceed the maximum limit of 500 operations');
    expect(error.permanent).toBe(true);
    expect(fake.requests('documents:commit')).toHaveLength(before);
  });

  it('applies nothing when one write fails its precondition', async () => {
    const tag = uniqueTag('atomic');
    const error = await rejectionOf(
      commitBatch([
        {
          type: 'set',
          collection: COLLECTION,
          id: `${tag}-new`,
          data: { name: 'Test', campusId: tag, capacity: 1 },
        },
        { type: 'update', collection: COLLECTION, id: `${tag}-missing`, data: { capacity: 2 } },
      ]),
    );
    expect(error.message).toBe('Failed to save item');
    expect(error.code).toBe('not-found');
    expect(fake.getDocument(`${COLLECTION}/${tag}-new`)).toBeNull();
  });

  it('writes only the named field paths with mergeFields and an update, replacing each value whole', async () => {
    const room = uniqueTag('room');
    const id = `${room}_2020-01-06`;
    const AT = '2020-01-06T08:00:00.000Z';
    const base = { classroomId: room, date: '2020-01-06' };
    const late = { status: 'late', note: 'Bus', at: AT, by: 'fac' };
    await commitBatch([
      {
        type: 'set',
        collection: 'attendance',
        id,
        data: { ...base, entries: { s1: late, s2: late } },
      },
    ]);
    const created = fake.getDocument(`attendance/${id}`)?.createdAt;
    // s2's note is taken off: its entry is replaced whole; s1 is not named and stays.
    await commitBatch([
      {
        type: 'set',
        collection: 'attendance',
        id,
        data: { ...base, entries: { s2: { status: 'late', at: AT, by: 'admin' } } },
        merge: true,
        mergeFields: ['classroomId', 'date', 'entries.s2'],
      },
      {
        type: 'update',
        collection: 'attendance',
        id,
        data: { 'entries.s3': { status: 'absent', at: AT, by: 'admin' } },
      },
    ]);
    const stored = fake.getDocument(`attendance/${id}`);
    expect(stored?.entries).toEqual({
      s1: late,
      s2: { status: 'late', at: AT, by: 'admin' },
      s3: { status: 'absent', at: AT, by: 'admin' },
    });
    // The server time the write adds is in the mask too; createdAt is left alone.
    expect(stored?.updatedAt).not.toEqual(created);
    expect(stored?.createdAt).toEqual(created);
  });

  it('creates a document from mergeFields alone when it does not exist yet', async () => {
    const room = uniqueTag('room');
    const id = `${room}_2020-01-07`;
    const entry = { status: 'present', at: '2020-01-07T08:00:00.000Z', by: 'admin' };
    await commitBatch([
      {
        type: 'set',
        collection: 'attendance',
        id,
        data: { classroomId: room, date: '2020-01-07', entries: { 'stu-1': entry } },
        merge: true,
        mergeFields: ['classroomId', 'date', 'entries.stu-1'],
      },
    ]);
    expect(fake.getDocument(`attendance/${id}`)).toMatchObject({
      classroomId: room,
      date: '2020-01-07',
      entries: { 'stu-1': entry },
      updatedAt: expect.any(String),
    });
  });

  it('adds arrayUnion fields to the stored array instead of replacing it (read receipts, decision 045)', async () => {
    const uid = await signInAs('admin');
    const conversation = uniqueTag('conv');
    fake.setDocument(`conversations/${conversation}`, {
      subject: 'Receipts',
      participantIds: ['sender', uid, 'other'],
    });
    const path = `conversations/${conversation}/messages`;
    fake.setDocument(`${path}/m1`, {
      senderId: 'sender',
      body: 'Hello',
      sentAt: '2020-01-06T08:00:00.000Z',
      readBy: ['sender', 'other'],
    });
    // This device last saw readBy without 'other': the union keeps them anyway.
    await commitBatch([
      {
        type: 'update',
        collection: path,
        id: 'm1',
        data: { readBy: ['sender', uid], [`readAt.${uid}`]: '2020-01-06T09:00:00.000Z' },
        arrayUnion: ['readBy'],
      },
    ]);
    expect(fake.getDocument(`${path}/m1`)).toMatchObject({
      readBy: ['sender', 'other', uid],
      readAt: { [uid]: '2020-01-06T09:00:00.000Z' },
    });
  });

  it('writes ifMissing defaults only where the document has no value, in one transaction', async () => {
    const room = uniqueTag('room');
    const id = `${room}_2020-01-08`;
    const AT = '2020-01-08T08:00:00.000Z';
    const absent = { status: 'absent', at: AT, by: 'fac' };
    const late = { status: 'late', at: AT, by: 'admin' };
    const present = (by: string) => ({ status: 'present', at: AT, by });
    const base = { classroomId: room, date: '2020-01-08' };
    // A brand-new roll call: s1 explicit, s2 and s3 defaults; nothing is there, so all are written.
    await commitBatch([
      {
        type: 'set',
        collection: 'attendance',
        id,
        data: { ...base, entries: { s1: absent } },
        merge: true,
        mergeFields: ['classroomId', 'date', 'entries.s1'],
        ifMissing: { 'entries.s2': present('fac'), 'entries.s3': present('fac') },
      },
    ]);
    fake.clearRequestLog();
    // A second device: s2 explicit, s1 and s3 defaults. s1 and s3 already have marks and stay.
    await commitBatch([
      {
        type: 'set',
        collection: 'attendance',
        id,
        data: { ...base, entries: { s2: late } },
        merge: true,
        mergeFields: ['classroomId', 'date', 'entries.s2'],
        ifMissing: {
          'entries.s1': present('admin'),
          'entries.s3': present('admin'),
          'entries.s4': present('admin'),
        },
      },
      {
        type: 'update',
        collection: 'attendance',
        id,
        data: { 'entries.s5': absent },
        ifMissing: { 'entries.s1': present('admin'), 'entries.s6': present('admin') },
      },
    ]);
    expect(fake.getDocument(`attendance/${id}`)?.entries).toEqual({
      s1: absent,
      s2: late,
      s3: present('fac'),
      s4: present('admin'),
      s5: absent,
      s6: present('admin'),
    });
    // The document was read inside a transaction before the commit.
    expect(fake.requests(':batchGet')).not.toHaveLength(0);
  });

  it('reads again and keeps the other mark when another device writes between the read and the commit', async () => {
    const room = uniqueTag('room');
    const id = `${room}_2020-01-10`;
    const AT = '2020-01-10T08:00:00.000Z';
    const base = { classroomId: room, date: '2020-01-10' };
    const present = { status: 'present', at: AT, by: 'fac' };
    const late = { status: 'late', at: AT, by: 'admin' };
    // The other device's save lands just before this commit: the commit's precondition (the
    // document read did not exist) fails, and the transaction reads again and recomputes.
    server.use(
      http.post(
        /:commit$/,
        () => {
          fake.setDocument(`attendance/${id}`, { ...base, entries: { s2: late } });
        },
        { once: true },
      ),
    );
    fake.clearRequestLog();
    await commitBatch([
      {
        type: 'set',
        collection: 'attendance',
        id,
        data: { ...base, entries: { s1: { status: 'absent', at: AT, by: 'fac' } } },
        merge: true,
        mergeFields: ['classroomId', 'date', 'entries.s1'],
        ifMissing: { 'entries.s2': present, 'entries.s3': present },
      },
    ]);
    expect(fake.getDocument(`attendance/${id}`)?.entries).toEqual({
      s1: { status: 'absent', at: AT, by: 'fac' },
      s2: late,
      s3: present,
    });
    expect(fake.requests(':batchGet')).toHaveLength(2);
  });

  it('sends a batch without defaults as a plain batch, with no read', async () => {
    const room = uniqueTag('room');
    const id = `${room}_2020-01-09`;
    fake.clearRequestLog();
    await commitBatch([
      {
        type: 'set',
        collection: 'attendance',
        id,
        data: { classroomId: room, date: '2020-01-09', entries: {} },
      },
    ]);
    expect(fake.requests(':batchGet')).toHaveLength(0);
    expect(fake.requests(':commit')).toHaveLength(1);
  });
});

describe('system/collectionVersions', () => {
  it('initialises an empty map, then records versions while keeping the other entries', async () => {
    await initCollectionVersions();
    const initial = await getCollectionVersions();
    expect(initial?.collections).toEqual({});
    expect(initial?.lastUpdated).toMatch(ISO_DATE_TIME);

    await updateCollectionVersions({ students: '1.1.0' });
    await updateCollectionVersions({ families: { version: '2.0.0' } });
    const versions = await getCollectionVersions();
    expect(versions?.collections.students?.version).toBe('1.1.0');
    expect(versions?.collections.families?.version).toBe('2.0.0');
    expect(versions?.collections.families?.updatedAt).toMatch(ISO_DATE_TIME);
    expect(Date.parse(versions?.lastUpdated ?? '')).toBeGreaterThanOrEqual(
      Date.parse(initial?.lastUpdated ?? ''),
    );
  });
});

describe('Members', () => {
  it('reads a member profile by uid and stamps lastUpdated', async () => {
    const uid = await signInAs('parent');
    const member = await getMember(uid);
    expect(member).toMatchObject({ email: 'parent@demo-learning.example' });
    expect(member?.roles).toContain('parent');

    await touchMember(uid);
    const touched = await getMember(uid);
    expect(touched?.lastUpdated).toMatch(ISO_DATE_TIME);
    expect(Math.abs(Date.parse(touched?.lastUpdated ?? '') - Date.now())).toBeLessThan(60_000);
    await signInAs('admin');
  });

  it('answers null for an account without a profile', async () => {
    expect(await getMember('no-such-uid')).toBeNull();
  });
});
