// The install banner and the one instructions modal, mounted once by the root's PwaLayer.
//
// The banner is quiet: a small card at the bottom of dashboard pages, only while the browser offers
// install and the person has not dismissed it. Never on the login page, where it could become the
// largest paint. On phones it sits above the mobile action bar when the page has one (the bar is
// fixed to the bottom below the sm breakpoint), so it never hides a form's Save button.
//
// The instructions modal lives here rather than in the settings section, because both the banner
// and the settings page open it: one modal, wherever it is asked for.
import { useLocation } from '@remix-run/react';
import { useEffect } from 'react';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { ACTION_ICONS, BRAND_ICON, Icon } from '~/ui/icons';
import { installStore, useInstall } from './install';
import { InstallInstructions } from './InstallInstructions';
import { followThemeColor } from './theme-color';

export function InstallBanner() {
  const { enabled, state, bannerDismissed } = useInstall();
  const skin = useSettings((s) => s.skin);
  const { pathname } = useLocation();
  // After hydration: the prerendered <meta name="theme-color"> must match on the first render.
  useEffect(() => followThemeColor(), []);
  if (!enabled) return null;
  const showBanner = state === 'can-install' && !bannerDismissed && pathname.startsWith('/dash/');

  return (
    <>
      {showBanner ? (
        <aside
          aria-label="Install the app"
          className={`fixed inset-x-3 bottom-3 z-30 flex items-center gap-3 p-3 shadow-lg max-sm:[body:has([role=toolbar].fixed)_&]:bottom-[calc(var(--action-bar-height,4rem)_+_1rem)] sm:inset-x-auto sm:right-6 sm:bottom-6 sm:max-w-md ${skin.card} ${skin.rounded}`}
        >
          <Icon icon={BRAND_ICON} className="hidden size-6 text-primary sm:block" />
          <p className="min-w-0 flex-1 text-sm">
            Install the Learning Centre app for quick access and offline use.
          </p>
          <Button size="sm" onClick={() => void installStore.promptInstall()}>
            Install
          </Button>
          <button
            type="button"
            className={`-m-1 inline-flex min-h-9 min-w-9 items-center justify-center text-fg hover:bg-hover ${skin.rounded}`}
            aria-label="Dismiss the install banner"
            onClick={() => installStore.dismissBanner()}
          >
            <Icon icon={ACTION_ICONS.close} className="size-4" />
          </button>
        </aside>
      ) : null}
      <InstallInstructions />
    </>
  );
}
