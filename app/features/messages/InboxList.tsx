// The inbox's list of conversations, newest first. Each is one link whose accessible name starts
// with the subject (and says "N unread" when there are unread messages), so a screen reader's
// links list reads like the inbox.
import { Link } from '@remix-run/react';
import { now as clockNow } from '~/domain/clock';
import { useSettings } from '~/settings/store';
import { formatInboxTime } from './inbox';
import type { InboxRow } from './inbox-route';

export function InboxList({ rows, timeZone }: { rows: readonly InboxRow[]; timeZone: string }) {
  const skin = useSettings((s) => s.skin);
  const now = clockNow();
  return (
    <ul
      aria-label="Conversations"
      className={`divide-y divide-border ${skin.card} ${skin.rounded}`}
    >
      {rows.map((row) => (
        <li key={row.id}>
          <Link
            to={`/dash/messages/${encodeURIComponent(row.id)}`}
            className="grid min-h-11 gap-1 px-4 py-3 hover:bg-hover focus-visible:bg-hover"
          >
            <span className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span
                className={`min-w-0 wrap-anywhere ${row.unread > 0 ? 'font-bold' : 'font-semibold'}`}
              >
                {row.subject}
                {row.unread > 0 ? <span className="sr-only">, {row.unread} unread</span> : null}
              </span>
              <time dateTime={row.lastAt} className="shrink-0 text-sm text-muted">
                {formatInboxTime(row.lastAt, now, timeZone)}
              </time>
            </span>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className="text-fg">{row.participants || 'Only you'}</span>
              {row.child ? <span className="text-muted">About {row.child}</span> : null}
              {row.unread > 0 ? (
                <span
                  aria-hidden="true"
                  className={`px-2 py-0.5 font-bold ${skin.badgeTone.info} ${skin.rounded}`}
                >
                  {row.unread} unread
                </span>
              ) : null}
              {row.archived ? (
                <span className={`px-2 py-0.5 ${skin.badgeTone.neutral} ${skin.rounded}`}>
                  Archived
                </span>
              ) : null}
              {row.pending ? (
                <span className={`px-2 py-0.5 ${skin.badgeTone.warning} ${skin.rounded}`}>
                  Waiting to send
                </span>
              ) : null}
            </span>
            {/* A preview is cut to one line; the title and the conversation hold it in full. */}
            <span className="truncate text-sm text-muted" title={row.preview}>
              {row.preview}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
