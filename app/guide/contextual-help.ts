// Maps the current route to its user-guide page (spec §2 "Contextual help"): exact route first,
// then the longest matching prefix, otherwise the documentation home.

export interface GuideTarget {
  /** Path of the guide page under /docs/user-guide/, without extension. */
  page: string;
  title: string;
}

export const GUIDE_HOME: GuideTarget = { page: 'index', title: 'User guide' };

const EXACT: Record<string, GuideTarget> = {
  '/dash/home': { page: 'getting-started/dashboard-overview', title: 'Dashboard overview' },
  '/dashboard': { page: 'getting-started/dashboard-overview', title: 'Dashboard overview' },
  '/dash/profile': { page: 'features/profile-management', title: 'Profile management' },
  '/dash/settings': { page: 'features/theme-settings', title: 'Theme settings' },
  '/dash/notifications': { page: 'features/notifications', title: 'Notifications' },
  '/auth/login': { page: 'getting-started/signing-in', title: 'Signing in' },
  '/auth/signin': { page: 'getting-started/signing-in', title: 'Signing in' },
};

const PREFIXES: Array<[string, GuideTarget]> = [
  ['/dash/calendar', { page: 'features/calendar', title: 'Calendar' }],
  ['/dash/notifications', EXACT['/dash/notifications'] ?? GUIDE_HOME],
  ['/dash/profile', EXACT['/dash/profile'] ?? GUIDE_HOME],
  ['/dash/settings', EXACT['/dash/settings'] ?? GUIDE_HOME],
  ['/dash/', { page: 'getting-started/navigation', title: 'Navigation' }],
];

export function guideForRoute(pathname: string): GuideTarget {
  const exact = EXACT[pathname];
  if (exact) return exact;
  const prefix = PREFIXES.filter(([p]) => pathname.startsWith(p)).sort(
    (a, b) => b[0].length - a[0].length,
  )[0];
  return prefix ? prefix[1] : GUIDE_HOME;
}
