import { AreaPage } from '~/ui/AreaPage';
import { pageMeta } from '~/ui/route-meta';
import type { MetaFunction } from '@remix-run/react';

export const meta: MetaFunction = () => pageMeta('/dash/calendar');

export default function Page() {
  return <AreaPage path="/dash/calendar" empty="No events to show yet." />;
}
