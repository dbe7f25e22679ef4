// Edit an event (/dash/calendar/:eventId/edit). `?on=YYYY-MM-DD` names the occurrence of a series
// being edited; the page first asks whether to change only it or all events (`&scope=this|all`).
// Its action also deletes (intent=delete), for the calendar's Delete button.
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { loadEditEvent, saveEditedEvent } from '~/features/calendar/editor-route';
import { EventForm } from '~/features/calendar/EventForm';
import { useSettings } from '~/settings/store';
import { GeneralErrorBoundary } from '~/ui/errors';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type {
  ClientActionFunctionArgs,
  ClientLoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/react';

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs) {
  return loadEditEvent(request, params.eventId);
}

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  return saveEditedEvent(request, params.eventId);
}

export const handle = {
  title: 'Edit event',
  description: 'Change an event, or one date of a repeating event.',
  area: 'calendar',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

export default function EditEvent() {
  const data = useLoaderData<typeof clientLoader>();
  const result = useActionData<typeof clientAction>();
  const skin = useSettings((s) => s.skin);
  const { event, occurrenceDate, scope } = data;
  const back = `/dash/calendar?date=${occurrenceDate}&event=${encodeURIComponent(event.id)}`;
  if (scope === null) {
    const base = `?on=${occurrenceDate}&scope=`;
    return (
      <>
        <PageHeading
          title={`Edit ${event.title}`}
          lead={`This event repeats. You opened ${occurrenceDate}.`}
        />
        <nav
          aria-label="What to change"
          className={`grid max-w-xl gap-3 p-6 ${skin.card} ${skin.rounded}`}
        >
          <Link to={`${base}this`} className={`${skin.button} ${skin.rounded}`}>
            Change only this event
          </Link>
          <Link to={`${base}all`} className={`${skin.buttonSecondary} ${skin.rounded}`}>
            Change all events
          </Link>
          <Link to={back} className={skin.link}>
            Cancel
          </Link>
        </nav>
      </>
    );
  }
  const lead =
    scope === 'this'
      ? `Changes apply to ${occurrenceDate} only.`
      : scope === 'all' && data.partOfSeries
        ? 'Changes apply to every event of the series.'
        : 'Change the details, the time or who it is for.';
  return (
    <>
      <PageHeading title={`Edit ${event.title}`} lead={lead} />
      <EventForm
        key={`${event.id}-${scope}`}
        defaults={data.defaults}
        campuses={data.campuses}
        classrooms={data.classrooms}
        staff={data.staff}
        single={scope === 'this'}
        opened={data.opened}
        result={result}
        cancelHref={back}
      />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
