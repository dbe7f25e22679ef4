import { requireArea } from '~/auth/guards';
import { AreaPage } from '~/ui/AreaPage';
import { pageMeta } from '~/ui/route-meta';
import type { ClientLoaderFunctionArgs, MetaFunction } from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireArea(request, 'school');
  return null;
}

export const meta: MetaFunction = () => pageMeta('/dash/school');

export default function Page() {
  return <AreaPage path="/dash/school" empty="No campuses to show yet." />;
}
