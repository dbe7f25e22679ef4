// The agenda: the coming weeks as a list of days that have something on, each under its own
// heading; a phone's default view. Classroom schedule slots (when the layer is on) sit beside the
// events in their own, quieter style.
import { useSettings } from '~/settings/store';
import { EmptyState } from '~/ui/EmptyState';
import { formatLongDay } from './event-time';
import { EventLink, PendingBadge, ScheduleSlot } from './EventChip';
import { itemsByDay } from './MonthView';
import { groupSlots, type ScheduleItem } from './schedules';
import type { CalendarViewProps } from './calendar-route';

export function AgendaView({
  query,
  range,
  today,
  items,
  schedules,
}: CalendarViewProps & { schedules: readonly ScheduleItem[] }) {
  const skin = useSettings((s) => s.skin);
  const byDay = itemsByDay(items);
  const days = range.days.filter((day) => byDay.has(day) || schedules.some((s) => s.date === day));
  if (days.length === 0) {
    return <EmptyState title="No events in these weeks.">Try Next, or another filter.</EmptyState>;
  }
  return (
    <div className="grid gap-4">
      {days.map((day) => {
        const list = byDay.get(day) ?? [];
        const slots = schedules.filter((s) => s.date === day);
        return (
          <section key={day} aria-labelledby={`agenda-${day}`}>
            <h3
              id={`agenda-${day}`}
              aria-current={day === today ? 'date' : undefined}
              className="mb-2 text-base font-semibold"
            >
              {formatLongDay(day)}
              {day === today ? (
                <span className={`ml-2 px-2 py-0.5 text-xs ${skin.badgeTone.info} ${skin.rounded}`}>
                  Today
                </span>
              ) : null}
            </h3>
            <ul className="grid gap-2">
              {list.map((item) => (
                <li key={item.key}>
                  <EventLink
                    query={query}
                    item={item}
                    className="grid gap-0.5 px-3 py-2 hover:underline"
                  >
                    <span className="font-semibold">{item.title}</span>
                    <span className="text-sm">{item.when}</span>
                    {item.location ? <span className="text-sm">{item.location}</span> : null}
                    {item.recurring || item.pending ? (
                      <span className="flex flex-wrap gap-2 text-sm">
                        {item.recurring ? <span>Repeats</span> : null}
                        {item.pending ? <PendingBadge /> : null}
                      </span>
                    ) : null}
                  </EventLink>
                </li>
              ))}
              {groupSlots(slots).map((group) => (
                <li key={group[0]?.key}>
                  <ScheduleSlot slots={group} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
