import { describe, expect, it } from 'vitest';
import { attendanceEntrySchema, attendanceSchema, studentSchema } from '~/domain/records';
import { changeProblem, schemaAtPath } from './change-validation';
import type { PendingChange } from './db';

const AT = '2026-01-05T08:00:00.000Z';

function change(
  operation: PendingChange['operation'],
  data: Record<string, unknown>,
  itemId = 'c1_2026-01-05',
): PendingChange {
  return {
    id: 'x',
    collectionName: 'attendance',
    itemId,
    operation,
    data,
    timestamp: 1,
    retryCount: 0,
    revision: 0,
  };
}

describe('validating changes with field paths', () => {
  it('finds the schema of the value a field path sets', () => {
    expect(schemaAtPath(attendanceSchema, ['entries', 's1'])).toBe(attendanceEntrySchema);
    expect(schemaAtPath(attendanceSchema, ['entries', 's1', 'status'])).toBe(
      attendanceEntrySchema.shape.status,
    );
    expect(schemaAtPath(attendanceSchema, ['classroomId', 'x'])).toBeNull();
  });

  it('lets a patch of valid entries through', () => {
    const patch = { 'entries.s1': { status: 'late', note: 'bus', at: AT, by: 'fac' } };
    expect(changeProblem(change('update', patch), attendanceSchema)).toBeNull();
  });

  it('holds back an entry without a status with a readable error', () => {
    const patch = {
      'entries.s1': { status: 'absent', at: AT, by: 'fac' },
      'entries.s2': { at: AT, by: 'fac' },
    };
    expect(changeProblem(change('update', patch), attendanceSchema)).toBe(
      'Entries s2 status: required',
    );
  });

  it('names a wrong status and a wrong plain field together', () => {
    const patch = { date: 5, 'entries.s1': { status: 'asleep', at: AT, by: 'fac' } };
    expect(changeProblem(change('update', patch), attendanceSchema)).toBe(
      'Date: expected text; Entries s1 status: expected one of present, absent, late, excused',
    );
  });

  it('checks a create with field paths as the record it makes', () => {
    const good = {
      classroomId: 'c1',
      date: '2026-01-05',
      'entries.s1': { status: 'present', at: AT, by: 'f' },
    };
    expect(changeProblem(change('create', good), attendanceSchema)).toBeNull();
    const bad = { classroomId: 'c1', date: '2026-01-05', 'entries.s1': { status: 'present' } };
    expect(changeProblem(change('create', bad), attendanceSchema)).toBe(
      'Entries s1 at: required; Entries s1 by: required',
    );
  });

  it('leaves a path the schema does not describe as a map to the backend', () => {
    const patch = { 'guardians.0.email': 'x@example.com' };
    expect(changeProblem(change('update', patch, 'stu-1'), studentSchema)).toBeNull();
  });
});

describe('validating defaults (ifMissing)', () => {
  const entry = { status: 'present', at: AT, by: 'fac' };

  it('accepts a roll call whose defaults are valid entries', () => {
    const update = {
      ...change('update', { 'entries.s1': entry }),
      ifMissing: { 'entries.s2': entry },
    };
    expect(changeProblem(update, attendanceSchema)).toBeNull();
    const create = {
      ...change('create', { classroomId: 'c1', date: '2026-01-05', 'entries.s1': entry }),
      ifMissing: { 'entries.s2': entry },
    };
    expect(changeProblem(create, attendanceSchema)).toBeNull();
  });

  it('holds back a default that is not a valid entry, naming its path', () => {
    const update = {
      ...change('update', { 'entries.s1': entry }),
      ifMissing: { 'entries.s2': { status: 'asleep', at: AT, by: 'fac' } },
    };
    expect(changeProblem(update, attendanceSchema)).toMatch(/^Entries s2 status: expected one of/);
    const create = {
      ...change('create', { classroomId: 'c1', date: '2026-01-05' }),
      ifMissing: { 'entries.s2': { at: AT, by: 'fac' } },
    };
    expect(changeProblem(create, attendanceSchema)).toBe('Entries s2 status: required');
  });
});
