// The one clock, at fixed instants in three campus zones: America/Los_Angeles (UTC−8 in November),
// Asia/Kolkata (UTC+5:30) and Pacific/Auckland (UTC+13 in its summer) / Pacific/Tongatapu (UTC+13).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  ageOn,
  campusDays,
  campusTime,
  classroomDay,
  daysBetween,
  instantAt,
  isoWeekday,
  lastDays,
  latestSchoolDay,
  now,
  personZone,
  schoolDay,
  signedInZone,
  timeOfDay,
  utcDay,
  wallClockAt,
  weekdayName,
  weekOf,
} from './clock';

const LA = 'America/Los_Angeles';
const KOLKATA = 'Asia/Kolkata';
const AUCKLAND = 'Pacific/Auckland';
const TONGA = 'Pacific/Tongatapu';

/** Saturday 00:30 in Kolkata, 08:00 in Auckland and Tonga; still Friday 19:00 in UTC, 11:00 in LA. */
const SAT_IN_KOLKATA = new Date('2026-11-27T19:00:00Z');
/** Saturday 02:00 in UTC; still Friday 18:00 in Los Angeles (a school west of UTC). */
const SAT_IN_UTC = new Date('2026-11-28T02:00:00Z');

afterEach(() => {
  vi.useRealTimers();
});

describe('the school day at a campus', () => {
  it('is Saturday in Kolkata and Auckland while it is Friday in UTC and Los Angeles', () => {
    expect(schoolDay('UTC', SAT_IN_KOLKATA)).toBe('2026-11-27');
    expect(schoolDay(LA, SAT_IN_KOLKATA)).toBe('2026-11-27');
    expect(schoolDay(KOLKATA, SAT_IN_KOLKATA)).toBe('2026-11-28');
    expect(schoolDay(AUCKLAND, SAT_IN_KOLKATA)).toBe('2026-11-28');
    expect(schoolDay(TONGA, SAT_IN_KOLKATA)).toBe('2026-11-28');
    expect(weekdayName(schoolDay(KOLKATA, SAT_IN_KOLKATA))).toBe('Saturday');
    expect(weekdayName(schoolDay('UTC', SAT_IN_KOLKATA))).toBe('Friday');
  });

  it('is still Friday afternoon in Los Angeles when UTC has reached Saturday', () => {
    expect(schoolDay('UTC', SAT_IN_UTC)).toBe('2026-11-28');
    expect(schoolDay(LA, SAT_IN_UTC)).toBe('2026-11-27');
    expect(timeOfDay(LA, SAT_IN_UTC)).toBe('18:00');
  });

  it('tells the time of day in each zone, 24-hour', () => {
    expect(timeOfDay('UTC', SAT_IN_KOLKATA)).toBe('19:00');
    expect(timeOfDay(LA, SAT_IN_KOLKATA)).toBe('11:00');
    expect(timeOfDay(KOLKATA, SAT_IN_KOLKATA)).toBe('00:30');
    expect(timeOfDay(AUCKLAND, SAT_IN_KOLKATA)).toBe('08:00');
    expect(timeOfDay(TONGA, SAT_IN_KOLKATA)).toBe('08:00');
  });

  it('follows daylight saving: Auckland is UTC+12 in its winter, Los Angeles UTC−7 in summer', () => {
    const july = new Date('2026-07-03T11:30:00Z');
    expect(schoolDay(AUCKLAND, july)).toBe('2026-07-03');
    expect(timeOfDay(AUCKLAND, july)).toBe('23:30');
    expect(timeOfDay(LA, july)).toBe('04:30');
  });

  it('reads the injected now by default, so fake timers move it', () => {
    vi.useFakeTimers();
    vi.setSystemTime(SAT_IN_KOLKATA);
    expect(now().toISOString()).toBe('2026-11-27T19:00:00.000Z');
    expect(schoolDay(KOLKATA)).toBe('2026-11-28');
    expect(schoolDay(LA)).toBe('2026-11-27');
    vi.setSystemTime(new Date('2026-11-28T08:00:00Z'));
    expect(schoolDay(LA)).toBe('2026-11-28');
  });

  it('gives a campus with no zone, or a zone the runtime does not know, the UTC day', () => {
    expect(schoolDay(undefined, SAT_IN_KOLKATA)).toBe('2026-11-27');
    expect(schoolDay('', SAT_IN_KOLKATA)).toBe('2026-11-27');
    expect(schoolDay('Mars/Olympus_Mons', SAT_IN_KOLKATA)).toBe('2026-11-27');
  });
});

describe('a stamp shown in the campus zone', () => {
  // A roll call saved at 09:00 in Kolkata is 03:30 UTC.
  const saved = '2026-11-27T03:30:00.000Z';

  it('reads 09:00 on a device in the campus zone, with no zone named', () => {
    expect(campusTime(saved, KOLKATA, KOLKATA)).toBe('09:00');
    expect(campusTime(saved, KOLKATA, 'Asia/Calcutta')).toBe('09:00');
  });

  it('reads 09:00 with the zone named on a device elsewhere, never the UTC 03:30', () => {
    for (const device of ['UTC', LA, AUCKLAND, 'Europe/London']) {
      const text = campusTime(saved, KOLKATA, device);
      expect(text, device).toMatch(/^09:00 \S+/);
      expect(text, device).not.toContain('03:30');
    }
  });

  it('says nothing for a stamp that is not a time', () => {
    expect(campusTime('not a time', KOLKATA, 'UTC')).toBe('');
  });
});

describe('days, weeks and ranges', () => {
  it('adds days across months, years and leap days, with no zone to shift them', () => {
    expect(addDays('2026-11-28', 1)).toBe('2026-11-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // The days LA and Auckland change their clocks are whole days like any other.
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-09-26', 2)).toBe('2026-09-28');
    expect(daysBetween('2026-11-01', '2026-11-28')).toBe(27);
    expect(daysBetween('2026-11-28', '2026-11-01')).toBe(-27);
  });

  it('starts the week on Monday: Saturday 28 November is in the week of 23 to 29 November', () => {
    expect(isoWeekday('2026-11-28')).toBe(6);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(weekOf('2026-11-28')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(weekOf('2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(weekOf('2027-01-01')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
  });

  it('counts the last 30 days to the campus day, today included', () => {
    const today = schoolDay(KOLKATA, SAT_IN_KOLKATA);
    expect(lastDays(today, 30)).toEqual({ from: '2026-10-30', to: '2026-11-28' });
    expect(lastDays(schoolDay(LA, SAT_IN_KOLKATA), 30)).toEqual({
      from: '2026-10-29',
      to: '2026-11-27',
    });
    expect(lastDays('2026-11-28', 1)).toEqual({ from: '2026-11-28', to: '2026-11-28' });
  });

  it('turns a birthday a year older on the campus day, not the UTC day', () => {
    // Born 28 November 2019: seven in Kolkata at 00:30 on the 28th, still six in UTC and LA.
    expect(ageOn('2019-11-28', schoolDay(KOLKATA, SAT_IN_KOLKATA))).toBe(7);
    expect(ageOn('2019-11-28', schoolDay('UTC', SAT_IN_KOLKATA))).toBe(6);
    expect(ageOn('2019-11-28', schoolDay(LA, SAT_IN_KOLKATA))).toBe(6);
    // A 29 February birthday counts on 1 March in other years.
    expect(ageOn('2020-02-29', '2027-02-28')).toBe(6);
    expect(ageOn('2020-02-29', '2027-03-01')).toBe(7);
  });

  it('reads the UTC date of a date-only value parsed to UTC midnight', () => {
    expect(utcDay(new Date('2026-05-14T00:00:00Z'))).toBe('2026-05-14');
  });
});

describe('whose day: the campus of the record', () => {
  const campuses = [
    { id: 'north', timezone: KOLKATA },
    { id: 'west', timezone: LA },
    { id: 'east', timezone: AUCKLAND },
  ];
  const classrooms = [
    { id: 'comets', campusId: 'north' },
    { id: 'otters', campusId: 'west' },
    { id: 'kiwis', campusId: 'east' },
  ];

  it('gives each classroom its own campus day, for a facilitator on several campuses', () => {
    const days = classrooms.map((c) => classroomDay(c, campuses, SAT_IN_KOLKATA));
    expect(days).toEqual(['2026-11-28', '2026-11-27', '2026-11-28']);
    expect(campusDays(campuses, SAT_IN_KOLKATA)).toEqual(
      new Map([
        ['north', '2026-11-28'],
        ['west', '2026-11-27'],
        ['east', '2026-11-28'],
      ]),
    );
  });

  it('uses the record’s campus, else the first classroom’s, else the school’s first campus', () => {
    expect(personZone({ campusId: 'west' }, campuses, classrooms)).toBe(LA);
    expect(personZone({ classroomIds: ['kiwis', 'comets'] }, campuses, classrooms)).toBe(AUCKLAND);
    expect(personZone({}, campuses, classrooms)).toBe(KOLKATA);
    expect(personZone({ campusId: 'gone' }, [], [])).toBe('UTC');
  });

  it('checks "up to today" against the latest campus day, so no campus’s today is refused', () => {
    expect(latestSchoolDay(campuses, SAT_IN_UTC)).toBe('2026-11-28');
    expect(latestSchoolDay([{ id: 'west', timezone: LA }], SAT_IN_UTC)).toBe('2026-11-27');
    expect(latestSchoolDay([], SAT_IN_KOLKATA)).toBe('2026-11-27');
  });
});

describe('the signed-in person’s zone (every time shown to them)', () => {
  const campuses = [
    { id: 'north', timezone: KOLKATA },
    { id: 'west', timezone: LA },
    { id: 'east', timezone: AUCKLAND },
  ];
  const classrooms = [
    { id: 'otters', campusId: 'west' },
    { id: 'kiwis', campusId: 'east' },
  ];

  it('takes the person’s own record’s campus before their classrooms’ and children’s', () => {
    const person = { campusIds: ['east'], classroomIds: ['otters'], childCampusIds: ['west'] };
    expect(signedInZone(person, campuses, classrooms, LA)).toBe(AUCKLAND);
  });

  it('takes the first classroom’s campus for someone on several campuses with no campus of their own', () => {
    expect(signedInZone({ classroomIds: ['kiwis', 'otters'] }, campuses, classrooms, LA)).toBe(
      AUCKLAND,
    );
    // A record naming a campus the school no longer has falls through to the classrooms.
    expect(
      signedInZone({ campusIds: ['gone'], classroomIds: ['otters'] }, campuses, classrooms),
    ).toBe(LA);
  });

  it('takes a parent’s children’s campus', () => {
    expect(signedInZone({ childCampusIds: ['gone', 'east'] }, campuses, classrooms, LA)).toBe(
      AUCKLAND,
    );
  });

  it('takes the school’s first campus for staff with no campus, and the device’s zone without any', () => {
    expect(signedInZone({}, campuses, classrooms, LA)).toBe(KOLKATA);
    expect(signedInZone({ campusIds: [], childCampusIds: [] }, [], [], LA)).toBe(LA);
    expect(signedInZone({}, [], [], 'Not/AZone')).toBe('UTC');
  });
});

describe('wall clocks and instants at a campus (the calendar, with no Date subclass)', () => {
  const NEW_YORK = 'America/New_York';

  it('reads the wall clock of one instant in Kolkata and Los Angeles', () => {
    expect(wallClockAt(KOLKATA, new Date('2026-11-27T19:00:01.250Z'))).toEqual({
      day: '2026-11-28',
      hour: 0,
      minute: 30,
      second: 1,
      millisecond: 250,
    });
    expect(wallClockAt(LA, new Date('2026-11-27T19:00:01.250Z'))).toEqual({
      day: '2026-11-27',
      hour: 11,
      minute: 0,
      second: 1,
      millisecond: 250,
    });
    expect(wallClockAt(KOLKATA, new Date('2026-11-28T18:30:00Z')).hour).toBe(0);
  });

  it('turns a campus-local date and time into the instant, in Kolkata and Los Angeles', () => {
    expect(instantAt(KOLKATA, '2026-11-28', 0, 30).toISOString()).toBe('2026-11-27T19:00:00.000Z');
    expect(instantAt(KOLKATA, '2026-11-28', 23, 59, 59).toISOString()).toBe(
      '2026-11-28T18:29:59.000Z',
    );
    expect(instantAt(LA, '2026-11-27', 11).toISOString()).toBe('2026-11-27T19:00:00.000Z');
    // Summer in Los Angeles (UTC−7), and a date across the year's end in Auckland (UTC+13).
    expect(instantAt(LA, '2026-07-03', 4, 30).toISOString()).toBe('2026-07-03T11:30:00.000Z');
    expect(instantAt(AUCKLAND, '2027-01-01', 9).toISOString()).toBe('2026-12-31T20:00:00.000Z');
    // A zone the runtime does not know is read as UTC, as schoolDay does.
    expect(instantAt('Mars/Olympus', '2026-11-28', 9).toISOString()).toBe(
      '2026-11-28T09:00:00.000Z',
    );
  });

  it('round-trips every quarter hour of the day New York moves its clocks forward', () => {
    for (const zone of [NEW_YORK, KOLKATA, AUCKLAND, LA]) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const at = new Date(Date.UTC(2026, 2, 8, 0, minutes));
        const w = wallClockAt(zone, at);
        const back = instantAt(zone, w.day, w.hour, w.minute);
        expect(back.getTime(), `${zone} ${w.day} ${w.hour}:${w.minute}`).toBe(at.getTime());
      }
    }
  });

  it('moves a skipped time on by the gap, and takes the first of a time passed twice (New York)', () => {
    // 8 March 2026: 02:00 EST becomes 03:00 EDT, so 02:30 does not happen; read as 03:30 EDT.
    expect(instantAt(NEW_YORK, '2026-03-08', 2, 30).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 1 November 2026: 01:30 happens in EDT, then again in EST; the first is meant.
    expect(instantAt(NEW_YORK, '2026-11-01', 1, 30).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(instantAt(NEW_YORK, '2026-11-01', 3).toISOString()).toBe('2026-11-01T08:00:00.000Z');
  });
});
