// Create an event (/dash/calendar/new). `?date=` prefills the day (the calendar's "New event" on a
// chosen date); the work is in app/features/calendar.
import { useActionData, useLoaderData } from '@remix-run/react';
import { loadNewEvent, saveNewEvent } from '~/features/calendar/editor-route';
import { EventForm } from '~/features/calendar/EventForm';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return loadNewEvent(request);
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  return saveNewEvent(request);
}

export const handle = {
  title: 'New event',
  description: 'Add an event to the calendar.',
  area: 'calendar',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function NewEvent() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  return (
    <>
      <PageHeading
        title="New event"
        lead="Add an event, once or every few weeks, for the people it is for."
      />
      <EventForm
        defaults={data.defaults}
        campuses={data.campuses}
        classrooms={data.classrooms}
        staff={data.staff}
        result={result}
        cancelHref={`/dash/calendar?date=${data.defaults.startDate}`}
      />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
