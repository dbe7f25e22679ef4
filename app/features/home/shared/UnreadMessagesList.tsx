import { Link } from '@remix-run/react';
import { usePersonZone } from '~/auth/person-zone-context';
import { now as clockNow } from '~/domain/clock';
import { formatInboxTime } from '~/features/messages';
import { MESSAGES_PATH, type UnreadSummary } from './unread-messages';

/** The unread figure (a link to the inbox) and the latest conversations holding unread messages. */
export function UnreadMessagesList({ unread }: { unread: UnreadSummary }) {
  const timeZone = usePersonZone();
  if (unread.count === 0) return <p className="text-sm text-muted">No unread messages</p>;
  const now = clockNow();
  return (
    <div className="grid gap-3">
      <p>
        <Link to={MESSAGES_PATH} className="underline underline-offset-2" data-figure="unread">
          <span className="text-3xl font-semibold">{unread.count}</span>{' '}
          {unread.count === 1 ? 'unread message' : 'unread messages'}
        </Link>
      </p>
      <ul className="grid gap-2">
        {unread.conversations.map((c) => (
          <li key={c.id}>
            <Link to={c.href} className="font-medium underline underline-offset-2">
              {c.subject}
            </Link>
            <span className="block text-sm text-muted">
              {c.from ? `${c.from} · ` : ''}
              {c.at ? formatInboxTime(c.at, now, timeZone) : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
