// The dashboard overview frame, one per dashboard type. Its widgets arrive with the areas they
// summarise; the frame already says whose dashboard this is.
import { DASHBOARD_TYPE_LABELS } from '~/settings/dashboard-type';
import { useSettings } from '~/settings/store';
import { EmptyState, PageHeading } from './PageHeading';

export function HomeOverview({ title }: { title: string }) {
  const dashboardType = useSettings((s) => s.dashboardType);
  return (
    <section data-dashboard-type={dashboardType} aria-labelledby="overview-heading">
      <PageHeading title={title} lead={`${DASHBOARD_TYPE_LABELS[dashboardType]} dashboard`} />
      <EmptyState title="Nothing to show yet">
        Today’s summary for your role will appear here.
      </EmptyState>
    </section>
  );
}
