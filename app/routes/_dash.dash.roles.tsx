import { AreaPage } from '~/ui/AreaPage';
import { pageMeta } from '~/ui/route-meta';
import type { MetaFunction } from '@remix-run/react';

export const meta: MetaFunction = () => pageMeta('/dash/roles');

export default function Page() {
  return <AreaPage path="/dash/roles" empty="The permission matrix will be shown here." />;
}
