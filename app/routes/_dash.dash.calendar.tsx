import { requireArea } from '~/auth/guards';
import { AreaPage } from '~/ui/AreaPage';
import { pageMeta } from '~/ui/route-meta';
import type { ClientLoaderFunctionArgs, MetaFunction } from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireArea(request, 'calendar');
  return null;
}

export const meta: MetaFunction = () => pageMeta('/dash/calendar');

export default function Page() {
  return <AreaPage path="/dash/calendar" empty="No events to show yet." />;
}
