// The classes a person takes the roll for today (from the classroom schedules) with their roll-call
// state: todaysClasses feeds the roll-call page's "Today's classes" list (TodaysClassesList, below)
// and the facilitator home's tile (app/features/home/facilitator/FacilitatorHome.tsx).
import { Link } from '@remix-run/react';
import type { RollCallState } from '~/domain/attendance';
import { useSettings } from '~/settings/store';
import { Badge, type BadgeTone } from '~/ui/Badge';
import type { TodayClass } from './todays-classes';

const STATE_TONES: Record<RollCallState, BadgeTone> = {
  taken: 'success',
  'partly taken': 'warning',
  'not taken': 'neutral',
};

function countsLine({ counts }: TodayClass): string {
  const marked = counts.present + counts.absent + counts.late + counts.excused;
  if (marked === 0) return `${counts.unmarked} students`;
  const parts = [`${counts.present} present`, `${counts.absent} absent`];
  if (counts.late > 0) parts.push(`${counts.late} late`);
  if (counts.excused > 0) parts.push(`${counts.excused} excused`);
  if (counts.unmarked > 0) parts.push(`${counts.unmarked} not marked`);
  return parts.join(' · ');
}

/**
 * Today's classes as links named "<classroom name>, <state>"; the time and the counts sit beside
 * the link. One tap opens the roll call.
 */
export function TodaysClassesList({ classes }: { classes: TodayClass[] }) {
  const skin = useSettings((s) => s.skin);
  if (classes.length === 0) {
    return <p className="text-sm text-muted">No classes meet today.</p>;
  }
  return (
    <ul className="grid gap-2">
      {classes.map((c) => (
        <li key={c.classroom.id} className={`relative px-4 py-3 ${skin.card} ${skin.rounded}`}>
          <Link
            to={c.href}
            className="flex min-h-11 flex-wrap items-center justify-between gap-2 font-semibold after:absolute after:inset-0 after:content-['']"
          >
            {/* The comma inside the name's box: flex items are named with a space between them. */}
            <span>
              {c.classroom.name}
              <span className="sr-only">,</span>
            </span>
            <Badge tone={STATE_TONES[c.state]}>{c.state}</Badge>
          </Link>
          <p className="text-sm text-muted">
            {c.campusName ? `${c.campusName} · ` : ''}
            {c.time ? `From ${c.time} · ` : ''}
            {countsLine(c)}
          </p>
        </li>
      ))}
    </ul>
  );
}
