import { describe, expect, it } from 'vitest';
import { campusLabels, withCampus } from './campus-labels';

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
