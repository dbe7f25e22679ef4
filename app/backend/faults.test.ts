// What the sync engine relies on when things go wrong: transient failures are marked retryable,
// refusals permanent, and a retried create with the same id cannot duplicate a record.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fake } from '../../mocks/index';
import { allowConsoleErrors } from '../../test/console';
import { getDocument, listDocuments, setDocument } from './documents';
import { rejectionOf, signInAs, uniqueTag } from './test-helpers';

// Classrooms, which admins may write, with only fields their schema names (the fake refuses any
// other key, as the rules' keys().hasOnly do): `campusId` tags a test's documents.
const COLLECTION = 'classrooms';
const itemSchema = z.object({ id: z.string(), campusId: z.string(), capacity: z.number() });

beforeAll(async () => {
  await fake.reset();
  await signInAs('admin');
});

afterEach(() => {
  fake.faults.clear();
});

describe('transient failures', () => {
  it('fails fast with a non-permanent error while the device is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fake.clearRequestLog();
    const error = await rejectionOf(listDocuments(COLLECTION, itemSchema));
    expect(error.message).toBe('Failed to get data');
    expect(error.permanent).toBe(false);
    // "Fast" means it never asked the network, so it waited for no answer and no timeout (a
    // duration would only measure the machine; speed belongs to the benchmarks).
    expect(fake.requests()).toEqual([]);
  });

  it('reports a network error from the request itself as non-permanent', async () => {
    // firestore/lite logs a response without an HTTP status as an error.
    allowConsoleErrors();
    fake.faults.failNext('documents:commit', 1, 0);
    const error = await rejectionOf(
      setDocument(COLLECTION, uniqueTag('net'), { name: 'Test', campusId: 'x', capacity: 1 }),
    );
    expect(error.message).toBe('Failed to save item');
    expect(error.permanent).toBe(false);
  });

  it('reports an injected server error (500) as non-permanent, and the retry succeeds', async () => {
    const id = uniqueTag('five-hundred');
    fake.faults.failNext('documents:commit', 1, 500);
    const error = await rejectionOf(
      setDocument(COLLECTION, id, { name: 'Test', campusId: id, capacity: 1 }),
    );
    expect(error.permanent).toBe(false);
    await setDocument(COLLECTION, id, { name: 'Test', campusId: id, capacity: 1 });
    expect(await getDocument(COLLECTION, id, itemSchema)).toMatchObject({
      campusId: id,
      capacity: 1,
    });
  });

  it('reports an unavailable read (503) as non-permanent', async () => {
    fake.faults.failNext('documents:runQuery', 1, 503);
    const error = await rejectionOf(listDocuments(COLLECTION, itemSchema));
    expect(error.code).toBe('unavailable');
    expect(error.permanent).toBe(false);
  });
});

describe('refusals', () => {
  it('reports a write the rules refuse as permanent permission-denied', async () => {
    await signInAs('student');
    try {
      const error = await rejectionOf(
        setDocument('campuses', uniqueTag('refused'), { name: 'Not allowed' }),
      );
      expect(error.message).toBe('Failed to save item');
      expect(error.code).toBe('permission-denied');
      expect(error.permanent).toBe(true);
    } finally {
      await signInAs('admin');
    }
  });
});

describe('lost acknowledgement', () => {
  it('leaves exactly one record when a create whose answer was lost is retried with the same id', async () => {
    const tag = uniqueTag('lost-ack');
    const id = `${tag}-1`;
    allowConsoleErrors();
    fake.faults.loseNextCommitAck();
    const error = await rejectionOf(
      setDocument(COLLECTION, id, { name: 'Test', campusId: tag, capacity: 1 }),
    );
    expect(error.permanent).toBe(false);
    // The write happened although the client never heard so.
    expect(fake.getDocument(`${COLLECTION}/${id}`)).toMatchObject({
      name: 'Test',
      campusId: tag,
      capacity: 1,
    });

    await setDocument(COLLECTION, id, { name: 'Test', campusId: tag, capacity: 1 });
    const matching = fake.listDocuments(COLLECTION).filter((doc) => doc.data.campusId === tag);
    expect(matching).toHaveLength(1);
    expect(
      await listDocuments(COLLECTION, itemSchema, {
        filters: [{ field: 'campusId', op: '==', value: tag }],
      }),
    ).toHaveLength(1);
  });
});
