import { describe, expect, it } from 'vitest';
import { csvFileName, STUDENT_CSV_HEADER, studentsToCsv } from './csv';
import type { ListStudent } from './query';

describe('the students export', () => {
  it('exports a header and one line per student in the order given, with names looked up', () => {
    const students: ListStudent[] = [
      {
        id: 'stu-2',
        firstName: 'Ivy',
        lastName: 'Whitfield',
        dateOfBirth: '2017-03-02',
        status: 'waitlisted',
        campusId: 'campus-north',
        classroomIds: [],
      },
      {
        id: 'stu-1',
        firstName: 'Leonardo',
        preferredName: 'Leo',
        lastName: 'Whitfield',
        dateOfBirth: '2013-01-10',
        enrolledOn: '2021-01-04',
        status: 'enrolled',
        campusId: 'campus-north',
        classroomIds: ['north-otters', 'north-comets'],
      },
    ];
    const csv = studentsToCsv(students, {
      campusName: (id) => (id === 'campus-north' ? 'Northside Campus' : id),
      classroomName: (id) => ({ 'north-otters': 'Otters', 'north-comets': 'Comets' })[id] ?? id,
    });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toEqual([
      STUDENT_CSV_HEADER.join(','),
      'stu-2,Ivy,Whitfield,,2017-03-02,Waitlisted,,Northside Campus,',
      'stu-1,Leonardo,Whitfield,Leo,2013-01-10,Enrolled,2021-01-04,Northside Campus,Otters; Comets',
    ]);
  });

  it('names the file after the local date', () => {
    expect(csvFileName(new Date(2026, 0, 5, 23, 30))).toBe('students-2026-01-05.csv');
  });
});
