// The dialog a push or an e-mail opens (`?notification=<id>`): its button goes to the notice's page,
// and says what the notice asks for. An absence alert's says "Report a reason" and opens the report
// form for that child and day (issue 32); other notices keep "Go to its page".
import { useLocation } from '@remix-run/react';
import { createRemixStub } from '@remix-run/testing';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openNotificationFromParam } from '~/settings/notification-param';
import { createNotificationFeed, type Notification } from './feed';
import { NotificationDialog } from './NotificationDialog';

// jsdom has no modal dialogs.
const { showModal, close } = HTMLDialogElement.prototype;
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => {
  cleanup();
  HTMLDialogElement.prototype.showModal = showModal;
  HTMLDialogElement.prototype.close = close;
});

const alert: Notification = {
  id: 'absence-alert-leo_2026-11-27-grace',
  notificationUUID: 'absence-alert-leo_2026-11-27-grace',
  memberUUID: 'grace',
  action: 'attendance',
  actionItem: 'absenceAlerts/leo_2026-11-27',
  description: 'Leo Whitfield was marked absent from Maples (ages 8–9) at 09:12. Report a reason',
  date: '2026-11-27T03:52:00.000Z',
  status: 'active',
  isNew: true,
};

const event: Notification = {
  ...alert,
  id: 'n-event',
  notificationUUID: 'n-event',
  action: 'event',
  actionItem: 'events/evt-1',
  description: 'Sports day moved',
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The dialog over a feed holding `items`, on a page that shows where the app is. */
function renderDialog(items: Notification[]) {
  const markRead = vi.fn(async () => true);
  let deliver: (next: Notification[]) => void = () => {};
  const feed = createNotificationFeed({
    watch: (_member, onChange) => {
      deliver = onChange;
      return () => {};
    },
    markRead,
    remove: vi.fn(async () => true),
  });
  feed.start('grace');
  deliver(items);
  const page = () => (
    <>
      <NotificationDialog feed={feed} />
      <Where />
    </>
  );
  const Stub = createRemixStub([
    { path: '/', Component: page },
    { path: '/dash/*', Component: page },
  ]);
  render(<Stub />);
  return { markRead };
}

async function open(id: string) {
  // The opener registers in an effect: wait for the page, then hand over the id.
  await screen.findByTestId('where');
  await act(async () => openNotificationFromParam(id));
}

describe('the notification dialog', () => {
  it('offers “Report a reason” on an absence alert and opens the report form for that day', async () => {
    const { markRead } = renderDialog([alert]);
    await open(alert.id);
    expect(
      await screen.findByText(
        'Leo Whitfield was marked absent from Maples (ages 8–9) at 09:12. Report a reason',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to its page' })).toBeNull();
    expect(markRead).toHaveBeenCalledWith(['absence-alert-leo_2026-11-27-grace']);

    await userEvent.click(screen.getByRole('button', { name: 'Report a reason' }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/dash/absences/new?student=leo&date=2026-11-27',
    );
  });

  it('keeps “Go to its page” for any other notice', async () => {
    renderDialog([event]);
    await open(event.id);
    await screen.findByText('Sports day moved');
    expect(screen.queryByRole('button', { name: 'Report a reason' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Go to its page' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/dash/calendar?event=evt-1');
  });
});
