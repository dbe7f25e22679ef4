// Settings → "Notifications on this device" (issue 31): this device's state in words and the one
// action that fits it. Permission is asked only from the button here (or the card after a first
// message), never at load. On iOS outside the Home Screen it explains the install step instead.
import { useState } from 'react';
import { useSession } from '~/auth/session';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import {
  browserPushEnvironment,
  enablePush,
  pushStatus,
  PUSH_STATUS_TEXT,
  type PushStatus,
} from './device';

export function PushSettings() {
  const skin = useSettings((s) => s.skin);
  const { user } = useSession();
  const [status, setStatus] = useState<PushStatus>(() => pushStatus(browserPushEnvironment()));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const turnOn = async () => {
    if (!user) return;
    setBusy(true);
    setError(null);
    const result = await enablePush(user.uid);
    setBusy(false);
    if (result.ok) setStatus('on');
    else {
      setStatus(result.status);
      if (result.status === 'off') setError(result.message);
    }
  };

  return (
    <section
      className={`mt-6 max-w-2xl p-6 ${skin.card} ${skin.rounded}`}
      aria-labelledby="push-heading"
    >
      <h2 id="push-heading" className="text-xl font-semibold">
        Notifications on this device
      </h2>
      <p className="mt-2" data-testid="push-status" aria-live="polite">
        {PUSH_STATUS_TEXT[status]}
      </p>
      {status === 'ios-install' ? (
        <ol className="mt-3 list-decimal space-y-1 pl-6">
          <li>Open the Learning Centre in Safari.</li>
          <li>Tap the Share button, then “Add to Home Screen”.</li>
          <li>
            Open the app from its Home Screen icon and come back to Settings to turn notifications
            on.
          </li>
        </ol>
      ) : null}
      {status === 'off' ? (
        <>
          <p className="mt-2 text-sm">
            The browser will ask whether this site may show notifications: choose Allow to get
            replies and notices here while the app is closed.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button onClick={() => void turnOn()} disabled={busy || !user}>
              Turn on notifications
            </Button>
          </div>
        </>
      ) : null}
      {error ? (
        <p className="mt-2 text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
