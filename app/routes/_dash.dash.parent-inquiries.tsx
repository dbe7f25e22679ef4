import { AreaPage } from '~/ui/AreaPage';
import { pageMeta } from '~/ui/route-meta';
import type { MetaFunction } from '@remix-run/react';

export const meta: MetaFunction = () => pageMeta('/dash/parent-inquiries');

export default function Page() {
  return <AreaPage path="/dash/parent-inquiries" empty="No inquiries to show yet." />;
}
