// The attendance CSV against the register: for one classroom and range, each register cell with a
// status is exactly one CSV row (same date, student, status label) and there is nothing else; the
// file has its header, ISO dates, and survives notes with commas and quotes (RFC 4180 via toCsv).
import { describe, expect, it } from 'vitest';
import {
  ATTENDANCE_CSV_HEADER,
  ATTENDANCE_STATUS_INFO,
  attendanceCsvRows,
  buildRegister,
  type AttendanceStatus,
} from '~/domain/attendance';
import type { Attendance } from '~/domain/records';
import { toCsv } from '~/ui/csv';
import { studentRecordSchema, type ClassroomRecord } from './load';
import { registerView } from './register-view';
import { reportedDays } from './reported';
import { REPORTED_CSV_COLUMN, withReportedColumn } from './reports';

const STUDENTS: Record<string, string> = { s1: 'Asha Rao', s2: 'Ben Okafor', s3: 'Chen Li' };
const lookups = {
  studentName: (id: string) => STUDENTS[id] ?? id,
  classroomName: (id: string) => (id === 'c1' ? 'Sunflowers (ages 4–5)' : 'Oaks'),
  campusName: () => 'North',
  memberName: (id: string) => (id === 'm1' ? 'Daniel Mensah' : id),
};

function mark(status: AttendanceStatus, note?: string) {
  return { status, ...(note ? { note } : {}), at: '2026-03-02T09:05:00.000Z', by: 'm1' };
}

const ROLL_CALLS: Attendance[] = [
  {
    classroomId: 'c1',
    date: '2026-03-02',
    entries: { s1: mark('present'), s2: mark('absent', 'Sick, "flu" again'), s3: mark('late') },
  },
  // s3 not marked this day: no row, and the register shows no status.
  { classroomId: 'c1', date: '2026-03-03', entries: { s1: mark('excused'), s2: mark('present') } },
  { classroomId: 'c1', date: '2026-03-04', entries: { s1: mark('absent'), s3: mark('present') } },
  // Outside the range, and another classroom in the range: neither may appear.
  { classroomId: 'c1', date: '2026-03-09', entries: { s1: mark('present') } },
  { classroomId: 'c2', date: '2026-03-03', entries: { s2: mark('late') } },
];

describe('the attendance CSV of a classroom', () => {
  const from = '2026-03-01';
  const to = '2026-03-06';
  const rows = attendanceCsvRows(ROLL_CALLS, from, to, lookups, (rc) => rc.classroomId === 'c1');
  const register = buildRegister(ROLL_CALLS, 'c1', ['s1', 's2', 's3'], from, to);

  it('starts with the header row', () => {
    expect(rows[0]).toEqual([...ATTENDANCE_CSV_HEADER]);
  });

  it('has exactly one row per register cell with a status, with its date, student and label', () => {
    const fromRegister: string[] = [];
    register.rows.forEach((row) =>
      row.cells.forEach((cell, i) => {
        if (cell.status) {
          fromRegister.push(
            `${register.dates[i]}|${row.studentId}|${ATTENDANCE_STATUS_INFO[cell.status].label}`,
          );
        }
      }),
    );
    const date = ATTENDANCE_CSV_HEADER.indexOf('Date');
    const id = ATTENDANCE_CSV_HEADER.indexOf('Student ID');
    const status = ATTENDANCE_CSV_HEADER.indexOf('Status');
    const fromCsv = rows.slice(1).map((r) => `${r[date]}|${r[id]}|${r[status]}`);
    expect(fromCsv).toHaveLength(7);
    expect([...fromCsv].sort()).toEqual([...fromRegister].sort());
    expect(new Set(fromCsv).size).toBe(fromCsv.length);
  });

  it('writes ISO dates, by date then student name', () => {
    const dates = rows.slice(1).map((r) => r[0] ?? '');
    for (const d of dates) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(dates).toEqual([...dates].sort());
    expect(rows.slice(1, 4).map((r) => r[4])).toEqual(['Asha Rao', 'Ben Okafor', 'Chen Li']);
  });

  it('keeps a note with a comma and quotes intact through the RFC 4180 writer', () => {
    const csv = toCsv(rows);
    expect(
      csv.startsWith(
        'Date,Campus,Classroom,Student ID,Student,Status,Note,Marked at,Marked by\r\n',
      ),
    ).toBe(true);
    expect(csv).toContain(
      '2026-03-02,North,Sunflowers (ages 4–5),s2,Ben Okafor,Absent,"Sick, ""flu"" again",2026-03-02T09:05:00.000Z,Daniel Mensah\r\n',
    );
    expect(parseCsv(csv)).toEqual(rows);
  });
});

describe('reported absences in the CSV and the register (issue 32)', () => {
  const from = '2026-03-01';
  const to = '2026-03-06';
  // Ben's absence on the 2nd and Asha's on the 4th were reported; Ben's report of the 3rd was
  // withdrawn (he came).
  const reported = reportedDays([
    {
      studentId: 's2',
      from: '2026-03-02',
      to: '2026-03-02',
      part: 'day',
      reason: 'ill',
      status: 'acknowledged',
      reporterName: 'Ngozi Okafor',
    },
    {
      studentId: 's1',
      from: '2026-03-04',
      to: '2026-03-05',
      part: 'day',
      reason: 'family',
      status: 'reported',
      reporterName: 'Meera Rao',
    },
    {
      studentId: 's2',
      from: '2026-03-03',
      to: '2026-03-03',
      part: 'day',
      reason: 'ill',
      status: 'withdrawn',
      reporterName: 'Ngozi Okafor',
    },
  ]);
  const rows = withReportedColumn(
    attendanceCsvRows(ROLL_CALLS, from, to, lookups, (rc) => rc.classroomId === 'c1'),
    reported,
  );
  const classroom: ClassroomRecord = {
    id: 'c1',
    name: 'Sunflowers (ages 4–5)',
    campusId: 'north',
    subjectIds: [],
    facilitatorIds: [],
    capacity: 0,
    schedule: [],
  };
  const roster = Object.entries(STUDENTS).map(([id, name]) => {
    const [firstName = '', lastName = ''] = name.split(' ');
    return studentRecordSchema.parse({
      id,
      firstName,
      lastName,
      dateOfBirth: '2020-01-01',
      familyId: 'f',
      campusId: 'north',
      classroomIds: ['c1'],
      status: 'enrolled',
    });
  });
  const view = registerView(
    classroom,
    roster,
    ROLL_CALLS.map((rc) => ({ ...rc, id: `${rc.classroomId}_${rc.date}` })),
    from,
    to,
    { today: to, linkRollCalls: false, reported },
  );

  it('adds a last column: yes for a reported absence or an excused day, no for an unreported one', () => {
    expect(rows[0]).toEqual([...ATTENDANCE_CSV_HEADER, REPORTED_CSV_COLUMN]);
    const status = ATTENDANCE_CSV_HEADER.indexOf('Status');
    expect(rows.slice(1).map((r) => `${r[0]} ${r[4]} ${r[status]}: ${r.at(-1)}`)).toEqual([
      '2026-03-02 Asha Rao Present: ',
      '2026-03-02 Ben Okafor Absent: Yes',
      '2026-03-02 Chen Li Late: ',
      '2026-03-03 Asha Rao Excused: Yes',
      '2026-03-03 Ben Okafor Present: ',
      '2026-03-04 Asha Rao Absent: Yes',
      '2026-03-04 Chen Li Present: ',
    ]);
  });

  it('sets apart in the register exactly the absences the CSV calls reported', () => {
    const fromRegister: string[] = [];
    view.rows.forEach((row) =>
      row.cells.forEach((cell, i) => {
        if (cell.status === 'absent') {
          fromRegister.push(
            `${view.columns[i]?.date}|${row.studentId}|${cell.reported ? 'Yes' : 'No'}`,
          );
        }
      }),
    );
    const fromCsv = rows
      .slice(1)
      .filter((r) => r[ATTENDANCE_CSV_HEADER.indexOf('Status')] === 'Absent')
      .map((r) => `${r[0]}|${r[3]}|${r.at(-1)}`);
    expect([...fromRegister].sort()).toEqual([...fromCsv].sort());
    expect(view.rows.map((r) => [r.studentId, r.absences, r.reportedAbsences])).toEqual([
      ['s1', 1, 1],
      ['s2', 1, 1],
      ['s3', 0, 0],
    ]);
  });

  it('draws a reported absence with its own symbol and says it in words', () => {
    const ben = view.rows.find((r) => r.studentId === 's2');
    expect(ben?.cells[0]).toMatchObject({
      symbol: 'AR',
      word: 'Absent, reported',
      status: 'absent',
      reported: true,
      note: 'Sick, "flu" again',
    });
    const asha = view.rows.find((r) => r.studentId === 's1');
    expect(asha?.cells.map((c) => c.symbol)).toEqual(['P', 'E', 'AR']);
  });
});

/** A small RFC 4180 reader for the round trip (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  return rows;
}
