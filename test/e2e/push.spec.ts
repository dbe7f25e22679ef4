// Issue 31, push on this device (demo mode, the app's own service worker): a parent turns
// notifications on in Settings (permission asked only from that button), which registers this
// device on their Members document with a demo token; a push that arrives while no window of the
// dashboard is in front becomes a system notification, and a second push of the same conversation
// replaces the first instead of stacking; signing out removes this device's registration.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAILS, open, signIn, waitForWorker } from './fixtures';

test.use({ serviceWorkers: 'allow' });

/** This parent's registered devices, as the backend holds them. */
async function devices(page: Page): Promise<Array<{ id: string; data: Record<string, unknown> }>> {
  return page.evaluate(async (email) => {
    const fake = window.__fakeFirebase;
    if (!fake) throw new Error('No fake backend');
    const own = (await fake.listDocuments('Members')).find(({ data }) => data.email === email);
    if (!own) throw new Error(`No Members document for ${email}`);
    return fake.listDocuments(`Members/${own.id}/devices`);
  }, DEMO_EMAILS.parent);
}

/** Hands a push to the worker the way the demo delivers one (the same handler as a real push). */
async function deliver(page: Page, payload: Record<string, unknown>): Promise<void> {
  await page.evaluate(async (data) => {
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ type: 'demo-push', payload: data });
  }, payload);
}

async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });
}

test('a parent turns notifications on, sees a push collapse by conversation, and signing out forgets the device', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await signIn(page, 'parent', { remember: true });
  await open(page, '/dash/settings');
  await waitForWorker(page);
  const section = page.getByRole('region', { name: 'Notifications on this device' });
  await expect(section.getByTestId('push-status')).toHaveText(/^Off:/);
  await section.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(section.getByTestId('push-status')).toHaveText(/^On:/);
  await expect.poll(async () => (await devices(page)).length).toBe(1);
  const [device] = await devices(page);
  expect(String(device?.data.token)).toMatch(/^demo:/);

  // No dashboard window in front (the guide is open): the worker shows a system notification.
  await open(page, '/help/getting-started/signing-in');
  const push = {
    title: 'Daniel Mensah',
    body: 'The trip leaves at nine.',
    link: '/dash/messages/conv-leo-trip?notification=n1',
    tag: 'conversation:conv-leo-trip',
    badge: 1,
  };
  await deliver(page, push);
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: 'Daniel Mensah',
        body: 'The trip leaves at nine.',
        tag: 'conversation:conv-leo-trip',
      },
    ]);
  await deliver(page, { ...push, body: 'Bring a packed lunch.', badge: 2 });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      { title: 'Daniel Mensah', body: 'Bring a packed lunch.', tag: 'conversation:conv-leo-trip' },
    ]);

  await open(page, '/dash/home');
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(async () => (await devices(page)).length).toBe(0);
});
