import { describe, expect, it } from 'vitest';
import { actionLabel, formatNotificationDate } from './format';

describe('how a notification reads', () => {
  it('labels known actions and capitalises unknown ones', () => {
    expect(actionLabel('message')).toBe('Message');
    expect(actionLabel('fee_reminder')).toBe('Fee reminder');
    expect(actionLabel('')).toBe('Notice');
  });

  it('says recent dates relative to now', () => {
    const now = new Date(2024, 2, 10, 15, 0);
    expect(formatNotificationDate(new Date(2024, 2, 10, 14, 59, 30).toISOString(), now)).toBe(
      'Just now',
    );
    expect(formatNotificationDate(new Date(2024, 2, 10, 14, 35).toISOString(), now)).toBe(
      '25 min ago',
    );
    expect(formatNotificationDate(new Date(2024, 2, 10, 12, 0).toISOString(), now)).toBe('3 h ago');
    expect(formatNotificationDate(new Date(2024, 2, 9, 9, 0).toISOString(), now)).toMatch(
      /^Yesterday, /,
    );
    expect(formatNotificationDate(new Date(2024, 1, 2, 9, 0).toISOString(), now)).not.toMatch(
      /2024/,
    );
    expect(formatNotificationDate(new Date(2023, 1, 2, 9, 0).toISOString(), now)).toMatch(/2023/);
    expect(formatNotificationDate('not a date', now)).toBe('');
  });
});
