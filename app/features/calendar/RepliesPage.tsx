// The organiser's page of an event's replies (/dash/calendar/:eventId/replies, issue 32): the counts
// (yes, no, waiting, and people going for an RSVP), the children asked per classroom with their
// answer, the guardian who gave it, when, and for consent the exact words; "Remind the ones who
// have not answered" (the backend tells each family still waiting, at most once a day) and the CSV
// for the trip register. Replies follow the backend live while the page is open.
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { useId } from 'react';
import { useLiveQueries, type LiveSpec } from '~/data/live';
import { useRevalidateOnDataChange } from '~/data/route-data';
import { useSettings } from '~/settings/store';
import { Badge, type BadgeTone } from '~/ui/Badge';
import { Button, ButtonLink } from '~/ui/Button';
import { Card } from '~/ui/Card';
import { downloadCsv, toCsv } from '~/ui/csv';
import { FieldError } from '~/ui/form/Field';
import { EmptyState, PageHeading } from '~/ui/PageHeading';
import { reminderSentMessage, repliesCsvRows, type ReplyLine } from './replies';
import type { eventRepliesAction, eventRepliesLoader, RepliesPageData } from './replies-route';

/** Families' replies follow the backend while this page is open (issue 29). */
const LIVE: LiveSpec[] = [{ collection: 'eventReplies' }];
const WATCHED = ['eventReplies', 'events', 'students', 'classrooms'] as const;

function answerTone(line: ReplyLine): BadgeTone {
  if (line.answer === 'yes') return 'success';
  if (line.answer === 'no') return 'danger';
  return 'neutral';
}

function Counts({ data }: { data: RepliesPageData }) {
  const skin = useSettings((s) => s.skin);
  const consent = data.request?.kind === 'consent';
  const figures = [
    { label: consent ? 'Consent given' : 'Going', value: data.counts.yes },
    { label: consent ? 'Consent refused' : 'Not going', value: data.counts.no },
    { label: 'No answer yet', value: data.counts.waiting },
    ...(consent ? [] : [{ label: 'People going', value: data.counts.people }]),
  ];
  return (
    <dl
      className={`grid gap-3 ${consent ? 'grid-cols-3 sm:grid-cols-4' : 'grid-cols-2 sm:grid-cols-4'}`}
    >
      {figures.map((f) => (
        <div key={f.label} className={`p-3 sm:p-4 ${skin.card} ${skin.rounded}`}>
          <dt className="text-sm font-medium text-muted">{f.label}</dt>
          <dd className="mt-1 text-3xl font-semibold tabular-nums">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Reminder({ data }: { data: RepliesPageData }) {
  const fetcher = useFetcher<typeof eventRepliesAction>();
  const id = useId();
  const reminder = data.reminder;
  if (!reminder) return null;
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const failure = result && !result.ok ? result.message : undefined;
  const sent = result?.ok && result.intent === 'remind' ? reminderSentMessage(result.families) : '';
  const families = `${reminder.families} ${reminder.families === 1 ? 'family' : 'families'}`;
  const explanation =
    reminder.blocked ??
    `Sends a notice to the guardians of the ${families} with a child still to answer. A family is reminded at most once a day.`;
  return (
    <fetcher.Form method="post" className="grid gap-2">
      <input type="hidden" name="intent" value="remind" />
      <div>
        <Button
          type="submit"
          variant="secondary"
          busy={busy}
          busyLabel="Sending…"
          disabled={reminder.blocked !== null}
          aria-describedby={`${id}-why`}
        >
          Remind the ones who have not answered
        </Button>
      </div>
      <p id={`${id}-why`} className="text-sm text-muted">
        {explanation}
        {reminder.lastText && !reminder.blocked ? ` Last reminder: ${reminder.lastText}.` : ''}
      </p>
      <p role="status" className="text-sm font-medium">
        {sent}
      </p>
      {failure ? (
        <div role="alert">
          <FieldError message={failure} />
        </div>
      ) : null}
    </fetcher.Form>
  );
}

function ReplyRow({ line, consent }: { line: ReplyLine; consent: boolean }) {
  const people =
    line.people === null ? '' : ` · ${line.people} ${line.people === 1 ? 'person' : 'people'}`;
  return (
    <li className="grid gap-1 border-t border-border px-5 py-3 first:border-t-0 sm:grid-cols-[minmax(10rem,1fr)_minmax(10rem,1fr)_minmax(12rem,1.4fr)] sm:gap-x-4">
      <span className="font-medium">
        <bdi>{line.name}</bdi>
      </span>
      <span>
        <Badge tone={answerTone(line)} icon={null}>
          {line.label}
        </Badge>
        {people}
      </span>
      <span className="text-sm">
        {line.answer === null ? (
          <span className="text-muted">Waiting for the family</span>
        ) : (
          <>
            <bdi>{line.guardianName || 'A guardian'}</bdi>
            {line.pending
              ? ' · saved on this device, not yet sent'
              : line.repliedAtText
                ? ` · ${line.repliedAtText}`
                : ''}
          </>
        )}
      </span>
      {consent && line.wording ? (
        <q className="text-sm text-muted sm:col-span-3 wrap-anywhere">{line.wording}</q>
      ) : null}
    </li>
  );
}

export function RepliesPage() {
  const data = useLoaderData<typeof eventRepliesLoader>();
  const skin = useSettings((s) => s.skin);
  useRevalidateOnDataChange(WATCHED);
  useLiveQueries(LIVE);
  const { event, request } = data;

  if (!request) {
    return (
      <>
        <PageHeading title={`Replies: ${event.title}`} lead={event.when} />
        <EmptyState
          title="This event does not ask families for a reply"
          action={<ButtonLink to={event.editHref}>Edit the event</ButtonLink>}
        >
          To ask, edit the event and choose “Going or not going” or “Consent” under “Ask families
          for a reply”.
        </EmptyState>
      </>
    );
  }

  const consent = request.kind === 'consent';
  const exportCsv = () =>
    downloadCsv(data.fileName, toCsv(repliesCsvRows(data.lines, request.kind, data.timeZone)));

  return (
    <>
      <PageHeading
        title={`Replies: ${event.title}`}
        lead={`${event.when}. ${request.kindLabel}; replies ${request.open ? 'close' : 'closed'} on ${request.closes}.`}
      />
      <div className="grid gap-6">
        <p>
          <Link to={event.calendarHref} className={skin.link}>
            Back to the event
          </Link>
        </p>
        {consent ? (
          <p>
            Families read: <q className="font-medium">{request.sentence}</q>
          </p>
        ) : null}
        <section aria-labelledby="replies-counts" className="grid gap-3">
          <h2 id="replies-counts" className="text-lg font-semibold">
            {data.countsText}
          </h2>
          <Counts data={data} />
        </section>
        <div className="flex flex-wrap items-start gap-x-6 gap-y-4">
          <Reminder data={data} />
          <div className="grid gap-2">
            <div>
              <Button variant="secondary" onClick={exportCsv} disabled={data.lines.length === 0}>
                Export CSV
              </Button>
            </div>
            <p className="text-sm text-muted">
              One row per child asked, those still to answer too.
            </p>
          </div>
        </div>
        {data.groups.length === 0 ? (
          <EmptyState title="No children are asked">
            The event is for no enrolled student whose family can answer: check its classrooms and
            that Parents is ticked under Audience.
          </EmptyState>
        ) : (
          data.groups.map((group) => (
            <Card
              key={group.classroom}
              title={group.classroom}
              padding="none"
              actions={
                <span className="text-sm text-muted">
                  {group.counts.yes + group.counts.no} of {group.lines.length} replied
                </span>
              }
            >
              <ul className="pb-2">
                {group.lines.map((line) => (
                  <ReplyRow key={line.studentId} line={line} consent={consent} />
                ))}
              </ul>
            </Card>
          ))
        )}
      </div>
    </>
  );
}
