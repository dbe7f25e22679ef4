import { requireArea } from '~/auth/guards';
import { AreaPage } from '~/ui/AreaPage';
import { pageMeta } from '~/ui/route-meta';
import type { ClientLoaderFunctionArgs, MetaFunction } from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireArea(request, 'parentInquiries');
  return null;
}

export const meta: MetaFunction = () => pageMeta('/dash/parent-inquiries');

export default function Page() {
  return <AreaPage path="/dash/parent-inquiries" empty="No inquiries to show yet." />;
}
