// Calendar dates as the records store them (YYYY-MM-DD): pure checks, no clock.

/** A YYYY-MM-DD string naming a day that exists (2024-02-29 yes, 2025-02-30 no). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= (days[month - 1] ?? 0);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A YYYY-MM-DD date as people read it in a message: "31 Dec 2027". Fixed English month names, not
 * Intl: the wording must not change with the browser's locale data ("Sept" in some en-GB builds).
 * A string that is not a calendar date comes back unchanged.
 */
export function formatDay(date: string): string {
  if (!isCalendarDate(date)) return date;
  const [year, month, day] = date.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''} ${year}`;
}

/**
 * The latest enrolment date a student record accepts: the last day of next year. Schools enrol a
 * year ahead at most; a later date (2099) is a typing mistake. `today` is YYYY-MM-DD.
 */
export function latestEnrolmentDate(today: string): string {
  return `${Number(today.slice(0, 4)) + 1}-12-31`;
}
