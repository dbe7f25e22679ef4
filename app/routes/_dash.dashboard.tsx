import { HomeOverview } from '~/ui/HomeOverview';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type { MetaFunction } from '@remix-run/react';

// /dashboard is an alias of the overview, so help links and bookmarks that use it keep working.
export const handle = {
  title: 'Dashboard',
  description: 'Dashboard overview.',
  area: 'home',
  guide: 'getting-started/dashboard-overview',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function DashboardAlias() {
  return <HomeOverview title={handle.title} />;
}
