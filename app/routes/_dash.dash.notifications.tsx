// The notifications feed (/dash/notifications). Its data is the live feed the dashboard shell runs
// (app/features/notifications), not a loader read: it changes without a navigation.
import { requireArea } from '~/auth/guards';
import { NotificationsPage } from '~/features/notifications/NotificationsPage';
import { GeneralErrorBoundary } from '~/ui/errors';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type { ClientLoaderFunctionArgs, MetaFunction } from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  await requireArea(request, handle.area);
  return null;
}

export const handle = {
  title: 'Notifications',
  description: 'Your notifications.',
  area: 'notifications',
  nav: { label: 'Notifications', order: 80 },
  guide: 'features/notifications',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function Notifications() {
  return <NotificationsPage />;
}

export { GeneralErrorBoundary as ErrorBoundary };
