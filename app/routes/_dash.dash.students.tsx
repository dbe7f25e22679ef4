import { AreaPage } from '~/ui/AreaPage';
import { pageMeta } from '~/ui/route-meta';
import type { MetaFunction } from '@remix-run/react';

export const meta: MetaFunction = () => pageMeta('/dash/students');

export default function Page() {
  return <AreaPage path="/dash/students" empty="No students to show yet." />;
}
