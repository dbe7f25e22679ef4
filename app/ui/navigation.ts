// The dashboard's areas, in the order the navigation lists them. `area` names the records an area
// shows, so the permission matrix can decide which areas a role sees (sign-in issue).

export interface NavItem {
  to: string;
  label: string;
  area: string;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dash/home', label: 'Home', area: 'home' },
  { to: '/dash/students', label: 'Students & families', area: 'students' },
  { to: '/dash/facilitators', label: 'Facilitators', area: 'facilitators' },
  { to: '/dash/attendance', label: 'Attendance', area: 'attendance' },
  { to: '/dash/calendar', label: 'Calendar', area: 'events' },
  { to: '/dash/messages', label: 'Messages', area: 'conversations' },
  { to: '/dash/notifications', label: 'Notifications', area: 'Notifications' },
  { to: '/dash/parent-inquiries', label: 'Parent inquiries', area: 'parentInquiries' },
  { to: '/dash/resources', label: 'Resources', area: 'resources' },
  { to: '/dash/members', label: 'Members', area: 'Members' },
  { to: '/dash/roles', label: 'Roles', area: 'roles' },
  { to: '/dash/profile', label: 'Profile', area: 'profile' },
  { to: '/dash/settings', label: 'Settings', area: 'settings' },
];
