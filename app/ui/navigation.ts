// The dashboard's areas, in the order the navigation lists them. The permission matrix decides, per
// area, which roles see it (app/domain/areas.ts).
import type { Area } from '~/domain/areas';

export interface NavItem {
  to: string;
  label: string;
  area: Area;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dash/home', label: 'Home', area: 'home' },
  { to: '/dash/students', label: 'Students', area: 'students' },
  { to: '/dash/families', label: 'Families', area: 'families' },
  { to: '/dash/facilitators', label: 'Facilitators', area: 'facilitators' },
  { to: '/dash/attendance', label: 'Attendance', area: 'attendance' },
  { to: '/dash/calendar', label: 'Calendar', area: 'calendar' },
  { to: '/dash/messages', label: 'Messages', area: 'messages' },
  { to: '/dash/notifications', label: 'Notifications', area: 'notifications' },
  { to: '/dash/parent-inquiries', label: 'Parent inquiries', area: 'parentInquiries' },
  { to: '/dash/resources', label: 'Resources', area: 'resources' },
  { to: '/dash/school', label: 'School setup', area: 'school' },
  { to: '/dash/members', label: 'Members', area: 'members' },
  { to: '/dash/roles', label: 'Roles', area: 'roles' },
  { to: '/dash/profile', label: 'Profile', area: 'profile' },
  { to: '/dash/settings', label: 'Settings', area: 'settings' },
];
