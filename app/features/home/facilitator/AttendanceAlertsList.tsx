import { Link } from '@remix-run/react';
import type { StudentAlert } from './facilitator-figures';

/** How many students the tile names before "and N more". */
export const ALERTS_SHOWN = 8;

/**
 * Where the rest are: the office's "Needs attention" page is not open to facilitators, so the
 * attendance reports (rates and CSV of their classes) are the place to look further.
 */
export const ALERTS_MORE_HREF = '/dash/attendance/reports';

/** The first students with attendance alerts, each linking to their page, then "and N more". */
export function AttendanceAlertsList({ alerts }: { alerts: StudentAlert[] }) {
  if (alerts.length === 0) {
    return <p className="text-sm text-muted">No student of your classes needs attention.</p>;
  }
  const shown = alerts.slice(0, ALERTS_SHOWN);
  const more = alerts.length - shown.length;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {shown.map((a) => (
          <li key={a.studentId} className="min-w-0">
            <Link to={a.href} className="font-medium underline underline-offset-2">
              {a.name}
            </Link>
            <span className="block text-sm text-muted">{a.reason}</span>
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="text-sm">
          <Link to={ALERTS_MORE_HREF} className="underline underline-offset-2">
            and {more} more
            <span className="sr-only"> {more === 1 ? 'student' : 'students'} with alerts</span>
          </Link>
        </p>
      ) : null}
    </div>
  );
}
