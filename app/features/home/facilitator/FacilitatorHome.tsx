// The facilitator's home: today's classes with their roll-call state and a one-tap "Take
// attendance", the next events of their classrooms, the replies still waiting for the events they
// organise, their unread messages and the students of their classes with attendance alerts. Each tile waits for its own data (HomeTile).
import type { SessionUser } from '~/auth/session-user';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { now as clockNow } from '~/domain/clock';
import { todaysClasses, type TodayClass } from '~/features/attendance';
import { loadAttendanceData } from '~/features/attendance';
import { loadCalendarData, loadRepliesWaiting, type WaitingReplies } from '~/features/calendar';
import { Badge, type BadgeTone } from '~/ui/Badge';
import { ButtonLink } from '~/ui/Button';
import { HomeTile } from '~/ui/HomeTile';
import { AREA_ICONS } from '~/ui/icons';
import { SchoolDay } from '~/ui/SchoolDay';
import { RepliesWaitingTile, UnreadMessagesTile, UpcomingEventsTile } from '../shared/tiles';
import { loadUnreadMessages, type UnreadSummary } from '../shared/unread-messages';
import { upcomingEvents, type UpcomingEvent } from '../shared/upcoming-events';
import { ALERTS_MORE_HREF, AttendanceAlertsList } from './AttendanceAlertsList';
import { facilitatorAlerts, type StudentAlert } from './facilitator-figures';

const WATCHED = [
  'attendance',
  'classrooms',
  'students',
  'events',
  'messages',
  'conversations',
  'eventReplies',
] as const;

export interface FacilitatorHomeData {
  /** The person's school day (the one clock) and its classes. */
  classes: Promise<{ today: string; classes: TodayClass[] }>;
  events: Promise<UpcomingEvent[]>;
  unread: Promise<UnreadSummary>;
  alerts: Promise<StudentAlert[]>;
  replies: Promise<WaitingReplies[]>;
}

export function loadFacilitatorHome(user: SessionUser): FacilitatorHomeData {
  const attendance = loadAttendanceData(user);
  return {
    classes: attendance.then((data) => ({ today: data.today, classes: todaysClasses(data) })),
    events: loadCalendarData(user).then((data) =>
      upcomingEvents(data, clockNow(), {
        days: 7,
        limit: 6,
        classroomIds: data.principal.classroomIds,
      }),
    ),
    unread: loadUnreadMessages(user),
    alerts: attendance.then(facilitatorAlerts),
    replies: loadRepliesWaiting(user),
  };
}

const STATE_TONES: Record<TodayClass['state'], BadgeTone> = {
  taken: 'success',
  'partly taken': 'warning',
  'not taken': 'neutral',
};

function countsLine({ counts }: TodayClass): string {
  const marked = counts.present + counts.absent + counts.late + counts.excused;
  if (marked === 0) return `${counts.unmarked} ${counts.unmarked === 1 ? 'student' : 'students'}`;
  const parts = [`${counts.present} present`, `${counts.absent} absent`];
  if (counts.late > 0) parts.push(`${counts.late} late`);
  if (counts.excused > 0) parts.push(`${counts.excused} excused`);
  if (counts.unmarked > 0) parts.push(`${counts.unmarked} not marked`);
  return parts.join(' · ');
}

/** Each class of today with its roll-call state; one tap opens its roll call. */
function TodaysClasses({ classes }: { classes: TodayClass[] }) {
  if (classes.length === 0) return <p className="text-sm text-muted">No classes meet today.</p>;
  return (
    <ul className="grid gap-3">
      {classes.map((c) => (
        <li
          key={c.classroom.id}
          className="flex flex-col gap-2 border-t border-current/15 pt-3 first:border-t-0 first:pt-0 sm:flex-row sm:items-center sm:justify-between"
        >
          <span className="min-w-0 sm:flex-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{c.classroom.name}</span>
              <Badge tone={STATE_TONES[c.state]}>{c.state}</Badge>
            </span>
            <span className="block text-sm text-muted">
              {c.campusName ? `${c.campusName} · ` : ''}
              {c.time ? `From ${c.time} · ` : ''}
              {countsLine(c)}
            </span>
          </span>
          <ButtonLink
            to={c.href}
            size="md"
            variant={c.state === 'taken' ? 'secondary' : 'primary'}
            className="shrink-0 self-start sm:self-auto"
          >
            {c.state === 'taken' ? 'Open roll call' : 'Take attendance'}
            <span className="sr-only"> for {c.classroom.name}</span>
          </ButtonLink>
        </li>
      ))}
    </ul>
  );
}

export function FacilitatorHome({ data }: { data: FacilitatorHomeData }) {
  useRevalidateOnDataChange(WATCHED);
  return (
    <>
      <HomeTile
        title="Today’s classes"
        icon={AREA_ICONS.attendance}
        href="/dash/attendance"
        hrefLabel="roll calls"
        data={data.classes}
        className="sm:col-span-2 xl:col-span-2"
      >
        {({ today, classes }) => (
          <>
            <SchoolDay day={today} className="mb-3" />
            <TodaysClasses classes={classes} />
          </>
        )}
      </HomeTile>
      <UnreadMessagesTile data={data.unread} />
      <UpcomingEventsTile
        title="Next events of your classes"
        empty="No events for your classes in the next 7 days."
        data={data.events}
      />
      <RepliesWaitingTile data={data.replies} />
      <HomeTile
        title="Students with attendance alerts"
        icon={AREA_ICONS.students}
        href={ALERTS_MORE_HREF}
        hrefLabel="attendance reports"
        data={data.alerts}
        className="sm:col-span-2 xl:col-span-2"
      >
        {(alerts) => <AttendanceAlertsList alerts={alerts} />}
      </HomeTile>
    </>
  );
}
