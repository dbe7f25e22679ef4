import { requireArea } from '~/auth/guards';
import { AreaPage } from '~/ui/AreaPage';
import { pageMeta } from '~/ui/route-meta';
import type { ClientLoaderFunctionArgs, MetaFunction } from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireArea(request, 'messages');
  return null;
}

export const meta: MetaFunction = () => pageMeta('/dash/messages');

export default function Page() {
  return <AreaPage path="/dash/messages" empty="No conversations yet." />;
}
