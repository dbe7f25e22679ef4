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
