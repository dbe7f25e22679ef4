// Staff's view of attendance today on the home page: the centre's rate so far and the classrooms
// not yet marked. The home route (app/routes/_dash.dash.home.tsx) loads the data once and passes it.
import { Link } from '@remix-run/react';
import { useSettings } from '~/settings/store';
import { SchoolDay } from '~/ui/SchoolDay';
import { classroomLabel } from './alerts';
import { todaysAttendanceText, type StaffToday } from './staff-today';

export function TodaysAttendancePanel({ today }: { today: StaffToday }) {
  const skin = useSettings((s) => s.skin);
  return (
    <div className="grid gap-2">
      <p className={today.rate === null ? 'text-muted' : 'text-lg font-semibold'}>
        {todaysAttendanceText(today)}
      </p>
      <p>
        <Link to="/dash/attendance" className={skin.link}>
          Take a roll call
        </Link>
      </p>
    </div>
  );
}

export function NotMarkedPanel({ today }: { today: StaffToday }) {
  const skin = useSettings((s) => s.skin);
  return (
    <div className="grid gap-3">
      <SchoolDay day={today.today} />
      {today.notMarked.length === 0 ? (
        <p className="text-muted">Every class meeting today has a roll call.</p>
      ) : (
        <ul aria-label="Not yet marked today" className="grid gap-2">
          {today.notMarked.map(({ classroom, campusName, facilitatorNames, href }) => (
            <li key={classroom.id}>
              <Link to={href} className={`${skin.link} inline-block py-1`}>
                {classroomLabel(classroom, campusName)}
              </Link>
              {facilitatorNames.length > 0 ? (
                <span className="block text-sm text-muted">{facilitatorNames.join(', ')}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/dash/attendance/alerts" className={skin.link}>
          All alerts
        </Link>
      </p>
    </div>
  );
}
