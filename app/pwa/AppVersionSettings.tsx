// The settings section "App version" (spec §3 appVersion, §4 "Version check", §8 service-worker
// registration error): which version runs here, whether a newer one is ready, and whether offline
// use is unavailable because the service worker could not be registered.
import { useState } from 'react';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { ACTION_ICONS, Icon, STATUS_ICONS } from '~/ui/icons';
import { reloadIntoNewVersion } from './version-check';

export function AppVersionSettings() {
  const skin = useSettings((s) => s.skin);
  const appVersion = useSettings((s) => s.appVersion);
  const newVersionAvailable = useSettings((s) => s.newVersionAvailable);
  const registrationError = useSettings((s) => s.serviceWorkerRegistrationError);
  const [reloading, setReloading] = useState(false);

  return (
    <section
      className={`mt-6 max-w-2xl p-6 ${skin.card} ${skin.rounded}`}
      aria-labelledby="app-version-heading"
    >
      <h2 id="app-version-heading" className="text-xl font-semibold">
        App version
      </h2>
      <p className="mt-4">
        This device runs version <strong data-testid="app-version">{appVersion}</strong>.
      </p>
      {newVersionAvailable ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="font-medium">A new version is ready.</p>
          <Button
            icon={ACTION_ICONS.sync}
            busy={reloading}
            onClick={() => {
              setReloading(true);
              void reloadIntoNewVersion();
            }}
          >
            Reload
          </Button>
        </div>
      ) : (
        <p className="mt-2 text-muted">No newer version has been found.</p>
      )}
      {registrationError ? (
        <p className={`mt-4 flex items-start gap-2 px-3 py-2 ${skin.warning} ${skin.rounded}`}>
          <Icon icon={STATUS_ICONS.warning} className="mt-0.5 size-5 shrink-0" />
          <span>
            Offline use is unavailable on this device: the service worker could not be registered.
          </span>
        </p>
      ) : null}
    </section>
  );
}
