import { describe, expect, it } from 'vitest';
import type { Principal } from '~/domain/permissions';
import { chartBars, chartSummary, rateY } from './rate-chart';
import { exportAttendance, reportChoices } from './reports';
import type { AttendanceData } from './load';

const entry = (status: 'present' | 'absent' | 'late' | 'excused', by = 'm-fac') => ({
  status,
  at: '2026-03-02T09:00:00.000Z',
  by,
});

function principal(roles: Principal['roles'], classroomIds: string[] = []): Principal {
  return {
    uid: 'u1',
    email: null,
    roles,
    memberUUID: 'u1',
    familyIds: [],
    childIds: [],
    childClassroomIds: [],
    studentId: null,
    facilitatorId: null,
    classroomIds,
  };
}

function classroom(id: string, name: string, campusId: string) {
  return { id, name, campusId, subjectIds: [], facilitatorIds: [], capacity: 0, schedule: [] };
}

function student(id: string, firstName: string, lastName: string, classroomId: string) {
  return {
    id,
    firstName,
    lastName,
    dateOfBirth: '2020-01-01',
    familyId: 'f',
    campusId: 'north',
    classroomIds: [classroomId],
    status: 'enrolled' as const,
    notes: '',
  };
}

function data(p: Principal): AttendanceData {
  return {
    today: '2026-03-06',
    principal: p,
    classrooms: [classroom('c1', 'Sunflowers', 'north'), classroom('c2', 'Oaks', 'south')],
    campuses: [
      { id: 'north', name: 'North', address: '', phone: '', timezone: 'UTC' },
      { id: 'south', name: 'South', address: '', phone: '', timezone: 'UTC' },
    ],
    students: [student('s1', 'Asha', 'Rao', 'c1'), student('s2', 'Ben', 'Okafor', 'c2')],
    facilitators: [
      {
        id: 'fac',
        memberUUID: 'm-fac',
        firstName: 'Daniel',
        lastName: 'Mensah',
        email: '',
        phone: '',
        campusId: 'north',
        subjectIds: [],
        classroomIds: ['c1'],
        status: 'active',
        bio: '',
      },
    ],
    rollCalls: [
      {
        id: 'c1_2026-03-02',
        classroomId: 'c1',
        date: '2026-03-02',
        entries: { s1: entry('late') },
      },
      {
        id: 'c1_2026-03-03',
        classroomId: 'c1',
        date: '2026-03-03',
        entries: { s1: entry('absent', 'u1') },
      },
      {
        id: 'c2_2026-03-02',
        classroomId: 'c2',
        date: '2026-03-02',
        entries: { s2: entry('present') },
      },
    ],
    pendingRollCallIds: new Set(),
    memberNames: new Map([['m-fac', 'Daniel Mensah']]),
  };
}

const form = (values: Record<string, string>) => ({
  from: '2026-03-01',
  to: '2026-03-06',
  ...values,
});

describe('the attendance export', () => {
  it('exports a campus: its classrooms only, with names, statuses and who marked', () => {
    const result = exportAttendance(
      data(principal(['admin'])),
      form({ scope: 'campus', campusId: 'north' }),
      {
        u1: 'Ada Admin',
      },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.slice(1)).toEqual([
      [
        '2026-03-02',
        'North',
        'Sunflowers',
        's1',
        'Asha Rao',
        'Late',
        '',
        '2026-03-02T09:00:00.000Z',
        'Daniel Mensah',
        '',
      ],
      [
        '2026-03-03',
        'North',
        'Sunflowers',
        's1',
        'Asha Rao',
        'Absent',
        '',
        '2026-03-02T09:00:00.000Z',
        'Ada Admin',
        'No',
      ],
    ]);
    expect(result.fileName).toBe('attendance-north-2026-03-01-to-2026-03-06.csv');
    expect(result.csv.split('\r\n')[0]).toBe(
      'Date,Campus,Classroom,Student ID,Student,Status,Note,Marked at,Marked by,Absence reported',
    );
  });

  it('says in its last column whether an absence was reported: yes for a report or an excused day, no otherwise', () => {
    const d = data(principal(['admin']));
    d.rollCalls.push({
      id: 'c1_2026-03-04',
      classroomId: 'c1',
      date: '2026-03-04',
      entries: { s1: entry('excused') },
    });
    const report = {
      studentId: 's1',
      from: '2026-03-03',
      to: '2026-03-03',
      part: 'day' as const,
      reason: 'ill' as const,
      status: 'reported' as const,
      reporterName: 'Grace Whitfield',
    };
    const reported = exportAttendance(d, form({ scope: 'student', studentId: 's1' }), {}, [report]);
    expect(reported.ok && reported.rows.map((r) => [r[0], r[5], r.at(-1)])).toEqual([
      ['Date', 'Status', 'Absence reported'],
      ['2026-03-02', 'Late', ''],
      ['2026-03-03', 'Absent', 'Yes'],
      ['2026-03-04', 'Excused', 'Yes'],
    ]);
    // A withdrawn report no longer speaks for the day.
    const withdrawn = exportAttendance(d, form({ scope: 'student', studentId: 's1' }), {}, [
      { ...report, status: 'withdrawn' },
    ]);
    expect(withdrawn.ok && withdrawn.rows[2]?.at(-1)).toBe('No');
  });

  it('exports one student across the range', () => {
    const result = exportAttendance(
      data(principal(['admin'])),
      form({ scope: 'student', studentId: 's2' }),
    );
    expect(result.ok && result.rows.slice(1).map((r) => r[4])).toEqual(['Ben Okafor']);
  });

  it('says an empty range has no rows instead of failing', () => {
    const result = exportAttendance(
      data(principal(['admin'])),
      form({ scope: 'classroom', classroomId: 'c1', from: '2026-03-04', to: '2026-03-06' }),
    );
    expect(result.ok && result.rows).toHaveLength(1);
  });

  it('refuses a range whose last date is before its first, beside the last date', () => {
    const result = exportAttendance(
      data(principal(['admin'])),
      form({ scope: 'classroom', classroomId: 'c1', from: '2026-03-06', to: '2026-03-01' }),
    );
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { to: 'The last date must be on or after the first date.' },
      values: { from: '2026-03-06', to: '2026-03-01' },
    });
  });

  it('asks for the classroom, campus or student the scope names', () => {
    const d = data(principal(['admin']));
    expect(exportAttendance(d, form({ scope: 'classroom' }))).toMatchObject({
      fieldErrors: { classroomId: 'Choose a classroom.' },
    });
    expect(exportAttendance(d, form({ scope: 'student', studentId: 'nobody' }))).toMatchObject({
      fieldErrors: { studentId: 'Choose a student.' },
    });
    expect(exportAttendance(d, form({ scope: 'everything' }))).toMatchObject({
      fieldErrors: { scope: 'Choose what to export.' },
    });
    expect(
      exportAttendance(d, form({ scope: 'campus', campusId: 'north', from: '2026-02-30' })),
    ).toMatchObject({
      fieldErrors: { from: 'Use a real date (YYYY-MM-DD).' },
    });
  });

  it('offers a facilitator their own classrooms, campuses and students only', () => {
    const d = data(principal(['facilitator'], ['c1']));
    const choices = reportChoices(d);
    expect(choices.classrooms.map((c) => c.id)).toEqual(['c1']);
    expect(choices.campuses.map((c) => c.id)).toEqual(['north']);
    expect(choices.students.map((s) => s.id)).toEqual(['s1']);
    expect(exportAttendance(d, form({ scope: 'classroom', classroomId: 'c2' }))).toMatchObject({
      ok: false,
      fieldErrors: { classroomId: 'Choose a classroom.' },
    });
  });
});

describe('the daily rate chart', () => {
  const days = [
    { date: '2026-03-02', marked: 10, attended: 9, rate: 0.9 },
    { date: '2026-03-03', marked: 0, attended: 0, rate: null },
    { date: '2026-03-04', marked: 10, attended: 7, rate: 0.7 },
  ];

  it('draws one bar per day with marks, in its day’s slot, scaled from 0 to 100 %', () => {
    const bars = chartBars(days);
    expect(bars.map((b) => b.date)).toEqual(['2026-03-02', '2026-03-04']);
    const [first, second] = bars;
    expect(first && second && second.x - first.x).toBeCloseTo((100 / 3) * 2, 6);
    expect(first?.width).toBeCloseTo((100 / 3) * 0.7, 6);
    expect(first?.y).toBeCloseTo(rateY(0.9), 6);
    expect(first && first.y + first.height).toBeCloseTo(rateY(0), 6);
  });

  it('describes the span, the average and the lowest and highest day in words', () => {
    expect(chartSummary(days)).toBe(
      'Attendance from 2026-03-02 to 2026-03-04: 80 % over 2 school days; lowest 70 % on 2026-03-04, highest 90 % on 2026-03-02.',
    );
    expect(chartSummary([{ date: '2026-03-03', marked: 0, attended: 0, rate: null }])).toBe(
      'No roll calls were marked from 2026-03-03 to 2026-03-03.',
    );
  });
});
