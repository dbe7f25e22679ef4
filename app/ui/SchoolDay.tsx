// The school day a "today" list is about, in words: "Saturday 28 Nov 2026". A list of today's
// classes or marks names its day, so a person in another time zone than the campus sees which day
// the school is on (the one clock, app/domain/clock.ts), not their device's.
import { weekdayName } from '~/domain/clock';
import { formatDay } from '~/domain/dates';

/** "Saturday 28 Nov 2026" for a YYYY-MM-DD school day. */
export function schoolDayText(day: string): string {
  return `${weekdayName(day)} ${formatDay(day)}`;
}

export function SchoolDay({ day, className = '' }: { day: string; className?: string }) {
  return (
    <p className={`text-sm text-muted ${className}`} data-school-day={day}>
      <time dateTime={day}>{schoolDayText(day)}</time>
    </p>
  );
}
