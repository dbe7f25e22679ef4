import { requireArea } from '~/auth/guards';
import { AreaPage } from '~/ui/AreaPage';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type { ClientLoaderFunctionArgs, MetaFunction } from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireArea(request, handle.area);
  return null;
}

export const handle = {
  title: 'Messages',
  description: 'Conversations between families and staff.',
  area: 'messages',
  nav: { label: 'Messages', order: 70 },
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function Page() {
  return <AreaPage handle={handle} empty="No conversations yet." />;
}
