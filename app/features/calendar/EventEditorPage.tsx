// The page of /dash/calendar/new and /dash/calendar/:eventId/edit, one module for both (decision
// 058). New: `?date=` prefills the day (the calendar's "New event" on a chosen date). Edit:
// `?on=YYYY-MM-DD` names the occurrence of a series being edited, and the page first asks whether
// to change only it or all events (`&scope=this|all`); its action also deletes (intent=delete), for
// the calendar's Delete button.
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useSettings } from '~/settings/store';
import { ButtonLink } from '~/ui/Button';
import { PageHeading } from '~/ui/PageHeading';
import { EventForm } from './EventForm';
import type { eventEditorAction, eventEditorLoader } from './editor-route';

export function EventEditorPage() {
  const data = useLoaderData<typeof eventEditorLoader>();
  const result = useActionData<typeof eventEditorAction>();
  const skin = useSettings((s) => s.skin);
  if (!('event' in data)) {
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
          <ButtonLink to={`${base}this`}>Change only this event</ButtonLink>
          <ButtonLink variant="secondary" to={`${base}all`}>
            Change all events
          </ButtonLink>
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
        replyKind={data.replyKind}
        result={result}
        cancelHref={back}
      />
    </>
  );
}
