// The families (/dash/families), searchable by family or guardian name: every family for staff, the
// families of their students for a facilitator (the sync's per-role scope fills the cache with
// exactly those). A parent is taken to their own family; a student has no access to families (403).
import { useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { useLiveQueries, type LiveSpec } from '~/data/live';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { FamilyList } from '~/features/students/families/FamilyList';
import { loadFamilyList } from '~/features/students/families/list-route';
import { GeneralErrorBoundary } from '~/ui/errors';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  return loadFamilyList(user, new URL(request.url));
}

export const handle = {
  title: 'Families',
  description: 'Families and their guardians.',
  area: 'families',
  nav: { label: 'Families', order: 30 },
  guide: 'features/students-and-families',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

/** What this screen shows follows the backend while it is open (issue 29). */
const LIVE: LiveSpec[] = [{ collection: 'families' }];

export default function Families() {
  const data = useLoaderData<typeof clientLoader>();
  useRevalidateOnDataChange(['families', 'guardianRequests']);
  useLiveQueries(LIVE);
  return <FamilyList data={data} page={handle} />;
}

export { GeneralErrorBoundary as ErrorBoundary };
