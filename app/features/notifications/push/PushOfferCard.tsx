// "Get replies on this device" (issue 31): the moment that explains why the app asks to show
// notifications. It appears on the messages pages right after the person sends a message, while
// this device could take pushes but has not, until they turn it on or choose "Not now"
// (remembered on this device). The browser's permission prompt opens only from
// its button. Settings → "Notifications on this device" stays the other way in.
import { useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { store } from '~/data/store';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import {
  browserPushEnvironment,
  enablePush,
  pushStatus,
  PUSH_CARD_DISMISSED_KEY,
  type PushStatus,
} from './device';

/** Whether the card is for this moment: a sender, on a device that could take pushes, not dismissed. */
export function shouldOfferPush(input: {
  pathname: string;
  status: PushStatus;
  dismissed: boolean;
  hasSentMessage: boolean;
}): boolean {
  return (
    input.pathname.startsWith('/dash/messages') &&
    input.status === 'off' &&
    !input.dismissed &&
    input.hasSentMessage
  );
}

function readDismissed(): boolean {
  try {
    return localStorage.getItem(PUSH_CARD_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * True once `memberUUID` sends a message while this page is open: the cache holds more messages
 * from them than it did when the page opened (history alone does not count; marking a message
 * read changes no sender). Re-read whenever cached messages change.
 */
function useSentMessageHere(memberUUID: string | null, active: boolean): boolean {
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (!memberUUID || !active || sent) return;
    let cancelled = false;
    let baseline: number | null = null;
    let running = Promise.resolve();
    // A local write that adds a message from them is a send; anything else (the first read, a
    // sync or another tab bringing history) only moves the baseline.
    const check = (local: boolean) => {
      running = running.then(async () => {
        const messages = await store.list('messages').catch(() => null);
        if (cancelled || !messages) return;
        const own = messages.filter((m) => m.senderId === memberUUID).length;
        if (local && baseline !== null && own > baseline) setSent(true);
        else baseline = own;
      });
    };
    check(false);
    const unsubscribe = store.subscribe((event) => {
      if (event.collections.includes('messages')) check(event.source === 'local');
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [memberUUID, active, sent]);
  return sent;
}

export function PushOfferCard({ uid, memberUUID }: { uid: string; memberUUID: string | null }) {
  const skin = useSettings((s) => s.skin);
  const { pathname } = useLocation();
  const onMessages = pathname.startsWith('/dash/messages');
  const [status, setStatus] = useState<PushStatus>('unsupported');
  const [dismissed, setDismissed] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [turnedOn, setTurnedOn] = useState(false);
  // After hydration: the browser's state is read on the client only.
  useEffect(() => {
    setStatus(pushStatus(browserPushEnvironment()));
    setDismissed(readDismissed());
  }, [pathname]);
  const hasSentMessage = useSentMessageHere(memberUUID, onMessages && status === 'off');
  const offered = shouldOfferPush({ pathname, status, dismissed, hasSentMessage });
  if (!offered && !error && !turnedOn) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(PUSH_CARD_DISMISSED_KEY, '1');
    } catch {
      // Private mode: the card stays away for this page's life.
    }
    setDismissed(true);
    setError(null);
    setTurnedOn(false);
  };

  const turnOn = async () => {
    setBusy(true);
    setError(null);
    const result = await enablePush(uid);
    setBusy(false);
    setStatus(result.ok ? 'on' : result.status);
    if (result.ok) setTurnedOn(true);
    else if (result.status === 'off') setError(result.message);
  };

  return (
    <aside
      aria-labelledby="push-offer-heading"
      className={`fixed inset-x-3 bottom-3 z-30 grid gap-2 p-4 shadow-lg max-sm:[body:has([role=toolbar].fixed)_&]:bottom-[calc(var(--action-bar-height,4rem)_+_1rem)] sm:inset-x-auto sm:right-6 sm:bottom-6 sm:max-w-md ${skin.card} ${skin.rounded}`}
    >
      <h2 id="push-offer-heading" className="font-semibold">
        Get replies on this device
      </h2>
      {turnedOn ? null : (
        <p className="text-sm">
          Turn on notifications to hear of a reply while the app is closed. The browser will ask
          whether this site may show notifications: choose Allow. You can change this at any time in
          Settings.
        </p>
      )}
      {error ? (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
      <p className="text-sm font-medium" role="status">
        {turnedOn ? 'Notifications are on for this device.' : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        {turnedOn ? (
          <Button size="sm" variant="secondary" onClick={dismiss}>
            Close
          </Button>
        ) : (
          <>
            <Button size="sm" onClick={() => void turnOn()} disabled={busy}>
              Turn on notifications
            </Button>
            <Button size="sm" variant="secondary" onClick={dismiss}>
              Not now
            </Button>
          </>
        )}
      </div>
    </aside>
  );
}
