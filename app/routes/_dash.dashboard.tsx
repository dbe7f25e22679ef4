import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import { HomeDashboard, clientLoader } from './_dash.dash.home';
import type { MetaFunction } from '@remix-run/react';

// /dashboard is an alias of the overview, so help links and bookmarks that use it keep working:
// the same tiles from the same loader.
export { clientLoader };

export const handle = {
  title: 'Dashboard',
  description: 'Dashboard overview.',
  area: 'home',
  guide: 'getting-started/dashboard-overview',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function DashboardAlias() {
  return <HomeDashboard title={handle.title} />;
}
