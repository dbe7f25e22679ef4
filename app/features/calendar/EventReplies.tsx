// The event dialog's replies (issue 32). A family sees each of their children the event asks
// about, with the answer so far (who gave it, when), and until the deadline answers or changes it:
// "Going" with how many people, or "Not going"; for consent the exact sentence, and "Give consent"
// or "Do not give consent". Each child's answer posts on its own to the replies route's action,
// which writes through the store, so it works offline. After the deadline the answers are read
// only. The organiser sees how many replied and a link to the replies page. While it is open the
// replies are followed live, and the page re-reads them when they change (CalendarPage).
import { useFetcher, useRevalidator } from '@remix-run/react';
import { useEffect, useId } from 'react';
import { useLiveQueries, type LiveSpec } from '~/data/live';
import { now as clockNow } from '~/domain/clock';
import { MAX_REPLY_PEOPLE } from '~/domain/replies';
import { useSettings } from '~/settings/store';
import { Button, ButtonLink } from '~/ui/Button';
import { FieldError, TextField } from '~/ui/form/Field';
import { answerSentence } from './replies';
import type { DialogChild, DialogReplies, RepliesActionResult } from './replies-route';

/**
 * The replies follow the backend while the dialog is open (issue 29): another guardian's answer,
 * and this one's own once the backend has stamped its time.
 */
const LIVE: LiveSpec[] = [{ collection: 'eventReplies' }];

/** The longest a timer may wait (setTimeout's limit, about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Re-reads the page when the deadline passes while the dialog is open, so the answers close. */
function useCloseAtDeadline(open: boolean, deadline: number) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!open) return;
    const wait = deadline - clockNow().getTime();
    if (wait > MAX_TIMER_MS) return;
    const timer = setTimeout(revalidate, Math.max(0, wait) + 500);
    return () => clearTimeout(timer);
  }, [open, deadline, revalidate]);
}

function ChildReply({
  eventId,
  child,
  replies,
}: {
  eventId: string;
  child: DialogChild;
  replies: DialogReplies;
}) {
  const skin = useSettings((s) => s.skin);
  const fetcher = useFetcher<RepliesActionResult>();
  const id = useId();
  const sending = fetcher.state !== 'idle' ? fetcher.formData?.get('answer') : null;
  const result = fetcher.data;
  const failure = result && !result.ok ? result : null;
  const { answer } = child;
  const consent = replies.kind === 'consent';
  const headingId = `${id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className={`grid gap-2 border border-border p-3 ${skin.rounded}`}
    >
      <h4 id={headingId} className="font-semibold">
        <bdi>{child.name}</bdi>
      </h4>
      <p className="text-sm">
        <span className="text-muted">Answer: </span>
        <span className={answer.answer === null ? '' : 'font-medium'}>
          {answerSentence(answer)}
        </span>
      </p>
      {consent ? (
        <blockquote className="border-l-4 border-border-strong pl-3 wrap-anywhere">
          {answer.answer !== null && answer.wording ? answer.wording : child.sentence}
        </blockquote>
      ) : null}
      {replies.open && replies.canAnswer ? (
        <fetcher.Form
          method="post"
          // The app's own message beside the field, not the browser's bubble (like every form).
          noValidate
          action={`/dash/calendar/${encodeURIComponent(eventId)}/replies`}
          className="grid gap-2"
          aria-label={`Answer for ${child.name}`}
        >
          <input type="hidden" name="intent" value="answer" />
          <input type="hidden" name="studentId" value={child.studentId} />
          {consent ? null : (
            <TextField
              name="people"
              label="How many people, your child included"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_REPLY_PEOPLE}
              defaultValue={String(answer.people ?? 1)}
              className="max-w-56"
              form={
                failure?.field === 'people' ? { fieldErrors: { people: failure.message } } : null
              }
              hint="Counts only when you answer Going."
            />
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              name="answer"
              value="yes"
              busy={sending === 'yes'}
              disabled={sending === 'no'}
            >
              {consent ? 'Give consent' : 'Going'}
            </Button>
            <Button
              type="submit"
              name="answer"
              value="no"
              variant="secondary"
              busy={sending === 'no'}
              disabled={sending === 'yes'}
            >
              {consent ? 'Do not give consent' : 'Not going'}
            </Button>
          </div>
          {failure && failure.field !== 'people' ? (
            <div role="alert">
              <FieldError message={failure.message} />
            </div>
          ) : null}
        </fetcher.Form>
      ) : null}
    </article>
  );
}

export function EventReplies({ eventId, replies }: { eventId: string; replies: DialogReplies }) {
  const id = useId();
  useCloseAtDeadline(replies.open, replies.deadline);
  useLiveQueries(replies.canAnswer || replies.organiser ? LIVE : []);
  const family = replies.canAnswer;
  const title = family ? 'Your reply' : 'Replies';
  const asking =
    replies.kind === 'consent' ? 'asks families for consent' : 'asks families if they are going';
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 border-t border-border pt-3">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h3>
      <p className="text-sm">
        {replies.open ? (
          <>
            This event {asking}. Replies close on <strong>{replies.closes}</strong>
            {family ? '; you can change your answer until then.' : '.'}
          </>
        ) : (
          <>
            Replies closed on <strong>{replies.closes}</strong>.
          </>
        )}
      </p>
      {family && replies.children.length === 0 ? (
        <p className="text-sm text-muted">None of your children is asked for this event.</p>
      ) : null}
      {replies.children.map((child) => (
        <ChildReply key={child.studentId} eventId={eventId} child={child} replies={replies} />
      ))}
      {replies.organiser ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="text-sm">{replies.organiser.text}.</p>
          <ButtonLink variant="secondary" to={replies.organiser.href}>
            See the replies
          </ButtonLink>
        </div>
      ) : null}
    </section>
  );
}
