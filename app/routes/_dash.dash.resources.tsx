import { requireArea } from '~/auth/guards';
import { AreaPage } from '~/ui/AreaPage';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type { ClientLoaderFunctionArgs, MetaFunction } from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireArea(request, handle.area);
  return null;
}

export const handle = {
  title: 'Resources',
  description: 'Links and files by subject and classroom.',
  area: 'resources',
  nav: { label: 'Resources', order: 100 },
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function Page() {
  return <AreaPage handle={handle} empty="No resources to show yet." />;
}
