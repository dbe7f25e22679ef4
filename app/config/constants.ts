// Every business constant of spec §9 lives here, with the spec's values. Change a value here and
// nowhere else; each one says what it governs.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a notice (toast) stays before hiding itself. */
export const NOTIFICATION_AUTO_HIDE_MS = 5000;
/** Lifetime of the theme cookie, in seconds (one year). */
export const THEME_COOKIE_MAX_AGE_S = 31536000;
/** SameSite attribute of the theme cookie. */
export const THEME_COOKIE_SAME_SITE = 'Lax';
/** Window within which a chunk-load error may reload the same path only once. */
export const CHUNK_RELOAD_GUARD_MS = 10000;
/** Delay after idle before the build manifest is prefetched. */
export const MANIFEST_PREFETCH_DELAY_MS = 1000;
/** The app version assumed when nothing else is known. */
export const DEFAULT_APP_VERSION = '1.0.7';
/** Version of a collection when the remote version document names none. */
export const DEFAULT_COLLECTION_VERSION = '1.0.0';
/** App version of each of the five dashboard types. */
export const DASHBOARD_APP_VERSION = '1.0.0';
/** How long a read of system/collectionVersions is reused before reading it again. */
export const VERSION_DOCUMENT_CACHE_MS = 60000;
/** Time-out of the active HEAD /connectivity-check probe. */
export const CONNECTIVITY_CHECK_TIMEOUT_MS = 5000;
/** Interval of the background sync while online. */
export const BACKGROUND_SYNC_INTERVAL_MS = 5 * MINUTE;
/** Most operations one batch write may hold. */
export const BATCH_MAX_OPERATIONS = 500;

/**
 * Shown once when the cache found saved records or queued changes damaged, dropped them and
 * fetched the data again (issue 10; app/features/sync/damage-notice.ts).
 */
export const DAMAGED_DATA_MESSAGE = 'Some saved data was damaged and has been reloaded';
/** Number of items a list returns when no limit is given. */
export const LIST_DEFAULT_LIMIT = 10;
/** Above this many new notifications the badge shows "9+". */
export const NOTIFICATION_BADGE_MAX = 9;
/** How long the Google Identity prompt may take before falling back to standard sign-in. */
export const GOOGLE_PROMPT_TIMEOUT_MS = 30 * SECOND;
/** Stored Google redirect state older than this is discarded. */
export const REDIRECT_STATE_EXPIRY_MS = 5 * MINUTE;
/** How many times the Google redirect result is checked. */
export const REDIRECT_RESULT_RETRIES = 3;
/** Pause between two checks of the Google redirect result. */
export const REDIRECT_RESULT_RETRY_DELAY_MS = 2 * SECOND;
/** The redirect result is only checked while the redirect is younger than this. */
export const REDIRECT_RESULT_MAX_AGE_MS = 10 * SECOND;
/** The loading bar appears only for navigations longer than this. */
export const LOADING_BAR_THROTTLE_MS = 200;
/** How long the loading bar takes to run across. */
export const LOADING_BAR_DURATION_MS = 2 * SECOND;
/** How long the dark-blue start placeholder covers the screen while the skin loads. */
export const START_PLACEHOLDER_MS = 600;
/** Delay after which the handlingMismatch flag is cleared. */
export const MISMATCH_FLAG_CLEAR_MS = 500;

/** The collections kept in the local cache (spec §3). */
export const CACHED_COLLECTIONS = [
  'students',
  'families',
  'facilitators',
  'subjects',
  'classrooms',
  'campuses',
  'members',
] as const;
export type CachedCollectionName = (typeof CACHED_COLLECTIONS)[number];

export interface CollectionSyncConfig {
  /** How often the collection is refreshed from the backend. */
  syncFrequencyMs: number;
  /** How long cached items are trusted before they must be fetched again. */
  cacheDurationMs: number;
  /** Priority collections sync first. */
  prioritySync: boolean;
  /** Caching the collection requires a signed-in user. */
  requiresAuth: boolean;
  /** The collection's schema version. */
  version: string;
}

/** Per-collection sync and cache parameters (spec §9 table). */
export const COLLECTION_SYNC_CONFIG: Record<CachedCollectionName, CollectionSyncConfig> = {
  students: {
    syncFrequencyMs: 6 * HOUR,
    cacheDurationMs: 7 * DAY,
    prioritySync: true,
    requiresAuth: true,
    version: DEFAULT_COLLECTION_VERSION,
  },
  families: {
    syncFrequencyMs: 12 * HOUR,
    cacheDurationMs: 7 * DAY,
    prioritySync: true,
    requiresAuth: true,
    version: DEFAULT_COLLECTION_VERSION,
  },
  facilitators: {
    syncFrequencyMs: 24 * HOUR,
    cacheDurationMs: 14 * DAY,
    prioritySync: false,
    requiresAuth: true,
    version: DEFAULT_COLLECTION_VERSION,
  },
  subjects: {
    syncFrequencyMs: 48 * HOUR,
    cacheDurationMs: 30 * DAY,
    prioritySync: false,
    requiresAuth: true,
    version: DEFAULT_COLLECTION_VERSION,
  },
  classrooms: {
    syncFrequencyMs: 24 * HOUR,
    cacheDurationMs: 14 * DAY,
    prioritySync: false,
    requiresAuth: true,
    version: DEFAULT_COLLECTION_VERSION,
  },
  campuses: {
    syncFrequencyMs: 48 * HOUR,
    cacheDurationMs: 30 * DAY,
    prioritySync: false,
    requiresAuth: true,
    version: DEFAULT_COLLECTION_VERSION,
  },
  members: {
    syncFrequencyMs: 48 * HOUR,
    cacheDurationMs: 30 * DAY,
    prioritySync: false,
    requiresAuth: true,
    version: DEFAULT_COLLECTION_VERSION,
  },
};

/** Firebase Functions region. */
export const FUNCTIONS_REGION = 'asia-south1';
/** Name of the local browser database. */
export const LOCAL_DB_NAME = 'LearningCenterDB';
/** Version of the local browser database layout (spec §3). */
export const LOCAL_DB_VERSION = 1;

/**
 * localStorage: a person's recent global searches, one key per user, `lc.recentSearches.<uid>`
 * (issue 15; app/features/search/recent-searches.ts). Sign-out removes every key with this prefix.
 */
export const RECENT_SEARCHES_KEY_PREFIX = 'lc.recentSearches.';

/** localStorage keys (spec §3). Do not rename without a migration. */
export const STORAGE_KEYS = {
  theme: 'theme',
  lastPage: 'lastPage',
  appVersion: 'appVersion',
  dashboardType: 'dashboardType',
  defaultRememberMe: 'defaultRememberMe',
  pwaDismissed: 'pwa-dismissed',
  pwaInstructionsDismissed: 'pwa-instructions-dismissed',
  pwaPreviouslyEnabled: 'pwa-previously-enabled',
  handlingMismatch: 'handlingMismatch',
  redirectExpectedEmail: 'auth-redirect-expected-email',
  redirectPending: 'auth-redirect-pending',
  redirectRememberMe: 'auth-redirect-remember-me',
  redirectTimestamp: 'auth-redirect-timestamp',
  redirectInitiated: 'auth-redirect-initiated',
  demoBannerDismissed: 'demo-banner-dismissed',
} as const;
