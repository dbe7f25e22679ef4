import { describe, expect, it } from 'vitest';
import { buildAlerts, readUnreportedOnly, rollCallHref, studentHref, wholePercent } from './alerts';
import {
  campusRecordSchema,
  studentRecordSchema,
  type AttendanceData,
  type RollCallRecord,
} from './load';
import { todaysAttendanceText, type StaffToday } from './staff-today';

describe('the alert helpers', () => {
  it('rounds a rate down to a whole percentage, without floating-point slips', () => {
    expect(wholePercent(0.29)).toBe(29);
    expect(wholePercent(0.8999)).toBe(89);
    expect(wholePercent(0.9)).toBe(90);
    expect(wholePercent(1)).toBe(100);
  });

  it('links to the roll call of a classroom on a date and to a student', () => {
    expect(rollCallHref('north-sunflowers', '2026-03-09')).toBe(
      '/dash/attendance?classroom=north-sunflowers&date=2026-03-09',
    );
    expect(studentHref('stu 1')).toBe('/dash/students/stu%201');
  });
});

describe('today’s attendance on the staff home', () => {
  const today = (rate: number | null, marked: number): StaffToday => ({
    today: '2026-03-09',
    rate,
    marked,
    notMarked: [],
  });

  it('says the rate and how many of the marked students attended', () => {
    expect(todaysAttendanceText(today(212 / 226, 226))).toBe(
      '93 % present today (212 of 226 marked)',
    );
  });

  it('says so when nothing is marked yet', () => {
    expect(todaysAttendanceText(today(null, 0))).toBe('No marks yet today.');
  });
});

describe('the "Needs attention" lists across campuses', () => {
  const today = '2026-11-20';
  const campuses = [
    campusRecordSchema.parse({ id: 'north', name: 'Northside Campus' }),
    campusRecordSchema.parse({ id: 'river', name: 'Riverside Campus' }),
  ];
  const student = (id: string, firstName: string, campusId: string) =>
    studentRecordSchema.parse({
      id,
      firstName,
      lastName: 'Rao',
      dateOfBirth: '2016-01-01',
      familyId: `fam-${id}`,
      campusId,
      classroomIds: [`${campusId}-otters`],
      status: 'enrolled',
    });
  const absent = { status: 'absent' as const, at: '2026-11-18T04:00:00Z', by: 'f' };
  const rollCalls: RollCallRecord[] = ['2026-11-18', '2026-11-19', '2026-11-20'].flatMap((date) =>
    ['north', 'river'].map((campus) => ({
      id: `${campus}-otters_${date}`,
      classroomId: `${campus}-otters`,
      date,
      entries: { [`${campus}-1`]: absent, [`${campus}-2`]: absent },
    })),
  );
  const data: AttendanceData = {
    today,
    principal: {
      uid: 'admin',
      email: null,
      roles: ['admin'],
      memberUUID: 'admin',
      familyIds: [],
      childIds: [],
      childClassroomIds: [],
      studentId: null,
      facilitatorId: null,
      classroomIds: [],
    },
    classrooms: [],
    campuses,
    students: [
      student('north-1', 'Asha', 'north'),
      student('river-1', 'Asha', 'river'),
      student('north-2', 'Ben', 'north'),
    ],
    facilitators: [],
    rollCalls,
    pendingRollCallIds: new Set(),
    memberNames: new Map(),
  };

  it('shows the campus beside a student name that two campuses share, and only there', () => {
    const alerts = buildAlerts(data, 90);
    const labels = (rows: ReadonlyArray<{ student: { id: string }; label: string }>) =>
      Object.fromEntries(rows.map((r) => [r.student.id, r.label]));
    const expected = {
      'north-1': 'Asha Rao · Northside Campus',
      'river-1': 'Asha Rao · Riverside Campus',
      'north-2': 'Ben Rao',
    };
    expect(labels(alerts.low)).toEqual(expected);
    expect(labels(alerts.streaks)).toEqual(expected);
  });
});

describe('"Count only unreported absences" on the "Needs attention" lists (issue 32)', () => {
  const today = '2026-11-20';
  const student = (id: string, firstName: string) =>
    studentRecordSchema.parse({
      id,
      firstName,
      lastName: 'Rao',
      dateOfBirth: '2016-01-01',
      familyId: `fam-${id}`,
      campusId: 'north',
      classroomIds: ['otters'],
      status: 'enrolled',
    });
  const mark = (status: 'present' | 'absent' | 'late' | 'excused') => ({
    status,
    at: '2026-11-18T04:00:00Z',
    by: 'f',
  });
  // Five days: Asha absent on the last four, two of them reported; Ben excused twice, absent once.
  const days = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
  const asha = ['present', 'absent', 'absent', 'absent', 'absent'] as const;
  const ben = ['present', 'excused', 'excused', 'present', 'absent'] as const;
  const rollCalls: RollCallRecord[] = days.map((date, i) => ({
    id: `otters_${date}`,
    classroomId: 'otters',
    date,
    entries: { asha: mark(asha[i] ?? 'present'), ben: mark(ben[i] ?? 'present') },
  }));
  const reports = [
    {
      studentId: 'asha',
      from: '2026-11-18',
      to: '2026-11-19',
      part: 'day' as const,
      reason: 'ill' as const,
      status: 'reported' as const,
      reporterName: 'Meera Rao',
    },
  ];
  const data: AttendanceData = {
    today,
    principal: {
      uid: 'admin',
      email: null,
      roles: ['admin'],
      memberUUID: 'admin',
      familyIds: [],
      childIds: [],
      childClassroomIds: [],
      studentId: null,
      facilitatorId: null,
      classroomIds: [],
    },
    classrooms: [],
    campuses: [campusRecordSchema.parse({ id: 'north', name: 'Northside Campus' })],
    students: [student('asha', 'Asha'), student('ben', 'Ben')],
    facilitators: [],
    rollCalls,
    pendingRollCallIds: new Set(),
    memberNames: new Map(),
  };
  const rows = (list: ReadonlyArray<{ student: { id: string } }>) => list.map((r) => r.student.id);

  it('reads the choice from the URL: off unless ticked', () => {
    const url = (search: string) =>
      new URL(`https://school.example/dash/attendance/alerts${search}`);
    expect(readUnreportedOnly(url(''))).toBe(false);
    expect(readUnreportedOnly(url('?unreported=on'))).toBe(true);
    expect(readUnreportedOnly(url('?unreported=true&threshold=80'))).toBe(true);
    expect(readUnreportedOnly(url('?unreported=no'))).toBe(false);
  });

  it('counts every absence by default, and says how many were reported', () => {
    const alerts = buildAlerts(data, 90, { reports });
    expect(alerts.unreportedOnly).toBe(false);
    expect(rows(alerts.low)).toEqual(['asha', 'ben']);
    expect(alerts.low[0]).toMatchObject({ percent: 20, reported: 2 });
    expect(alerts.low[1]).toMatchObject({ percent: 40, reported: 0 });
    expect(alerts.streaks).toEqual([
      expect.objectContaining({
        dates: ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'],
        reportedDates: ['2026-11-18', '2026-11-19'],
      }),
    ]);
  });

  it('leaves reported absences and excused days out of the rate, and ends a streak on a reported day', () => {
    const alerts = buildAlerts(data, 90, { reports, unreportedOnly: true });
    expect(alerts.unreportedOnly).toBe(true);
    // Asha: present 1 of 3 counted days (2 reported left out); Ben: present 2 of 3 (2 excused out).
    expect(alerts.low.map((r) => [r.student.id, r.percent, r.summary.absent, r.reported])).toEqual([
      ['asha', 33, 2, 2],
      ['ben', 66, 1, 2],
    ]);
    expect(alerts.streaks).toEqual([]);
  });
});
