// A notification's time on screen is the person's campus clock (issue 30): "Today" is the campus's
// day, and the zone is named on a device that reads another wall clock.
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PersonZoneContext } from '~/auth/person-zone-context';
import { createNotificationFeed, type Notification } from './feed';
import { NotificationList } from './NotificationItem';

// Saturday 17:30 in Kolkata; still Saturday 04:00 on the laptop in Los Angeles.
const NOW = new Date('2026-11-28T12:00:00Z');
let deviceZone: string | undefined;

beforeEach(() => {
  deviceZone = process.env.TZ;
  process.env.TZ = 'America/Los_Angeles';
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

const notification: Notification = {
  id: 'n1',
  notificationUUID: 'n1',
  memberUUID: 'm1',
  action: 'event',
  actionItem: '',
  description: 'Sports day moved',
  // Saturday 00:30 in Kolkata, Friday 11:00 in Los Angeles.
  date: '2026-11-27T19:00:00.000Z',
  status: 'active',
  isNew: false,
};

function renderList(zone: string | null) {
  const feed = createNotificationFeed({
    watch: () => () => {},
    markRead: vi.fn(async () => true),
    remove: vi.fn(async () => true),
  });
  const Stub = createRemixStub([
    {
      path: '/',
      Component: () => (
        <PersonZoneContext.Provider value={zone}>
          <NotificationList items={[notification]} feed={feed} label="Notifications" />
        </PersonZoneContext.Provider>
      ),
    },
  ]);
  render(<Stub />);
}

describe('a notification’s time', () => {
  it('is the campus’s day and time, with its zone named, on a device elsewhere', async () => {
    renderList('Asia/Kolkata');
    const time = (await screen.findByText(/^Today, /)).closest('time');
    expect(time).toHaveTextContent('Today, 00:30 GMT+5:30');
    expect(time).toHaveAttribute('title', 'Sat 28 Nov 2026, 00:30 GMT+5:30');
  });

  it('is the device’s, unnamed, outside the dashboard (no person yet)', async () => {
    renderList(null);
    const time = (await screen.findByText(/^Yesterday, /)).closest('time');
    expect(time).toHaveTextContent(/^Yesterday, 11:00$/);
  });
});

describe('where a notification leads', () => {
  function renderItems(items: Notification[]) {
    const feed = createNotificationFeed({
      watch: () => () => {},
      markRead: vi.fn(async () => true),
      remove: vi.fn(async () => true),
    });
    const Stub = createRemixStub([
      {
        path: '/',
        Component: () => <NotificationList items={items} feed={feed} label="Notifications" />,
      },
    ]);
    render(<Stub />);
  }

  it('opens the report form from an absence alert, and attendance from its correction', async () => {
    const alert: Notification = {
      ...notification,
      id: 'absence-alert-leo_2026-11-27-grace',
      action: 'attendance',
      actionItem: 'absenceAlerts/leo_2026-11-27',
      description:
        'Leo Whitfield was marked absent from Maples (ages 8–9) at 09:12. Report a reason',
    };
    const correction: Notification = {
      ...alert,
      id: 'absence-correction-leo_2026-11-27-grace',
      description: 'Leo is now marked present',
    };
    renderItems([alert, correction]);
    expect(await screen.findByRole('link', { name: /marked absent/ })).toHaveAttribute(
      'href',
      '/dash/absences/new?student=leo&date=2026-11-27',
    );
    expect(screen.getByRole('link', { name: /now marked present/ })).toHaveAttribute(
      'href',
      '/dash/attendance',
    );
  });
});
