// The resources library (/dash/resources): the person's links and files, filtered in the URL
// (?kind=&subject=&classroom=&q=&sort=), and `?resource=<id>` opens one (notifications link there).
import { useLoaderData } from '@remix-run/react';
import { useLiveQueries, type LiveSpec } from '~/data/live';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { loadLibraryPage, libraryAction } from '~/features/resources/resource-route';
import { ResourceLibrary } from '~/features/resources/ResourceLibrary';
import { GeneralErrorBoundary } from '~/ui/errors';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return loadLibraryPage(request);
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  return libraryAction(request);
}

export const handle = {
  title: 'Resources',
  description: 'Links and files by subject and classroom.',
  area: 'resources',
  nav: { label: 'Resources', order: 100 },
  guide: 'features/resources',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

/** What this screen shows follows the backend while it is open (issue 29). */
const LIVE: LiveSpec[] = [{ collection: 'resources' }];

export default function Resources() {
  const data = useLoaderData<typeof clientLoader>();
  useRevalidateOnDataChange(['resources', 'subjects', 'classrooms']);
  useLiveQueries(LIVE);
  return <ResourceLibrary data={data} />;
}

export { GeneralErrorBoundary as ErrorBoundary };
