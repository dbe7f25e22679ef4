import { AreaPage } from '~/ui/AreaPage';
import { pageMeta } from '~/ui/route-meta';
import type { MetaFunction } from '@remix-run/react';

export const meta: MetaFunction = () => pageMeta('/dash/attendance');

export default function Page() {
  return <AreaPage path="/dash/attendance" empty="No roll calls to show yet." />;
}
