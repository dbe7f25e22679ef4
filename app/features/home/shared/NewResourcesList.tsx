import { Link } from '@remix-run/react';
import { usePersonZone } from '~/auth/person-zone-context';
import { now as clockNow } from '~/domain/clock';
import { formatInboxTime } from '~/features/messages';
import type { NewResource } from './new-resources';

/** Resources added lately, each a link to its preview in the library. */
export function NewResourcesList({
  resources,
  empty = 'No new resources in the last two weeks.',
}: {
  resources: NewResource[];
  empty?: string;
}) {
  const timeZone = usePersonZone();
  if (resources.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  const now = clockNow();
  return (
    <ul className="grid gap-2">
      {resources.map((r) => (
        <li key={r.id}>
          <Link to={r.href} className="font-medium underline underline-offset-2">
            {r.title}
          </Link>
          <span className="block text-sm text-muted">
            {r.kind} · {formatInboxTime(r.at, now, timeZone)}
          </span>
        </li>
      ))}
    </ul>
  );
}
