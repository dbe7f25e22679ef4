import { requireArea } from '~/auth/guards';
import { AreaPage } from '~/ui/AreaPage';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type { ClientLoaderFunctionArgs, MetaFunction } from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireArea(request, handle.area);
  return null;
}

export const handle = {
  title: 'Calendar',
  description: 'Events by month and as an agenda.',
  area: 'calendar',
  nav: { label: 'Calendar', order: 60 },
  guide: 'features/calendar',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function Page() {
  return <AreaPage handle={handle} empty="No events to show yet." />;
}
