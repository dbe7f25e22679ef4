// The settings section "Install the app": the install state in words and the one action that fits
// it. Nothing with the PWA flag off, since the app cannot be installed then.
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { installStore, useInstall, type InstallState } from './install';

const STATE_TEXT: Record<InstallState, string> = {
  installed: 'The Learning Centre is installed on this device.',
  'can-install':
    'Not installed yet. This browser can install the Learning Centre as an app: it opens in its own window from your home screen or app list, and works offline.',
  'not-installed':
    'Not installed. This browser does not offer to install it directly; the instructions show how to add it to your home screen or app list.',
};

export function InstallSettings() {
  const { enabled, state } = useInstall();
  const skin = useSettings((s) => s.skin);
  if (!enabled) return null;

  return (
    <section
      className={`mt-6 max-w-2xl p-6 ${skin.card} ${skin.rounded}`}
      aria-labelledby="install-heading"
    >
      <h2 id="install-heading" className="text-xl font-semibold">
        Install the app
      </h2>
      <p className="mt-2" data-testid="install-state">
        {STATE_TEXT[state]}
      </p>
      {state === 'installed' ? null : (
        <div className="mt-4 flex flex-wrap gap-3">
          {state === 'can-install' ? (
            <Button onClick={() => void installStore.promptInstall()}>Install</Button>
          ) : null}
          <Button
            variant={state === 'can-install' ? 'secondary' : 'primary'}
            onClick={() => installStore.openInstructions()}
          >
            How to install
          </Button>
        </div>
      )}
    </section>
  );
}
