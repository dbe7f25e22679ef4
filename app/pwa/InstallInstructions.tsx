// The instructions modal (spec §4 "Installable app"): how to add the app by hand where the browser
// offers no install dialog, or after the dialog was declined or failed. The three platforms are all
// listed, because a person may be reading on one device to install on another; the one that
// matches this browser comes first and is marked. Its open state lives in the install store.
import { useState } from 'react';
import { useSettings } from '~/settings/store';
import { Badge } from '~/ui/Badge';
import { Modal } from '~/ui/Modal';
import { currentPlatform, installStore, useInstall, type Platform } from './install';

const PLATFORMS: { platform: Platform; title: string; steps: string[] }[] = [
  {
    platform: 'ios',
    title: 'iPhone and iPad (Safari)',
    steps: [
      'In Safari, tap Share (the square with an arrow pointing up).',
      'Choose "Add to Home Screen", then tap Add.',
    ],
  },
  {
    platform: 'android',
    title: 'Android (Chrome)',
    steps: [
      'In Chrome, tap the menu (the three dots at the top right).',
      'Choose "Install app" or "Add to Home screen", then confirm.',
    ],
  },
  {
    platform: 'desktop',
    title: 'Computer (Chrome or Edge)',
    steps: [
      'Click the install icon at the right end of the address bar, or open the browser menu and choose "Install Learning Centre".',
      'Confirm with Install.',
    ],
  },
];

export function InstallInstructions() {
  const { enabled, instructionsOpen, instructionsDismissed } = useInstall();
  const skin = useSettings((s) => s.skin);
  // Read once: the browser does not change while the page is open.
  const [platform] = useState(currentPlatform);
  if (!enabled) return null;
  const ordered = [...PLATFORMS].sort(
    (a, b) => Number(b.platform === platform) - Number(a.platform === platform),
  );

  return (
    <Modal
      open={instructionsOpen}
      title="How to install the Learning Centre"
      onClose={() => installStore.closeInstructions()}
      actions={[{ label: 'Close', onClick: () => installStore.closeInstructions() }]}
    >
      <p>
        Installed, the Learning Centre opens in its own window from your home screen or app list,
        and works offline.
      </p>
      <div className="mt-4 grid gap-3">
        {ordered.map(({ platform: value, title, steps }) => {
          const current = value === platform;
          return (
            <div
              key={value}
              className={`p-3 ${skin.rounded} border ${current ? 'border-primary bg-selected text-on-selected' : 'border-border'}`}
            >
              <h3 className="flex flex-wrap items-center gap-2 font-semibold">
                {title}
                {current ? (
                  <Badge tone="info" icon={null}>
                    This device
                  </Badge>
                ) : null}
              </h3>
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
                {steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </div>
          );
        })}
      </div>
      <label className="mt-4 flex cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className="size-5 accent-[var(--lc-primary)]"
          checked={instructionsDismissed}
          onChange={(event) => installStore.setInstructionsDismissed(event.target.checked)}
        />
        <span>Don&apos;t show this again</span>
      </label>
      <p className="mt-1 pl-8 text-sm text-muted">Settings can still show them when you ask.</p>
    </Modal>
  );
}
