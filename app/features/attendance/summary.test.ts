import { describe, expect, it } from 'vitest';
import type { Attendance } from '~/domain/records';
import {
  absenceSplit,
  attendanceSummaryFor,
  emptyPeriodText,
  formatDay,
  formatRate,
  ownEntriesOnly,
  rateBasis,
} from './summary';

const at = '2026-11-16T09:00:00.000Z';
const mark = (status: 'present' | 'absent' | 'late' | 'excused', note?: string) => ({
  status,
  at,
  by: 'fac',
  ...(note ? { note } : {}),
});

function rollCall(date: string, entries: Attendance['entries'], classroomId = 'c1') {
  return { classroomId, date, entries };
}

const asha = { id: 's1', firstName: 'Asha', lastName: 'Rao' };

describe('formatDay', () => {
  it('writes the weekday, the day and the month', () => {
    expect(formatDay('2026-11-16')).toBe('Mon 16 Nov');
    expect(formatDay('2026-03-01')).toBe('Sun 1 Mar');
  });

  it('adds the year only when it is not the year of today', () => {
    expect(formatDay('2025-12-31', '2026-01-10')).toBe('Wed 31 Dec 2025');
    expect(formatDay('2026-01-02', '2026-01-10')).toBe('Fri 2 Jan');
  });
});

describe('formatRate', () => {
  it('rounds to a whole percentage and shows a dash when nothing was marked', () => {
    expect(formatRate(0.9549)).toBe('95%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(null)).toBe('–');
  });
});

describe('ownEntriesOnly', () => {
  it('keeps only the one student entry of each roll call and drops roll calls without it', () => {
    const rollCalls = [
      rollCall('2026-11-16', { s1: mark('absent'), s2: mark('late', 'bus') }),
      rollCall('2026-11-17', { s2: mark('absent') }),
    ];
    expect(ownEntriesOnly(rollCalls, 's1')).toEqual([
      { classroomId: 'c1', date: '2026-11-16', entries: { s1: mark('absent') } },
    ]);
  });

  it('does not read inherited keys as a student id', () => {
    expect(ownEntriesOnly([rollCall('2026-11-16', { s1: mark('present') })], 'toString')).toEqual(
      [],
    );
  });
});

describe('attendanceSummaryFor', () => {
  const rollCalls = [
    rollCall('2026-08-20', { s1: mark('absent') }), // last term
    rollCall('2026-09-10', { s1: mark('absent'), s2: mark('present') }), // term, not last 30 days
    rollCall('2026-11-02', { s1: mark('late'), s2: mark('absent') }),
    rollCall('2026-11-16', { s1: mark('excused'), s2: mark('absent') }),
    rollCall('2026-11-17', { s1: mark('present'), s2: mark('absent') }),
    rollCall('2026-11-18', { s2: mark('absent') }),
  ];

  it('counts the term and the last 30 days from the student own marks', () => {
    const summary = attendanceSummaryFor(rollCalls, asha, '2026-11-23');
    expect(summary.term.from).toBe('2026-09-01');
    expect(summary.term.summary).toMatchObject({
      marked: 4,
      present: 1,
      absent: 1,
      late: 1,
      excused: 1,
      rate: 0.5,
      absentDates: ['2026-09-10'],
      lateDates: ['2026-11-02'],
      excusedDates: ['2026-11-16'],
    });
    expect(summary.recent.from).toBe('2026-10-25');
    expect(summary.recent.summary).toMatchObject({ marked: 3, absent: 0, late: 1, excused: 1 });
    expect(summary.recent.summary.rate).toBeCloseTo(2 / 3);
  });

  it('never counts a classmate mark, even on days the student has none', () => {
    const classmate = attendanceSummaryFor(
      rollCalls,
      { id: 's2', firstName: 'Ben', lastName: 'Lee' },
      '2026-11-23',
    );
    const own = attendanceSummaryFor(rollCalls, asha, '2026-11-23');
    expect(JSON.stringify(own)).not.toContain('s2');
    expect(classmate.term.summary.absent).toBe(4);
    expect(own.term.summary.absentDates).not.toContain('2026-11-18');
  });

  it('speaks of the preferred name when there is one', () => {
    const summary = attendanceSummaryFor([], { ...asha, preferredName: 'Ash' }, '2026-11-23');
    expect(summary.callName).toBe('Ash');
    expect(summary.fullName).toBe('Asha Rao');
  });

  it('says plainly when no roll call was taken for the student', () => {
    const summary = attendanceSummaryFor([], asha, '2026-11-23');
    expect(emptyPeriodText(summary.term, 'Asha')).toBe(
      'No roll calls taken for Asha this term yet.',
    );
    expect(emptyPeriodText(summary.recent, 'Asha')).toBe(
      'No roll calls taken for Asha in the last 30 days.',
    );
  });

  it('gives the basis of the rate in words', () => {
    const summary = attendanceSummaryFor(rollCalls, asha, '2026-11-23');
    expect(rateBasis(summary.term.summary)).toBe('present or late at 2 of 4 roll calls');
  });
});

describe('reported and unreported absences in the summary (issue 32)', () => {
  const rollCalls = [
    rollCall('2026-11-16', { s1: mark('absent'), s2: mark('absent') }),
    rollCall('2026-11-17', { s1: mark('absent') }),
    rollCall('2026-11-18', { s1: mark('absent') }),
    rollCall('2026-11-19', { s1: mark('excused') }),
  ];
  const report = (studentId: string, from: string, to: string, status = 'reported' as const) => ({
    studentId,
    from,
    to,
    part: 'day' as const,
    reason: 'ill' as const,
    status,
    reporterName: 'Grace Whitfield',
  });

  it('splits the absences: 3, of which 1 reported and 2 unreported', () => {
    const summary = attendanceSummaryFor(rollCalls, asha, '2026-11-23', [
      report('s1', '2026-11-17', '2026-11-17'),
      // A classmate's report says nothing of Asha.
      report('s2', '2026-11-16', '2026-11-16'),
    ]);
    expect(summary.recent.reportedAbsentDates).toEqual(['2026-11-17']);
    expect(summary.recent.summary.absent).toBe(3);
    expect(absenceSplit(summary.recent)).toBe('1 reported, 2 unreported');
  });

  it('does not count a withdrawn report', () => {
    const summary = attendanceSummaryFor(rollCalls, asha, '2026-11-23', [
      { ...report('s1', '2026-11-16', '2026-11-18'), status: 'withdrawn' as const },
    ]);
    expect(absenceSplit(summary.term)).toBe('0 reported, 3 unreported');
  });

  it('says nothing of reports when the page did not read them, or when there was no absence', () => {
    expect(absenceSplit(attendanceSummaryFor(rollCalls, asha, '2026-11-23').term)).toBeNull();
    const none = attendanceSummaryFor([], asha, '2026-11-23', []);
    expect(none.term.reportedAbsentDates).toEqual([]);
    expect(absenceSplit(none.term)).toBeNull();
  });
});
