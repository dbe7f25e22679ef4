// Two people, two devices (issue 13 §1–2), in server mode: one shared demo school. The parent
// writes in "Leo's maths progress"; the facilitator, whose dashboard is already open on home and is
// not reloaded, sees the unread count in the navigation go up and a new notification in the
// header bell. The facilitator opens the thread, and the parent's open thread shows "Seen by
// Daniel Mensah" without a reload. (Server mode because two browser contexts of the in-page fake
// are two separate demo schools.)
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { fakeControlHeaders, open, signIn, syncSettled, type DemoRole } from './fixtures';

const CONVERSATION = 'conv-leo-progress';
const SUBJECT = "Leo's maths progress";

test.beforeEach(async ({ request }) => {
  const reset = await request.post('/__fake/reset', {
    data: {},
    headers: await fakeControlHeaders(request),
  });
  expect(reset.ok()).toBe(true);
});

async function person(browser: Browser, role: DemoRole): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, role);
  return page;
}

/** The number before `unit` in the accessible name of `locator` ("Messages, 3 unread" → 3), else 0. */
async function countIn(locator: Locator, unit: 'unread' | 'new'): Promise<number> {
  // The accessible name as the browser computes it, from the element's ARIA snapshot line.
  const snapshot = await locator.ariaSnapshot();
  const name = /^- \w+ "(.*)"/.exec(snapshot)?.[1] ?? '';
  const match = new RegExp(`(\\d+) ${unit}`).exec(name);
  return match ? Number(match[1]) : 0;
}

test('the facilitator sees the new message and its notification without reloading, and the parent sees "Seen"', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const facilitator = await person(browser, 'facilitator');
  await open(facilitator, '/dash/home');
  await syncSettled(facilitator);
  const nav = facilitator.getByRole('navigation', { name: 'Dashboard' });
  const messagesLink = nav.getByRole('link', { name: /^Messages/ });
  const bell = facilitator.getByRole('button', { name: /^Notifications/ });
  await expect(messagesLink).toBeVisible();
  await expect(bell).toBeVisible();
  const unreadBefore = await countIn(messagesLink, 'unread');
  const newBefore = await countIn(bell, 'new');

  const parent = await person(browser, 'parent');
  await open(parent, `/dash/messages/${CONVERSATION}`);
  await expect(parent.getByRole('heading', { level: 1, name: SUBJECT })).toBeVisible();
  const body = `Two devices ${Date.now()}`;
  await parent.getByLabel('Reply').fill(body);
  await parent.getByRole('button', { name: 'Send' }).click();
  await syncSettled(parent);
  await expect(
    parent.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: body }),
  ).not.toContainText('Waiting to send');

  // The facilitator's page was not reloaded: the live notifications feed brings both.
  await expect
    .poll(() => countIn(messagesLink, 'unread'), { timeout: 45_000 })
    .toBe(unreadBefore + 1);
  // The contract's wording (a space before the comma is tolerated).
  await expect(messagesLink).toHaveAccessibleName(
    new RegExp(`^Messages\\s*, ${unreadBefore + 1} unread$`),
  );
  await expect.poll(() => countIn(bell, 'new'), { timeout: 45_000 }).toBe(newBefore + 1);
  await expect(bell).toHaveAccessibleName(`Notifications, ${newBefore + 1} new`);

  await messagesLink.click();
  await facilitator
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(`^${SUBJECT}`) })
    .click();
  await expect(facilitator.getByRole('heading', { level: 1, name: SUBJECT })).toBeVisible();
  await expect(facilitator.getByText(body)).toBeVisible();
  await syncSettled(facilitator);

  // The parent's thread polls every 10 s: the receipt appears without a reload.
  await expect(parent.getByText(/^Seen by Daniel Mensah, \d\d:\d\d/)).toBeVisible({
    timeout: 30_000,
  });

  await parent.context().close();
  await facilitator.context().close();
});
