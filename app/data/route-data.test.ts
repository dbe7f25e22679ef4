import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { signInAs } from '~/backend/test-helpers';
import { fake } from '../../mocks/index';
import { parseOnce, readRecord } from './route-data';
import { initCache, store } from './store';
import { syncEngine } from './sync-status';

describe('parsing cached records for route loaders', () => {
  it('parses an unchanged record once per schema, and a replaced record again', () => {
    const check = vi.fn((value: string) => value.length > 0);
    const schema = z.object({ id: z.string(), name: z.string().refine(check) });
    const record = { id: 's1', name: 'Ivy' };

    expect(parseOnce(schema, record).success).toBe(true);
    expect(parseOnce(schema, record).success).toBe(true);
    expect(check).toHaveBeenCalledTimes(1);

    // The cache replaces a record object when it changes, so the new object is parsed afresh.
    const changed = { ...record, name: '' };
    expect(parseOnce(schema, changed).success).toBe(false);
    expect(check).toHaveBeenCalledTimes(2);

    // Another schema over the same record has its own result.
    const other = z.object({ id: z.literal('nope') });
    expect(parseOnce(other, record).success).toBe(false);
  });
});

describe('reading one record for a page', () => {
  const student = z.object({ id: z.string(), firstName: z.string(), familyId: z.string() });
  // Only the read of one record is under test here, not the refresh of whole collections.
  const noRefresh = { refreshIfDue: false };
  const backendReads = (id: string) => fake.requests(new RegExp(`students/${id}|batchGet`)).length;

  beforeAll(async () => {
    await fake.reset({ profile: 'demo' });
    await initCache({ uid: 'route-data-test' });
  });

  it('asks the backend for a record the cache does not hold', async () => {
    await signInAs('admin');
    const [seeded] = fake.listDocuments('students');
    expect(await store.get('students', seeded?.id ?? '')).toBeNull();
    const record = await readRecord('students', seeded?.id ?? '', student, noRefresh);
    expect(record).toMatchObject({ id: seeded?.id, firstName: seeded?.data.firstName });
  });

  it('answers from the cache without asking the backend when the cache holds the record', async () => {
    await signInAs('admin');
    const saved = await store.save('students', {
      firstName: 'Cached',
      lastName: 'Only',
      dateOfBirth: '2015-04-01',
      familyId: 'fam-0000',
      campusId: 'cam-0',
      status: 'enrolled',
    });
    fake.clearRequestLog();
    const record = await readRecord('students', saved?.id ?? '', student, noRefresh);
    expect(record).toMatchObject({ firstName: 'Cached' });
    expect(backendReads(saved?.id ?? '')).toBe(0);
  });

  it('says not found for a record deleted here before the delete reached the backend', async () => {
    await signInAs('admin');
    const [seeded] = fake.listDocuments('students').slice(-1);
    const id = seeded?.id ?? '';
    await store.save('students', { ...seeded?.data, id });
    expect(await store.delete('students', id)).toBe(true);
    fake.clearRequestLog();
    expect(await readRecord('students', id, student, noRefresh)).toBeNull();
    expect(backendReads(id)).toBe(0);
  });

  it('says not found for a record the person may not read, like one that does not exist', async () => {
    await signInAs('parent');
    const familyId = fake.getDocument('Members/demo-parent')?.familyId;
    const other = fake.listDocuments('students').find((s) => s.data.familyId !== familyId);
    expect(other).toBeDefined();
    expect(await readRecord('students', other?.id ?? '', student, noRefresh)).toBeNull();
    expect(await readRecord('students', 'no-such-student', student, noRefresh)).toBeNull();
  });

  it('says not found offline instead of failing the page', async () => {
    await signInAs('admin');
    const offline = vi.spyOn(syncEngine.connectivity, 'isOnline').mockReturnValue(false);
    const [seeded] = fake.listDocuments('students').slice(1);
    fake.clearRequestLog();
    expect(await readRecord('students', seeded?.id ?? '', student, noRefresh)).toBeNull();
    expect(backendReads(seeded?.id ?? '')).toBe(0);
    offline.mockRestore();
  });
});
