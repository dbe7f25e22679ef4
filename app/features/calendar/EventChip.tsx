// The pieces every calendar view shares: an occurrence as a link that opens its details
// (?event=&on=), named by its title first so a screen reader's links list reads like the calendar;
// the colour of each kind of event (school-wide, campus, classroom) and its legend.
import { Link } from '@remix-run/react';
import type { Skin } from '~/settings/skin';
import { useSettings } from '~/settings/store';
import { calendarHref, type CalendarQuery } from './url-state';
import type { CalendarItem, EventKind } from './calendar-route';
import type { ScheduleItem } from './schedules';
import type { CSSProperties, ReactNode } from 'react';

const KINDS: readonly EventKind[] = ['school', 'campus', 'classroom'];

export const KIND_LABELS: Record<EventKind, string> = {
  school: 'Whole school',
  campus: 'Campus',
  classroom: 'Classroom',
};

export function kindTone(kind: EventKind, skin: Skin): string {
  if (kind === 'classroom') return skin.badgeTone.success;
  if (kind === 'campus') return skin.badgeTone.info;
  return skin.badgeTone.neutral;
}

/** The look of a classroom schedule slot: dashed and quiet, so it reads as a layer, not an event. */
export const SCHEDULE_CLASSES = 'border border-dashed border-border bg-page text-fg';

/** "Science fair, Tue 3 Dec, 10:00–12:00 (Asia/Kolkata), waiting to sync". */
export function itemLabel(item: CalendarItem): string {
  return [item.title, item.when, item.pending ? 'waiting to sync' : ''].filter(Boolean).join(', ');
}

export function itemHref(query: CalendarQuery, item: CalendarItem): string {
  return calendarHref(query, { event: item.eventId, on: item.occurrenceDate });
}

export function EventLink({
  query,
  item,
  className,
  children,
  style,
}: {
  query: CalendarQuery;
  item: CalendarItem;
  className: string;
  children: ReactNode;
  style?: CSSProperties;
}) {
  const skin = useSettings((s) => s.skin);
  return (
    <Link
      to={itemHref(query, item)}
      preventScrollReset
      aria-label={itemLabel(item)}
      className={`block ${kindTone(item.kind, skin)} ${skin.rounded} ${className}`}
      style={style}
    >
      {children}
    </Link>
  );
}

export function PendingBadge() {
  const skin = useSettings((s) => s.skin);
  return (
    <span className={`inline-block px-2 py-0.5 text-xs ${skin.badgeTone.warning} ${skin.rounded}`}>
      Waiting to sync
    </span>
  );
}

/** Schedule slots at one time: "09:00–10:00" and each "<Subject> · <Classroom>". */
export function ScheduleSlot({
  slots,
  className = '',
}: {
  slots: readonly ScheduleItem[];
  className?: string;
}) {
  const skin = useSettings((s) => s.skin);
  const first = slots[0];
  if (!first) return null;
  return (
    <div className={`${SCHEDULE_CLASSES} ${skin.rounded} px-2 py-1 text-sm ${className}`}>
      <span>
        {first.start}–{first.end}
      </span>{' '}
      <span className="font-medium">{slots.map((slot) => slot.label).join(', ')}</span>
    </div>
  );
}

export function KindLegend({ schedules }: { schedules: boolean }) {
  const skin = useSettings((s) => s.skin);
  return (
    <ul aria-label="Colours" className="mb-3 flex flex-wrap gap-2 text-sm">
      {KINDS.map((kind) => (
        <li key={kind} className={`px-2 py-0.5 ${kindTone(kind, skin)} ${skin.rounded}`}>
          {KIND_LABELS[kind]}
        </li>
      ))}
      {schedules ? (
        <li className={`px-2 py-0.5 ${SCHEDULE_CLASSES} ${skin.rounded}`}>Classroom schedule</li>
      ) : null}
    </ul>
  );
}
