import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCESS_LINKS_FIELD } from './permissions';
import { RECORD_SCHEMAS, type RecordCollection } from './records';
import { documentKeys, storedKeysOf, unexpectedKeys } from './stored-keys';

const COLLECTIONS = Object.keys(RECORD_SCHEMAS).filter((name): name is RecordCollection =>
  Object.hasOwn(RECORD_SCHEMAS, name),
);

describe('the keys a stored document may have', () => {
  it('are the schema keys without the id, then the bookkeeping fields it lacks, then the extras', () => {
    expect(storedKeysOf('subjects')).toEqual({
      schema: ['createdAt', 'updatedAt', 'updatedBy', 'name', 'code', 'colour', 'description'],
      bookkeeping: ['lastUpdated'],
      extra: [],
      allowed: [
        'createdAt',
        'updatedAt',
        'updatedBy',
        'name',
        'code',
        'colour',
        'description',
        'lastUpdated',
      ],
    });
    // Members keep the access links the triggers write beside the record.
    expect(storedKeysOf('Members').extra).toEqual([ACCESS_LINKS_FIELD]);
    expect(storedKeysOf('Members').allowed).toContain(ACCESS_LINKS_FIELD);
    // A schema without the base fields gets every bookkeeping field.
    expect(storedKeysOf('collectionVersions').allowed).toEqual([
      'collections',
      'lastUpdated',
      'createdAt',
      'updatedAt',
      'updatedBy',
    ]);
  });

  it('never include the id, which is the document key', () => {
    for (const collection of COLLECTIONS) {
      expect(storedKeysOf(collection).allowed, collection).not.toContain('id');
    }
  });

  it('read the object under a transform, and allow anything when unknown keys pass through', () => {
    expect(storedKeysOf('Notifications').schema).toContain('descripton');
    expect(documentKeys(z.object({ a: z.string() }).passthrough(), 'loose').allowed).toBeNull();
    expect(() => documentKeys(z.string(), 'odd')).toThrow(
      'odd: a record schema must be a zod object',
    );
  });
});

describe('unexpectedKeys', () => {
  const student = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    dateOfBirth: '2015-04-01',
    familyId: 'fam-1',
    campusId: 'north',
    status: 'enrolled',
    updatedAt: '2026-11-24T10:00:00.000Z',
    updatedBy: 'admin-1',
    lastUpdated: '2026-11-24T10:00:00.000Z',
  };

  it('finds nothing in a document of schema and bookkeeping keys', () => {
    expect(unexpectedKeys('students', student)).toEqual([]);
  });

  it('names top-level keys the schema does not, and a stored id', () => {
    expect(unexpectedKeys('students', { ...student, nickname: 'Ada', id: 'stu-1' })).toEqual([
      'nickname',
      'id',
    ]);
  });

  it('names keys inside nested objects as dotted paths', () => {
    const event = {
      title: 'Trip',
      start: '2026-11-24T10:00:00.000Z',
      end: '2026-11-24T11:00:00.000Z',
      createdBy: 'admin-1',
      recurrence: { freq: 'weekly', interval: 1, until: '2026-12-24', byDay: ['MO'] },
    };
    expect(unexpectedKeys('events', event)).toEqual(['recurrence.byDay']);
  });

  it('looks neither inside list elements nor record values nor pass-through objects, as the rules', () => {
    const family = {
      familyName: 'Lovelace',
      guardians: [{ name: 'Ann', nickname: 'A' }],
    };
    expect(unexpectedKeys('families', family)).toEqual([]);
    const roll = {
      classroomId: 'c1',
      date: '2026-11-24',
      entries: { s1: { status: 'present', at: '2026-11-24T09:00:00Z', by: 'f1', extra: 1 } },
    };
    expect(unexpectedKeys('attendance', roll)).toEqual([]);
    const member = {
      memberUUID: 'u1',
      email: 'a@example.com',
      preferences: { persistLogin: true, newsletter: false },
      [ACCESS_LINKS_FIELD]: { familyIds: [] },
    };
    expect(unexpectedKeys('Members', member)).toEqual([]);
  });

  it('leaves values of the wrong type to the schema parse', () => {
    expect(unexpectedKeys('events', { recurrence: 'weekly' })).toEqual([]);
  });
});
