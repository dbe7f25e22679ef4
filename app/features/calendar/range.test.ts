import { describe, expect, it } from 'vitest';
import { addMonths, instantRange, isoWeekday, startOfWeek, stepDate, visibleRange } from './range';

describe('calendar ranges', () => {
  it('starts weeks on Monday, also for a Sunday', () => {
    expect(isoWeekday('2024-12-01')).toBe(7);
    expect(startOfWeek('2024-12-01')).toBe('2024-11-25');
    expect(startOfWeek('2024-12-02')).toBe('2024-12-02');
  });

  it('shows a month as whole weeks from the Monday before the 1st to the Sunday after the last day', () => {
    const range = visibleRange('month', '2024-12-17');
    expect(range.from).toBe('2024-11-25');
    expect(range.to).toBe('2025-01-05');
    expect(range.days).toHaveLength(42);
  });

  it('shows a month that starts on a Monday without a week before it', () => {
    const range = visibleRange('month', '2024-07-09');
    expect(range.from).toBe('2024-07-01');
    expect(range.to).toBe('2024-08-04');
    expect(range.days).toHaveLength(35);
  });

  it('shows the Monday-to-Sunday week of the date', () => {
    const range = visibleRange('week', '2024-12-05');
    expect(range.days).toEqual([
      '2024-12-02',
      '2024-12-03',
      '2024-12-04',
      '2024-12-05',
      '2024-12-06',
      '2024-12-07',
      '2024-12-08',
    ]);
  });

  it('shows six weeks in the agenda starting on the date itself', () => {
    const range = visibleRange('agenda', '2024-12-05');
    expect(range.from).toBe('2024-12-05');
    expect(range.days).toHaveLength(42);
    expect(range.to).toBe('2025-01-15');
  });

  it('moves by a month, a week, or the agenda span, keeping month ends valid', () => {
    expect(stepDate('month', '2025-01-31', 1)).toBe('2025-02-28');
    expect(stepDate('month', '2024-03-31', -1)).toBe('2024-02-29');
    expect(stepDate('week', '2024-12-30', 1)).toBe('2025-01-06');
    expect(stepDate('agenda', '2024-12-05', -1)).toBe('2024-10-24');
    expect(addMonths('2024-12-15', 1)).toBe('2025-01-15');
  });

  it('widens the instants by fourteen hours each side so every timezone’s days are covered', () => {
    const { from, to } = instantRange({ from: '2024-12-02', to: '2024-12-08' });
    expect(from.toISOString()).toBe('2024-12-01T10:00:00.000Z');
    expect(to.toISOString()).toBe('2024-12-09T14:00:00.000Z');
  });
});
