import { AreaPage } from '~/ui/AreaPage';
import { pageMeta } from '~/ui/route-meta';
import type { MetaFunction } from '@remix-run/react';

export const meta: MetaFunction = () => pageMeta('/dash/members');

export default function Page() {
  return <AreaPage path="/dash/members" empty="No members to show yet." />;
}
