import { describe, expect, it } from 'vitest';
import type { Role } from '~/domain/roles';
import { searchScope } from './search-source';

const kinds = (roles: Role[]) => [...searchScope(roles).kinds].sort();
const classroomHref = (roles: Role[]) => searchScope(roles).hrefs?.classrooms?.('c 1');

describe('what each role’s search covers', () => {
  it('covers every kind for the office, with classrooms leading to school setup', () => {
    const all = ['classrooms', 'events', 'facilitators', 'families', 'resources', 'students'];
    expect(kinds(['admin'])).toEqual(all);
    expect(kinds(['administration'])).toEqual(all);
    expect(classroomHref(['admin'])).toBe('/dash/school/classrooms/c%201');
  });

  it('leads a facilitator’s or parent’s classrooms to the calendar filtered by classroom', () => {
    expect(classroomHref(['facilitator'])).toBe('/dash/calendar?classroom=c%201');
    expect(classroomHref(['parent'])).toBe('/dash/calendar?classroom=c%201');
    expect(kinds(['parent'])).toContain('students');
  });

  it('leaves out families for a student, who may open no family page', () => {
    expect(kinds(['student'])).not.toContain('families');
    expect(kinds(['student'])).toContain('students');
  });
});
