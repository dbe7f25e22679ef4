import { describe, expect, it } from 'vitest';
import { rollCallHref, studentHref, wholePercent } from './alerts';
import { todaysAttendanceText, type StaffToday } from './home-staff';

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
