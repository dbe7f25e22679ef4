import { AreaPage } from '~/ui/AreaPage';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type { MetaFunction } from '@remix-run/react';

export const handle = {
  title: 'Notifications',
  description: 'Your notifications.',
  area: 'notifications',
  nav: { label: 'Notifications', order: 80 },
  guide: 'features/notifications',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function Page() {
  return <AreaPage handle={handle} empty="You have no notifications." />;
}
