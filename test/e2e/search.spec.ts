// Global search (issue 15 §3) in the production build (demo mode): Ctrl+K and the header button open
// the dialog; "lo whit" finds Leo Whitfield first and Enter opens his page; it still finds students
// offline after a reload through the service worker; a parent finds only their own children; recent
// searches come back; and the open dialog passes axe in the three themes.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { open, signIn, useTheme, waitForWorker, type ThemeName } from './fixtures';
import { themesThisRun } from './themes';

const searchBox = (page: Page) => page.getByRole('combobox', { name: /^Search students/ });
const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' });
const group = (page: Page, name: string | RegExp) => results(page).getByRole('group', { name });

// The first sync of the admin's 300 students can be slow on a busy machine.
test.slow();

/** Waits until the first sync has filled the cache (syncSettled, with room for a busy machine). */
async function firstSync(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const pending = (await window.__lc?.outbox.pendingChanges())?.length ?? -1;
          const status = window.__lc?.sync.getStatus();
          return pending === 0 && status?.isSyncing === false && status.lastSyncTime !== null;
        }),
      { timeout: 90_000 },
    )
    .toBe(true);
}

async function openWithShortcut(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).toBeFocused();
}

test('an admin finds “lo whit” with Ctrl+K, Leo Whitfield first, and Enter opens his page', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await firstSync(page);
  await openWithShortcut(page);
  await searchBox(page).fill('lo whit');
  const students = group(page, /^Students/).getByRole('option');
  await expect(students.first()).toContainText('Leo Whitfield');
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
  const firstId = await students.first().getAttribute('id');
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', firstId ?? '');
  // The arrows move the active option over every group and come back round.
  const all = results(page).getByRole('option');
  const count = await all.count();
  await page.keyboard.press('ArrowUp');
  const lastId = await all.nth(count - 1).getAttribute('id');
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', lastId ?? '');
  await page.keyboard.press('ArrowDown');
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', firstId ?? '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dash\/students\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /Leo Whitfield/ })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Reopened: the search is in the recent searches, and choosing it runs it again.
  await openWithShortcut(page);
  const recent = group(page, 'Recent searches');
  await expect(recent.getByRole('option', { name: 'lo whit' })).toBeVisible();
  await recent.getByRole('option', { name: 'lo whit' }).click();
  await expect(searchBox(page)).toHaveValue('lo whit');
  await expect(
    group(page, /^Students/)
      .getByRole('option')
      .first(),
  ).toContainText('Leo Whitfield');

  // Honest when nothing matches; Escape closes and focus goes back where it was.
  await searchBox(page).fill('zzqx');
  await expect(page.getByText('No results for “zzqx”').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // "Clear" forgets the recent searches.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(searchBox(page)).toBeFocused();
  await page.getByRole('button', { name: 'Clear recent searches' }).click();
  await expect(results(page).getByRole('option')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
});

test.describe('offline', () => {
  // The offline reload is served by the service worker, which the suite otherwise blocks.
  test.use({ serviceWorkers: 'allow' });

  test('Ctrl+K finds a student offline, after a reload through the service worker', async ({
    page,
    context,
  }) => {
    await signIn(page, 'admin', { remember: true });
    await waitForWorker(page);
    await firstSync(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    await openWithShortcut(page);
    await searchBox(page).fill('leo whitf');
    await expect(
      group(page, /^Students/)
        .getByRole('option')
        .first(),
    ).toContainText('Leo Whitfield');
    await context.setOffline(false);
  });
});

test('a parent finds their own children and no other student', async ({ page }) => {
  await signIn(page, 'parent');
  await firstSync(page);
  // A seeded student of another family, read from the fake backend (not from the parent's cache).
  const other = await page.evaluate(async () => {
    const familyId = (await window.__fakeFirebase?.getDocument('Members/demo-parent'))?.familyId;
    const student = ((await window.__fakeFirebase?.listDocuments('students')) ?? []).find(
      ({ data }) => data.familyId !== familyId && data.lastName !== 'Whitfield',
    );
    return student ? `${String(student.data.firstName)} ${String(student.data.lastName)}` : '';
  });
  expect(other).not.toBe('');

  await openWithShortcut(page);
  await searchBox(page).fill('whitfield');
  const students = group(page, /^Students/).getByRole('option');
  await expect(students).toHaveCount(2);
  await expect(students.filter({ hasText: 'Ivy Whitfield' })).toHaveCount(1);
  await expect(students.filter({ hasText: 'Leo Whitfield' })).toHaveCount(1);

  await searchBox(page).fill(other);
  await expect(page.getByRole('status').filter({ hasText: `for “${other}”` })).toBeVisible();
  await expect(group(page, /^Students/)).toHaveCount(0);
});

test('the header’s Search button opens the dialog on a phone', async ({ page }) => {
  await signIn(page, 'admin');
  await firstSync(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).fill('lo whit');
  await expect(
    group(page, /^Students/)
      .getByRole('option')
      .first(),
  ).toContainText('Leo Whitfield');
  await page.screenshot({ path: test.info().outputPath('search-390.png') });
  await group(page, /^Students/)
    .getByRole('option')
    .first()
    .click();
  await expect(page).toHaveURL(/\/dash\/students\/[^/]+$/);
});

for (const theme of themesThisRun('search.spec.ts', [
  'default',
  'dark',
  'accessible',
] satisfies ThemeName[])) {
  test(`the open search dialog passes axe (${theme} theme)`, async ({ page }) => {
    await useTheme(page, theme);
    await signIn(page, 'admin');
    await firstSync(page);
    await open(page, '/dash/home');
    await openWithShortcut(page);
    await searchBox(page).fill('ma');
    await expect(results(page).getByRole('option').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    if (theme === 'default') {
      await page.screenshot({ path: test.info().outputPath('search-1280.png') });
    }
    await expectNoViolations(page, theme, 'search dialog with results');
  });
}
