import { describe, expect, it } from 'vitest';
import { eventSchema } from '~/domain/records';
import { formatWhen, minutesOfDay, occurrenceDays } from './event-time';

const event = (fields: Record<string, unknown>) =>
  eventSchema.parse({
    title: 'Event',
    createdBy: 'm1',
    start: '2024-12-03T04:30:00Z',
    end: '2024-12-03T06:30:00Z',
    ...fields,
  });

function occurrence(
  fields: Record<string, unknown>,
  occurrenceDate: string,
  timeZone = 'Asia/Kolkata',
) {
  const e = event(fields);
  return { event: e, start: new Date(e.start), end: new Date(e.end), occurrenceDate, timeZone };
}

describe('event times in words', () => {
  it('gives a timed event its day, wall-clock times and zone in the campus timezone', () => {
    expect(formatWhen(occurrence({}, '2024-12-03'), true)).toBe(
      'Tue 3 Dec, 10:00–12:00 (Asia/Kolkata)',
    );
  });

  it('leaves the zone out when it is the device’s', () => {
    expect(formatWhen(occurrence({}, '2024-12-03'), false)).toBe('Tue 3 Dec, 10:00–12:00');
  });

  it('says "all day" for a one-day all-day event stored as midnight to 23:59:59 UTC', () => {
    const o = occurrence(
      { allDay: true, start: '2024-12-03T00:00:00Z', end: '2024-12-03T23:59:59Z' },
      '2024-12-03',
    );
    expect(occurrenceDays(o)).toEqual(['2024-12-03']);
    expect(formatWhen(o, true)).toBe('Tue 3 Dec, all day');
  });

  it('spans the days of a multi-day all-day event', () => {
    const o = occurrence(
      { allDay: true, start: '2024-12-02T18:30:00Z', end: '2024-12-05T18:30:00Z' },
      '2024-12-03',
    );
    expect(occurrenceDays(o)).toEqual(['2024-12-03', '2024-12-04', '2024-12-05']);
    expect(formatWhen(o, true)).toBe('Tue 3 Dec – Thu 5 Dec, all day');
  });

  it('names both days of a timed event that runs past midnight', () => {
    const o = occurrence(
      { start: '2024-12-03T16:30:00Z', end: '2024-12-03T19:30:00Z' },
      '2024-12-03',
    );
    expect(occurrenceDays(o)).toEqual(['2024-12-03', '2024-12-04']);
    expect(formatWhen(o, true)).toBe('Tue 3 Dec, 22:00 – Wed 4 Dec, 01:00 (Asia/Kolkata)');
  });

  it('keeps an event that ends at midnight on its own day', () => {
    const o = occurrence(
      { start: '2024-12-03T16:30:00Z', end: '2024-12-03T18:30:00Z' },
      '2024-12-03',
    );
    expect(occurrenceDays(o)).toEqual(['2024-12-03']);
  });

  it('measures minutes from campus-local midnight', () => {
    expect(minutesOfDay(new Date('2024-12-03T04:30:00Z'), 'Asia/Kolkata')).toBe(600);
    expect(minutesOfDay(new Date('2024-12-03T04:30:00Z'), 'UTC')).toBe(270);
  });
});
