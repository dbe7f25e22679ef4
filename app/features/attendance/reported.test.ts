// Reported and unreported absences (issue 32): one rule for the summary, the register, the CSV and
// the "Needs attention" lists. Excused is reported; Absent is reported when a report that was not
// withdrawn covers that student and day; present and late are no absence at all.
import { describe, expect, it } from 'vitest';
import type { AbsenceReportLike } from '~/domain/absences';
import { absenceStreaks, studentSummary } from '~/domain/attendance';
import type { Attendance } from '~/domain/records';
import {
  NO_REPORTS,
  absenceKind,
  absenceKindOn,
  reportedAbsencesExcused,
  reportedAmong,
  reportedDays,
  withoutReportedAbsences,
} from './reported';

const report = (overrides: Partial<AbsenceReportLike> = {}): AbsenceReportLike => ({
  studentId: 's1',
  from: '2026-11-17',
  to: '2026-11-18',
  part: 'day',
  reason: 'ill',
  status: 'reported',
  reporterName: 'Grace Whitfield',
  ...overrides,
});

const mark = (status: 'present' | 'absent' | 'late' | 'excused') => ({
  status,
  at: '2026-11-16T09:00:00.000Z',
  by: 'fac',
});

function rollCall(date: string, entries: Attendance['entries']) {
  return { classroomId: 'c1', date, entries };
}

describe('which days a report covers', () => {
  it('covers the student on each day from the first to the last, both included', () => {
    const covered = reportedDays([report()]);
    expect(covered('s1', '2026-11-16')).toBe(false);
    expect(covered('s1', '2026-11-17')).toBe(true);
    expect(covered('s1', '2026-11-18')).toBe(true);
    expect(covered('s1', '2026-11-19')).toBe(false);
    expect(covered('s2', '2026-11-17')).toBe(false);
  });

  it('covers nothing once withdrawn, whatever its status was before', () => {
    const covered = reportedDays([report({ status: 'withdrawn' })]);
    expect(covered('s1', '2026-11-17')).toBe(false);
    expect(reportedDays([report({ status: 'acknowledged' })])('s1', '2026-11-17')).toBe(true);
  });

  it('knows no report when none were read', () => {
    expect(reportedDays([])).toBe(NO_REPORTS);
    expect(NO_REPORTS('s1', '2026-11-17')).toBe(false);
  });
});

describe('what kind of absence a mark is', () => {
  it('calls excused reported, absent reported only where covered, and present or late no absence', () => {
    expect(absenceKind('excused', false)).toBe('reported');
    expect(absenceKind('absent', true)).toBe('reported');
    expect(absenceKind('absent', false)).toBe('unreported');
    expect(absenceKind('late', true)).toBeNull();
    expect(absenceKind('present', true)).toBeNull();
    expect(absenceKind(null, true)).toBeNull();
  });

  it('looks the day up for one student', () => {
    const covered = reportedDays([report()]);
    expect(absenceKindOn('absent', 's1', '2026-11-17', covered)).toBe('reported');
    expect(absenceKindOn('absent', 's1', '2026-11-20', covered)).toBe('unreported');
    expect(absenceKindOn('excused', 's2', '2026-11-20', covered)).toBe('reported');
    expect(reportedAmong('s1', ['2026-11-16', '2026-11-17', '2026-11-18'], covered)).toEqual([
      '2026-11-17',
      '2026-11-18',
    ]);
  });
});

describe('counting only unreported absences', () => {
  const rollCalls = [
    rollCall('2026-11-16', { s1: mark('absent'), s2: mark('present') }),
    rollCall('2026-11-17', { s1: mark('absent'), s2: mark('excused') }),
    rollCall('2026-11-18', { s1: mark('absent'), s2: mark('absent') }),
    rollCall('2026-11-19', { s1: mark('absent'), s2: mark('late') }),
  ];
  const covered = reportedDays([report()]);

  it('takes reported absences and excused days out of the rate’s basis', () => {
    const counted = withoutReportedAbsences(rollCalls, covered);
    expect(studentSummary(counted, 's1', '2026-11-16', '2026-11-19')).toMatchObject({
      marked: 2,
      absent: 2,
      absentDates: ['2026-11-16', '2026-11-19'],
    });
    expect(studentSummary(counted, 's2', '2026-11-16', '2026-11-19')).toMatchObject({
      marked: 3,
      absent: 1,
      excused: 0,
      rate: 2 / 3,
    });
    // The roll calls themselves are left as they were.
    expect(Object.keys(rollCalls[1]?.entries ?? {})).toEqual(['s1', 's2']);
  });

  it('ends a streak on a day the family reported, as an excused day does', () => {
    expect(absenceStreaks(rollCalls, ['s1'], '2026-11-19')).toEqual([
      { studentId: 's1', dates: ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19'] },
    ]);
    const excused = reportedAbsencesExcused(rollCalls, covered);
    expect(excused[1]?.entries.s1?.status).toBe('excused');
    expect(excused[0]).toBe(rollCalls[0]);
    expect(absenceStreaks(excused, ['s1'], '2026-11-19')).toEqual([]);
  });
});
