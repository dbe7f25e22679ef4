// School setup (/dash/school): campuses (with their absence alerts), classrooms with their weekly
// schedules, and subjects, for the roles that may change them (the 'school' area guard answers 403
// for everyone else). Creating and editing happen on /dash/school/:kind/new and
// /dash/school/:kind/:id; deleting happens here, after a confirmation modal.
import {
  useLoaderData,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { SchoolSetup } from '~/features/school/SchoolSetup';
import { deleteFromSetupPage, loadSchoolSetup } from '~/features/school/setup-route';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireArea(request, handle.area);
  return loadSchoolSetup();
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  const user = await requireArea(request, handle.area);
  return deleteFromSetupPage(request, user);
}

export const handle = {
  title: 'School Setup',
  description: 'Campuses and their absence alerts, classrooms with their schedules, and subjects.',
  area: 'school',
  nav: { label: 'School setup', order: 110 },
  guide: 'features/facilitators-and-school',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function SchoolSetupPage() {
  const data = useLoaderData<typeof clientLoader>();
  useRevalidateOnDataChange(['campuses', 'classrooms', 'subjects', 'facilitators']);
  return (
    <>
      <PageHeading title={handle.title} lead={handle.description} />
      <SchoolSetup {...data} />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
