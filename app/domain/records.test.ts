import { beforeAll, describe, expect, it } from 'vitest';
import { fake } from '../../mocks/index';
import {
  notificationSchema,
  RECORD_SCHEMAS,
  studentSchema,
  type RecordCollection,
} from './records';

/** Every collection path of the seed, with the schema its documents must pass. */
function seededCollections(): Array<
  [RecordCollection, Array<{ id: string; data: Record<string, unknown> }>]
> {
  const simple: RecordCollection[] = [
    'campuses',
    'classrooms',
    'subjects',
    'families',
    'students',
    'facilitators',
    'Members',
    'attendance',
    'events',
    'conversations',
    'Notifications',
    'parentInquiries',
    'resources',
  ];
  const result: Array<[RecordCollection, Array<{ id: string; data: Record<string, unknown> }>]> =
    simple.map((c) => [c, fake.listDocuments(c)]);
  const messages = fake
    .listDocuments('conversations')
    .flatMap((c) => fake.listDocuments(`conversations/${c.id}/messages`));
  result.push(['messages', messages]);
  // The seed logs no unregistered sign-in; use the shape the logUnregisterdSignin callable writes.
  result.push([
    'unregisteredSignins',
    [
      {
        id: 'sample',
        data: {
          email: 'x@gmail.example',
          displayName: null,
          photoURL: null,
          uid: 'u',
          providerData: [],
          expectedEmail: null,
          timestamp: 1700000000000,
          warning: 'w',
          at: '2025-01-01T00:00:00.000Z',
        },
      },
    ],
  ]);
  const versions = fake.getDocument('system/collectionVersions');
  result.push([
    'collectionVersions',
    versions ? [{ id: 'collectionVersions', data: versions }] : [],
  ]);
  return result;
}

describe('record schemas', () => {
  beforeAll(async () => {
    await fake.reset();
  });

  it('accept every record the demo seed creates, in every collection', () => {
    for (const [collection, docs] of seededCollections()) {
      expect(docs.length, collection).toBeGreaterThan(0);
      for (const doc of docs) {
        const parsed = RECORD_SCHEMAS[collection].safeParse(doc.data);
        expect(
          parsed.success ? null : { collection, id: doc.id, issues: parsed.error.issues },
        ).toBeNull();
      }
    }
  });

  it('normalise the legacy misspelt notification description', () => {
    const base = {
      notificationUUID: 'n1',
      memberUUID: 'm1',
      action: 'message',
      actionItem: 'x',
      date: '2025-01-01T10:00:00.000Z',
      status: 'active',
      isNew: true,
    };
    expect(notificationSchema.parse({ ...base, descripton: 'Old spelling' }).description).toBe(
      'Old spelling',
    );
    expect(notificationSchema.parse({ ...base, description: 'New spelling' }).description).toBe(
      'New spelling',
    );
    expect('descripton' in notificationSchema.parse({ ...base, descripton: 'x' })).toBe(false);
  });

  it('reject a student with an unknown status or a malformed birth date', () => {
    const student = {
      firstName: 'A',
      lastName: 'B',
      dateOfBirth: '2015-04-01',
      familyId: 'f',
      campusId: 'c',
      status: 'enrolled',
    };
    expect(studentSchema.safeParse(student).success).toBe(true);
    expect(studentSchema.safeParse({ ...student, status: 'expelled' }).success).toBe(false);
    expect(studentSchema.safeParse({ ...student, dateOfBirth: '01/04/2015' }).success).toBe(false);
  });

  it('seed the large profile with more than 5,000 valid students', async () => {
    await fake.reset({ profile: 'large' });
    const students = fake.listDocuments('students');
    expect(students.length).toBeGreaterThanOrEqual(5000);
    expect(students.every((s) => studentSchema.safeParse(s.data).success)).toBe(true);
    await fake.reset();
  });
});
