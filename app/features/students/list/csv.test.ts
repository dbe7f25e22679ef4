import { describe, expect, it } from 'vitest';
import { csvFileName, escapeCsvCell, STUDENT_CSV_HEADER, studentsToCsv, toCsv } from './csv';
import type { ListStudent } from './query';

describe('escaping a CSV cell', () => {
  it('leaves plain text as it is', () => {
    expect(escapeCsvCell('Leo Whitfield')).toBe('Leo Whitfield');
    expect(escapeCsvCell('2016-02-03')).toBe('2016-02-03');
  });

  it('writes nothing for a missing value', () => {
    expect(escapeCsvCell(undefined)).toBe('');
    expect(escapeCsvCell(null)).toBe('');
  });

  it('quotes a cell with a comma', () => {
    expect(escapeCsvCell('Smith, Jr.')).toBe('"Smith, Jr."');
  });

  it('quotes a cell with quotes and doubles the quotes inside', () => {
    expect(escapeCsvCell('Robert "Bobby"')).toBe('"Robert ""Bobby"""');
  });

  it('quotes a cell with a line break so it stays one cell', () => {
    expect(escapeCsvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(escapeCsvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each(['=1+1', '+44 20', '-2', '@SUM(A1)', '\tTab', '\rCR'])(
    'defuses the formula-like cell %j with a leading apostrophe',
    (value) => {
      const escaped = escapeCsvCell(value);
      expect(escaped.replace(/^"/, '').startsWith(`'${value.slice(0, 1)}`)).toBe(true);
    },
  );

  it('defuses and quotes a formula that also contains a comma and quotes', () => {
    expect(escapeCsvCell('=HYPERLINK("http://x.example","Click")')).toBe(
      '"\'=HYPERLINK(""http://x.example"",""Click"")"',
    );
  });

  it('leaves a hyphen or equals sign inside a cell alone', () => {
    expect(escapeCsvCell('Anne-Marie')).toBe('Anne-Marie');
  });
});

describe('building the file', () => {
  it('joins cells with commas and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c,d', 1],
      ]),
    ).toBe('a,b\r\n"c,d",1\r\n');
  });

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
