import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { Bytes, GeoPoint, Timestamp, doc, getFirestore } from 'firebase/firestore/lite';
import { afterAll, describe, expect, it } from 'vitest';
import { toPlain, toPlainDocument } from './codec';

const apps: FirebaseApp[] = [];

// Firebase opens its heartbeat IndexedDB in the background when an app starts. This file is quick,
// so without waiting that callback can land after the test environment is torn down and fail the
// run ("self is not defined"). Delete the app and let the pending IndexedDB work finish first.
afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await new Promise((resolve) => setTimeout(resolve, 100));
});

describe('toPlain', () => {
  it('turns Firestore values into JSON-safe plain data', () => {
    const app = initializeApp(
      { projectId: 'codec-test', apiKey: 'k', appId: '1:1:web:1' },
      'codec',
    );
    apps.push(app);
    const db = getFirestore(app);
    const at = new Date('2025-03-01T08:30:00.000Z');
    expect(
      toPlain({
        createdAt: Timestamp.fromDate(at),
        where: new GeoPoint(12.5, 77.25),
        ref: doc(db, 'students', 's1'),
        blob: Bytes.fromBase64String('aGk='),
        nested: { list: [Timestamp.fromDate(at), 1, 'x', null, true], nan: Number.NaN },
        missing: undefined,
      }),
    ).toEqual({
      createdAt: '2025-03-01T08:30:00.000Z',
      where: { latitude: 12.5, longitude: 77.25 },
      ref: 'students/s1',
      blob: 'aGk=',
      nested: { list: ['2025-03-01T08:30:00.000Z', 1, 'x', null, true], nan: null },
      missing: null,
    });
  });

  it('gives the document key precedence over an id field stored in the data', () => {
    expect(toPlainDocument('real-id', { id: 'stale', name: 'Maths' })).toEqual({
      id: 'real-id',
      name: 'Maths',
    });
  });
});
