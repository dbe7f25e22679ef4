import { describe, expect, it } from 'vitest';
import { buildAlerts, rollCallHref, studentHref, wholePercent } from './alerts';
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
