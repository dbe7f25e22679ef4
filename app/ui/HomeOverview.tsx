// The frame of a home dashboard: whose dashboard this is, what it is for, and its tiles in a
// responsive grid. The tiles (HomeTile) come from the home features, one set per dashboard type.
import { DASHBOARD_TYPE_LABELS, type DashboardType } from '~/settings/dashboard-type';
import { PageHeading } from './PageHeading';
import type { ReactNode } from 'react';

export const HOME_FRAMES: Record<DashboardType, { title: string; lead: string }> = {
  admin: {
    title: 'Centre overview',
    lead: 'Enrolment, attendance and what needs attention today.',
  },
  administration: { title: 'Office overview', lead: 'The day at the front desk.' },
  facilitator: {
    title: 'Teaching today',
    lead: 'Your classes, their roll calls and your messages.',
  },
  parent: { title: 'Your family', lead: 'Your children’s day, events and messages.' },
  student: { title: 'Your day', lead: 'Your timetable, new resources and what is coming up.' },
};

export function HomeOverview({
  title,
  dashboardType,
  children,
}: {
  title: string;
  dashboardType: DashboardType;
  /** The tiles, each usually a HomeTile; a tile may span columns with its own class. */
  children: ReactNode;
}) {
  const frame = HOME_FRAMES[dashboardType];
  return (
    <section data-dashboard-type={dashboardType} aria-labelledby="overview-heading">
      <PageHeading title={title} lead={`${DASHBOARD_TYPE_LABELS[dashboardType]} dashboard`} />
      <h2 id="overview-heading" className="text-xl font-semibold">
        {frame.title}
      </h2>
      <p className="text-muted">{frame.lead}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">{children}</div>
    </section>
  );
}
