import { describe, expect, it } from 'vitest';
import { deviceTimeZone } from '~/domain/clock';
import { actionLabel, formatFullDate, formatNotificationDate } from './format';

describe('how a notification reads', () => {
  it('labels known actions and capitalises unknown ones', () => {
    expect(actionLabel('message')).toBe('Message');
    expect(actionLabel('fee_reminder')).toBe('Fee reminder');
    expect(actionLabel('')).toBe('Notice');
  });

  it('says recent dates relative to now', () => {
    // Local dates, read in the device's zone.
    const here = deviceTimeZone();
    const now = new Date(2024, 2, 10, 15, 0);
    expect(formatNotificationDate(new Date(2024, 2, 10, 14, 59, 30).toISOString(), now, here)).toBe(
      'Just now',
    );
    expect(formatNotificationDate(new Date(2024, 2, 10, 14, 35).toISOString(), now, here)).toBe(
      '25 minutes ago',
    );
    expect(formatNotificationDate(new Date(2024, 2, 10, 12, 0).toISOString(), now, here)).toBe(
      '3 hours ago',
    );
    expect(formatNotificationDate(new Date(2024, 2, 9, 9, 0).toISOString(), now, here)).toMatch(
      /^Yesterday, /,
    );
    expect(formatNotificationDate(new Date(2024, 1, 2, 9, 0).toISOString(), now, here)).not.toMatch(
      /2024/,
    );
    expect(formatNotificationDate(new Date(2023, 1, 2, 9, 0).toISOString(), now, here)).toMatch(
      /2023/,
    );
    expect(formatNotificationDate('not a date', now, here)).toBe('');
  });

  it('says Today and Yesterday by the campus clock, not the device clock', () => {
    // 19:00 UTC on Friday 27 November is Saturday 00:30 in Kolkata and Friday 11:00 in Los
    // Angeles; now is Saturday in both (17:30 and 04:00).
    const now = new Date('2026-11-28T12:00:00Z');
    expect(formatNotificationDate('2026-11-27T19:00:00Z', now, 'Asia/Kolkata')).toMatch(
      /^Today, 00:30\b/,
    );
    expect(formatNotificationDate('2026-11-27T19:00:00Z', now, 'America/Los_Angeles')).toMatch(
      /^Yesterday, 11:00\b/,
    );
    expect(formatFullDate('2026-11-27T19:00:00Z', 'Asia/Kolkata')).toMatch(
      /^Sat 28 Nov 2026, 00:30\b/,
    );
  });
});
