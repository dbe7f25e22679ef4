import { describe, expect, it } from 'vitest';
import { campusChoices, campusLabels, withCampus } from '~/domain/campus-labels';

const campuses = [
  { id: 'north', name: 'Northside Campus' },
  { id: 'river', name: 'Riverside Campus' },
];

describe('names two campuses share', () => {
  it('adds the campus only to a name that is not unique, whatever its letter case', () => {
    const labels = campusLabels(
      [
        { id: 'a', name: 'Otters (ages 6–7)', campusId: 'north' },
        { id: 'b', name: 'OTTERS (ages 6–7)', campusId: 'river' },
        { id: 'c', name: 'Comets', campusId: 'north' },
      ],
      (c) => c.name,
      campuses,
    );
    expect([...labels]).toEqual([
      ['a', 'Otters (ages 6–7) · Northside Campus'],
      ['b', 'OTTERS (ages 6–7) · Riverside Campus'],
      ['c', 'Comets'],
    ]);
  });

  it('keeps the bare name when the campus is unknown', () => {
    expect(withCampus('Asha Rao', '')).toBe('Asha Rao');
    const labels = campusLabels(
      [
        { id: 'a', name: 'Asha Rao', campusId: 'gone' },
        { id: 'b', name: 'Asha Rao', campusId: 'river' },
      ],
      (s) => s.name,
      campuses,
    );
    expect(labels.get('a')).toBe('Asha Rao');
    expect(labels.get('b')).toBe('Asha Rao · Riverside Campus');
  });
});

describe('campusChoices', () => {
  it('offers each saved record, with its campus where two campuses share its name', () => {
    const campuses = [
      { id: 'north', name: 'Northside Campus' },
      { id: 'river', name: 'Riverside Campus' },
    ];
    const classrooms = [
      { id: 'c1', name: 'Otters (ages 6–7)', campusId: 'north' },
      { id: 'c2', name: 'Otters (ages 6–7)', campusId: 'river' },
      { id: 'c3', name: 'Harbour (ages 12–13)', campusId: 'river' },
      { name: 'Not saved yet', campusId: 'north' },
    ];
    expect(campusChoices(classrooms, campuses)).toEqual([
      { value: 'c1', label: 'Otters (ages 6–7) · Northside Campus' },
      { value: 'c2', label: 'Otters (ages 6–7) · Riverside Campus' },
      { value: 'c3', label: 'Harbour (ages 12–13)' },
    ]);
  });
});
