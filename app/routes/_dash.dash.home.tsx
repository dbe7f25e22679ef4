import { HomeOverview } from '~/ui/HomeOverview';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type { MetaFunction } from '@remix-run/react';

export const handle = {
  title: 'Home',
  description: 'Your dashboard: today at the learning centre.',
  area: 'home',
  nav: { label: 'Home', order: 10 },
  guide: 'getting-started/dashboard-overview',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function Home() {
  return <HomeOverview title={handle.title} />;
}
