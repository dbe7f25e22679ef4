// The dashboard type in the header (and in the phone drawer, where the header has no room): a
// select for people whose roles give them several dashboards, a plain label for everyone else.
// Choosing one goes through switchDashboardType, which stores it in the dashboard settings.
import { switchDashboardType, useSession } from '~/auth/session';
import { DASHBOARD_TYPE_LABELS, dashboardTypeSchema } from '~/settings/dashboard-type';
import { useSettings } from '~/settings/store';
import { FilterSelect } from '~/ui/form/FilterSelect';

/** The dashboard type: a choice for people with several, a label for the rest. */
export function DashboardTypeSwitcher({ placement }: { placement: 'header' | 'menu' }) {
  const { user } = useSession();
  const dashboardType = useSettings((s) => s.dashboardType);
  const inHeader = placement === 'header';
  if (!user || user.dashboardTypes.length < 2) {
    return (
      <span
        className={
          inHeader
            ? 'hidden rounded-full border border-current px-2.5 py-0.5 text-sm whitespace-nowrap md:inline'
            : 'text-sm text-muted'
        }
      >
        {DASHBOARD_TYPE_LABELS[dashboardType]} dashboard
      </span>
    );
  }
  return (
    <FilterSelect
      label="Dashboard"
      value={dashboardType}
      onChange={(event) => {
        const parsed = dashboardTypeSchema.safeParse(event.target.value);
        if (parsed.success) switchDashboardType(parsed.data);
      }}
      options={user.dashboardTypes.map((type) => ({
        value: type,
        label: DASHBOARD_TYPE_LABELS[type],
      }))}
      // In the header the label sits beside a slimmer select, and only where the header has room.
      inline={inHeader}
      className={inHeader ? 'hidden md:flex' : ''}
      selectClassName={inHeader ? 'w-auto py-1' : ''}
    />
  );
}
