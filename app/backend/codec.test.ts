import { initializeApp } from 'firebase/app';
import { Bytes, GeoPoint, Timestamp, doc, getFirestore } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { toPlain, toPlainDocument } from './codec';

describe('toPlain', () => {
  it('turns Firestore values into JSON-safe plain data', () => {
    const app = initializeApp(
      { projectId: 'codec-test', apiKey: 'k', appId: '1:1:web:1' },
      'codec',
    );
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
