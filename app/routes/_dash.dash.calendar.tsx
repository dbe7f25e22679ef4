// /dash/calendar: the person's events by month, week or as an agenda (?view=&date=), filtered by
// campus and classroom, with the classroom schedules layer and an event's details (?event=&on=).
// Everything is read from the cache, so it opens offline.
import { useLoaderData } from '@remix-run/react';
import { loadCalendarPage } from '~/features/calendar/calendar-route';
import { CalendarPage } from '~/features/calendar/CalendarPage';
import { GeneralErrorBoundary } from '~/ui/errors';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type { ClientLoaderFunctionArgs, MetaFunction } from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return loadCalendarPage(request);
}

export const handle = {
  title: 'Calendar',
  description: 'Events by month, week and as an agenda.',
  area: 'calendar',
  nav: { label: 'Calendar', order: 60 },
  guide: 'features/calendar',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function Calendar() {
  const data = useLoaderData<typeof clientLoader>();
  return <CalendarPage data={data} title={handle.title} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/dash/home" />;
}
