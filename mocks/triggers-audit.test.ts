// The fake keeps the audit trail, through the real SDK over HTTP: a client's commit to a student
// leaves one auditLog entry naming the writer and the change, a delete names its caller, and the
// trail is readable by admins only and writable by no client at all.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signOutUser } from '../app/backend/auth';
import {
  deleteDocument,
  listDocuments,
  setDocument,
  updateDocument,
} from '../app/backend/documents';
import { rejectionOf, signInAs } from '../app/backend/test-helpers';
import { auditEntrySchema } from '../app/domain/records';
import { fake } from './index';
import type { Role } from '../app/domain/roles';

beforeEach(async () => {
  await signOutUser();
  await fake.reset();
});
afterAll(() => new Promise((r) => setTimeout(r, 100)));

const entriesOf = (docId: string) =>
  fake
    .listDocuments('auditLog')
    .map((d) => d.data)
    .filter((d) => d.docId === docId);

function aStudent(): { id: string; lastName: string } {
  const first = fake.listDocuments('students')[0];
  if (!first) throw new Error('The seed has no students.');
  return { id: first.id, lastName: z.string().parse(first.data.lastName) };
}

describe('the fake’s audit trail', () => {
  it('writes one entry after a client’s commit: writer, field, before and after', async () => {
    const { id, lastName } = aStudent();
    const admin = await signInAs('admin');
    expect(entriesOf(id)).toEqual([]);

    await updateDocument('students', id, { lastName: `${lastName}-Admin`, updatedBy: admin });

    const entries = entriesOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      by: admin,
      collection: 'students',
      docId: id,
      action: 'update',
      changes: [{ field: 'lastName', before: lastName, after: `${lastName}-Admin` }],
    });
    // Stored as the app reads it back: a valid entry (its times are timestamps).
    expect(auditEntrySchema.safeParse(entries[0]).success).toBe(true);
  });

  it('names the caller of a delete, which leaves no updatedBy to read', async () => {
    const { id } = aStudent();
    const admin = await signInAs('admin');
    await deleteDocument('students', id);
    expect(entriesOf(id)).toEqual([
      expect.objectContaining({ action: 'delete', by: admin, collection: 'students' }),
    ]);
  });

  it('lets admins read the trail and refuses it to facilitators and parents', async () => {
    const { id, lastName } = aStudent();
    const admin = await signInAs('admin');
    await updateDocument('students', id, { lastName: `${lastName}-Admin`, updatedBy: admin });
    const query = () =>
      listDocuments('auditLog', auditEntrySchema, {
        filters: [
          { field: 'collection', op: '==', value: 'students' },
          { field: 'docId', op: '==', value: id },
        ],
        orderBy: [{ field: 'at', direction: 'desc' }],
        limit: 50,
      });
    expect(await query()).toEqual([expect.objectContaining({ docId: id, by: admin })]);

    for (const role of ['facilitator', 'parent', 'student', 'administration'] as Role[]) {
      await signInAs(role);
      expect((await rejectionOf(query())).code).toBe('permission-denied');
    }
  });

  it('refuses every client write to the trail, admins’ included', async () => {
    const { id, lastName } = aStudent();
    const admin = await signInAs('admin');
    await updateDocument('students', id, { lastName: `${lastName}-Admin`, updatedBy: admin });
    const entryId = fake.listDocuments('auditLog').find((d) => d.data.docId === id)?.id ?? '';
    // Rewriting who did it, or removing the trace, is refused too.
    expect((await rejectionOf(updateDocument('auditLog', entryId, { by: 'x' }))).code).toBe(
      'permission-denied',
    );
    expect((await rejectionOf(deleteDocument('auditLog', entryId))).code).toBe('permission-denied');
    expect(fake.getDocument(`auditLog/${entryId}`)?.by).toBe(admin);
    for (const role of ['superAdmin', 'admin', 'parent'] as Role[]) {
      const uid = await signInAs(role);
      const forged = {
        at: new Date().toISOString(),
        by: 'someone-else',
        collection: 'students',
        docId: id,
        action: 'update',
        changes: [],
        updatedBy: uid,
      };
      expect((await rejectionOf(setDocument('auditLog', `forged-${role}`, forged))).code).toBe(
        'permission-denied',
      );
    }
    expect(fake.getDocument('auditLog/forged-admin')).toBeNull();
  });
});
