// The facilitators list (/dash/facilitators): search by name and a status filter, both kept in the
// URL so a view can be bookmarked. Everyone sees what their cache holds, which the sync scopes to
// the role: staff and facilitators every facilitator, a parent those who teach their children's
// classrooms, a student those who teach their own classrooms.
import { useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { useLiveQueries, type LiveSpec } from '~/data/live';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { FacilitatorList } from '~/features/facilitators/FacilitatorList';
import { loadFacilitatorList } from '~/features/facilitators/list-route';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  return loadFacilitatorList(user, new URL(request.url));
}

export const handle = {
  title: 'Facilitators',
  description: 'Facilitators, their subjects and classrooms.',
  area: 'facilitators',
  nav: { label: 'Facilitators', order: 40 },
  guide: 'features/facilitators-and-school',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

/** What this screen shows follows the backend while it is open (issue 29). */
const LIVE: LiveSpec[] = [{ collection: 'facilitators' }];

export default function FacilitatorsList() {
  const data = useLoaderData<typeof clientLoader>();
  useRevalidateOnDataChange(['facilitators', 'campuses', 'subjects']);
  useLiveQueries(LIVE);
  return <FacilitatorList data={data} page={handle} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';
