// The messages of one thread, grouped by day: a heading opens each day, every message shows its
// sender's name and role, the time and the body as plain text with its line breaks. The person's
// own messages sit on the right in the primary tint; under their latest one, who has seen it.
import { useSettings } from '~/settings/store';
import { formatClock } from './inbox';
import type { ThreadView } from './thread-route';

function seenText(reader: { name: string; at: string | null }, timeZone: string): string {
  return reader.at
    ? `Seen by ${reader.name}, ${formatClock(reader.at, timeZone)}`
    : `Seen by ${reader.name}`;
}

export function ThreadMessages({ thread }: { thread: ThreadView }) {
  const skin = useSettings((s) => s.skin);
  if (thread.days.length === 0) {
    return <p className="text-muted">No messages yet. Write the first one below.</p>;
  }
  return (
    <ol aria-label="Messages" className="grid gap-3">
      {thread.days.flatMap(({ day, heading, messages }) =>
        messages.map((message, index) => (
          <li key={message.id} className="grid gap-1">
            {index === 0 ? (
              <h2 className="my-2 text-center text-sm font-semibold text-muted">
                <time dateTime={day}>{heading}</time>
              </h2>
            ) : null}
            <article
              aria-label={`${message.senderName}, ${formatClock(message.sentAt, thread.timeZone)}`}
              className={`max-w-[85%] px-4 py-2 sm:max-w-[70%] ${skin.rounded} ${
                message.mine
                  ? 'justify-self-end border border-info/40 bg-info-soft'
                  : `justify-self-start ${skin.card}`
              }`}
            >
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold">{message.senderName}</span>
                {message.mine ? null : <span className="text-muted">{message.senderRole}</span>}
                <time dateTime={message.sentAt} className="text-muted">
                  {formatClock(message.sentAt, thread.timeZone)}
                </time>
              </p>
              <p className="whitespace-pre-wrap wrap-anywhere">{message.body}</p>
              {message.pending ? (
                <p className="mt-1 text-sm font-medium text-warning">Waiting to send</p>
              ) : null}
            </article>
            {thread.receipts?.messageId === message.id && thread.receipts.readers.length > 0 ? (
              <p className="justify-self-end text-sm text-muted">
                {thread.receipts.readers.map((r) => seenText(r, thread.timeZone)).join(' · ')}
              </p>
            ) : null}
          </li>
        )),
      )}
    </ol>
  );
}
