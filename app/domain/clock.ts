// The one clock: what day and time it is at a campus (architecture rule 8). Every "today", week
// boundary, age, "last N days" range, date check and default date comes from here, in the campus's
// time zone (Intl, with the zone's rules), from an injected instant. The instant defaults to `now()`, which reads
// Date.now, so Playwright's page.clock and vitest's fake timers move it. Stored instants stay UTC
// (`toISOString()`); only this module turns an instant into a school day.
//
// A school day is a campus-local calendar date, YYYY-MM-DD. Date arithmetic on school days is pure
// calendar arithmetic (no zone, no DST): 2026-03-29 + 1 is 2026-03-30 wherever the school is.

/** Where no campus names a zone. */
export const FALLBACK_TIME_ZONE = 'UTC';

/** The current instant. The one reader of the device's clock for school days. */
export function now(): Date {
  return new Date(Date.now());
}

/** A zone the runtime knows, else UTC (a campus record with a mistyped zone still gets a day). */
const knownZones = new Map<string, boolean>();
function zoneOrFallback(timeZone: string | null | undefined): string {
  if (!timeZone) return FALLBACK_TIME_ZONE;
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(timeZone, known);
  }
  return known ? timeZone : FALLBACK_TIME_ZONE;
}

/** The school day (YYYY-MM-DD) at `at` in `timeZone`: Saturday in Kolkata may be Friday in UTC. */
export function schoolDay(timeZone: string | null | undefined, at: Date = now()): string {
  const parts = formatter('day', zoneOrFallback(timeZone)).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

// Formatters by zone: building an Intl.DateTimeFormat costs far more than using one (a roll call
// writes a time for each of its 30 marks on every open, issue 29). Intl, not a Date subclass
// (TZDate): a test's fake Date (Playwright's page.clock) returns plain Dates from `new`, which would
// silently answer in the device's zone.
const FORMATS: Record<'day' | 'time' | 'stamp' | 'name' | 'wall', Intl.DateTimeFormatOptions> = {
  day: { year: 'numeric', month: '2-digit', day: '2-digit' },
  wall: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  stamp: { dateStyle: 'short', timeStyle: 'short' },
  name: { timeZoneName: 'short' },
};
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: keyof typeof FORMATS, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { ...FORMATS[kind], timeZone });
    formatters.set(key, f);
  }
  return f;
}

/** The wall-clock time (HH:mm, 24-hour) at `at` in `timeZone`. */
export function timeOfDay(timeZone: string | null | undefined, at: Date = now()): string {
  return formatter('time', zoneOrFallback(timeZone)).format(at);
}

/** An instant's wall clock at a campus: its school day and the time of day, to the millisecond. */
export interface WallClock {
  day: string;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** The wall clock in `timeZone` at `at` (Intl, not a Date subclass: see FORMATS). */
export function wallClockAt(timeZone: string | null | undefined, at: Date = now()): WallClock {
  const parts = formatter('wall', zoneOrFallback(timeZone)).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '0';
  return {
    day: `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`,
    hour: Number(part('hour')) % 24,
    minute: Number(part('minute')),
    second: Number(part('second')),
    millisecond: ((at.getTime() % 1000) + 1000) % 1000,
  };
}

/** The wall clock of `at` in the zone, as milliseconds of a UTC clock reading the same. */
function wallMs(timeZone: string, at: number): number {
  const w = wallClockAt(timeZone, new Date(at));
  return toUtcMs(w.day) + ((w.hour * 60 + w.minute) * 60 + w.second) * 1000 + w.millisecond;
}

/**
 * The instant at which the wall clock in `timeZone` reads `day` at hour:minute:second.ms: a
 * campus-local date and time to a stored instant. A time the clocks skip (the hour lost when
 * daylight saving starts) is moved on by the gap, and a time they pass twice (when it ends) is the
 * first, as RFC 5545 and Temporal's "compatible" read them.
 */
export function instantAt(
  timeZone: string | null | undefined,
  day: string,
  hour = 0,
  minute = 0,
  second = 0,
  millisecond = 0,
): Date {
  const zone = zoneOrFallback(timeZone);
  const wanted = toUtcMs(day) + ((hour * 60 + minute) * 60 + second) * 1000 + millisecond;
  // The zone's offsets a day either side: any change of offset near the time lies between them.
  const before = wallMs(zone, wanted - DAY_MS) - (wanted - DAY_MS);
  const after = wallMs(zone, wanted + DAY_MS) - (wanted + DAY_MS);
  const candidates = [wanted - before, wanted - after].filter((t) => wallMs(zone, t) === wanted);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(wanted - before);
}

/** The device's time zone (where a time would be shown without a campus). */
export function deviceTimeZone(): string {
  return zoneOrFallback(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** The zone's short name at `at` ("IST", "GMT+13", "PST"), as the runtime writes it in English. */
export function zoneName(timeZone: string, at: Date = now()): string {
  const parts = formatter('name', zoneOrFallback(timeZone)).formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * A stored instant's time as the campus reads it: "09:00", with the zone named ("09:00 IST") when
 * the campus's zone is not the device's, so a roll call saved at 09:00 in Kolkata never reads as
 * "03:30" on a laptop in London.
 */
export function campusTime(
  instant: Date | string,
  timeZone: string | null | undefined,
  device: string = deviceTimeZone(),
): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(at.getTime())) return '';
  const zone = zoneOrFallback(timeZone);
  const time = timeOfDay(zone, at);
  return sameWallClock(zone, zoneOrFallback(device), at) ? time : `${time} ${zoneName(zone, at)}`;
}

/** Two zones that read the same wall clock at `at` (Asia/Calcutta and Asia/Kolkata, say). */
function sameWallClock(a: string, b: string, at: Date): boolean {
  return a === b || formatter('stamp', a).format(at) === formatter('stamp', b).format(at);
}

// ---- calendar arithmetic on school days --------------------------------------------------------

const DAY_MS = 86_400_000;

function toUtcMs(day: string): number {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

function fromUtcMs(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  const year = d.getUTCFullYear();
  const yyyy = year < 0 ? `-${String(-year).padStart(6, '0')}` : String(year).padStart(4, '0');
  return `${yyyy}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** `day` moved by `days` (negative = earlier). */
export function addDays(day: string, days: number): string {
  return fromUtcMs(toUtcMs(day) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** 1 = Monday … 7 = Sunday (ISO 8601, as classroom schedules count). */
export function isoWeekday(day: string): number {
  const weekday = new Date(toUtcMs(day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The weekdays' English names, Monday first (ISO 8601, as classroom schedules count). */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** ISO weekday (1 = Monday) → its English name ("Day 8" for a number that is not one). */
export function isoWeekdayName(weekday: number): string {
  return WEEKDAYS[weekday - 1] ?? `Day ${weekday}`;
}

/** "Saturday": the day's English name (fixed, as dates.ts's month names, whatever the locale data). */
export function weekdayName(day: string): string {
  return WEEKDAYS[isoWeekday(day) - 1] ?? '';
}

/** The week of `day`, Monday to Sunday, both included. */
export function weekOf(day: string): { start: string; end: string } {
  const start = addDays(day, 1 - isoWeekday(day));
  return { start, end: addDays(start, 6) };
}

/** The last `days` school days to `today`, both ends included ("the last 30 days"). */
export function lastDays(today: string, days: number): { from: string; to: string } {
  return { from: addDays(today, -(Math.max(1, days) - 1)), to: today };
}

/** Whole years of age on `day` of someone born on `dateOfBirth` (a 29 February birthday counts on 1 March). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by = 0, bm = 1, bd = 1] = dateOfBirth.split('-').map(Number);
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const birthdayPassed = m > bm || (m === bm && d >= bd);
  return y - by - (birthdayPassed ? 0 : 1);
}

// ---- which campus's day ------------------------------------------------------------------------

interface CampusZone {
  id: string;
  timezone?: string | null;
}
interface ClassroomCampus {
  id: string;
  campusId: string;
}

/** The zone of a campus by id, else of the school's first campus, else UTC. */
export function campusZone(campusId: string | null | undefined, campuses: readonly CampusZone[]) {
  const campus = campuses.find((c) => c.id === campusId) ?? campuses[0];
  return zoneOrFallback(campus?.timezone);
}

/** A classroom's school day: its own campus's. Each classroom's roll call is on its campus's day. */
export function classroomDay(
  classroom: ClassroomCampus,
  campuses: readonly CampusZone[],
  at: Date = now(),
): string {
  return schoolDay(campusZone(classroom.campusId, campuses), at);
}

/**
 * The zone for a person, for what is not tied to one classroom (a home's "today", a date field's
 * limit): the campus of the record in question when there is one, else the campus of the person's
 * first classroom, else the school's first campus. Where a person is linked to several campuses,
 * what is tied to a classroom (its roll call, "Today's classes") uses classroomDay instead.
 */
export function personZone(
  person: { campusId?: string | null; classroomIds?: readonly string[] },
  campuses: readonly CampusZone[],
  classrooms: readonly ClassroomCampus[] = [],
): string {
  if (person.campusId && campuses.some((c) => c.id === person.campusId)) {
    return campusZone(person.campusId, campuses);
  }
  for (const id of person.classroomIds ?? []) {
    const classroom = classrooms.find((c) => c.id === id);
    if (classroom) return campusZone(classroom.campusId, campuses);
  }
  return campusZone(undefined, campuses);
}

/**
 * The signed-in person's zone: every time shown to them that belongs to no one classroom
 * (notifications, histories, the sync panel, messages, resources, requests) is written in it, and
 * named when the device reads another wall clock (format.ts). The rule, in order:
 * 1. the campus of their own record (a facilitator's or a student's; the first, if both);
 * 2. else the campus of their first classroom that the school knows. Several campuses → the first,
 *    as personZone takes it, so the zone of a time shown agrees with the "today" the attendance and
 *    calendar screens compute from personZone;
 * 3. else their children's campus (a parent: the first child's);
 * 4. else the school's first campus (office staff and administrators have no campus of their own);
 * 5. no campus at all (a school not set up yet): the device's zone.
 */
export function signedInZone(
  person: {
    campusIds?: readonly string[];
    childCampusIds?: readonly string[];
    classroomIds?: readonly string[];
  },
  campuses: readonly CampusZone[],
  classrooms: readonly ClassroomCampus[] = [],
  device: string = deviceTimeZone(),
): string {
  if (campuses.length === 0) return zoneOrFallback(device);
  const known = (id: string) => campuses.some((c) => c.id === id);
  const own = person.campusIds?.find(known);
  const teaches = person.classroomIds?.some((id) => classrooms.some((c) => c.id === id));
  const campusId = own ?? (teaches ? undefined : person.childCampusIds?.find(known));
  return personZone({ campusId, classroomIds: person.classroomIds }, campuses, classrooms);
}

/**
 * The latest school day of any campus at `at`: the day a rule of "up to today" is checked against
 * when it covers several campuses (the permission matrix), so no campus's today is refused. Each
 * screen still shows a classroom's own day.
 */
export function latestSchoolDay(campuses: readonly CampusZone[], at: Date = now()): string {
  const days = campuses.map((c) => schoolDay(c.timezone, at));
  return days.reduce((a, b) => (b > a ? b : a), schoolDay(campuses[0]?.timezone, at));
}

/** Each campus's school day at `at`, by campus id. */
export function campusDays(campuses: readonly CampusZone[], at: Date = now()): Map<string, string> {
  return new Map(campuses.map((c) => [c.id, schoolDay(c.timezone, at)]));
}

/**
 * The UTC calendar date of an instant that stands for a date only (a YAML `2026-05-14` parsed to
 * UTC midnight). Not a school day: for "today" use schoolDay.
 */
export function utcDay(instant: Date): string {
  return fromUtcMs(instant.getTime());
}
