// Issue 31: the demo mailbox (`/dash/demo-mailbox`, from the demo banner) lists what the fake would
// have sent, newest first, and follows the fake's outbox while it is open. An e-mail's HTML is shown
// only inside a sandboxed frame (escaped content stays text), its text part's links are links; a
// push shows its payload.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { open, signIn } from './fixtures';

/** Writes a document as the backend would (the fake's console control). */
async function write(page: Page, path: string, data: Record<string, unknown>) {
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  await page.evaluate(
    async ({ path, data }) => {
      const fake = window.__fakeFirebase;
      if (!fake) throw new Error('No fake backend');
      await fake.setDocument(path, data);
    },
    { path, data },
  );
}

/** Empties the outbox, so each test starts from what it writes. */
async function emptyOutbox(page: Page) {
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  await page.evaluate(async () => {
    const fake = window.__fakeFirebase;
    if (!fake) throw new Error('No fake backend');
    for (const collection of ['mail', 'demoPushes']) {
      for (const { id } of await fake.listDocuments(collection)) {
        await fake.deleteDocument(`${collection}/${id}`);
      }
    }
  });
}

test('the banner opens the mailbox; an empty outbox says nothing was sent yet and why', async ({
  page,
}) => {
  await signIn(page, 'parent');
  await emptyOutbox(page);
  await page
    .getByRole('complementary', { name: 'Demo mode' })
    .getByRole('link', { name: 'Demo mailbox' })
    .click();
  await expect(page).toHaveURL(/\/dash\/demo-mailbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
  await expect(page.getByText(/^Nothing was sent yet\./)).toBeVisible();
  await expect(page.getByText(/everyone signed in to the demo sees it/)).toBeVisible();
  await expectNoViolations(page, 'default', 'demo mailbox, empty');
});

test('an e-mail shows escaped, its link clickable, and a push written later appears on top', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await emptyOutbox(page);
  const link = `${new URL(page.url()).origin}/dash/profile#notifications`;
  await write(page, 'mail/e2e-mail-1', {
    to: ['amara@example.com'],
    message: {
      subject: 'Hello <img src=x onerror="window.__pwned=1">',
      text: `Hello <b>Amara</b>,\n\nChange your preferences: ${link}`,
      html: '<p>Hello &lt;b&gt;Amara&lt;/b&gt;</p><script>parent.__pwned = 1</script>',
    },
    kind: 'notice',
    createdAt: '2026-11-28T09:00:00.000Z',
  });
  await open(page, '/dash/demo-mailbox');

  const mail = page.getByRole('article', { name: /^E-mail: Hello/ });
  await expect(mail.getByRole('heading', { level: 2 })).toHaveText(
    'E-mail: Hello <img src=x onerror="window.__pwned=1">',
  );
  await expect(mail.getByTestId('outbox-mail-text')).toContainText('Hello <b>Amara</b>,');
  await expect(mail.locator('img, b, script')).toHaveCount(0);
  await mail.getByText('HTML part').click();
  const frame = mail.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('iframe').getByText('Hello <b>Amara</b>')).toBeVisible();
  expect(await page.evaluate(() => Reflect.get(window, '__pwned'))).toBeUndefined();

  // While the page is open, the fake "sends" a push: it appears first, with its payload.
  await write(page, 'demoPushes/e2e-push-1', {
    memberUUID: 'no-such-member',
    deviceIds: ['d1'],
    tokens: ['demo:d1'],
    payload: {
      title: 'Daniel Mensah',
      body: 'See you tomorrow',
      link: '/dash/notifications?notification=n1',
      tag: 'notification:n1',
      badge: 4,
    },
    notificationId: 'n1',
    sentAt: new Date().toISOString(),
  });
  const push = page.getByRole('article', { name: 'Push: Daniel Mensah' });
  await expect(push).toBeVisible();
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Push: Daniel Mensah');
  await expect(push).toContainText('notification:n1');
  await expect(
    push.getByRole('link', { name: '/dash/notifications?notification=n1' }),
  ).toBeVisible();

  // The e-mail's link is a link, and it leads to the preferences.
  await mail.getByRole('link', { name: link }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();
});
