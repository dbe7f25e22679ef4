import { Link } from '@remix-run/react';
import type { UpcomingEvent } from './upcoming-events';

/** The next events, each a link to its dialog on the calendar; `empty` when there are none. */
export function UpcomingEventsList({ events, empty }: { events: UpcomingEvent[]; empty: string }) {
  if (events.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="grid gap-2">
      {events.map((e) => (
        <li key={e.key}>
          <Link to={e.href} className="font-medium underline underline-offset-2">
            {e.title}
          </Link>
          <span className="block text-sm text-muted">{e.when}</span>
        </li>
      ))}
    </ul>
  );
}
