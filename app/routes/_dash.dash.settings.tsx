import { PushSettings } from '~/features/notifications/push/PushSettings';
import { AppVersionSettings } from '~/pwa/AppVersionSettings';
import { InstallSettings } from '~/pwa/InstallSettings';
import { settingsStore, useSettings } from '~/settings/store';
import { nextTheme, THEME_LABELS, THEMES, type Theme } from '~/settings/theme';
import { Button } from '~/ui/Button';
import { PageHeading } from '~/ui/PageHeading';
import { handleMeta, type RouteHandle } from '~/ui/route-handle';
import type { MetaFunction } from '@remix-run/react';

export const handle = {
  title: 'Settings',
  description: 'Choose the dashboard theme, install the app and see its version.',
  area: 'settings',
  nav: { label: 'Settings', order: 150 },
  guide: 'features/theme-settings',
} satisfies RouteHandle;

export const meta: MetaFunction = handleMeta;

const THEME_DESCRIPTIONS: Record<Theme, string> = {
  default: 'Light backgrounds with blue accents.',
  dark: 'Dark backgrounds that are easier on the eyes at night.',
  accessible: 'High contrast, bold focus outlines and underlined links (WCAG AAA).',
};

export default function Settings() {
  const theme = useSettings((s) => s.theme);
  const skin = useSettings((s) => s.skin);
  return (
    <>
      <PageHeading title={handle.title} lead={handle.description} />
      <section
        className={`max-w-2xl p-6 ${skin.card} ${skin.rounded}`}
        aria-labelledby="theme-heading"
      >
        <h2 id="theme-heading" className="text-xl font-semibold">
          Theme
        </h2>
        <fieldset className="mt-4">
          <legend className="text-muted">Choose how the dashboard looks on this device.</legend>
          <div className="mt-3 grid gap-3">
            {THEMES.map((value) => (
              <label
                key={value}
                className={`flex cursor-pointer items-start gap-3 p-3 ${skin.rounded} border ${
                  theme === value ? 'border-primary bg-selected text-on-selected' : 'border-border'
                }`}
              >
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  checked={theme === value}
                  onChange={() => settingsStore.setTheme(value)}
                  className="mt-1 size-5 accent-[var(--lc-primary)]"
                />
                <span>
                  <span className="block font-semibold">{THEME_LABELS[value]}</span>
                  <span className="block text-sm">{THEME_DESCRIPTIONS[value]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => settingsStore.cycleTheme()}>
            Next theme ({THEME_LABELS[nextTheme(theme)]})
          </Button>
        </div>
      </section>
      <PushSettings />
      <InstallSettings />
      <AppVersionSettings />
    </>
  );
}
