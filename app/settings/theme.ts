// Theme choice (spec §4 "Theme", §5): validation, the cycle, the initial choice, and persistence in
// localStorage and a cookie. The inline script in root.tsx repeats the initial-choice rule before
// first paint so the page never flashes the wrong theme; keep the two in step.
import { STORAGE_KEYS, THEME_COOKIE_MAX_AGE_S, THEME_COOKIE_SAME_SITE } from '~/config/constants';

export const THEMES = ['default', 'dark', 'accessible'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_LABELS: Record<Theme, string> = {
  default: 'Default',
  dark: 'Dark',
  accessible: 'Accessible (high contrast)',
};

/** Only the three known theme names are accepted; anything else is ignored (null). */
export function parseTheme(value: unknown): Theme | null {
  return THEMES.find((theme) => theme === value) ?? null;
}

/** default → dark → accessible → default. */
export function nextTheme(theme: Theme): Theme {
  const index = THEMES.indexOf(theme);
  return THEMES[(index + 1) % THEMES.length] ?? 'default';
}

/** The dark toggle switches between dark and default (from accessible it goes to dark). */
export function toggleDarkTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'default' : 'dark';
}

/** The stored choice wins; without one, the system preference decides between dark and default. */
export function initialTheme(stored: unknown, prefersDark: boolean): Theme {
  return parseTheme(stored) ?? (prefersDark ? 'dark' : 'default');
}

export function readStoredTheme(): Theme | null {
  try {
    return parseTheme(window.localStorage.getItem(STORAGE_KEYS.theme));
  } catch {
    return null;
  }
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

export function themeCookie(theme: Theme): string {
  return `${STORAGE_KEYS.theme}=${theme}; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE_S}; SameSite=${THEME_COOKIE_SAME_SITE}`;
}

/** Stores the choice (localStorage + cookie) and applies it to the document. */
export function persistTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // Storage can be unavailable (private mode, quota); the cookie still carries the choice.
  }
  document.cookie = themeCookie(theme);
  applyTheme(theme);
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme === 'default' ? 'light' : 'dark';
}

/**
 * The same rule as initialTheme, as a string for an inline <script> in the document head: it runs
 * before the first paint, when no module code has loaded yet.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem(${JSON.stringify(
  STORAGE_KEYS.theme,
)});if(${JSON.stringify(THEMES)}.indexOf(t)<0){t=window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':'default'}document.documentElement.dataset.theme=t;document.documentElement.style.colorScheme=t==='default'?'light':'dark'}catch(e){document.documentElement.dataset.theme='default'}})();`;
