// The profile page (spec §7): display name and photo, password update, the remember-me preference,
// and sign-out. The data and the actions are in features/profile; this module wires them to the URL.
import {
  useActionData,
  useLoaderData,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import { loadProfile, profileAction } from '~/features/profile/profile-route';
import { ProfilePage } from '~/features/profile/ProfilePage';
import { GeneralErrorBoundary } from '~/ui/errors';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const user = await requireArea(request, handle.area);
  return { profile: await loadProfile(user) };
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  await requireArea(request, handle.area);
  return profileAction(request);
}

export const handle = {
  title: 'Profile',
  description: 'Manage your name, photo, password and sign-in preference.',
  area: 'profile',
  nav: { label: 'Profile', order: 140 },
  guide: 'features/profile-management',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function Profile() {
  const { profile } = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  return <ProfilePage title={handle.title} profile={profile} result={result} />;
}

export { GeneralErrorBoundary as ErrorBoundary };
