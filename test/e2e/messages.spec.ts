// Messages (issue 13 §1): the demo parent writes to Leo's facilitator in the seeded conversation
// "Leo's maths progress" while offline, reloads offline (the service worker serves the app, the
// cache the thread), comes back online, and the backend holds the message exactly once. Also the
// inbox's filters, a thread the person is not in, the draft, axe in every theme and screenshots.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import {
  expectNotice,
  open,
  signIn,
  syncSettled,
  useTheme,
  type ThemeName,
  waitForWorker,
  screenshotSizes,
} from './fixtures';
import { themesThisRun } from './themes';

const CONVERSATION = 'conv-leo-progress';
const SUBJECT = "Leo's maths progress";

function inboxLink(page: Page, subject: string) {
  return page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
}

/** The messages of a conversation with this body, as the backend (the fake) holds them. */
async function backendMessagesWithBody(page: Page, body: string): Promise<number> {
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  return page.evaluate(
    // Right after a reload the fake may still be loading its saved state: wait for it.
    async ({ path, text }) => {
      await window.__fakeFirebase?.ready();
      return ((await window.__fakeFirebase?.listDocuments(path)) ?? []).filter(
        (m) => m.data.body === text,
      ).length;
    },
    { path: `conversations/${CONVERSATION}/messages`, text: body },
  );
}

test.describe('writing offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a parent writes to their child’s facilitator offline, reloads, comes online, and the message is sent once', async ({
    context,
    page,
  }) => {
    await signIn(page, 'parent');
    await open(page, '/dash/messages');
    await waitForWorker(page);
    await syncSettled(page);
    await inboxLink(page, SUBJECT).click();
    await expect(page.getByRole('heading', { level: 1, name: SUBJECT })).toBeVisible();
    // Daniel Mensah teaches Leo: the parent can name him (soft, so the rest still runs if not).
    await expect.soft(page.getByText('Daniel Mensah (Facilitator)')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Leo / })).toBeVisible();

    const body = `Offline note ${Date.now()}:\nLeo practised fractions all weekend.`;
    await context.setOffline(true);
    await page.getByLabel('Reply').fill(body);
    await page.getByRole('button', { name: 'Send' }).click();
    await expectNotice(
      page,
      /Message saved on this device\. It will be sent when you are back online\./,
    );
    const messages = page.getByRole('list', { name: 'Messages' });
    const mine = messages.getByRole('listitem').filter({ hasText: 'Leo practised fractions' });
    await expect(mine).toContainText('Waiting to send');
    await expect(page.getByLabel('Reply')).toHaveValue('');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: SUBJECT })).toBeVisible();
    await expect(mine).toContainText('Waiting to send');
    // The line break is kept.
    await expect(mine.getByText(/Offline note/)).toHaveText(body);

    await context.setOffline(false);
    await syncSettled(page);
    await expect(mine).not.toContainText('Waiting to send');
    expect(await backendMessagesWithBody(page, body)).toBe(1);
    // Reloading online and syncing again sends nothing twice.
    await page.reload();
    await syncSettled(page);
    expect(await backendMessagesWithBody(page, body)).toBe(1);
  });
});

test('a parent offline may not start a conversation with six people: an error beside the list, nothing queued', async ({
  context,
  page,
}) => {
  await signIn(page, 'parent');
  await open(page, '/dash/messages/new');
  await syncSettled(page);
  const to = page.getByRole('group', { name: 'To' });
  // The demo parent is offered six people: their children's facilitators and the office.
  await expect(to.getByRole('checkbox')).toHaveCount(6);
  await expect(to).toHaveAccessibleDescription('Choose up to 5 people.');

  await context.setOffline(true);
  for (const box of await to.getByRole('checkbox').all()) await box.check();
  await page.getByLabel('Subject').fill('Everyone at once');
  await page.getByLabel('Message', { exact: true }).fill('Hello to all of you.');
  await page.getByRole('button', { name: 'Send' }).first().click();

  const error =
    'Choose at most 5 people. A conversation you start can have 6 people, you included.';
  await expect(to.getByText(error)).toBeVisible();
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/dash\/messages\/new$/);
  await expect(page.getByLabel('Subject')).toHaveValue('Everyone at once');
  expect(
    await page.evaluate(async () => (await window.__lc?.outbox.pendingChanges())?.length),
  ).toBe(0);
  await context.setOffline(false);
});

test('the inbox filters by child, by unread and by search, in the URL', async ({ page }) => {
  await signIn(page, 'parent');
  await open(page, '/dash/messages');
  await expect(inboxLink(page, SUBJECT)).toBeVisible();
  await expect(inboxLink(page, 'Early pick-up on Friday')).toBeVisible();

  await page.getByLabel('Child').selectOption({ label: 'Ivy Whitfield' });
  await expect(page).toHaveURL(/child=stu-00001/);
  await expect(inboxLink(page, 'Early pick-up on Friday')).toBeVisible();
  await expect(inboxLink(page, SUBJECT)).toHaveCount(0);

  await page.getByLabel('Child').selectOption({ label: 'All children' });
  // The parent wrote last in Leo's conversation (nothing unread); the office answered about Ivy.
  await page.getByLabel('Unread only').check();
  await expect(page).toHaveURL(/unread=1/);
  await expect(inboxLink(page, 'Early pick-up on Friday')).toBeVisible();
  await expect(inboxLink(page, SUBJECT)).toHaveCount(0);
  await page.getByLabel('Unread only').uncheck();
  await expect(page).not.toHaveURL(/unread=1/);
  // Search by a word of the subject (participant names are covered by inbox.test.ts).
  await page.getByLabel('Search by subject or person').fill('FRIDAY');
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=FRIDAY/);
  await expect(inboxLink(page, 'Early pick-up on Friday')).toBeVisible();
  await expect(inboxLink(page, SUBJECT)).toHaveCount(0);

  await page.getByLabel('Search by subject or person').fill('zzz-nothing');
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await expect(
    page.getByText('No conversations match this search and these filters.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Clear search and filters' }).click();
  await expect(inboxLink(page, SUBJECT)).toBeVisible();
});

test('a conversation the person is not in is not found, and says nothing about it', async ({
  page,
}) => {
  await signIn(page, 'parent');
  await open(page, '/dash/messages/conv-staff-planning');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Planning day agenda')).toHaveCount(0);
});

test('a reply draft is kept per conversation when the person leaves and comes back', async ({
  page,
}) => {
  await signIn(page, 'parent');
  await open(page, `/dash/messages/${CONVERSATION}`);
  await page.getByLabel('Reply').fill('Half-written thought');
  await page.getByRole('link', { name: 'All conversations' }).click();
  await inboxLink(page, 'Early pick-up on Friday').click();
  await expect(page.getByLabel('Reply')).toHaveValue('');
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: SUBJECT })).toBeVisible();
  await expect(page.getByLabel('Reply')).toHaveValue('Half-written thought');
});

test('an empty reply is refused with a message beside the box', async ({ page }) => {
  await signIn(page, 'parent');
  await open(page, `/dash/messages/${CONVERSATION}`);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Write a message before sending.')).toBeVisible();
});

for (const theme of themesThisRun('messages.spec.ts', [
  'default',
  'dark',
  'accessible',
] as const satisfies readonly ThemeName[])) {
  test(`the inbox and a thread pass axe in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(120_000);
    await useTheme(page, theme);
    await signIn(page, 'parent');
    await open(page, '/dash/messages');
    await expect(inboxLink(page, SUBJECT)).toBeVisible();
    await expectNoViolations(page, theme, 'inbox');
    await inboxLink(page, SUBJECT).click();
    await expect(page.getByRole('list', { name: 'Messages' })).toBeVisible();
    await expectNoViolations(page, theme, 'thread');
  });
}

test('screenshots of the inbox and a thread at 1280 and 390 px', async ({ page }) => {
  await signIn(page, 'parent');
  await open(page, '/dash/messages');
  await expect(inboxLink(page, SUBJECT)).toBeVisible();
  await screenshotSizes(page, 'messages-inbox');
  await page.setViewportSize({ width: 1280, height: 800 });
  await inboxLink(page, SUBJECT).click();
  await expect(page.getByRole('list', { name: 'Messages' })).toBeVisible();
  await screenshotSizes(page, 'messages-thread');
  // On a phone the reply box stays on screen at the bottom of the viewport.
  await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport();
});
