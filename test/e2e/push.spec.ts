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
    // Right after a reload (the sign-out's), the fake is still loading the saved school.
    await fake.ready();
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
  const idBefore = await page.evaluate(() => localStorage.getItem('lc:push-device-id'));
  expect(String(device?.data.token)).toBe(`demo:${idBefore}`);
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(async () => (await devices(page)).length).toBe(0);
  // This browser let go of the token too: the next person here registers a new one.
  expect(await page.evaluate(() => localStorage.getItem('lc:push-device-id'))).not.toBe(idBefore);
});

test('a real push event, shaped as FCM delivers a data message, is shown by the worker and its click opens the thread', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications']);
  await signIn(page, 'parent', { remember: true });
  // No dashboard window in front: the guide is open.
  await open(page, '/help/getting-started/signing-in');
  await waitForWorker(page);
  // The browser's own push path (not the demo's message): DevTools' "Push" delivers a push event
  // to the registration with this payload, as the push service would.
  const origin = new URL(baseURL ?? page.url()).origin;
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const fcmMessage = {
    from: '1234567890',
    priority: 'high',
    fcmMessageId: 'f9b1c2d3-0000-4000-8000-000000000001',
    // firebase/functions/src/reach.ts sends a data message; FCM's data values are strings.
    data: {
      title: 'Daniel Mensah',
      body: 'See you at the gate at three.',
      link: '/dash/messages/conv-leo-trip?notification=n-cdp',
      tag: 'conversation:conv-leo-trip',
      badge: '3',
      notificationId: 'n-cdp',
    },
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(fcmMessage),
  });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: 'Daniel Mensah',
        body: 'See you at the gate at three.',
        tag: 'conversation:conv-leo-trip',
      },
    ]);
  // A person's click runs the worker's notificationclick; a test cannot click a system
  // notification, so the page asks the worker to run the same handler with the shown link.
  const link = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const [shown] = await registration.getNotifications();
    const data: unknown = shown?.data;
    return typeof data === 'object' && data !== null ? String(Reflect.get(data, 'link')) : '';
  });
  expect(link).toBe('/dash/messages/conv-leo-trip?notification=n-cdp');
  await page.evaluate(async (to) => {
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ type: 'demo-click', payload: to });
  }, link);
  // The thread opens (the app then drops the `notification` parameter it has acted on).
  await expect(page).toHaveURL(/\/dash\/messages\/conv-leo-trip(\?notification=n-cdp)?$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('after sending a message the parent is offered notifications for replies, once, and can turn them on there', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await signIn(page, 'parent', { remember: true });
  await open(page, '/dash/messages/conv-leo-trip');
  await waitForWorker(page);
  const card = page.getByRole('complementary', { name: 'Get replies on this device' });
  // Not for the messages they wrote before (the seeded thread has one from them)…
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('I have lost the consent form')).toBeVisible();
  await expect(card).toHaveCount(0);
  // …but right after their message.
  await page.getByLabel('Reply', { exact: true }).fill('Thank you, Leo will be there.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Thank you, Leo will be there.')).toBeVisible();
  await expect(card).toBeVisible();
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`offer-${width}.png`) });
  }
  await card.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(card.getByRole('status')).toHaveText('Notifications are on for this device.');
  await expect.poll(async () => (await devices(page)).length).toBe(1);
  await card.getByRole('button', { name: 'Close' }).click();
  await expect(card).toHaveCount(0);
  // Once turned on (or dismissed), it does not come back.
  await page.reload();
  await expect(page.getByText('Thank you, Leo will be there.')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('"Not now" keeps the offer away on this device', async ({ page }) => {
  await signIn(page, 'parent', { remember: true });
  await open(page, '/dash/messages/conv-leo-trip');
  await page.getByLabel('Reply', { exact: true }).fill('See you then.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const card = page.getByRole('complementary', { name: 'Get replies on this device' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Not now' }).click();
  await expect(card).toHaveCount(0);
  await open(page, '/dash/messages');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(card).toHaveCount(0);
});
