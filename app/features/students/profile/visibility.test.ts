// The backend side of the role views, against the fake Firebase: what load.ts falls back to
// when a role's cache does not hold a record, and what a parent's contact update may change.
import { beforeAll, describe, expect, it } from 'vitest';
import { getDocument, setDocument } from '~/backend/documents';
import { rejectionOf, signInAs } from '~/backend/test-helpers';
import { fake } from '../../../../mocks/index';
import { submitContactForm } from '../forms/family-form';
import { familyRecordSchema, studentRecordSchema } from './load';

beforeAll(async () => {
  await fake.reset();
});

describe('what each role may open', () => {
  it("lets a parent read their own children and family but refuses another family's child and family", async () => {
    await signInAs('parent');
    expect(await getDocument('students', 'stu-00001', studentRecordSchema)).toMatchObject({
      firstName: 'Ivy',
      familyId: 'fam-0000',
    });
    expect(await getDocument('families', 'fam-0000', familyRecordSchema)).toMatchObject({
      familyName: 'Whitfield',
    });
    const child = await rejectionOf(getDocument('students', 'stu-00002', studentRecordSchema));
    expect(child.code).toBe('permission-denied');
    const family = await rejectionOf(getDocument('families', 'fam-0001', familyRecordSchema));
    expect(family.code).toBe('permission-denied');
  });

  it('lets a student read only their own record', async () => {
    await signInAs('student');
    expect(await getDocument('students', 'stu-00000', studentRecordSchema)).toMatchObject({
      firstName: 'Leo',
    });
    const sibling = await rejectionOf(getDocument('students', 'stu-00001', studentRecordSchema));
    expect(sibling.code).toBe('permission-denied');
  });
});

describe("a parent's contact update", () => {
  it('is accepted by the backend, because it changes only the address and guardian contacts', async () => {
    await signInAs('parent');
    const existing = await getDocument('families', 'fam-0000', familyRecordSchema);
    if (!existing) throw new Error('The demo family is missing');
    const result = await submitContactForm(
      { address: '5 New Street', 'guardians.0.phone': '+91 90000 11111' },
      {
        existing,
        // What the sync engine sends for this change: a merging set of the saved fields.
        save: ({ id: _id, ...fields }) =>
          setDocument('families', existing.id, fields, { merge: true }),
      },
    );
    expect(result).toEqual({ ok: true, id: 'fam-0000' });
    const stored = await getDocument('families', 'fam-0000', familyRecordSchema);
    expect(stored?.address).toBe('5 New Street');
    expect(stored?.guardians[0]?.phone).toBe('+91 90000 11111');
  });

  it('is refused by the backend if it tried to rename the family', async () => {
    await signInAs('parent');
    const refused = await rejectionOf(
      setDocument('families', 'fam-0000', { familyName: 'Renamed' }, { merge: true }),
    );
    expect(refused.code).toBe('permission-denied');
  });
});
