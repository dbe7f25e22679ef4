// The dashboard overview frame, one per dashboard type: each type gets its own set of panels. The
// panels' contents arrive with the areas they summarise; the frame already says whose dashboard this
// is and what it will show.
import { DASHBOARD_TYPE_LABELS, type DashboardType } from '~/settings/dashboard-type';
import { useSettings } from '~/settings/store';
import { Card } from './Card';
import { PageHeading } from './PageHeading';
import type { ReactNode } from 'react';

const PANELS: Record<DashboardType, { title: string; lead: string; panels: string[] }> = {
  admin: {
    title: 'Centre overview',
    lead: 'Enrolment, attendance and what needs attention today.',
    panels: [
      'Enrolment',
      'Today’s attendance',
      'Classrooms not yet marked',
      'Open inquiries',
      'Upcoming events',
      'Sync status',
    ],
  },
  administration: {
    title: 'Office overview',
    lead: 'The day at the front desk.',
    panels: [
      'Enrolment',
      'Today’s attendance',
      'Classrooms not yet marked',
      'Open inquiries',
      'Upcoming events',
      'Sync status',
    ],
  },
  facilitator: {
    title: 'Today’s classes',
    lead: 'Your classes and their roll calls.',
    panels: ['Today’s classes', 'Roll calls to take', 'Messages'],
  },
  parent: {
    title: 'Your family',
    lead: 'Your children’s day, events and messages.',
    panels: ['Your children', 'Next events', 'Unread messages'],
  },
  student: {
    title: 'Your day',
    lead: 'Your schedule and new resources.',
    panels: ['Today’s schedule', 'New resources'],
  },
};

export function HomeOverview({
  title,
  content = {},
}: {
  title: string;
  /** A panel's contents, by panel title, from the areas that fill it (attendance so far). */
  content?: Partial<Record<string, ReactNode>>;
}) {
  const dashboardType = useSettings((s) => s.dashboardType);
  const frame = PANELS[dashboardType];
  return (
    <section data-dashboard-type={dashboardType} aria-labelledby="overview-heading">
      <PageHeading title={title} lead={`${DASHBOARD_TYPE_LABELS[dashboardType]} dashboard`} />
      <h2 id="overview-heading" className="text-xl font-semibold">
        {frame.title}
      </h2>
      <p className="text-muted">{frame.lead}</p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {frame.panels.map((panel) => (
          <li key={panel}>
            <Card title={panel} level={3} className="h-full">
              {content[panel] ?? <p className="text-sm text-muted">Nothing to show yet.</p>}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
