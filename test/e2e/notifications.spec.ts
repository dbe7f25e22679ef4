// Notifications (issue 13 §2): the header bell's 9+ badge, the page's "Mark all read" and "Delete
// read notifications" (through the queue, confirmed by the backend), `?notification=<id>` opening a
// dialog, the bell's panel, axe in all three themes, and screenshots at 1280 and 390 px.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { expectNotice, open, signIn, syncSettled, useTheme, type ThemeName } from './fixtures';
import { themesThisRun } from './themes';

const STUDENT = 'demo-student';

/** The member's notifications as the backend holds them. */
async function backendNotifications(page: Page, memberUUID: string) {
  return page.evaluate(
    async (member) =>
      ((await window.__fakeFirebase?.listDocuments('Notifications')) ?? [])
        .filter(({ data }) => data.memberUUID === member)
        .map(({ id, data }) => ({ id, isNew: data.isNew, status: data.status })),
    memberUUID,
  );
}

/** Replaces the member's notifications with `count` new ones, written as the backend would. */
async function giveNewNotifications(page: Page, memberUUID: string, count: number) {
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  return page.evaluate(
    async ({ member, count }) => {
      const fake = window.__fakeFirebase;
      if (!fake) throw new Error('No fake backend');
      for (const { id, data } of await fake.listDocuments('Notifications')) {
        if (data.memberUUID === member) await fake.deleteDocument(`Notifications/${id}`);
      }
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const id = `e2e-ntf-${String(i).padStart(2, '0')}`;
        ids.push(id);
        await fake.setDocument(`Notifications/${id}`, {
          notificationUUID: id,
          memberUUID: member,
          action: i % 2 ? 'event' : 'message',
          actionItem: i % 2 ? 'events/evt-000' : 'conversations/conv-leo-progress',
          description: `Test notification number ${i + 1}`,
          date: new Date(Date.now() - i * 60_000).toISOString(),
          status: 'active',
          isNew: true,
        });
      }
      return ids;
    },
    { member: memberUUID, count },
  );
}

const bell = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test('a member with 12 new notifications sees 9+, marks all read and deletes the read ones', async ({
  page,
}) => {
  await signIn(page, 'student');
  const ids = await giveNewNotifications(page, STUDENT, 12);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 12 new');
  await expect(page.getByTestId('notification-badge')).toHaveText('9+');

  await open(page, '/dash/notifications');
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(12);
  await expect(list.getByText('New', { exact: true })).toHaveCount(12);
  await expect(page.getByRole('button', { name: 'Delete read notifications' })).toBeDisabled();

  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expectNotice(page, 'Marked 12 notifications as read.');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await expect(list.getByText('New', { exact: true })).toHaveCount(0);
  await syncSettled(page);
  await expect
    .poll(async () => (await backendNotifications(page, STUDENT)).filter((n) => n.isNew).length)
    .toBe(0);

  const remove = page.getByRole('button', { name: 'Delete read notifications' });
  await expect(remove).toBeEnabled();
  await remove.click();
  const confirm = page.getByRole('dialog', { name: 'Delete 12 read notifications?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectNotice(page, 'Deleted 12 read notifications.');
  await expect(page.getByRole('heading', { name: 'You have no notifications.' })).toBeVisible();
  await syncSettled(page);
  await expect
    .poll(async () => {
      const left = new Set((await backendNotifications(page, STUDENT)).map((n) => n.id));
      return ids.filter((id) => left.has(id)).length;
    })
    .toBe(0);
});

test('?notification=<id> opens the person’s notification in a dialog and marks it read', async ({
  page,
}) => {
  await signIn(page, 'parent');
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  const own = (await backendNotifications(page, 'demo-parent')).find(
    (n) => n.isNew === true && n.status === 'active',
  );
  const others = (await backendNotifications(page, STUDENT))[0];
  if (!own || !others) throw new Error('The seed has no notifications to open');

  await open(page, `/dash/home?notification=${own.id}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: /notification$/ })).toBeVisible();
  await expect(dialog.getByText('Date')).toBeVisible();
  await expect(page).toHaveURL(/\/dash\/home$/);
  await syncSettled(page);
  await expect
    .poll(
      async () =>
        (await backendNotifications(page, 'demo-parent')).find((n) => n.id === own.id)?.isNew,
    )
    .toBe(false);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await open(page, `/dash/home?notification=${others.id}`);
  await expect(page.getByRole('dialog', { name: 'Notification not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/dash\/home$/);
  await expect(page.getByRole('dialog')).not.toContainText('Test notification');
});

test('the bell’s panel lists the latest ten and links to the page', async ({ page }) => {
  await signIn(page, 'student');
  await giveNewNotifications(page, STUDENT, 12);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 12 new');
  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const latest = panel.getByRole('list', { name: 'Latest notifications' });
  await expect(latest.getByRole('listitem')).toHaveCount(10);
  await expect(latest.getByRole('listitem').first()).toContainText('Test notification number 1');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell(page)).toBeFocused();

  await bell(page).click();
  // Opening one marks it read and goes to its page.
  await panel.getByRole('link', { name: /Test notification number 1\b/ }).click();
  await expect(page).toHaveURL(/\/dash\/messages\/conv-leo-progress$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 11 new');

  await bell(page).click();
  await panel.getByRole('link', { name: 'See all notifications' }).click();
  await expect(page).toHaveURL(/\/dash\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
});

for (const theme of themesThisRun('notifications.spec.ts', [
  'default',
  'dark',
  'accessible',
] satisfies ThemeName[])) {
  test(`the notifications page and the bell's panel pass axe in the ${theme} theme`, async ({
    page,
  }) => {
    // Two axe runs per theme (AAA contrast too in the accessible one) on a shared, busy machine.
    test.slow();
    await useTheme(page, theme);
    await signIn(page, 'student');
    await open(page, '/dash/notifications');
    await expect(page.getByRole('list', { name: 'Notifications' })).toBeVisible();
    await expectNoViolations(page, theme, 'notifications page');
    await bell(page).click();
    await expect(page.getByRole('list', { name: 'Latest notifications' })).toBeVisible();
    await expectNoViolations(page, theme, 'notifications panel');
  });
}

test('screenshots of the notifications page and the panel at 1280 and 390 px', async ({ page }) => {
  await signIn(page, 'student');
  await giveNewNotifications(page, STUDENT, 12);
  await open(page, '/dash/notifications');
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(
      page.getByRole('list', { name: 'Notifications' }).getByRole('listitem'),
    ).toHaveCount(12);
    await page.screenshot({ path: test.info().outputPath(`notifications-page-${width}.png`) });
    await bell(page).click();
    await expect(page.getByRole('list', { name: 'Latest notifications' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`notifications-panel-${width}.png`) });
    await page.keyboard.press('Escape');
  }
});
