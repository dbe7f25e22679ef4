import { describe, expect, it } from 'vitest';
import {
  applyListQuery,
  DEFAULT_QUERY,
  filterStudents,
  hasFilters,
  listQueryToSearch,
  matchesSearch,
  parseListQuery,
  sortStudents,
  studentDisplayName,
  type ListStudent,
  type StudentListQuery,
} from './query';

function student(overrides: Partial<ListStudent> & { id: string }): ListStudent {
  return {
    firstName: 'Alex',
    lastName: 'Smith',
    dateOfBirth: '2015-05-05',
    status: 'enrolled',
    enrolledOn: '2022-09-01',
    campusId: 'campus-north',
    classroomIds: [],
    ...overrides,
  };
}

const leo = student({
  id: 'stu-1',
  firstName: 'Leonardo',
  preferredName: 'Leo',
  lastName: 'Whitfield',
  dateOfBirth: '2013-01-10',
  enrolledOn: '2021-01-04',
  classroomIds: ['north-otters'],
});
const ivy = student({
  id: 'stu-2',
  firstName: 'Ivy',
  lastName: 'Whitfield',
  dateOfBirth: '2017-03-02',
  enrolledOn: '2023-02-01',
  status: 'waitlisted',
});
const zoe = student({
  id: 'stu-3',
  firstName: 'Zoë',
  lastName: 'Adams',
  dateOfBirth: '2016-07-20',
  status: 'withdrawn',
  campusId: 'campus-south',
  classroomIds: ['south-maples'],
});
const noEnrolment = student({
  id: 'stu-4',
  firstName: 'Ben',
  lastName: 'Carter',
  dateOfBirth: '2014-11-11',
  enrolledOn: undefined,
  status: 'graduated',
});
const all = [leo, ivy, zoe, noEnrolment];
const query = (overrides: Partial<StudentListQuery>): StudentListQuery => ({
  ...DEFAULT_QUERY,
  ...overrides,
});
const ids = (list: readonly ListStudent[]) => list.map((s) => s.id);

describe('the view state in the URL', () => {
  it('reads every parameter of a bookmarked view', () => {
    const parsed = parseListQuery(
      new URLSearchParams(
        'q=leo&campus=campus-north&classroom=north-otters&status=enrolled&sort=dob&dir=desc',
      ),
    );
    expect(parsed).toEqual({
      q: 'leo',
      campus: 'campus-north',
      classroom: 'north-otters',
      status: 'enrolled',
      sort: 'dob',
      dir: 'desc',
    });
  });

  it('falls back to the defaults for unknown or malformed values instead of failing', () => {
    const parsed = parseListQuery(new URLSearchParams('status=expelled&sort=shoe-size&dir=up'));
    expect(parsed).toEqual(DEFAULT_QUERY);
    expect(DEFAULT_QUERY).toMatchObject({ sort: 'name', dir: 'asc', q: '' });
    expect(DEFAULT_QUERY.status).toBeUndefined();
  });

  it('writes a tidy search string that leaves out empty fields and defaults', () => {
    expect(listQueryToSearch(DEFAULT_QUERY)).toBe('');
    expect(listQueryToSearch(query({ q: 'ivy white', status: 'enrolled', dir: 'desc' }))).toBe(
      '?q=ivy+white&status=enrolled&dir=desc',
    );
  });

  it('round-trips a view through the URL unchanged', () => {
    const view = query({ q: 'Zoë', campus: 'campus-south', sort: 'enrolled', dir: 'desc' });
    expect(parseListQuery(new URLSearchParams(listQueryToSearch(view)))).toEqual(view);
  });

  it('counts a search or any filter as filtering, but not a sort order', () => {
    expect(hasFilters(query({ sort: 'dob', dir: 'desc' }))).toBe(false);
    expect(hasFilters(query({ q: 'a' }))).toBe(true);
    expect(hasFilters(query({ classroom: 'north-otters' }))).toBe(true);
  });
});

describe('searching by name', () => {
  it('finds a student by first, last or preferred name, ignoring case', () => {
    expect(matchesSearch(leo, 'LEONARDO')).toBe(true);
    expect(matchesSearch(leo, 'whitfield')).toBe(true);
    expect(matchesSearch(leo, 'leo')).toBe(true);
    expect(matchesSearch(ivy, 'leo')).toBe(false);
  });

  it('requires every word to match one of the names', () => {
    expect(matchesSearch(leo, 'leo whit')).toBe(true);
    expect(matchesSearch(ivy, 'leo whit')).toBe(false);
  });

  it('ignores accents, so zoe finds Zoë', () => {
    expect(matchesSearch(zoe, 'zoe')).toBe(true);
  });

  it('treats an empty or blank search as matching everyone', () => {
    expect(filterStudents(all, query({ q: '   ' }))).toHaveLength(all.length);
  });
});

describe('filtering', () => {
  it('keeps only the students of the chosen campus', () => {
    expect(ids(filterStudents(all, query({ campus: 'campus-south' })))).toEqual(['stu-3']);
  });

  it('keeps only the students in the chosen classroom', () => {
    expect(ids(filterStudents(all, query({ classroom: 'north-otters' })))).toEqual(['stu-1']);
  });

  it('keeps only the students with the chosen status', () => {
    expect(ids(filterStudents(all, query({ status: 'waitlisted' })))).toEqual(['stu-2']);
  });

  it('combines the search with every filter', () => {
    expect(ids(filterStudents(all, query({ q: 'whitfield', status: 'enrolled' })))).toEqual([
      'stu-1',
    ]);
    expect(filterStudents(all, query({ q: 'whitfield', campus: 'campus-south' }))).toEqual([]);
  });
});

describe('sorting', () => {
  it('sorts by last name, then by the name a student is called by', () => {
    expect(ids(sortStudents(all, 'name', 'asc'))).toEqual(['stu-3', 'stu-4', 'stu-2', 'stu-1']);
    expect(ids(sortStudents(all, 'name', 'desc'))).toEqual(['stu-1', 'stu-2', 'stu-4', 'stu-3']);
  });

  it('sorts by date of birth in both directions', () => {
    expect(ids(sortStudents(all, 'dob', 'asc'))).toEqual(['stu-1', 'stu-4', 'stu-3', 'stu-2']);
    expect(ids(sortStudents(all, 'dob', 'desc'))).toEqual(['stu-2', 'stu-3', 'stu-4', 'stu-1']);
  });

  it('puts students without an enrolment date last in either direction', () => {
    expect(ids(sortStudents(all, 'enrolled', 'asc')).at(-1)).toBe('stu-4');
    expect(ids(sortStudents(all, 'enrolled', 'desc')).at(-1)).toBe('stu-4');
    expect(ids(sortStudents(all, 'enrolled', 'desc')).slice(0, 3)).toEqual([
      'stu-2',
      'stu-3',
      'stu-1',
    ]);
  });

  it('sorts by status in enrolment order and breaks ties by name', () => {
    const twins = [
      student({ id: 'b', firstName: 'Bo', lastName: 'Young' }),
      student({ id: 'a', firstName: 'Al', lastName: 'Young' }),
    ];
    expect(ids(sortStudents([...all, ...twins], 'status', 'asc'))).toEqual([
      'stu-1',
      'a',
      'b',
      'stu-2',
      'stu-3',
      'stu-4',
    ]);
  });

  it('gives the same order for equal names every time, using the id last', () => {
    const same = [student({ id: 'x2' }), student({ id: 'x1' }), student({ id: 'x3' })];
    expect(ids(sortStudents(same, 'name', 'asc'))).toEqual(['x1', 'x2', 'x3']);
    expect(ids(sortStudents(same, 'name', 'desc'))).toEqual(['x3', 'x2', 'x1']);
  });

  it('does not reorder the array it was given', () => {
    const input = [...all];
    sortStudents(input, 'dob', 'desc');
    expect(input).toEqual(all);
  });

  it('filters and sorts in one step for the list and the export', () => {
    expect(ids(applyListQuery(all, query({ q: 'whitfield', sort: 'dob', dir: 'desc' })))).toEqual([
      'stu-2',
      'stu-1',
    ]);
  });
});

describe('display names', () => {
  it('shows the preferred name first with the given name in brackets', () => {
    expect(studentDisplayName(leo)).toBe('Leo (Leonardo) Whitfield');
    expect(studentDisplayName(ivy)).toBe('Ivy Whitfield');
  });
});
