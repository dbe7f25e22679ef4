import { describe, expect, it } from 'vitest';
import type { Role } from '~/domain/roles';
import {
  classroomFilterOptions,
  filterableClassroomIds,
  ownClassroomIds,
} from './classroom-choices';

const principal = (
  roles: Role[],
  classroomIds: string[] = [],
  childClassroomIds: string[] = [],
) => ({
  roles,
  classroomIds,
  childClassroomIds,
});

const campuses = [
  { id: 'north', name: 'North Campus' },
  { id: 'south', name: 'South Campus' },
];
// Both campuses use the same names, as the demo school does.
const classrooms = [
  { id: 'n-comets', name: 'Comets (ages 10–11)', campusId: 'north' },
  { id: 's-comets', name: 'Comets (ages 10–11)', campusId: 'south' },
  { id: 'n-otters', name: 'Otters', campusId: 'north' },
];

describe('whose classrooms a filter offers', () => {
  it('offers staff every classroom, even when they also teach one', () => {
    expect(filterableClassroomIds(principal(['admin']))).toBe('all');
    expect(filterableClassroomIds(principal(['administration', 'facilitator'], ['n-otters']))).toBe(
      'all',
    );
  });

  it('offers the others their own classrooms: taught, attended, or their children’s', () => {
    expect(filterableClassroomIds(principal(['facilitator'], ['n-otters']))).toEqual(
      new Set(['n-otters']),
    );
    expect(filterableClassroomIds(principal(['student'], ['s-comets']))).toEqual(
      new Set(['s-comets']),
    );
    expect(filterableClassroomIds(principal(['parent'], [], ['n-comets', 'n-otters']))).toEqual(
      new Set(['n-comets', 'n-otters']),
    );
  });

  it('does not count a parent’s own links as a facilitator’s, nor children’s for a facilitator', () => {
    expect(ownClassroomIds(principal(['parent'], ['x'], ['b', 'a']))).toEqual(['a', 'b']);
    expect(ownClassroomIds(principal(['facilitator'], ['f'], ['c']))).toEqual(['f']);
  });

  it('offers every classroom to someone with none of their own, rather than none', () => {
    expect(filterableClassroomIds(principal(['parent']))).toBe('all');
  });
});

describe('the classroom filter’s options', () => {
  it('names the campus of classrooms whose names repeat, and only of those', () => {
    const options = classroomFilterOptions(classrooms, campuses, { offered: 'all' });
    expect(options.map((o) => o.label)).toEqual([
      'Comets (ages 10–11) · North Campus',
      'Comets (ages 10–11) · South Campus',
      'Otters',
    ]);
  });

  it('keeps names plain when a campus is chosen, as they no longer repeat', () => {
    const options = classroomFilterOptions(classrooms, campuses, {
      offered: 'all',
      campusId: 'south',
    });
    expect(options).toEqual([{ id: 's-comets', label: 'Comets (ages 10–11)', campusId: 'south' }]);
  });

  it('offers only the person’s classrooms, and the one chosen in the link', () => {
    const mine = new Set(['n-comets']);
    expect(
      classroomFilterOptions(classrooms, campuses, { offered: mine }).map((o) => o.id),
    ).toEqual(['n-comets']);
    expect(
      classroomFilterOptions(classrooms, campuses, { offered: mine, keep: 'n-otters' }).map(
        (o) => o.label,
      ),
    ).toEqual(['Comets (ages 10–11)', 'Otters']);
  });
});
