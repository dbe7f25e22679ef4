import { createRemixStub } from '@remix-run/testing';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '~/domain/records';
import { createNotificationFeed } from './feed';
import { bellLabel, NotificationBell } from './NotificationBell';

afterEach(cleanup);

function notifications(count: number, isNew = true): Notification[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `n${i}`,
    notificationUUID: `n${i}`,
    memberUUID: 'm1',
    action: 'event',
    actionItem: 'events/e1',
    description: `Event number ${i}`,
    date: new Date(Date.UTC(2024, 2, 1, 8, i)).toISOString(),
    status: 'active' as const,
    isNew,
  }));
}

/** The bell over a feed whose live query answers with `items`. */
function renderBell(items: Notification[]) {
  let deliver: (next: Notification[]) => void = () => {};
  const feed = createNotificationFeed({
    watch: (_member, onChange) => {
      deliver = onChange;
      return () => {};
    },
    markRead: vi.fn(async () => true),
    remove: vi.fn(async () => true),
  });
  feed.start('m1');
  deliver(items);
  const Stub = createRemixStub([{ path: '/', Component: () => <NotificationBell feed={feed} /> }]);
  render(<Stub />);
  return { feed, deliver: (next: Notification[]) => act(() => deliver(next)) };
}

describe('the notifications bell', () => {
  it('shows 9+ above nine new notifications and says the exact count in its name', async () => {
    renderBell(notifications(12));
    const bell = await screen.findByRole('button', { name: 'Notifications, 12 new' });
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('9+');
    expect(bell).toContainElement(screen.getByTestId('notification-badge'));
  });

  it('shows the count itself up to nine, and no badge when nothing is new', async () => {
    const { deliver } = renderBell(notifications(9));
    await screen.findByRole('button', { name: 'Notifications, 9 new' });
    expect(screen.getByTestId('notification-badge')).toHaveTextContent(/^9$/);
    deliver(notifications(3, false));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('opens a panel with the latest ten and a link to the page', async () => {
    renderBell(notifications(12));
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 12 new' }));
    const list = await screen.findByRole('list', { name: 'Latest notifications' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list.querySelector('li')).toHaveTextContent('Event number 11');
    expect(screen.getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/dash/notifications',
    );
  });

  it('names the bell without a count when there is nothing new', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 new');
  });
});
