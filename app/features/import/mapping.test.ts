import { describe, expect, it } from 'vitest';
import { guessMapping, mappedValues, missingRequired, normaliseHeader } from './mapping';

describe('column mapping', () => {
  it('normalises headers without case, spaces or punctuation', () => {
    expect(normaliseHeader(' Guardian E-mail ')).toBe('guardianemail');
    expect(normaliseHeader('guardian_email')).toBe('guardianemail');
    expect(normaliseHeader('guardianEmail')).toBe('guardianemail');
  });

  it('guesses student columns from keys, labels and aliases', () => {
    const headers = [
      'Surname',
      'First Name',
      'DOB',
      'Campus',
      'Class',
      'Parent',
      'Email',
      'Mobile',
    ];
    expect(guessMapping(headers, 'students')).toEqual({
      lastName: 0,
      firstName: 1,
      dateOfBirth: 2,
      campus: 3,
      classrooms: 4,
      guardianName: 5,
      guardianEmail: 6,
      guardianPhone: 7,
    });
  });

  it('prefers an exact label over an alias and gives each column to one field', () => {
    // "Family name" is a facilitator alias of lastName, but for students it is familyName's label.
    const mapping = guessMapping(['First name', 'Last name', 'Family name'], 'students');
    expect(mapping).toEqual({ firstName: 0, lastName: 1, familyName: 2 });
    const facilitators = guessMapping(['Family name', 'Last name'], 'facilitators');
    expect(facilitators).toEqual({ lastName: 1 });
  });

  it('lists the required fields no column fills', () => {
    expect(missingRequired({ firstName: 0 }, 'students')).toEqual([
      'Last name',
      'Date of birth',
      'Campus',
    ]);
    expect(missingRequired({ firstName: 0, lastName: 1, campus: 2 }, 'facilitators')).toEqual([]);
  });

  it('reads a row by field, trimmed, with empty strings for unmapped fields and short rows', () => {
    const values = mappedValues(
      [' Asha ', 'Rao'],
      { firstName: 0, lastName: 1, campus: 5 },
      'students',
    );
    expect(values.firstName).toBe('Asha');
    expect(values.lastName).toBe('Rao');
    expect(values.campus).toBe('');
    expect(values.guardianEmail).toBe('');
  });
});
