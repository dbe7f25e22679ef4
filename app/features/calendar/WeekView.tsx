// The week view: seven day columns (Monday first) with an hour axis; timed events sit at their
// campus-local time, all-day ones (and the later days of a multi-day one) in a row on top. Each day
// is a list under its heading, so a screen reader hears the week day by day. On a phone the
// columns would be unreadable, so the same days are a stacked list with times.
import { useSettings } from '~/settings/store';
import { formatDay, formatLongDay } from './event-time';
import { EventLink, PendingBadge, SCHEDULE_CLASSES, ScheduleSlot } from './EventChip';
import { groupSlots, type ScheduleItem } from './schedules';
import type { CalendarItem, CalendarViewProps } from './calendar-route';

const HOUR_PX = 48;
const HEADER_PX = 56;
const ALL_DAY_ROW_PX = 30;

interface Placed {
  key: string;
  startMinute: number;
  endMinute: number;
  lane: number;
  item?: CalendarItem;
  /** Schedule slots at exactly the same time, shown as one block (a teacher's parallel classes). */
  slots?: ScheduleItem[];
}

function toMinutes(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

/** Side-by-side lanes for overlapping entries of one day (greedy, in start order). */
function placeDay(
  items: CalendarItem[],
  slots: ScheduleItem[],
): { placed: Placed[]; lanes: number } {
  const entries: Placed[] = [
    ...items.map((item) => ({
      key: item.key,
      startMinute: item.startMinute,
      endMinute: item.endMinute,
      lane: 0,
      item,
    })),
    ...groupSlots(slots).flatMap((group) => {
      const first = group[0];
      if (!first) return [];
      return [
        {
          key: first.key,
          startMinute: toMinutes(first.start),
          endMinute: Math.max(toMinutes(first.start) + 15, toMinutes(first.end)),
          lane: 0,
          slots: group,
        },
      ];
    }),
  ].sort((a, b) => a.startMinute - b.startMinute || b.endMinute - a.endMinute);
  const laneEnds: number[] = [];
  for (const entry of entries) {
    let lane = laneEnds.findIndex((end) => end <= entry.startMinute);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = entry.endMinute;
    entry.lane = lane;
  }
  return { placed: entries, lanes: Math.max(1, laneEnds.length) };
}

export function WeekView({
  query,
  range,
  today,
  items,
  schedules,
}: CalendarViewProps & { schedules: readonly ScheduleItem[] }) {
  const skin = useSettings((s) => s.skin);
  const days = range.days.map((day) => {
    const dayItems = items.filter((i) => i.days.includes(day));
    // Timed events on their first day go on the time axis; the rest in the all-day row.
    const timed = dayItems.filter((i) => !i.allDay && i.occurrenceDate === day);
    const allDay = dayItems.filter((i) => i.allDay || i.occurrenceDate !== day);
    const slots = schedules.filter((s) => s.date === day);
    return { day, timed, allDay, slots, ...placeDay(timed, slots) };
  });
  const minutes = days.flatMap((d) => d.placed.flatMap((p) => [p.startMinute, p.endMinute]));
  const firstHour = Math.min(8, ...minutes.map((m) => Math.floor(m / 60)));
  const lastHour = Math.max(18, ...minutes.map((m) => Math.ceil(m / 60)));
  const hours = Array.from({ length: lastHour - firstHour }, (_, i) => firstHour + i);
  const allDayRows = Math.max(1, ...days.map((d) => d.allDay.length));
  const allDayPx = allDayRows * ALL_DAY_ROW_PX + 8;
  const bodyPx = hours.length * HOUR_PX;

  return (
    <>
      {/* Phones: the week as a list of days. */}
      <ol aria-label="Days of the week" className="grid gap-3 sm:hidden">
        {days.map(({ day, timed, allDay, slots }) => {
          const entries = [...allDay, ...timed];
          return (
            <li key={day} className={`p-3 ${skin.card} ${skin.rounded}`}>
              <h3 className="font-semibold" aria-current={day === today ? 'date' : undefined}>
                {formatLongDay(day)}
                {day === today ? ' (today)' : ''}
              </h3>
              {entries.length === 0 && slots.length === 0 ? (
                <p className="mt-1 text-sm text-muted">No events</p>
              ) : (
                <ul className="mt-2 grid gap-1.5">
                  {entries.map((item) => (
                    <li key={item.key}>
                      <EventLink query={query} item={item} className="px-2 py-1.5">
                        <span className="font-semibold">{item.title}</span>
                        <span className="block text-sm">
                          {item.allDay ? 'All day' : item.when.replace(/^[^,]+, /, '')}
                        </span>
                        {item.pending ? <PendingBadge /> : null}
                      </EventLink>
                    </li>
                  ))}
                  {groupSlots(slots).map((group) => (
                    <li key={group[0]?.key}>
                      <ScheduleSlot slots={group} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>

      {/* Wider screens: columns with an hour axis; it scrolls inside itself if it must. */}
      <div className={`hidden overflow-x-auto sm:block ${skin.card} ${skin.rounded}`}>
        <div className="flex min-w-[44rem]">
          <div
            aria-hidden="true"
            className="w-14 shrink-0 border-r border-border text-xs text-muted"
          >
            <div
              style={{ height: HEADER_PX + allDayPx }}
              className="flex items-end justify-end px-1 pb-1"
            >
              All day
            </div>
            {hours.map((h) => (
              <div
                key={h}
                style={{ height: HOUR_PX }}
                className="border-t border-border px-1 text-right"
              >
                {String(h).padStart(2, '0')}:00
              </div>
            ))}
          </div>
          <ol aria-label="Days of the week" className="grid flex-1 grid-cols-7">
            {days.map(({ day, allDay, placed, lanes }) => (
              <li key={day} className="min-w-0 border-r border-border last:border-r-0">
                <h3
                  style={{ height: HEADER_PX }}
                  aria-current={day === today ? 'date' : undefined}
                  className={`flex flex-col items-center justify-center border-b border-border text-sm ${day === today ? 'bg-selected font-bold text-on-selected' : 'font-semibold'}`}
                >
                  <span aria-hidden="true">{formatDay(day).split(' ')[0]}</span>
                  <span aria-hidden="true" className="text-lg">
                    {Number(day.slice(8))}
                  </span>
                  <span className="sr-only">
                    {formatLongDay(day)}
                    {day === today ? ', today' : ''}
                  </span>
                </h3>
                <ul
                  style={{ height: allDayPx }}
                  className="grid content-start gap-0.5 border-b border-border p-1"
                >
                  {allDay.map((item) => (
                    <li key={item.key} className="min-w-0">
                      <EventLink
                        query={query}
                        item={item}
                        className="truncate px-1.5 py-0.5 text-xs leading-5"
                      >
                        {item.title}
                      </EventLink>
                    </li>
                  ))}
                </ul>
                <ul className="relative" style={{ height: bodyPx }}>
                  {hours.map((h) => (
                    <li
                      key={`line-${h}`}
                      aria-hidden="true"
                      className="absolute inset-x-0 border-t border-border"
                      style={{ top: (h - firstHour) * HOUR_PX }}
                    />
                  ))}
                  {placed.map((p) => {
                    const style = {
                      top: ((p.startMinute - firstHour * 60) / 60) * HOUR_PX,
                      height: Math.max(22, ((p.endMinute - p.startMinute) / 60) * HOUR_PX - 2),
                      left: `calc(${(p.lane / lanes) * 100}% + 2px)`,
                      width: `calc(${100 / lanes}% - 4px)`,
                    };
                    return (
                      <li key={p.key} className="absolute" style={style}>
                        {p.item ? (
                          <EventLink
                            query={query}
                            item={p.item}
                            className="h-full overflow-hidden px-1.5 py-0.5 text-xs leading-4"
                          >
                            <span className="block font-semibold">{p.item.title}</span>
                            <span className="block">{p.item.startTime}</span>
                            {p.item.pending ? <span className="block">Waiting to sync</span> : null}
                          </EventLink>
                        ) : p.slots?.[0] ? (
                          <div
                            title={p.slots.map((slot) => slot.label).join('\n')}
                            className={`h-full overflow-hidden px-1.5 py-0.5 text-xs leading-4 ${SCHEDULE_CLASSES} ${skin.rounded}`}
                          >
                            <span className="block">
                              {p.slots[0].start}–{p.slots[0].end}
                            </span>
                            {p.slots.map((slot) => (
                              <span key={slot.key} className="block truncate font-medium">
                                {slot.label}
                              </span>
                            ))}
                          </div>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </>
  );
}
