// The dashboard settings store (spec §3 "Dashboard settings", §4 "Notices and loading", "Theme").
// A small external store read through useSyncExternalStore, so any component can select the slice
// it needs without a provider. It owns one timer: the notice auto-hide. Theme persistence happens
// here too, so the stored choice and the applied one cannot drift apart.
import { useSyncExternalStore } from 'react';
import { DEFAULT_APP_VERSION, NOTIFICATION_AUTO_HIDE_MS } from '~/config/constants';
import { SKINS, type Skin } from './skin';
import { nextTheme, parseTheme, persistTheme, toggleDarkTheme, type Theme } from './theme';
import type { DashboardType } from './dashboard-type';

export type NoticeType = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  show: boolean;
  message: string;
  type: NoticeType;
}

export interface DashboardSettings {
  progress: boolean;
  processing: boolean;
  error: string | null;
  notification: Notice;
  /** The last NOTICE_LOG_SIZE notices, oldest first: the toast's "Recent notices" log. */
  recentNotices: readonly Omit<Notice, 'show'>[];
  theme: Theme;
  skin: Skin;
  disableInputs: boolean;
  appVersion: string;
  newVersionAvailable: boolean;
  /** Set when the service worker could not be registered (spec §8); the settings page shows it. */
  serviceWorkerRegistrationError: boolean;
  dashboardType: DashboardType;
}

export function createInitialSettings(theme: Theme = 'default'): DashboardSettings {
  return {
    progress: false,
    processing: false,
    error: null,
    notification: { show: false, message: '', type: 'info' },
    recentNotices: [],
    theme,
    skin: SKINS[theme],
    disableInputs: false,
    appVersion: DEFAULT_APP_VERSION,
    newVersionAvailable: false,
    serviceWorkerRegistrationError: false,
    dashboardType: 'admin',
  };
}

/** isLoading is derived, never stored: true while progress or processing is true. */
/** How many past notices the "Recent notices" log keeps. */
export const NOTICE_LOG_SIZE = 10;

export function isLoading(settings: Pick<DashboardSettings, 'progress' | 'processing'>): boolean {
  return settings.progress || settings.processing;
}

type Listener = () => void;

export function createSettingsStore(initial: DashboardSettings = createInitialSettings()) {
  let state = initial;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<Listener>();

  function set(patch: Partial<DashboardSettings>) {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  }

  function notify(message: string, type: NoticeType = 'info') {
    clearTimeout(hideTimer);
    set({
      notification: { show: true, message, type },
      recentNotices: [...state.recentNotices, { message, type }].slice(-NOTICE_LOG_SIZE),
    });
    hideTimer = setTimeout(hideNotification, NOTIFICATION_AUTO_HIDE_MS);
  }

  function hideNotification() {
    clearTimeout(hideTimer);
    if (state.notification.show) set({ notification: { ...state.notification, show: false } });
  }

  function setTheme(theme: Theme, options: { persist?: boolean } = {}) {
    if (options.persist !== false) persistTheme(theme);
    set({ theme, skin: SKINS[theme] });
  }

  return {
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setProgress: (progress: boolean) => set({ progress }),
    setProcessing: (processing: boolean) => set({ processing }),
    setDisableInputs: (disableInputs: boolean) => set({ disableInputs }),
    /** Setting an error also shows it as an error notice; clearing it leaves notices alone. */
    setError(error: string | null) {
      set({ error });
      if (error) notify(error, 'error');
    },
    notify,
    hideNotification,
    setTheme,
    cycleTheme: () => setTheme(nextTheme(state.theme)),
    toggleDark: () => setTheme(toggleDarkTheme(state.theme)),
    setDashboardType: (dashboardType: DashboardType) => set({ dashboardType }),
    setAppVersion: (appVersion: string) => set({ appVersion }),
    setNewVersionAvailable: (newVersionAvailable: boolean) => set({ newVersionAvailable }),
    setServiceWorkerRegistrationError: (serviceWorkerRegistrationError: boolean) =>
      set({ serviceWorkerRegistrationError }),
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;

/**
 * The app's one settings store. In the browser it starts from the theme the inline boot script has
 * already applied, so even a page that renders before start-up code ran (an error page) agrees with
 * what is on screen.
 */
export const settingsStore = createSettingsStore(
  createInitialSettings(
    (typeof document !== 'undefined' && parseTheme(document.documentElement.dataset.theme)) ||
      'default',
  ),
);

export function useSettings<T>(selector: (settings: DashboardSettings) => T): T {
  return useSyncExternalStore(
    settingsStore.subscribe,
    () => selector(settingsStore.getState()),
    () => selector(settingsStore.getState()),
  );
}
