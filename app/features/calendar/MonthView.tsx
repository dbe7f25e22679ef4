// The month view: a table of weeks (Monday first) with each day's events as chips, at most
// MONTH_CELL_CHIPS, then "+N more", which opens that day in the agenda. On a phone a cell is too
// narrow for titles, so it shows a dot per event and one link to that day's agenda instead.
import { Link } from '@remix-run/react';
import { MONTH_CELL_CHIPS } from '~/domain/calendar';
import { useSettings } from '~/settings/store';
import { formatDay, formatLongDay } from './event-time';
import { EventLink, kindTone } from './EventChip';
import { calendarHref } from './url-state';
import type { CalendarItem, CalendarViewProps } from './calendar-route';

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

export function itemsByDay(items: readonly CalendarItem[]): Map<string, CalendarItem[]> {
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of items) {
    for (const day of item.days) {
      const list = byDay.get(day) ?? [];
      list.push(item);
      byDay.set(day, list);
    }
  }
  // All-day events first, then by time, as a paper calendar lists them.
  for (const list of byDay.values()) {
    list.sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.startMinute - b.startMinute);
  }
  return byDay;
}

export function MonthView({
  query,
  range,
  today,
  items,
  label,
}: CalendarViewProps & { label: string }) {
  const skin = useSettings((s) => s.skin);
  const byDay = itemsByDay(items);
  const month = query.date.slice(0, 7);
  const weeks: string[][] = [];
  for (let i = 0; i < range.days.length; i += 7) weeks.push(range.days.slice(i, i + 7));

  return (
    <table className={`w-full table-fixed border-collapse ${skin.card} ${skin.rounded}`}>
      <caption className="sr-only">{label}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th
              key={short}
              scope="col"
              className="border-b border-border px-1 py-2 text-center text-xs font-semibold sm:text-sm"
            >
              <span aria-hidden="true">{short}</span>
              <span className="sr-only">{long}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const list = byDay.get(day) ?? [];
              const isToday = day === today;
              const inMonth = day.slice(0, 7) === month;
              const more = list.length - MONTH_CELL_CHIPS;
              const dayHref = calendarHref(query, { view: 'agenda', date: day, event: '', on: '' });
              return (
                <td
                  key={day}
                  aria-current={isToday ? 'date' : undefined}
                  className={`h-16 border border-border p-0.5 align-top sm:h-32 sm:p-1 ${inMonth ? '' : 'bg-page'} ${isToday ? 'outline-2 -outline-offset-2 outline-primary' : ''}`}
                >
                  <div className="flex items-center justify-center sm:justify-start">
                    <span
                      className={`inline-flex size-7 items-center justify-center text-sm ${isToday ? 'rounded-full bg-primary font-bold text-on-primary' : inMonth ? 'font-medium' : 'text-muted'}`}
                    >
                      <span aria-hidden="true">{Number(day.slice(8))}</span>
                      <span className="sr-only">
                        {formatLongDay(day)}
                        {isToday ? ', today' : ''}
                      </span>
                    </span>
                  </div>
                  {/* Phones: dots and one link to the day's agenda. */}
                  {list.length > 0 ? (
                    <Link
                      to={dayHref}
                      className="mt-0.5 flex min-h-6 flex-wrap justify-center gap-0.5 sm:hidden"
                      aria-label={`${formatDay(day)}: ${list.length === 1 ? '1 event' : `${list.length} events`}`}
                    >
                      {list.slice(0, 4).map((item) => (
                        <span
                          key={item.key}
                          aria-hidden="true"
                          className={`size-2.5 rounded-full ${kindTone(item.kind, skin)}`}
                        />
                      ))}
                    </Link>
                  ) : null}
                  <ul className="mt-1 hidden gap-0.5 sm:grid">
                    {list.slice(0, MONTH_CELL_CHIPS).map((item) => (
                      <li key={item.key} className="min-w-0">
                        <EventLink
                          query={query}
                          item={item}
                          className="truncate px-1.5 py-0.5 text-xs leading-5"
                        >
                          {item.startTime ? (
                            <span className="font-semibold">{item.startTime} </span>
                          ) : null}
                          {item.title}
                          {item.pending ? ' (waiting to sync)' : ''}
                        </EventLink>
                      </li>
                    ))}
                  </ul>
                  {more > 0 ? (
                    <Link
                      to={dayHref}
                      className={`mt-0.5 hidden text-xs sm:inline-block ${skin.link}`}
                      aria-label={`+${more} more on ${formatDay(day)}`}
                    >
                      +{more} more
                    </Link>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
