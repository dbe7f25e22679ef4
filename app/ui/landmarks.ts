// The ids of the landmarks the skip links and the focus after a navigation aim at. A plain module,
// so the focus hook (logic) does not import the SkipLinks component.

/** The id of every layout's <main> (focusable with tabIndex={-1}). */
export const MAIN_CONTENT_ID = 'main';
/** The id of the dashboard's area navigation (focusable with tabIndex={-1}). */
export const DASHBOARD_NAVIGATION_ID = 'dashboard-navigation';
