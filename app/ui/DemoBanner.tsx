// The demo-mode banner (issue: backend §1): small, dismissible, the one place to reset the
// invented data, and the way to the demo mailbox (issue 31: what the demo would have sent).
import { useState } from 'react';
import { STORAGE_KEYS } from '~/config/constants';
import { getDemoControl } from '~/config/demo-control';
import { getRuntimeConfig } from '~/config/env';
import { settingsStore, useSettings } from '~/settings/store';
import { Button, ButtonLink } from './Button';
import { CLOSE_ICON, DEMO_ICON, Icon, RETRY_ICON } from './icon';

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEYS.demoBannerDismissed) === '1';
  } catch {
    return false;
  }
}

export function DemoBanner() {
  const skin = useSettings((s) => s.skin);
  const [dismissed, setDismissed] = useState(readDismissed);
  const [resetting, setResetting] = useState(false);
  if (getRuntimeConfig().mode !== 'demo' || dismissed) return null;

  async function reset() {
    const control = getDemoControl();
    if (!control) return;
    setResetting(true);
    try {
      await control.reset();
      settingsStore.notify('Demo data was reset. Reloading…', 'success');
      window.location.reload();
    } catch {
      settingsStore.setError('Could not reset the demo data');
      setResetting(false);
    }
  }

  return (
    <aside
      aria-label="Demo mode"
      className={`${skin.info} flex flex-wrap items-center gap-x-3 gap-y-1 border-x-0 border-t-0 px-4 py-1.5 text-sm`}
    >
      <p className="flex min-w-0 flex-1 basis-64 items-center gap-2">
        <Icon icon={DEMO_ICON} className="size-4" />
        {/* One short line on a phone: the banner must stay small, never the page's largest
            contentful paint (issue 11, part 5). The details are there for screen readers. */}
        <span>
          <strong>Demo mode.</strong>{' '}
          <span className="sr-only sm:not-sr-only">
            No Firebase project is configured: the data is invented and{' '}
            {getRuntimeConfig().emulators
              ? 'shared by every browser that uses this demo server.'
              : 'stays in this browser.'}
          </span>
          <span className="sm:hidden" aria-hidden="true">
            Invented data.
          </span>
        </span>
      </p>
      <div className="flex flex-wrap gap-1">
        <ButtonLink variant="ghost" size="sm" to="/dash/demo-mailbox">
          Demo mailbox
        </ButtonLink>
        <Button
          variant="ghost"
          size="sm"
          icon={RETRY_ICON}
          onClick={reset}
          busy={resetting}
          busyLabel="Resetting…"
        >
          Reset demo data
        </Button>
        <Button
          variant="ghost"
          size="sm"
          icon={CLOSE_ICON}
          onClick={() => {
            try {
              sessionStorage.setItem(STORAGE_KEYS.demoBannerDismissed, '1');
            } catch {
              // Dismissal then only lasts until the next reload.
            }
            setDismissed(true);
          }}
        >
          Dismiss<span className="sr-only"> the demo mode notice</span>
        </Button>
      </div>
    </aside>
  );
}
