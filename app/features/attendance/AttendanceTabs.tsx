// The attendance area's own navigation: one link per attendance page the person's roles may use.
// Pages, not views of one record, so these are links (NavLink marks the current one) dressed
// like ui/Tabs through the theme skin.
import { NavLink } from '@remix-run/react';
import { STAFF_ROLES as STAFF, type Role } from '~/domain/roles';
import { useSettings } from '~/settings/store';

interface AttendanceLink {
  to: string;
  label: string;
  /** Who sees the link. */
  roles: readonly Role[];
}

export const ATTENDANCE_PAGES: readonly AttendanceLink[] = [
  { to: '/dash/attendance', label: 'Roll call', roles: [...STAFF, 'facilitator'] },
  { to: '/dash/attendance/register', label: 'Register', roles: [...STAFF, 'facilitator'] },
  { to: '/dash/attendance/alerts', label: 'Needs attention', roles: STAFF },
  { to: '/dash/attendance/reports', label: 'Reports', roles: [...STAFF, 'facilitator'] },
  { to: '/dash/attendance/summary', label: 'Attendance summary', roles: ['parent', 'student'] },
];

export function AttendanceTabs({ roles }: { roles: readonly Role[] }) {
  const skin = useSettings((s) => s.skin);
  const links = ATTENDANCE_PAGES.filter((page) => page.roles.some((r) => roles.includes(r)));
  if (links.length < 2) return null;
  return (
    // The tabs wrap onto a second line on a phone: every page stays in sight, none scrolled off
    // the edge with no hint that it is there (issue 30).
    <nav aria-label="Attendance pages" className="mb-4 border-b border-border">
      <ul className="flex flex-wrap gap-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end
              // One line per tab: a tab moves to the next row whole rather than stacking words.
              className={({ isActive }) =>
                `min-h-11 whitespace-nowrap ${isActive ? skin.tabSelected : skin.tab}`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
