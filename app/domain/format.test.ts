// One way to write a date, at fixed instants in three campus zones: America/Los_Angeles (UTC−8 in
// November), Asia/Kolkata (UTC+5:30) and Pacific/Tongatapu (UTC+13). The device's zone is passed,
// so the answers do not depend on the machine running the tests.
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatInstantDay,
  formatRange,
  formatRelative,
  formatTime,
} from './format';

const LA = 'America/Los_Angeles';
const KOLKATA = 'Asia/Kolkata';
const TONGA = 'Pacific/Tongatapu';

/** Saturday 09:12 in Kolkata; Friday 19:42 in Los Angeles; Saturday 16:42 in Tonga. */
const SAT_0912_IST = new Date('2026-11-28T03:42:00Z');

describe('a school day as a date', () => {
  it('is written in three lengths, without a comma after the weekday', () => {
    expect(formatDate('2026-11-27', 'short')).toBe('Fri 27 Nov');
    expect(formatDate('2011-07-09', 'date')).toBe('9 Jul 2011');
    expect(formatDate('2026-11-27')).toBe('Fri 27 Nov 2026');
    // "Sep" in every ICU build (some write "Sept"), as dates.ts writes it.
    expect(formatDate('2026-09-01')).toBe('Tue 1 Sep 2026');
    expect(formatDate('2026-11-27', 'heading')).toBe('Friday 27 November');
    expect(formatDate('2026-11-27', 'long')).toBe('Friday 27 November 2026');
    expect(formatDate('2026-11-27', 'month')).toBe('November 2026');
  });

  it('writes a stored instant as the day it was in the zone given', () => {
    expect(formatInstantDay('2026-11-27T19:00:00Z', KOLKATA)).toBe('Sat 28 Nov 2026');
    expect(formatInstantDay('2026-11-27T19:00:00Z', LA)).toBe('Fri 27 Nov 2026');
    expect(formatInstantDay('2026-11-27T19:00:00Z', TONGA, 'short')).toBe('Sat 28 Nov');
    expect(formatInstantDay('not a date', KOLKATA)).toBe('');
  });

  it('leaves a string that is not a calendar date unchanged', () => {
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
    expect(formatDate('')).toBe('');
  });
});

describe('an instant in the campus zone', () => {
  it('writes the campus wall clock, 24-hour, in each of three zones', () => {
    expect(formatTime(SAT_0912_IST, KOLKATA, { device: KOLKATA })).toBe('09:12');
    expect(formatTime(SAT_0912_IST, LA, { device: LA })).toBe('19:42');
    expect(formatTime(SAT_0912_IST, TONGA, { device: TONGA })).toBe('16:42');
  });

  it('names the campus zone when the device reads another clock', () => {
    expect(formatTime(SAT_0912_IST, KOLKATA, { device: 'Europe/London' })).toBe('09:12 GMT+5:30');
    expect(formatTime(SAT_0912_IST, TONGA, { device: LA })).toBe('16:42 GMT+13');
    expect(formatTime(SAT_0912_IST, LA, { device: KOLKATA })).toBe('19:42 GMT-8');
    // Another name for the same clock is not named.
    expect(formatTime(SAT_0912_IST, KOLKATA, { device: 'Asia/Calcutta' })).toBe('09:12');
  });

  it('writes the date of the campus, not of UTC, beside the time', () => {
    expect(formatDateTime(SAT_0912_IST, KOLKATA, { device: KOLKATA })).toBe(
      'Sat 28 Nov 2026, 09:12',
    );
    expect(formatDateTime(SAT_0912_IST, LA, { device: LA })).toBe('Fri 27 Nov 2026, 19:42');
    expect(formatDateTime(SAT_0912_IST, TONGA, { device: 'UTC' })).toBe(
      'Sat 28 Nov 2026, 16:42 GMT+13',
    );
  });

  it('writes nothing for an instant that is not one', () => {
    expect(formatTime('not a date', KOLKATA)).toBe('');
    expect(formatDateTime('', KOLKATA)).toBe('');
  });
});

describe('a range', () => {
  it('writes the day once when both ends fall on it', () => {
    const start = new Date('2026-11-27T03:30:00Z'); // 09:00 IST
    const end = new Date('2026-11-27T05:00:00Z'); // 10:30 IST
    expect(formatRange(start, end, KOLKATA, { device: KOLKATA })).toBe('Fri 27 Nov, 09:00–10:30');
    expect(formatRange(start, end, LA, { device: 'UTC' })).toBe('Thu 26 Nov, 19:30–21:00 GMT-8');
  });

  it('writes both days across the campus midnight', () => {
    const start = new Date('2026-11-27T09:00:00Z'); // 22:00 in Tonga
    const end = new Date('2026-11-27T12:00:00Z'); // 01:00 the next day in Tonga
    expect(formatRange(start, end, TONGA, { device: TONGA })).toBe(
      'Fri 27 Nov, 22:00 – Sat 28 Nov, 01:00',
    );
  });
});

describe('a relative time', () => {
  const now = SAT_0912_IST;
  const at = (ms: number) => new Date(now.getTime() + ms);
  const HOUR = 3_600_000;

  it('counts minutes and hours within half a day, both ways', () => {
    expect(formatRelative(at(-20_000), KOLKATA, { now, device: KOLKATA })).toBe('Just now');
    expect(formatRelative(at(-5 * 60_000), KOLKATA, { now, device: KOLKATA })).toBe(
      '5 minutes ago',
    );
    expect(formatRelative(at(2 * HOUR), KOLKATA, { now, device: KOLKATA })).toBe('in 2 hours');
  });

  it('says Today and Yesterday by the campus day, which is not the UTC day', () => {
    // 13 hours before Saturday 09:12 IST is Friday 20:12 IST; in UTC both are Friday.
    expect(formatRelative(at(-13 * HOUR), KOLKATA, { now, device: KOLKATA })).toBe(
      'Yesterday, 20:12',
    );
    // In Tonga, now is Saturday 16:42; 13 hours earlier is Saturday 03:42.
    expect(formatRelative(at(-13 * HOUR), TONGA, { now, device: TONGA })).toBe('Today, 03:42');
    // In Los Angeles, now is Friday 19:42; 13 hours later is Saturday 08:42.
    expect(formatRelative(at(13 * HOUR), LA, { now, device: LA })).toBe('Tomorrow, 08:42');
  });

  it('counts days within a week, then gives the date', () => {
    expect(formatRelative(at(-3 * 24 * HOUR), KOLKATA, { now, device: KOLKATA })).toBe(
      '3 days ago',
    );
    expect(formatRelative(at(4 * 24 * HOUR), LA, { now, device: LA })).toBe('in 4 days');
    expect(formatRelative(at(-20 * 24 * HOUR), KOLKATA, { now, device: KOLKATA })).toBe(
      'Sun 8 Nov',
    );
    expect(formatRelative(new Date('2025-11-08T03:42:00Z'), KOLKATA, { now })).toBe(
      'Sat 8 Nov 2025',
    );
  });
});

describe('a duration', () => {
  it('is written in hours and minutes', () => {
    expect(formatDuration(90 * 60_000)).toBe('1 h 30 min');
    expect(formatDuration(45 * 60_000)).toBe('45 min');
    expect(formatDuration(2 * 3_600_000)).toBe('2 h');
    expect(formatDuration(2 * 86_400_000)).toBe('2 days');
    expect(formatDuration(10_000)).toBe('0 min');
  });
});
