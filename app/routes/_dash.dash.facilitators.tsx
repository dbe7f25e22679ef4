import { AreaPage } from '~/ui/AreaPage';
import { pageMeta } from '~/ui/route-meta';
import type { MetaFunction } from '@remix-run/react';

export const meta: MetaFunction = () => pageMeta('/dash/facilitators');

export default function Page() {
  return <AreaPage path="/dash/facilitators" empty="No facilitators to show yet." />;
}
