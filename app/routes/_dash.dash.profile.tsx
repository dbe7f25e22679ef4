import { AreaPage } from '~/ui/AreaPage';
import { pageMeta } from '~/ui/route-meta';
import type { MetaFunction } from '@remix-run/react';

export const meta: MetaFunction = () => pageMeta('/dash/profile');

export default function Page() {
  return <AreaPage path="/dash/profile" empty="Your profile will be shown here." />;
}
