// The admin and administration home (issue 15 §2): enrolment by campus, today's attendance against
// the last 30 days, the classrooms not yet marked, the open inquiries by status, the absences
// reported for today, the replies still waiting for upcoming events, the next 7 days of events,
// unread messages and the sync status. Both dashboard types show the same tiles; the frame
// (HomeOverview) titles them. Each tile waits for its own data and every figure links to its page.
import { Link } from '@remix-run/react';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { TodaysAbsencesTile } from '~/features/absences';
import {
  wholePercent,
  NotMarkedPanel,
  todaysAttendanceText,
  formatDay,
} from '~/features/attendance';
import { INQUIRIES_PATH } from '~/features/inquiries';
import type { DashboardType } from '~/settings/dashboard-type';
import { useSettings } from '~/settings/store';
import { BarChart } from '~/ui/BarChart';
import { HomeTile } from '~/ui/HomeTile';
import { AREA_ICONS } from '~/ui/icons';
import { RepliesWaitingTile, UnreadMessagesTile, UpcomingEventsTile } from '../shared/tiles';
import { enrolledHref, type AttendanceFigures } from './figures';
import { UPCOMING_DAYS, type StaffHomeData } from './home-route';
import { SyncStatusTile } from './SyncStatusTile';

export { loadStaffHome, type StaffHomeData } from './home-route';

/** A sync or another tab changing any of these re-reads the tiles. */
const WATCHED = [
  'students',
  'campuses',
  'classrooms',
  'attendance',
  'parentInquiries',
  'events',
  'conversations',
  'messages',
  'absenceReports',
  'eventReplies',
] as const;

const numberFormat = new Intl.NumberFormat('en');

/** "3 points above the 30-day average", in whole per cent as both figures are shown. */
export function comparedWithAverage(today: number, average: number): string {
  const diff = wholePercent(today) - wholePercent(average);
  if (diff === 0) return 'the same as the 30-day average';
  const points = Math.abs(diff) === 1 ? 'point' : 'points';
  return `${Math.abs(diff)} ${points} ${diff > 0 ? 'above' : 'below'} the 30-day average`;
}

function AttendanceRate({ figures }: { figures: AttendanceFigures }) {
  const skin = useSettings((s) => s.skin);
  const { today, average } = figures;
  return (
    <div className="grid gap-2">
      <p className={today.rate === null ? 'text-muted' : 'text-lg font-semibold'}>
        <Link to="/dash/attendance" className={skin.link}>
          {todaysAttendanceText(today)}
        </Link>
      </p>
      {average === null ? (
        <p className="text-sm text-muted">No roll calls in the last 30 days.</p>
      ) : (
        <p>
          <Link to={figures.href} className={skin.link}>
            {wholePercent(average)} % on average over the last 30 days
          </Link>{' '}
          <span className="text-sm text-muted">
            ({numberFormat.format(figures.averageMarked)} marks since {formatDay(figures.from)})
          </span>
        </p>
      )}
      {today.rate !== null && average !== null ? (
        <p className="text-sm">Today is {comparedWithAverage(today.rate, average)}.</p>
      ) : null}
    </div>
  );
}

export function StaffHome({
  data,
  dashboardType: _type,
}: {
  data: StaffHomeData;
  /** Admin and administration share the tiles; the frame's title tells them apart. */
  dashboardType: DashboardType;
}) {
  const skin = useSettings((s) => s.skin);
  useRevalidateOnDataChange(WATCHED);
  return (
    <>
      <HomeTile
        title="Enrolment"
        href={enrolledHref()}
        hrefLabel="enrolled students"
        icon={AREA_ICONS.students}
        data={data.enrolment}
        skeletonLines={4}
      >
        {(enrolment) =>
          enrolment.total === 0 ? (
            <p className="text-sm text-muted">No enrolled students on this device yet.</p>
          ) : (
            <div className="grid gap-3">
              <p>
                <Link to={enrolment.href} className={skin.link} data-figure="enrolled">
                  <span className="text-3xl font-semibold tabular-nums">
                    {numberFormat.format(enrolment.total)}
                  </span>{' '}
                  enrolled {enrolment.total === 1 ? 'student' : 'students'}
                </Link>
              </p>
              <BarChart
                caption="Enrolled students by campus"
                labelHeader="Campus"
                valueHeader="Enrolled"
                rows={enrolment.byCampus}
                total={{ label: 'Total', value: enrolment.total, href: enrolment.href }}
              />
            </div>
          )
        }
      </HomeTile>
      <HomeTile
        title="Today’s attendance"
        href="/dash/attendance/reports"
        hrefLabel="attendance reports"
        icon={AREA_ICONS.attendance}
        data={data.attendance}
      >
        {(figures) => <AttendanceRate figures={figures} />}
      </HomeTile>
      <HomeTile
        title="Classrooms not yet marked"
        href="/dash/attendance/alerts"
        hrefLabel="attendance alerts"
        icon={AREA_ICONS.attendance}
        data={data.attendance}
      >
        {(figures) => <NotMarkedPanel today={figures.today} />}
      </HomeTile>
      <HomeTile
        title="Open inquiries"
        href={INQUIRIES_PATH}
        hrefLabel="parent inquiries"
        icon={AREA_ICONS.parentInquiries}
        data={data.inquiries}
        skeletonLines={4}
      >
        {(inquiries) =>
          inquiries.total === 0 ? (
            <p className="text-sm text-muted">No open inquiries: every family has an answer.</p>
          ) : (
            <div className="grid gap-3">
              <p>
                <Link to={inquiries.href} className={skin.link} data-figure="open-inquiries">
                  <span className="text-3xl font-semibold tabular-nums">
                    {numberFormat.format(inquiries.total)}
                  </span>{' '}
                  open {inquiries.total === 1 ? 'inquiry' : 'inquiries'}
                </Link>
              </p>
              <BarChart
                caption="Open inquiries by status"
                labelHeader="Status"
                valueHeader="Inquiries"
                rows={inquiries.byStatus}
                total={{ label: 'Total open', value: inquiries.total, href: inquiries.href }}
              />
            </div>
          )
        }
      </HomeTile>
      <TodaysAbsencesTile data={data.absences} />
      <RepliesWaitingTile data={data.replies} />
      <UpcomingEventsTile
        title="Upcoming events"
        empty={`No events in the next ${UPCOMING_DAYS} days.`}
        data={data.events}
      />
      <UnreadMessagesTile data={data.unread} />
      <SyncStatusTile />
    </>
  );
}
