// The browser's colour for the app (the address bar on a phone, the title bar of the installed
// app) follows the dashboard theme, so it continues the header instead of clashing with it. The
// manifest can hold only one theme_color (the navy of the icons, used for the splash screen); the
// `<meta name="theme-color">` that root.tsx renders is the one that changes with the theme.
import { settingsStore } from '~/settings/store';
import type { Theme } from '~/settings/theme';

/** Each theme's header background (`--lc-header` in app/tailwind.css; a unit test keeps them equal). */
export const THEME_COLORS: Record<Theme, string> = {
  default: '#1e3a8a',
  dark: '#111a2e',
  accessible: '#000000',
};

export function applyThemeColor(theme: Theme, doc: Document = document): void {
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'theme-color';
    doc.head.append(meta);
  }
  if (meta.content !== THEME_COLORS[theme]) meta.content = THEME_COLORS[theme];
}

/** Applies the current theme's colour now and after every theme change. Returns a clean-up. */
export function followThemeColor(): () => void {
  let applied: Theme | null = null;
  const update = () => {
    const { theme } = settingsStore.getState();
    if (theme === applied) return;
    applied = theme;
    applyThemeColor(theme);
  };
  update();
  const unsubscribe = settingsStore.subscribe(update);
  return () => {
    unsubscribe();
  };
}
