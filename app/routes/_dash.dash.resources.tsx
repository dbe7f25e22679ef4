import { AreaPage } from '~/ui/AreaPage';
import { pageMeta } from '~/ui/route-meta';
import type { MetaFunction } from '@remix-run/react';

export const meta: MetaFunction = () => pageMeta('/dash/resources');

export default function Page() {
  return <AreaPage path="/dash/resources" empty="No resources to show yet." />;
}
