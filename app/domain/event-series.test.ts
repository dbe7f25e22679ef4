import { describe, expect, it } from 'vitest';
import {
  changeAllOccurrences,
  changeThisOccurrence,
  deleteAllOccurrences,
  deleteThisOccurrence,
  type EventFields,
  type EventRecord,
} from './event-series';

const series: EventRecord = {
  id: 's1',
  title: 'Garden club',
  description: '',
  // Thursdays 10:00–11:00 in Kolkata (04:30 UTC).
  start: '2025-03-06T04:30:00.000Z',
  end: '2025-03-06T05:30:00.000Z',
  allDay: false,
  location: '',
  classroomIds: ['north-harbour'],
  audience: ['parent'],
  audienceKeys: ['parent@classroom:north-harbour'],
  exdates: ['2025-03-27'],
  recurrence: { freq: 'weekly', interval: 1, until: '2025-04-30' },
  createdBy: 'office',
};

const fields = (over: Partial<EventFields> = {}): EventFields => ({
  title: 'Garden club (indoors)',
  description: '',
  start: '2025-03-20T08:30:00.000Z', // 14:00 in Kolkata on the 20th
  end: '2025-03-20T09:30:00.000Z',
  allDay: false,
  location: 'Hall',
  classroomIds: ['north-harbour'],
  audience: ['parent'],
  audienceKeys: ['parent@classroom:north-harbour'],
  ...over,
});

describe('changeThisOccurrence', () => {
  it('writes an override for the date and adds the date to the series exdates', () => {
    const write = changeThisOccurrence(
      series,
      '2025-03-20',
      fields({ recurrence: series.recurrence }),
      {
        overrideId: 'evt-new',
        by: 'fac',
      },
    );
    expect(write.deletes).toEqual([]);
    const [override, seriesPatch] = write.saves;
    expect(override).toMatchObject({
      id: 'evt-new',
      title: 'Garden club (indoors)',
      seriesId: 's1',
      occurrenceDate: '2025-03-20',
      createdBy: 'fac',
      exdates: [],
    });
    expect(override).not.toHaveProperty('recurrence');
    expect(seriesPatch).toEqual({ id: 's1', exdates: ['2025-03-20', '2025-03-27'] });
  });
});

describe('changeAllOccurrences', () => {
  it('applies a new time of day to the series start and keeps its first date', () => {
    const saved = changeAllOccurrences(series, fields(), {
      occurrenceDate: '2025-03-20',
      timeZone: 'Asia/Kolkata',
    });
    expect(saved).toMatchObject({
      id: 's1',
      title: 'Garden club (indoors)',
      start: '2025-03-06T08:30:00.000Z',
      end: '2025-03-06T09:30:00.000Z',
    });
  });

  it('moves the whole series by the days the opened occurrence was moved', () => {
    const saved = changeAllOccurrences(
      series,
      fields({ start: '2025-03-21T04:30:00.000Z', end: '2025-03-21T05:30:00.000Z' }),
      { occurrenceDate: '2025-03-20', timeZone: 'Asia/Kolkata' },
    );
    expect(saved.start).toBe('2025-03-07T04:30:00.000Z');
  });

  it('keeps the wall-clock time across a DST change between the first date and the opened one', () => {
    const london: EventRecord = {
      ...series,
      start: '2025-03-20T10:00:00.000Z', // 10:00 GMT
      end: '2025-03-20T11:00:00.000Z',
    };
    // The person opens 3 April (BST) and sets 11:00 local = 10:00 UTC.
    const saved = changeAllOccurrences(
      london,
      fields({ start: '2025-04-03T10:00:00.000Z', end: '2025-04-03T11:00:00.000Z' }),
      { occurrenceDate: '2025-04-03', timeZone: 'Europe/London' },
    );
    expect(saved.start).toBe('2025-03-20T11:00:00.000Z'); // 11:00 GMT
  });
});

describe('deleteThisOccurrence', () => {
  it('adds the date of an occurrence of a series to its exdates', () => {
    expect(deleteThisOccurrence(series, '2025-03-13', null)).toEqual({
      saves: [{ id: 's1', exdates: ['2025-03-13', '2025-03-27'] }],
      deletes: [],
    });
  });

  it('deletes an override and keeps its date excluded from the series', () => {
    const override: EventRecord = {
      ...series,
      id: 'o1',
      recurrence: undefined,
      exdates: [],
      seriesId: 's1',
      occurrenceDate: '2025-04-03',
    };
    expect(deleteThisOccurrence(override, '2025-04-03', series)).toEqual({
      saves: [{ id: 's1', exdates: ['2025-03-27', '2025-04-03'] }],
      deletes: ['o1'],
    });
    const excluded = { ...series, exdates: ['2025-04-03'] };
    expect(deleteThisOccurrence(override, '2025-04-03', excluded)).toEqual({
      saves: [],
      deletes: ['o1'],
    });
  });

  it('deletes a single event', () => {
    const single = { ...series, recurrence: undefined, exdates: [] };
    expect(deleteThisOccurrence(single, '2025-03-06', null)).toEqual({
      saves: [],
      deletes: ['s1'],
    });
  });
});

describe('deleteAllOccurrences', () => {
  it('deletes the series and every override of it, and nothing else', () => {
    const override = { ...series, id: 'o1', recurrence: undefined, seriesId: 's1' };
    const other = { ...series, id: 'x1', recurrence: undefined, seriesId: 'other' };
    expect(deleteAllOccurrences(series, [series, override, other])).toEqual({
      saves: [],
      deletes: ['s1', 'o1'],
    });
  });
});
