// A student's home: today's timetable, new resources and the next events. Each tile waits for its
// own data (HomeTile); the timetable and the events share one read of the calendar's cache.
import type { SessionUser } from '~/auth/session-user';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { now as clockNow } from '~/domain/clock';
import { loadCalendarData } from '~/features/calendar';
import type { ScheduleItem } from '~/features/calendar';
import { HomeTile } from '~/ui/HomeTile';
import { AREA_ICONS } from '~/ui/icons';
import { SchoolDay } from '~/ui/SchoolDay';
import { loadNewResources, type NewResource } from '../shared/new-resources';
import { NewResourcesTile, UpcomingEventsTile } from '../shared/tiles';
import { upcomingEvents, type UpcomingEvent } from '../shared/upcoming-events';
import { timetableHref, todaysTimetable } from './timetable';

const WATCHED = ['classrooms', 'subjects', 'events', 'resources'] as const;

export interface StudentHomeData {
  timetable: Promise<{ today: string; slots: ScheduleItem[] }>;
  events: Promise<UpcomingEvent[]>;
  resources: Promise<NewResource[]>;
}

export function loadStudentHome(user: SessionUser): StudentHomeData {
  const calendar = loadCalendarData(user);
  return {
    timetable: calendar.then((data) => ({ today: data.today, slots: todaysTimetable(data) })),
    events: calendar.then((data) => upcomingEvents(data, clockNow(), { days: 7, limit: 6 })),
    resources: loadNewResources(user),
  };
}

function Timetable({ slots }: { slots: ScheduleItem[] }) {
  if (slots.length === 0) return <p className="text-sm text-muted">No classes today.</p>;
  return (
    <ol className="grid gap-3">
      {slots.map((slot) => {
        // The label is "<Subject> · <Classroom>": the subject reads first, the room beneath it.
        const [subject, ...room] = slot.label.split(' · ');
        return (
          <li key={slot.key} className="flex gap-3">
            <span className="shrink-0 font-medium tabular-nums">
              {slot.start}–{slot.end}
            </span>
            <span className="min-w-0">
              <span className="block font-medium">{subject}</span>
              {room.length > 0 ? (
                <span className="block text-sm text-muted">{room.join(' · ')}</span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function StudentHome({ data }: { data: StudentHomeData }) {
  useRevalidateOnDataChange(WATCHED);
  return (
    <>
      <HomeTile
        title="Today’s timetable"
        icon={AREA_ICONS.calendar}
        href={timetableHref()}
        hrefLabel="timetable in the calendar"
        data={data.timetable}
      >
        {({ today, slots }) => (
          <>
            <SchoolDay day={today} className="mb-3" />
            <Timetable slots={slots} />
          </>
        )}
      </HomeTile>
      <NewResourcesTile data={data.resources} />
      <UpcomingEventsTile
        title="Next events"
        empty="No events in the next 7 days."
        data={data.events}
      />
    </>
  );
}
