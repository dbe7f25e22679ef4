import { HomeOverview } from '~/ui/HomeOverview';
import { pageMeta, ROUTE_META } from '~/ui/route-meta';
import type { MetaFunction } from '@remix-run/react';

// /dashboard is an alias of the overview, so help links and bookmarks that use it keep working.
export const meta: MetaFunction = () => pageMeta('/dashboard');

export default function DashboardAlias() {
  return <HomeOverview title={ROUTE_META['/dashboard'].title} />;
}
