// A facilitator's profile (/dash/facilitators/:facilitatorId): contact details, bio, and the
// subjects and classrooms they teach, with names resolved from the cached subjects and classrooms.
// Staff who may write facilitators, and the facilitator themselves, get an edit link.
import { useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { FacilitatorProfile } from '~/features/facilitators/FacilitatorProfile';
import { loadFacilitatorProfile } from '~/features/facilitators/profile-route';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  return loadFacilitatorProfile(request, user, params.facilitatorId);
}

export const handle = {
  title: 'Facilitator · Facilitators',
  description: 'A facilitator: subjects, classrooms and contact details.',
  area: 'facilitators',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function FacilitatorProfilePage() {
  const data = useLoaderData<typeof clientLoader>();
  useRevalidateOnDataChange(['facilitators', 'subjects', 'classrooms', 'campuses']);
  return <FacilitatorProfile data={data} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/ui/errors';
