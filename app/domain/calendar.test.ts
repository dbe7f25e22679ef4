import { describe, expect, it } from 'vitest';
import { eventTimeZone, expandEvent, expandEvents, localDate } from './calendar';
import type { CalendarEvent } from './records';

const weekly = (over: Partial<CalendarEvent>): CalendarEvent => ({
  id: 'e1',
  title: 'Club',
  description: '',
  start: '2025-03-06T10:00:00.000Z',
  end: '2025-03-06T11:00:00.000Z',
  allDay: false,
  location: '',
  classroomIds: [],
  audience: ['parent'],
  audienceKeys: ['parent'],
  exdates: [],
  createdBy: 'm1',
  recurrence: { freq: 'weekly', interval: 1, until: '2025-12-31' },
  ...over,
});

const range = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });
const localClock = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(d);

describe('expandEvent', () => {
  it('keeps a weekly 10:00 in London at 10:00 across the March change, moving its UTC time by an hour', () => {
    // 10:00 GMT on Thursday 2025-03-20; BST starts on Sunday 2025-03-30.
    const event = weekly({ start: '2025-03-20T10:00:00.000Z', end: '2025-03-20T11:00:00.000Z' });
    const got = expandEvent(
      event,
      range('2025-03-01T00:00:00Z', '2025-04-10T00:00:00Z'),
      'Europe/London',
    );
    expect(got.map((o) => o.start.toISOString())).toEqual([
      '2025-03-20T10:00:00.000Z',
      '2025-03-27T10:00:00.000Z',
      '2025-04-03T09:00:00.000Z',
    ]);
    expect(got.every((o) => localClock(o.start, 'Europe/London') === '10:00')).toBe(true);
    expect(got.every((o) => o.end.getTime() - o.start.getTime() === 3600000)).toBe(true);
  });

  it('keeps a weekly 10:00 in London at 10:00 across the October change', () => {
    // 10:00 BST = 09:00 UTC; GMT returns on Sunday 2025-10-26.
    const event = weekly({ start: '2025-10-16T09:00:00.000Z', end: '2025-10-16T10:00:00.000Z' });
    const got = expandEvent(
      event,
      range('2025-10-01T00:00:00Z', '2025-11-01T00:00:00Z'),
      'Europe/London',
    );
    expect(got.map((o) => o.start.toISOString())).toEqual([
      '2025-10-16T09:00:00.000Z',
      '2025-10-23T09:00:00.000Z',
      '2025-10-30T10:00:00.000Z',
    ]);
    expect(got.map((o) => o.occurrenceDate)).toEqual(['2025-10-16', '2025-10-23', '2025-10-30']);
  });

  it('keeps a weekly 10:00 in New York at 10:00 across the March and November changes', () => {
    // EST (UTC−5) until Sunday 2025-03-09, EDT (UTC−4) until Sunday 2025-11-02.
    const event = weekly({ start: '2025-03-03T15:00:00.000Z', end: '2025-03-03T16:00:00.000Z' });
    const march = expandEvent(
      event,
      range('2025-03-01T00:00:00Z', '2025-03-15T00:00:00Z'),
      'America/New_York',
    );
    expect(march.map((o) => o.start.toISOString())).toEqual([
      '2025-03-03T15:00:00.000Z',
      '2025-03-10T14:00:00.000Z',
    ]);
    const november = expandEvent(
      event,
      range('2025-10-25T00:00:00Z', '2025-11-08T00:00:00Z'),
      'America/New_York',
    );
    expect(november.map((o) => o.start.toISOString())).toEqual([
      '2025-10-27T14:00:00.000Z',
      '2025-11-03T15:00:00.000Z',
    ]);
    expect(
      [...march, ...november].every((o) => localClock(o.start, 'America/New_York') === '10:00'),
    ).toBe(true);
  });

  it('steps every two weeks', () => {
    const event = weekly({ recurrence: { freq: 'weekly', interval: 2, until: '2025-04-30' } });
    const got = expandEvent(event, range('2025-03-01T00:00:00Z', '2025-05-01T00:00:00Z'), 'UTC');
    expect(got.map((o) => o.occurrenceDate)).toEqual([
      '2025-03-06',
      '2025-03-20',
      '2025-04-03',
      '2025-04-17',
    ]);
  });

  it('includes the occurrence on the until date', () => {
    const event = weekly({ recurrence: { freq: 'weekly', interval: 1, until: '2025-03-20' } });
    const got = expandEvent(event, range('2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z'), 'UTC');
    expect(got.map((o) => o.occurrenceDate)).toEqual(['2025-03-06', '2025-03-13', '2025-03-20']);
  });

  it('compares until with the campus-local date, not the UTC one', () => {
    // 23:30 UTC on the 20th is already the 21st in Kolkata: past an until of the 20th.
    const event = weekly({
      start: '2025-03-06T23:30:00.000Z',
      end: '2025-03-07T00:30:00.000Z',
      recurrence: { freq: 'weekly', interval: 1, until: '2025-03-20' },
    });
    const got = expandEvent(
      event,
      range('2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
      'Asia/Kolkata',
    );
    expect(got.map((o) => o.occurrenceDate)).toEqual(['2025-03-07', '2025-03-14']);
  });

  it('skips the dates in exdates', () => {
    const event = weekly({
      recurrence: { freq: 'weekly', interval: 1, until: '2025-03-27' },
      exdates: ['2025-03-13'],
    });
    const got = expandEvent(event, range('2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z'), 'UTC');
    expect(got.map((o) => o.occurrenceDate)).toEqual(['2025-03-06', '2025-03-20', '2025-03-27']);
    expect(got.map((o) => o.key)).toEqual(['e1@2025-03-06', 'e1@2025-03-20', 'e1@2025-03-27']);
  });

  it('returns only the occurrences a range overlaps when the range cuts a series', () => {
    const event = weekly({});
    // From the middle of the 13 March occurrence (it overlaps) to just before 27 March's start.
    const got = expandEvent(event, range('2025-03-13T10:30:00Z', '2025-03-27T10:00:00Z'), 'UTC');
    expect(got.map((o) => o.occurrenceDate)).toEqual(['2025-03-13', '2025-03-20']);
  });

  it('returns a single event once when it overlaps the range and not at all otherwise', () => {
    const single = weekly({ recurrence: undefined });
    expect(
      expandEvent(single, range('2025-03-06T10:59:00Z', '2025-03-07T00:00:00Z'), 'UTC'),
    ).toHaveLength(1);
    expect(
      expandEvent(single, range('2025-03-06T11:00:00Z', '2025-03-07T00:00:00Z'), 'UTC'),
    ).toHaveLength(0);
    expect(
      expandEvent(single, range('2025-03-06T10:00:00Z', '2025-03-06T10:30:00Z'), 'UTC')[0]
        ?.recurring,
    ).toBe(false);
  });
});

describe('expandEvents', () => {
  it('merges several events in start order, each in its own timezone', () => {
    const london = weekly({ id: 'a', title: 'London', recurrence: undefined });
    const kolkata = weekly({
      id: 'b',
      title: 'Kolkata',
      start: '2025-03-06T04:30:00.000Z',
      end: '2025-03-06T05:30:00.000Z',
      recurrence: undefined,
    });
    const zones: Record<string, string> = { a: 'Europe/London', b: 'Asia/Kolkata' };
    const got = expandEvents(
      [london, kolkata],
      range('2025-03-06T00:00:00Z', '2025-03-07T00:00:00Z'),
      (e) => zones[e.id ?? ''] ?? 'UTC',
    );
    expect(got.map((o) => [o.event.title, o.timeZone])).toEqual([
      ['Kolkata', 'Asia/Kolkata'],
      ['London', 'Europe/London'],
    ]);
  });
});

describe('eventTimeZone and localDate', () => {
  const campuses = [
    { id: 'north', timezone: 'Asia/Kolkata' },
    { id: 'east', timezone: 'Europe/London' },
  ];
  const classrooms = [{ id: 'c-east', campusId: 'east' }];

  it('takes the campus, else the first classroom campus, else the first campus', () => {
    expect(eventTimeZone({ campusId: 'east', classroomIds: [] }, campuses, classrooms)).toBe(
      'Europe/London',
    );
    expect(eventTimeZone({ classroomIds: ['c-east'] }, campuses, classrooms)).toBe('Europe/London');
    expect(eventTimeZone({ classroomIds: [] }, campuses, classrooms)).toBe('Asia/Kolkata');
    expect(eventTimeZone({ classroomIds: [] }, [], [])).toBe('UTC');
  });

  it('gives the date of an instant in a timezone', () => {
    expect(localDate(new Date('2025-03-06T20:00:00Z'), 'Asia/Kolkata')).toBe('2025-03-07');
    expect(localDate(new Date('2025-03-06T20:00:00Z'), 'America/New_York')).toBe('2025-03-06');
  });
});
