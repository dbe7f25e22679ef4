import { describe, expect, it } from 'vitest';
import {
  calendarHref,
  calendarSearch,
  hasView,
  isCalendarDate,
  parseCalendarQuery,
} from './url-state';

const defaults = { today: '2024-12-03', view: 'month' as const };
const parse = (search: string) => parseCalendarQuery(new URLSearchParams(search), defaults);

describe('calendar URL state', () => {
  it('reads every parameter it knows', () => {
    expect(
      parse(
        'view=week&date=2025-01-10&campus=campus-north&classroom=north-harbour&layer=schedules&event=evt-004&on=2025-01-11',
      ),
    ).toEqual({
      view: 'week',
      date: '2025-01-10',
      campus: 'campus-north',
      classroom: 'north-harbour',
      schedules: true,
      event: 'evt-004',
      on: '2025-01-11',
    });
  });

  it('falls back to the defaults for missing or bad values instead of throwing', () => {
    expect(parse('view=year&date=2024-02-30&campus=%3Cscript%3E&layer=other&on=tomorrow')).toEqual({
      view: 'month',
      date: '2024-12-03',
      campus: '',
      classroom: '',
      schedules: false,
      event: '',
      on: '',
    });
    expect(parse('')).toMatchObject({ view: 'month', date: '2024-12-03' });
  });

  it('knows whether the URL named a view (without one the screen width decides)', () => {
    expect(hasView(new URLSearchParams('view=agenda'))).toBe(true);
    expect(hasView(new URLSearchParams('view=nonsense'))).toBe(false);
    expect(hasView(new URLSearchParams(''))).toBe(false);
  });

  it('accepts only real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-1-05')).toBe(false);
    expect(isCalendarDate(null)).toBe(false);
  });

  it('writes the view and date always and leaves the other defaults out', () => {
    const query = parse('view=agenda&date=2024-12-05');
    expect(calendarSearch(query)).toBe('?view=agenda&date=2024-12-05');
    expect(calendarHref(query, { event: 'evt-1', on: '2024-12-06', schedules: true })).toBe(
      '/dash/calendar?view=agenda&date=2024-12-05&layer=schedules&event=evt-1&on=2024-12-06',
    );
  });

  it('round-trips a query through its search string', () => {
    const query = parse(
      'view=week&date=2025-03-30&classroom=north-harbour&layer=schedules&event=e&on=2025-03-31',
    );
    expect(parse(calendarSearch(query).slice(1))).toEqual(query);
  });

  it('drops an occurrence date when no event is open', () => {
    expect(calendarSearch({ ...parse('view=month&date=2024-12-03'), on: '2024-12-04' })).toBe(
      '?view=month&date=2024-12-03',
    );
  });
});
