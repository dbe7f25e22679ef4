import { HomeOverview } from '~/ui/HomeOverview';
import { pageMeta, ROUTE_META } from '~/ui/route-meta';
import type { MetaFunction } from '@remix-run/react';

export const meta: MetaFunction = () => pageMeta('/dash/home');

export default function Home() {
  return <HomeOverview title={ROUTE_META['/dash/home'].title} />;
}
