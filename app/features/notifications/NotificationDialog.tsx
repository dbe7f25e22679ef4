// `?notification=<id>` on any page (spec §2): root.tsx removes the parameter from the URL and hands
// the id to the opener this component registers; the dialog shows that notification and marks it
// read. It waits for the live feed's first answer before it decides: an id that is not the
// person's, or does not exist, reads "Notification not found" either way, so nothing leaks.
import { useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { usePersonZone } from '~/auth/person-zone-context';
import { setNotificationOpener } from '~/settings/notification-param';
import { Modal, type ModalAction } from '~/ui/Modal';
import { actionLabel, formatFullDate } from './format';
import { noticeAction } from './notice-action';
import { notificationFeed } from './notification-feed';
import { markOpened } from './NotificationItem';
import type { Notification, NotificationFeed } from './feed';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

type View =
  | { kind: 'loading' }
  | { kind: 'found'; notification: Notification }
  | { kind: 'notFound' }
  | { kind: 'unavailable' };

function titleOf(view: View): string {
  switch (view.kind) {
    case 'loading':
      return 'Notification';
    case 'found':
      return `${actionLabel(view.notification.action)} notification`;
    case 'notFound':
      return NOTIFICATION_NOT_FOUND;
    case 'unavailable':
      return 'Notification unavailable';
  }
}

export function NotificationDialog({ feed = notificationFeed }: { feed?: NotificationFeed }) {
  const [view, setView] = useState<View | null>(null);
  const navigate = useNavigate();
  const timeZone = usePersonZone();

  // Registering the opener is a subscription, not a fetch: the ids come from the URL, later.
  useEffect(() => {
    let latest = 0;
    setNotificationOpener((id) => {
      const mine = ++latest;
      setView({ kind: 'loading' });
      void feed.resolve(id).then((resolved) => {
        if (mine !== latest) return;
        setView(resolved);
        if (resolved.kind === 'found' && resolved.notification.isNew) markOpened(feed, id);
      });
    });
    return () => setNotificationOpener(null);
  }, [feed]);

  const close = () => setView(null);
  // "Go to its page", or what the notice asks for ("Report a reason" on an absence alert).
  const action = view?.kind === 'found' ? noticeAction(view.notification) : null;
  const actions: ModalAction[] = [
    ...(action
      ? [
          {
            label: action.label,
            onClick: () => {
              close();
              navigate(action.href);
            },
          },
        ]
      : []),
    { label: 'Close', onClick: close, variant: action ? 'secondary' : 'primary' },
  ];

  return (
    <Modal
      open={view !== null}
      title={view ? titleOf(view) : 'Notification'}
      onClose={close}
      actions={actions}
    >
      {view?.kind === 'loading' ? <p aria-live="polite">Loading…</p> : null}
      {view?.kind === 'found' ? (
        <div className="grid gap-3">
          <p className="wrap-anywhere text-lg">{view.notification.description || 'Notification'}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Type</dt>
            <dd>{actionLabel(view.notification.action)}</dd>
            <dt className="text-muted">Date</dt>
            <dd>
              <time dateTime={view.notification.date}>
                {formatFullDate(view.notification.date, timeZone)}
              </time>
            </dd>
          </dl>
        </div>
      ) : null}
      {view?.kind === 'notFound' ? (
        <p>This notification does not exist, or it is not one of yours.</p>
      ) : null}
      {view?.kind === 'unavailable' ? (
        <p>
          This notification cannot be loaded while you are offline. Open the link again once you are
          back online.
        </p>
      ) : null}
    </Modal>
  );
}
