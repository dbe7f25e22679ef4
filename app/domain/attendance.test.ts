import { describe, expect, it } from 'vitest';
import {
  absenceStreaks,
  addDays,
  attendanceCsvRows,
  buildRegister,
  canMarkRollCall,
  countStatuses,
  dailyRates,
  datesBetween,
  isoWeekday,
  lowAttendance,
  meetsOn,
  nextStatus,
  notMarkedOn,
  rollCallPatch,
  rollCallState,
  studentSummary,
  termStart,
  type AttendanceStatus,
} from './attendance';
import type { Principal } from './permissions';
import type { Attendance } from './records';

const AT = '2026-11-23T09:05:00.000Z';

function rollCall(
  classroomId: string,
  date: string,
  marks: Record<string, AttendanceStatus | { status: AttendanceStatus; note: string }>,
): Attendance {
  const entries: Attendance['entries'] = {};
  for (const [id, mark] of Object.entries(marks)) {
    entries[id] =
      typeof mark === 'string'
        ? { status: mark, at: AT, by: 'fac' }
        : { ...mark, at: AT, by: 'fac' };
  }
  return { id: `${classroomId}_${date}`, classroomId, date, entries };
}

function principal(roles: Principal['roles'], classroomIds: string[] = []): Principal {
  return {
    uid: 'u1',
    email: 'u1@example.com',
    roles,
    memberUUID: 'u1',
    familyIds: [],
    childIds: [],
    childClassroomIds: [],
    studentId: null,
    facilitatorId: roles.includes('facilitator') ? 'fac-1' : null,
    classroomIds,
  };
}

const weekdays = (days: number[]) =>
  days.map((weekday) => ({ weekday, start: '09:00', end: '09:50', subjectId: 'maths' }));

describe('the tap cycle', () => {
  it('goes present, absent, late, excused and back to present', () => {
    const seen: AttendanceStatus[] = ['present'];
    for (let i = 0; i < 4; i++) seen.push(nextStatus(seen[seen.length - 1] ?? 'present'));
    expect(seen).toEqual(['present', 'absent', 'late', 'excused', 'present']);
  });
});

describe('dates', () => {
  it('counts ISO weekdays from Monday', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });

  it('moves across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(datesBetween('2026-11-27', '2026-12-01')).toHaveLength(5);
    expect(datesBetween('2026-12-01', '2026-11-27')).toEqual([]);
  });

  it('starts terms in January, May and September', () => {
    expect(termStart('2026-11-23')).toBe('2026-09-01');
    expect(termStart('2026-05-01')).toBe('2026-05-01');
    expect(termStart('2026-04-30')).toBe('2026-01-01');
  });

  it('knows which classrooms meet on a date from their schedule', () => {
    expect(meetsOn({ schedule: weekdays([1, 3]) }, '2026-11-23')).toBe(true);
    expect(meetsOn({ schedule: weekdays([1, 3]) }, '2026-11-24')).toBe(false);
  });
});

describe('a roll call', () => {
  it('is not taken, partly taken or taken by how much of the roster has a mark', () => {
    const roster = ['a', 'b'];
    expect(rollCallState(null, roster)).toBe('not taken');
    expect(rollCallState(rollCall('c', '2026-11-23', {}), roster)).toBe('not taken');
    expect(rollCallState(rollCall('c', '2026-11-23', { a: 'present' }), roster)).toBe(
      'partly taken',
    );
    expect(rollCallState(rollCall('c', '2026-11-23', { a: 'absent', b: 'late' }), roster)).toBe(
      'taken',
    );
  });

  it('counts each status and the students not marked yet', () => {
    const { entries } = rollCall('c', '2026-11-23', { a: 'absent', b: 'late', x: 'present' });
    expect(countStatuses(entries, ['a', 'b', 'c'])).toEqual({
      present: 0,
      absent: 1,
      late: 1,
      excused: 0,
      unmarked: 1,
    });
  });

  it('is saved as one field path per changed student, with a trimmed note or none', () => {
    expect(
      rollCallPatch(
        { a: { status: 'late', note: '  bus  ' }, b: { status: 'present', note: ' ' } },
        'm1',
        AT,
      ),
    ).toEqual({
      'entries.a': { status: 'late', note: 'bus', at: AT, by: 'm1' },
      'entries.b': { status: 'present', at: AT, by: 'm1' },
    });
  });
});

describe('who may mark a roll call (the UI guard, from the permission matrix)', () => {
  const today = '2026-11-23';

  it('lets a facilitator mark their own classroom today and earlier', () => {
    const p = principal(['facilitator'], ['north-a']);
    expect(canMarkRollCall(p, 'north-a', today, today)).toBe(true);
    expect(canMarkRollCall(p, 'north-a', '2026-11-02', today)).toBe(true);
  });

  it('refuses a facilitator a future date and another classroom', () => {
    const p = principal(['facilitator'], ['north-a']);
    expect(canMarkRollCall(p, 'north-a', '2026-11-24', today)).toBe(false);
    expect(canMarkRollCall(p, 'north-b', today, today)).toBe(false);
  });

  it('lets office staff mark any classroom up to today, and parents none', () => {
    expect(canMarkRollCall(principal(['administration']), 'north-b', '2026-11-02', today)).toBe(
      true,
    );
    // Nobody marks a day that has not come, or one that does not exist (issue 28).
    expect(canMarkRollCall(principal(['administration']), 'north-b', '2026-12-01', today)).toBe(
      false,
    );
    expect(canMarkRollCall(principal(['admin']), 'north-b', '2025-02-30', today)).toBe(false);
    expect(canMarkRollCall(principal(['admin']), 'north-b', '1800-01-01', today)).toBe(false);
    expect(canMarkRollCall(principal(['parent']), 'north-a', today, today)).toBe(false);
  });
});

describe('summaries and alerts', () => {
  const rollCalls = [
    rollCall('c1', '2026-11-16', { a: 'present', b: 'absent' }),
    rollCall('c1', '2026-11-17', { a: 'late', b: 'absent' }),
    rollCall('c1', '2026-11-18', { a: { status: 'excused', note: 'dentist' }, b: 'absent' }),
    rollCall('c1', '2026-11-19', { a: 'present', b: 'absent' }),
  ];

  it('sums a student over a range, present and late counting as attended', () => {
    const s = studentSummary(rollCalls, 'a', '2026-11-01', '2026-11-30');
    expect(s).toMatchObject({ marked: 4, present: 2, late: 1, excused: 1, absent: 0, rate: 0.75 });
    expect(s.excusedDates).toEqual(['2026-11-18']);
    expect(studentSummary(rollCalls, 'nobody', '2026-11-01', '2026-11-30').rate).toBeNull();
  });

  it('counts a day once when a student is in two classrooms, the worse mark winning', () => {
    const twice = [...rollCalls, rollCall('c2', '2026-11-16', { a: 'absent' })];
    expect(studentSummary(twice, 'a', '2026-11-16', '2026-11-16')).toMatchObject({
      marked: 1,
      absent: 1,
    });
  });

  it('lists students below the threshold, exactly the threshold not being below', () => {
    const nine = Array.from({ length: 10 }, (_, i) =>
      rollCall('c1', addDays('2026-11-10', i), { a: i === 0 ? 'absent' : 'present', b: 'absent' }),
    );
    const low = lowAttendance(nine, ['a', 'b'], '2026-11-23', 0.9);
    expect(low.map((l) => l.studentId)).toEqual(['b']);
  });

  it('finds absences in a row up to today, a present day ending the streak', () => {
    expect(absenceStreaks(rollCalls, ['a', 'b'], '2026-11-23')).toEqual([
      { studentId: 'b', dates: ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19'] },
    ]);
    const broken = [...rollCalls, rollCall('c1', '2026-11-20', { b: 'present' })];
    expect(absenceStreaks(broken, ['b'], '2026-11-23')).toEqual([]);
  });

  it('lists the classrooms meeting today with no marks yet', () => {
    const classrooms = [
      { id: 'c1', name: 'Bees', schedule: weekdays([1]) },
      { id: 'c2', name: 'Ants', schedule: weekdays([1]) },
      { id: 'c3', name: 'Owls', schedule: weekdays([2]) },
      { id: 'c4', name: 'Cats', schedule: weekdays([1]) },
    ];
    const today = [
      rollCall('c1', '2026-11-23', { a: 'present' }),
      rollCall('c4', '2026-11-23', {}),
    ];
    expect(notMarkedOn(classrooms, today, '2026-11-23').map((c) => c.id)).toEqual(['c2', 'c4']);
  });

  it('gives a daily rate for each date, null on a day with no marks', () => {
    const rates = dailyRates(rollCalls, '2026-11-16', '2026-11-20');
    expect(rates.map((r) => r.rate)).toEqual([0.5, 0.5, 0, 0.5, null]);
  });
});

describe('the register and the CSV export', () => {
  const rollCalls = [
    rollCall('c1', '2026-11-17', { a: 'late', b: 'absent' }),
    rollCall('c1', '2026-11-16', { a: { status: 'present', note: 'early, "keen"' } }),
    rollCall('c2', '2026-11-16', { z: 'absent' }),
  ];
  const lookups = {
    studentName: (id: string) => ({ a: 'Asha Rao', b: 'Ben Li', z: 'Zed' })[id] ?? id,
    classroomName: (id: string) => ({ c1: 'Bees', c2: 'Ants' })[id] ?? id,
    campusName: () => 'North',
    memberName: () => 'Priya Nair',
  };

  it('lays out students against the dates of the classroom’s roll calls, oldest first', () => {
    const register = buildRegister(rollCalls, 'c1', ['a', 'b'], '2026-11-01', '2026-11-30');
    expect(register.dates).toEqual(['2026-11-16', '2026-11-17']);
    expect(register.rows[1]?.cells).toEqual([{ status: null }, { status: 'absent' }]);
    expect(register.rows[0]?.cells[0]).toEqual({ status: 'present', note: 'early, "keen"' });
  });

  it('exports a header and one row per mark, matching the register', () => {
    const rows = attendanceCsvRows(
      rollCalls,
      '2026-11-01',
      '2026-11-30',
      lookups,
      (rc) => rc.classroomId === 'c1',
    );
    expect(rows[0]?.[0]).toBe('Date');
    expect(rows.slice(1).map((r) => [r[0], r[4], r[5]])).toEqual([
      ['2026-11-16', 'Asha Rao', 'Present'],
      ['2026-11-17', 'Asha Rao', 'Late'],
      ['2026-11-17', 'Ben Li', 'Absent'],
    ]);
  });
});
