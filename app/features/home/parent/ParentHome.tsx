// A parent's home: a card per child with today's attendance, the events waiting for their reply,
// their reported absences, then the next events, unread messages and new resources. Each tile waits
// for its own data (HomeTile).
import { Link } from '@remix-run/react';
import type { SessionUser } from '~/auth/session-user';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { AbsencesTile, loadHomeAbsences, type HomeAbsences } from '~/features/absences';
import { studentHref, loadAttendanceData } from '~/features/attendance';
import { loadRepliesNeeded, type NeededReply } from '~/features/calendar';
import { Badge, type BadgeTone } from '~/ui/Badge';
import { HomeTile } from '~/ui/HomeTile';
import { AREA_ICONS } from '~/ui/icons';
import { loadNewResources, type NewResource } from '../shared/new-resources';
import {
  NeedsReplyTile,
  NewResourcesTile,
  UnreadMessagesTile,
  UpcomingEventsTile,
} from '../shared/tiles';
import { loadUnreadMessages, type UnreadSummary } from '../shared/unread-messages';
import { loadUpcomingEvents, type UpcomingEvent } from '../shared/upcoming-events';
import { childrenToday, type ChildToday, type TodayStatus } from './children-today';

const WATCHED = [
  'attendance',
  'students',
  'classrooms',
  'events',
  'messages',
  'conversations',
  'resources',
  'absenceReports',
  'eventReplies',
] as const;

const SUMMARY_PATH = '/dash/attendance/summary';

export interface ParentHomeData {
  children: Promise<ChildToday[]>;
  events: Promise<UpcomingEvent[]>;
  unread: Promise<UnreadSummary>;
  resources: Promise<NewResource[]>;
  absences: Promise<HomeAbsences>;
  needsReply: Promise<NeededReply[]>;
}

export function loadParentHome(user: SessionUser): ParentHomeData {
  return {
    children: loadAttendanceData(user).then(childrenToday),
    events: loadUpcomingEvents(user, { days: 7, limit: 6 }),
    unread: loadUnreadMessages(user),
    resources: loadNewResources(user),
    absences: loadHomeAbsences(user),
    needsReply: loadRepliesNeeded(user),
  };
}

const STATUS_TONES: Record<TodayStatus, BadgeTone> = {
  Present: 'success',
  Late: 'warning',
  Excused: 'info',
  Absent: 'danger',
  'Not marked yet': 'neutral',
  'No class today': 'neutral',
};

export function ParentHome({ data }: { data: ParentHomeData }) {
  useRevalidateOnDataChange(WATCHED);
  return (
    <>
      <HomeTile
        title="Your children today"
        icon={AREA_ICONS.students}
        href={SUMMARY_PATH}
        hrefLabel="attendance summary"
        data={data.children}
        className="sm:col-span-2 xl:col-span-3"
      >
        {(children) =>
          children.length === 0 ? (
            <p className="text-sm text-muted">No child is linked to your account yet.</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {children.map((child) => (
                <li key={child.studentId}>
                  <article
                    aria-labelledby={`child-${child.studentId}`}
                    className="grid gap-1 rounded-lg border border-current/20 p-3"
                  >
                    <h4 id={`child-${child.studentId}`} className="font-semibold">
                      <Link
                        to={studentHref(child.studentId)}
                        className="underline underline-offset-2"
                      >
                        {child.name}
                      </Link>
                    </h4>
                    <p className="text-sm text-muted">{child.classrooms || 'No classroom yet'}</p>
                    <p className="flex flex-wrap items-center gap-2 text-sm">
                      <span>Today:</span>
                      <Badge tone={STATUS_TONES[child.status]}>{child.status}</Badge>
                      {child.time && child.status === 'Not marked yet' ? (
                        <span className="text-muted">class from {child.time}</span>
                      ) : null}
                    </p>
                  </article>
                </li>
              ))}
            </ul>
          )
        }
      </HomeTile>
      <NeedsReplyTile data={data.needsReply} />
      <AbsencesTile data={data.absences} />
      <UpcomingEventsTile
        title="Next events"
        empty="No events in the next 7 days."
        data={data.events}
      />
      <UnreadMessagesTile data={data.unread} />
      <NewResourcesTile data={data.resources} />
    </>
  );
}
