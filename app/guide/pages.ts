// The user guide's pages (spec §2 "Documentation pages"): id (its path under /docs/user-guide/),
// title and category. Routes name their page in their handle's `guide`.
export const GUIDE_CATEGORIES = [
  'general',
  'gettingStarted',
  'features',
  'roles',
  'troubleshooting',
] as const;
export type GuideCategory = (typeof GUIDE_CATEGORIES)[number];

export interface GuidePage {
  page: string;
  title: string;
  category: GuideCategory;
}

export const GUIDE_PAGES: readonly GuidePage[] = [
  { page: 'index', title: 'User guide', category: 'general' },
  { page: 'getting-started/signing-in', title: 'Signing in', category: 'gettingStarted' },
  {
    page: 'getting-started/dashboard-overview',
    title: 'Dashboard overview',
    category: 'gettingStarted',
  },
  { page: 'getting-started/navigation', title: 'Navigation', category: 'gettingStarted' },
  { page: 'features/notifications', title: 'Notifications', category: 'features' },
  { page: 'features/profile-management', title: 'Profile management', category: 'features' },
  { page: 'features/theme-settings', title: 'Theme settings', category: 'features' },
  { page: 'features/search', title: 'Search', category: 'features' },
  { page: 'features/calendar', title: 'Calendar', category: 'features' },
  { page: 'roles/administrator', title: 'Administrator', category: 'roles' },
  { page: 'roles/facilitator', title: 'Facilitator', category: 'roles' },
  { page: 'roles/parent', title: 'Parent', category: 'roles' },
  { page: 'roles/student', title: 'Student', category: 'roles' },
  { page: 'troubleshooting/common-issues', title: 'Common issues', category: 'troubleshooting' },
  { page: 'troubleshooting/getting-help', title: 'Getting help', category: 'troubleshooting' },
  { page: 'accessing-documentation', title: 'Accessing documentation', category: 'general' },
];

export const GUIDE_HOME: GuidePage = { page: 'index', title: 'User guide', category: 'general' };

/** The guide page with this id, or null for an id the guide does not have. */
export function guidePage(page: string | null | undefined): GuidePage | null {
  return GUIDE_PAGES.find((entry) => entry.page === page) ?? null;
}
