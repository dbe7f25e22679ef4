// The header's notifications bell (spec §9): a button named "Notifications, N new" whose badge shows
// the count (9+ above 9). It opens a panel with the latest ten and a link to the full page. The
// panel is a react-aria popover dialog, like the sync status: it stays inside a phone's viewport,
// closes on Escape or a click outside, and hands focus back to the bell.
import { Link } from '@remix-run/react';
import { useState } from 'react';
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Heading,
  Popover,
} from 'react-aria-components';
import { formatBadgeCount, NOTIFICATION_PANEL_SIZE } from '~/domain/messages';
import { useSettings } from '~/settings/store';
import { AREA_ICONS, Icon } from '~/ui/icons';
import { notificationFeed, useFeed } from './notification-feed';
import { NotificationList } from './NotificationItem';
import type { NotificationFeed } from './feed';

/** The bell's accessible name: "Notifications", plus ", N new" when there are new ones. */
export function bellLabel(newCount: number): string {
  return newCount > 0 ? `Notifications, ${newCount} new` : 'Notifications';
}

export function NotificationBell({ feed = notificationFeed }: { feed?: NotificationFeed }) {
  const skin = useSettings((s) => s.skin);
  const [open, setOpen] = useState(false);
  const newCount = useFeed(feed, (s) => s.newCount);
  const items = useFeed(feed, (s) => s.items);
  const status = useFeed(feed, (s) => s.status);
  const answered = useFeed(feed, (s) => s.answered);
  const latest = items.slice(0, NOTIFICATION_PANEL_SIZE);
  const badge = formatBadgeCount(newCount);

  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <AriaButton
        aria-label={bellLabel(newCount)}
        className={`relative ${skin.headerButton} ${skin.rounded}`}
      >
        <Icon icon={AREA_ICONS.notifications} className="size-5" />
        {badge ? (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full border border-header bg-danger px-1 text-center text-xs font-bold leading-5 text-on-danger tabular-nums"
          >
            {badge}
          </span>
        ) : null}
      </AriaButton>
      <Popover
        placement="bottom end"
        offset={8}
        className={`flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1.5rem))] flex-col ${skin.popover} ${skin.rounded}`}
      >
        {/* The dialog takes focus when it opens; its ring is drawn inside, as the popover clips. */}
        <Dialog className="flex min-h-0 flex-col focus-visible:-outline-offset-4">
          {({ close }) => (
            <>
              <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
                <Heading slot="title" className="text-base font-semibold">
                  Notifications
                </Heading>
                <span className="text-sm text-muted">
                  {newCount > 0 ? `${newCount} new` : 'Nothing new'}
                </span>
              </div>
              <div className="min-h-0 flex-1 overflow-y-auto px-1 py-1">
                {!answered ? (
                  <p className="px-3 py-4 text-sm text-muted">
                    {status === 'failing'
                      ? 'Notifications cannot be loaded right now.'
                      : 'Loading…'}
                  </p>
                ) : latest.length === 0 ? (
                  <p className="px-3 py-4 text-sm text-muted">You have no notifications.</p>
                ) : (
                  <NotificationList
                    items={latest}
                    feed={feed}
                    label="Latest notifications"
                    onOpen={close}
                  />
                )}
              </div>
              <div className="border-t border-border px-4 py-3">
                <Link
                  to="/dash/notifications"
                  onClick={close}
                  className="font-medium text-link underline underline-offset-4"
                >
                  See all notifications
                </Link>
              </div>
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
