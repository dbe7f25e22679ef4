import { describe, expect, it } from 'vitest';
import { formatDay, isCalendarDate, latestEnrolmentDate } from './dates';

describe('isCalendarDate', () => {
  it('accepts days that exist, leap days included', () => {
    for (const day of ['2025-01-01', '2025-12-31', '2024-02-29', '2000-02-29', '2025-04-30']) {
      expect(isCalendarDate(day), day).toBe(true);
    }
  });

  it('refuses days that do not exist and strings that are not YYYY-MM-DD', () => {
    for (const value of [
      '2025-02-30',
      '2025-02-29',
      '1900-02-29',
      '2025-04-31',
      '2025-13-01',
      '2025-00-10',
      '2025-01-00',
      '2025-1-5',
      '25-01-05',
      '2025-01-05T00:00:00Z',
      ' 2025-01-05',
      '',
      'soon',
    ]) {
      expect(isCalendarDate(value), value).toBe(false);
    }
  });
});

describe('formatDay', () => {
  it('writes a date as a message reads it', () => {
    expect(formatDay('2027-12-31')).toBe('31 Dec 2027');
    expect(formatDay('2000-01-01')).toBe('1 Jan 2000');
    expect(formatDay('2026-09-05')).toBe('5 Sep 2026');
  });

  it('leaves anything that is not a calendar date as it is', () => {
    expect(formatDay('2025-02-30')).toBe('2025-02-30');
  });
});

describe('latestEnrolmentDate', () => {
  it('is the last day of next year, whatever day of this year it is', () => {
    expect(latestEnrolmentDate('2026-01-01')).toBe('2027-12-31');
    expect(latestEnrolmentDate('2026-12-31')).toBe('2027-12-31');
  });
});
