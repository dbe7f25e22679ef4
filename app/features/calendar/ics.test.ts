import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '~/domain/records';
import { buildIcs, icsFileName } from './ics';

const base: CalendarEvent = {
  title: 'Garden club',
  description: '',
  start: '2025-03-06T10:00:00.000Z', // 10:00 in London (GMT)
  end: '2025-03-06T11:30:00.000Z',
  allDay: false,
  location: '',
  classroomIds: ['north-harbour'],
  audience: ['parent'],
  audienceKeys: ['parent@classroom:north-harbour'],
  exdates: [],
  createdBy: 'm1',
};

function parse(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  return { root, events: root.getAllSubcomponents('vevent') };
}

function build(events: CalendarEvent[], timeZone = 'Europe/London') {
  return buildIcs(events, { timeZoneOf: () => timeZone, calendarName: 'Learning centre calendar' });
}

describe('the .ics export', () => {
  it('writes one VEVENT per event with its summary, description and location', () => {
    const text = build([
      { ...base, id: 'e1', description: 'Bring gloves', location: 'Back garden' },
      { ...base, id: 'e2', title: 'Book fair' },
    ]);
    const { root, events } = parse(text);
    expect(events).toHaveLength(2);
    expect(events[0]?.getFirstPropertyValue('summary')).toBe('Garden club');
    expect(events[0]?.getFirstPropertyValue('description')).toBe('Bring gloves');
    expect(events[0]?.getFirstPropertyValue('location')).toBe('Back garden');
    expect(events[1]?.getFirstPropertyValue('summary')).toBe('Book fair');
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe('Learning centre calendar');
  });

  it('writes the start and end in the campus timezone with its wall-clock time and a VTIMEZONE', () => {
    const text = build(
      [{ ...base, id: 'e1', start: '2025-07-01T04:30:00.000Z', end: '2025-07-01T06:00:00.000Z' }],
      'Asia/Kolkata',
    );
    expect(text).toContain('DTSTART;TZID=Asia/Kolkata:20250701T100000');
    expect(text).toContain('DTEND;TZID=Asia/Kolkata:20250701T113000');
    const { root, events } = parse(text);
    const zone = root.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('Asia/Kolkata');
    // With the file's own VTIMEZONE, a reader finds the same instant we stored.
    const timezone = new ICAL.Timezone(zone!);
    const start = events[0]!.getFirstProperty('dtstart')!.getFirstValue() as ICAL.Time;
    start.zone = timezone;
    expect(start.toJSDate().toISOString()).toBe('2025-07-01T04:30:00.000Z');
  });

  it('gives a VTIMEZONE whose daylight-saving change a reader applies', () => {
    const text = build([
      {
        ...base,
        id: 'e1',
        start: '2025-03-06T10:00:00.000Z',
        end: '2025-03-06T11:00:00.000Z',
        recurrence: { freq: 'weekly', interval: 1, until: '2025-04-30' },
      },
    ]);
    const { root } = parse(text);
    const timezone = new ICAL.Timezone(root.getFirstSubcomponent('vtimezone')!);
    const summer = ICAL.Time.fromData(
      { year: 2025, month: 4, day: 3, hour: 10, minute: 0 },
      timezone,
    );
    expect(summer.toJSDate().toISOString()).toBe('2025-04-03T09:00:00.000Z');
    const winter = ICAL.Time.fromData(
      { year: 2025, month: 3, day: 6, hour: 10, minute: 0 },
      timezone,
    );
    expect(winter.toJSDate().toISOString()).toBe('2025-03-06T10:00:00.000Z');
  });

  it('writes an all-day event as dates, the end being the day after the last', () => {
    const text = build(
      [
        {
          ...base,
          id: 'e1',
          allDay: true,
          start: '2025-05-04T18:30:00.000Z', // 2025-05-05 00:00 in Kolkata
          end: '2025-05-06T18:29:59.000Z', // 2025-05-06 23:59:59 in Kolkata
        },
      ],
      'Asia/Kolkata',
    );
    expect(text).toContain('DTSTART;VALUE=DATE:20250505');
    expect(text).toContain('DTEND;VALUE=DATE:20250507');
    const { events } = parse(text);
    const start = events[0]!.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(start.isDate).toBe(true);
  });

  it('writes a one-day all-day event as that date, DTEND the next day (exclusive)', () => {
    const text = build(
      [
        {
          ...base,
          id: 'e1',
          allDay: true,
          start: '2025-05-04T18:30:00.000Z', // 2025-05-05 00:00 in Kolkata
          end: '2025-05-05T18:29:59.000Z', // 2025-05-05 23:59:59 in Kolkata
        },
      ],
      'Asia/Kolkata',
    );
    expect(text).toContain('DTSTART;VALUE=DATE:20250505\r\n');
    expect(text).toContain('DTEND;VALUE=DATE:20250506\r\n');
  });

  it('ends every line with CRLF, the final END:VCALENDAR too', () => {
    const text = build([{ ...base, id: 'e1' }]);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes a series as RRULE with its interval and UNTIL, and its removed dates as EXDATE', () => {
    const text = build([
      {
        ...base,
        id: 'e1',
        recurrence: { freq: 'weekly', interval: 2, until: '2025-05-01' },
        exdates: ['2025-03-20', '2025-04-17'],
      },
    ]);
    const { events } = parse(text);
    const rule = events[0]!.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rule.freq).toBe('WEEKLY');
    expect(rule.interval).toBe(2);
    // UNTIL is the last second of 1 May in London (BST), in UTC.
    expect(rule.until?.toString()).toBe('2025-05-01T22:59:59Z');
    const exdates = events[0]!.getAllProperties('exdate').flatMap((p) => p.getValues());
    expect(exdates.map(String)).toEqual(['2025-03-20T10:00:00', '2025-04-17T10:00:00']);
    expect(events[0]!.getFirstProperty('exdate')?.getParameter('tzid')).toBe('Europe/London');
  });

  it('writes an occurrence changed on its own with the series UID and a RECURRENCE-ID at the series time', () => {
    const series: CalendarEvent = {
      ...base,
      id: 'e1',
      recurrence: { freq: 'weekly', interval: 1, until: '2025-05-01' },
      exdates: ['2025-03-13'],
    };
    const override: CalendarEvent = {
      ...base,
      id: 'e2',
      start: '2025-03-13T14:00:00.000Z',
      end: '2025-03-13T15:00:00.000Z',
      seriesId: 'e1',
      occurrenceDate: '2025-03-13',
    };
    const { events } = parse(build([series, override]));
    expect(events.map((e) => e.getFirstPropertyValue('uid'))).toEqual([
      'e1@learning-centre',
      'e1@learning-centre',
    ]);
    expect(String(events[1]!.getFirstPropertyValue('recurrence-id'))).toBe('2025-03-13T10:00:00');
  });

  it('keeps the UID of an event the same from one export to the next', () => {
    const uid = (text: string) => parse(text).events[0]!.getFirstPropertyValue('uid');
    const event = { ...base, id: 'evt-1', updatedAt: '2025-01-01T00:00:00.000Z' };
    expect(uid(build([event]))).toBe('evt-1@learning-centre');
    expect(uid(build([{ ...event, title: 'Renamed' }]))).toBe('evt-1@learning-centre');
    expect(String(parse(build([event])).events[0]!.getFirstPropertyValue('dtstamp'))).toBe(
      '2025-01-01T00:00:00Z',
    );
  });

  it('escapes commas, semicolons, backslashes and newlines and they read back unchanged', () => {
    const title = 'Tea, cake; and \\ more';
    const description = 'Line one\nLine two, with; all \\ of them';
    const text = build([{ ...base, id: 'e1', title, description, location: 'Hall A, B; C' }]);
    expect(text).toContain('SUMMARY:Tea\\, cake\\; and \\\\ more');
    const { events } = parse(text);
    expect(events[0]?.getFirstPropertyValue('summary')).toBe(title);
    expect(events[0]?.getFirstPropertyValue('description')).toBe(description);
    expect(events[0]?.getFirstPropertyValue('location')).toBe('Hall A, B; C');
  });

  it('names the file after the title', () => {
    expect(icsFileName('Garden club')).toBe('garden-club.ics');
    expect(icsFileName('Élève: fête!')).toBe('eleve-fete.ics');
    expect(icsFileName('!!!')).toBe('event.ics');
  });
});
