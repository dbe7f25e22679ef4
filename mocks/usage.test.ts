// What the fake bills (issue 29): document reads and writes per account, counted as Firestore
// counts them, for requests made through the real SDK (app/backend) and the public callable: a
// query a read per document returned (1 when none), a get 1 (found or missing), a commit a write per
// document (its triggers' writes included), under the caller's uid or `anonymous`.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signOutUser } from '../app/backend/auth';
import { commitBatch, getDocument, listDocuments, setDocument } from '../app/backend/documents';
import { signInAs } from '../app/backend/test-helpers';
import { DEMO_PROJECT_ID } from '../app/config/demo';
import { demoAccount } from './demo-accounts';
import { fake } from './index';

const admin = demoAccount('admin').uid;
const parent = demoAccount('parent').uid;
const anyDoc = z.object({ id: z.string() }).passthrough();

beforeEach(async () => {
  await signOutUser();
  await fake.reset();
});
afterAll(() => new Promise((r) => setTimeout(r, 100)));

/** Signs in as `role`, then starts a new bill, so only what follows is counted. */
async function signedInAs(role: 'admin' | 'parent'): Promise<void> {
  await signInAs(role);
  fake.resetUsage();
}

describe('usage: reads and writes as Firestore bills them', () => {
  it('bills a query one read per document it returns, under the caller’s uid', async () => {
    await signedInAs('admin');
    const students = await listDocuments('students', anyDoc, { limit: 3 });
    expect(students).toHaveLength(3);
    expect(fake.usage()).toEqual({ [admin]: { reads: 3, writes: 0 } });
  });

  it('bills a query that returns nothing one read', async () => {
    await signedInAs('admin');
    const none = await listDocuments('students', anyDoc, {
      filters: [{ field: 'firstName', op: '==', value: 'Nobody-at-all' }],
    });
    expect(none).toEqual([]);
    expect(fake.usage()).toEqual({ [admin]: { reads: 1, writes: 0 } });
  });

  it('bills a get one read, whether the document exists or not', async () => {
    await signedInAs('admin');
    expect(await getDocument('students', 'stu-00000', anyDoc)).not.toBeNull();
    expect(fake.usage()[admin]).toEqual({ reads: 1, writes: 0 });
    expect(await getDocument('students', 'no-such-student', anyDoc)).toBeNull();
    expect(fake.usage()[admin]).toEqual({ reads: 2, writes: 0 });
  });

  it('bills a commit one write per document it sets, and nothing for a refused one', async () => {
    await signedInAs('admin');
    await commitBatch([
      { type: 'set', collection: 'campuses', id: 'cam-usage-1', data: { name: 'North' } },
      { type: 'set', collection: 'campuses', id: 'cam-usage-2', data: { name: 'South' } },
    ]);
    expect(fake.getDocument('campuses/cam-usage-2')).toMatchObject({ name: 'South' });
    expect(fake.usage()).toEqual({ [admin]: { reads: 0, writes: 2 } });

    // A parent may not write campuses: the whole commit is refused and costs nothing.
    await signedInAs('parent');
    await expect(setDocument('campuses', 'cam-usage-3', { name: 'West' })).rejects.toBeInstanceOf(
      Error,
    );
    expect(fake.usage()).toEqual({});
  });

  it('bills the writes a commit’s triggers make to the person whose commit fired them', async () => {
    await signedInAs('admin');
    // An audited collection: the triggers add at least an audit entry to the student's own write.
    const written: string[] = [];
    const stop = fake.onChange((event) => written.push(event.path));
    try {
      await commitBatch([
        { type: 'update', collection: 'students', id: 'stu-00000', data: { notes: 'Walks home' } },
      ]);
    } finally {
      stop();
    }
    expect(written).toContain('students/stu-00000');
    expect(written.some((path) => path.startsWith('auditLog/'))).toBe(true);
    expect(fake.usage()).toEqual({ [admin]: { reads: 0, writes: written.length } });
  });

  it('keeps each account’s bill apart and starts again at resetUsage()', async () => {
    await signedInAs('admin');
    await listDocuments('students', anyDoc, { limit: 2 });
    await signInAs('parent');
    await listDocuments('students', anyDoc, {
      filters: [{ field: 'familyId', op: '==', value: 'fam-0000' }],
    });
    const usage = fake.usage();
    expect(usage[admin]?.reads).toBe(2);
    // The demo parent's two children (Leo and Ivy), plus what signing in read.
    expect(usage[parent]?.reads).toBeGreaterThanOrEqual(2);
    fake.resetUsage();
    expect(fake.usage()).toEqual({});
    // A reset of the school starts a new bill too.
    await getDocument('students', 'stu-00000', anyDoc);
    expect(fake.usage()).toEqual({ [parent]: { reads: 1, writes: 0 } });
    await fake.reset();
    expect(fake.usage()).toEqual({});
  });

  it('bills an unauthenticated call (the public inquiry form) to `anonymous`', async () => {
    fake.resetUsage();
    const response = await fetch(
      `https://asia-south1-${DEMO_PROJECT_ID}.cloudfunctions.net/submitInquiry`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          data: {
            parentName: 'Asha Whitfield',
            email: 'usage.family@mail.example',
            phone: '+91 90000 00000',
            childName: 'Maya Whitfield',
            childDateOfBirth: '2019-04-01',
            campusId: 'cam-0',
            message: 'Is there a place next term?',
          },
        }),
      },
    );
    expect(response.status).toBe(200);
    const usage = fake.usage();
    expect(Object.keys(usage)).toEqual(['anonymous']);
    // The inquiry and the day's rate-limit counter, at least.
    expect(usage.anonymous?.writes).toBeGreaterThanOrEqual(2);
    expect(usage.anonymous?.reads).toBe(0);
  });
});
