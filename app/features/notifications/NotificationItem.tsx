// One notification in the panel or on the page (spec §4 "Notification item"): its description, its
// action, its date, and whether it is new, said in words ("New"), not by colour alone. Opening it
// marks it read and goes to its page; one with no page in the app is only marked read.
import { Link } from '@remix-run/react';
import { usePersonZone } from '~/auth/person-zone-context';
import { now as clockNow } from '~/domain/clock';
import { settingsStore, useSettings } from '~/settings/store';
import { Badge } from '~/ui/Badge';
import { AREA_ICONS, Icon, type LucideIcon } from '~/ui/icons';
import { actionLabel, formatFullDate, formatNotificationDate } from './format';
import { noticeAction } from './notice-action';
import type { Notification, NotificationFeed } from './feed';

export const MARK_READ_FAILED = 'Could not mark the notification as read. Please try again.';

const ACTION_ICONS: Record<string, LucideIcon> = {
  message: AREA_ICONS.messages,
  event: AREA_ICONS.calendar,
  attendance: AREA_ICONS.attendance,
  inquiry: AREA_ICONS.parentInquiries,
  resource: AREA_ICONS.resources,
  student: AREA_ICONS.students,
  family: AREA_ICONS.families,
  facilitator: AREA_ICONS.facilitators,
};

/** Marks a notification read through the feed (queued, so offline too); a failure is shown. */
export function markOpened(feed: NotificationFeed, id: string): void {
  void feed.markRead(id).then((stored) => {
    if (!stored) settingsStore.notify(MARK_READ_FAILED, 'error');
  });
}

export function NotificationItem({
  notification,
  feed,
  now,
  onOpen,
}: {
  notification: Notification;
  feed: NotificationFeed;
  /** The time dates are relative to (one per list, so every row agrees). */
  now: Date;
  /** Called after opening (the panel closes itself). */
  onOpen?: () => void;
}) {
  const skin = useSettings((s) => s.skin);
  const timeZone = usePersonZone();
  const href = noticeAction(notification)?.href ?? null;
  const { id, isNew } = notification;
  const open = () => {
    if (isNew) markOpened(feed, id);
    onOpen?.();
  };
  const className = `flex w-full items-start gap-3 px-3 py-3 text-left hover:bg-hover focus-visible:outline-2 focus-visible:outline-offset-[-2px] ${skin.rounded}`;
  const body = (
    <>
      <Icon
        icon={ACTION_ICONS[notification.action] ?? AREA_ICONS.notifications}
        className="mt-0.5 size-5 shrink-0 text-muted"
      />
      <span className="min-w-0 flex-1">
        <span className={`block wrap-anywhere ${isNew ? 'font-semibold' : ''}`}>
          {notification.description || 'Notification'}
        </span>
        <span className="mt-0.5 block text-sm text-muted">
          {actionLabel(notification.action)} ·{' '}
          <time dateTime={notification.date} title={formatFullDate(notification.date, timeZone)}>
            {formatNotificationDate(notification.date, now, timeZone)}
          </time>
        </span>
      </span>
      {isNew ? (
        <Badge tone="info" className="shrink-0">
          New
        </Badge>
      ) : (
        <span className="sr-only">, read</span>
      )}
    </>
  );

  return (
    <li data-notification-id={id}>
      {href ? (
        <Link to={href} className={className} onClick={open}>
          {body}
        </Link>
      ) : isNew ? (
        <button type="button" className={className} onClick={open}>
          {body}
          <span className="sr-only">: mark as read</span>
        </button>
      ) : (
        <div className={className}>{body}</div>
      )}
    </li>
  );
}

/** A list of notifications, newest first, separated by rules. */
export function NotificationList({
  items,
  feed,
  label,
  onOpen,
}: {
  items: readonly Notification[];
  feed: NotificationFeed;
  label: string;
  onOpen?: () => void;
}) {
  const now = clockNow();
  return (
    <ul aria-label={label} className="divide-y divide-border">
      {items.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          feed={feed}
          now={now}
          onOpen={onOpen}
        />
      ))}
    </ul>
  );
}
