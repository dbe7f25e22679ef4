// The quiet "A new version is ready — Reload" notice (spec §4). It never blocks the page: a small
// card at the bottom left (above the mobile action bar on phones) that can be put away; the
// settings page keeps offering the reload. The live region is always in the document, so screen
// readers announce the notice when it appears.
import { useState } from 'react';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { ACTION_ICONS, Icon } from '~/ui/icons';
import { reloadIntoNewVersion } from './version-check';

export function UpdateNotice() {
  const available = useSettings((s) => s.newVersionAvailable);
  const skin = useSettings((s) => s.skin);
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);
  const visible = available && !dismissed;

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-3 bottom-[calc(var(--action-bar-height,4rem)_+_1rem)] z-40 flex justify-start sm:inset-x-auto sm:bottom-6 sm:left-6"
    >
      {visible ? (
        <div
          className={`pointer-events-auto flex w-full items-center gap-3 py-2 pr-2 pl-4 shadow-lg sm:w-auto sm:max-w-md ${skin.card} ${skin.rounded}`}
        >
          <Icon icon={ACTION_ICONS.sync} className="size-5 shrink-0" />
          <p className="flex-1 font-medium">A new version is ready</p>
          <Button
            size="sm"
            busy={reloading}
            onClick={() => {
              setReloading(true);
              void reloadIntoNewVersion();
            }}
          >
            Reload
          </Button>
          <button
            type="button"
            className={`inline-flex min-h-9 min-w-9 items-center justify-center ${skin.rounded} hover:bg-hover`}
            aria-label="Not now"
            onClick={() => setDismissed(true)}
          >
            <Icon icon={ACTION_ICONS.close} className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
