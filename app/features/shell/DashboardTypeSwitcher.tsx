// The dashboard type in the header (and in the phone drawer, where the header has no room): a
// select for people whose roles give them several dashboards, a plain label for everyone else.
// Choosing one goes through switchDashboardType, which stores it in the dashboard settings.
import { useId } from 'react';
import { switchDashboardType, useSession } from '~/auth/session';
import { DASHBOARD_TYPE_LABELS, dashboardTypeSchema } from '~/settings/dashboard-type';
import { useSettings } from '~/settings/store';

/** The dashboard type: a choice for people with several, a label for the rest. */
export function DashboardTypeSwitcher({ placement }: { placement: 'header' | 'menu' }) {
  const { user } = useSession();
  const dashboardType = useSettings((s) => s.dashboardType);
  const skin = useSettings((s) => s.skin);
  const selectId = useId();
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
    <div className={inHeader ? 'hidden items-center gap-2 md:flex' : 'grid gap-1'}>
      <label htmlFor={selectId} className="text-sm font-medium">
        Dashboard
      </label>
      <select
        id={selectId}
        value={dashboardType}
        onChange={(event) => {
          const parsed = dashboardTypeSchema.safeParse(event.target.value);
          if (parsed.success) switchDashboardType(parsed.data);
        }}
        className={`${skin.input} ${skin.rounded} ${inHeader ? 'w-auto py-1' : ''}`}
      >
        {user.dashboardTypes.map((type) => (
          <option key={type} value={type}>
            {DASHBOARD_TYPE_LABELS[type]}
          </option>
        ))}
      </select>
    </div>
  );
}
