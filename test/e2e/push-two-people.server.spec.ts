// Issue 31's whole path, in server mode: two people, two devices, one demo school. The parent turns
// notifications on, then looks at another tab; the facilitator replies on their own device; the
// fake's trigger decides the push, its push service records it (`demoPushes`), the parent's
// dashboard tab, still open behind the other one, hands it to the app's service worker, and the
// worker shows "Daniel Mensah" with the reply, tagged by conversation. Its click opens the thread.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { fakeControlHeaders, open, signIn, syncSettled, waitForWorker } from './fixtures';

const CONVERSATION = 'conv-leo-progress';

test.beforeEach(async ({ request }) => {
  const reset = await request.post('/__fake/reset', {
    data: {},
    headers: await fakeControlHeaders(request),
  });
  expect(reset.ok()).toBe(true);
});

async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });
}

async function device(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
  });
  return { context, page: await context.newPage() };
}

test('the facilitator replies and the parent’s device shows it from the worker; its click opens the thread', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const parent = await device(browser);
  await parent.context.grantPermissions(['notifications']);
  await signIn(parent.page, 'parent', { remember: true });
  await open(parent.page, '/dash/settings');
  await waitForWorker(parent.page);
  const section = parent.page.getByRole('region', { name: 'Notifications on this device' });
  await section.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(section.getByTestId('push-status')).toHaveText(/^On:/);
  await open(parent.page, '/dash/home');
  await expect(parent.page.getByRole('heading', { level: 1 })).toBeVisible();

  // The parent reads the guide in another tab; the dashboard stays open behind it.
  const guide = await parent.context.newPage();
  await open(guide, '/help/getting-started/signing-in');
  await guide.bringToFront();
  // Playwright tells every page it has focus; a person's browser gives it to the tab in front only,
  // which is what the worker asks a window before it hands a push to the feed instead.
  for (const page of [parent.page, guide]) {
    const cdp = await parent.context.newCDPSession(page);
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  }
  await waitForWorker(guide);

  const facilitator = await device(browser);
  await signIn(facilitator.page, 'facilitator');
  await open(facilitator.page, `/dash/messages/${CONVERSATION}`);
  const body = `Fractions homework is on page ${Date.now() % 1000}.`;
  await facilitator.page.getByLabel('Reply', { exact: true }).fill(body);
  await facilitator.page.getByRole('button', { name: 'Send', exact: true }).click();
  await syncSettled(facilitator.page);

  await expect
    .poll(() => shownNotifications(guide), { timeout: 30_000 })
    .toEqual([{ title: 'Daniel Mensah', body, tag: `conversation:${CONVERSATION}` }]);
  await guide.screenshot({ path: test.info().outputPath('parent-guide-tab.png') });

  // A person's click runs the worker's notificationclick; a test cannot click a system
  // notification, so the page asks the worker to run the same handler with the shown link.
  const link = await guide.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const [shown] = await registration.getNotifications();
    const data: unknown = shown?.data;
    return typeof data === 'object' && data !== null ? String(Reflect.get(data, 'link')) : '';
  });
  expect(link).toMatch(new RegExp(`^/dash/messages/${CONVERSATION}\\?notification=`));
  await guide.evaluate(async (to) => {
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ type: 'demo-click', payload: to });
  }, link);
  // One of the parent's windows is taken to the thread, which shows the reply (the app then drops
  // the `notification` parameter it has acted on).
  const pages = [parent.page, guide];
  const atThread = (p: Page) => new URL(p.url()).pathname === `/dash/messages/${CONVERSATION}`;
  await expect.poll(() => pages.some(atThread), { timeout: 15_000 }).toBe(true);
  const thread = pages.find(atThread) ?? guide;
  await expect(
    thread.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: body }),
  ).toBeVisible();
  await thread.screenshot({ path: test.info().outputPath('parent-thread-after-click.png') });
  await parent.context.close();
  await facilitator.context.close();
});
