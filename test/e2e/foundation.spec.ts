import { expect, test } from '@playwright/test';
import { ROUTE_META } from '../../app/ui/route-meta';
import { open, signIn, useTheme } from './fixtures';

test.describe('the application shell', () => {
  for (const [path, { title, description }] of Object.entries(ROUTE_META)) {
    test(`${path} shows its title and description`, async ({ page }) => {
      await open(page, path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        description,
      );
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('an unknown URL shows Page Not Found with a working way home', async ({ page }) => {
    await open(page, '/no/such/page');
    await expect(page).toHaveTitle('Page Not Found');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /no/such/page');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('an unknown dashboard page keeps the dashboard navigation', async ({ page }) => {
    await signIn(page, 'admin');
    await open(page, '/dash/nowhere');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test('the theme cycles default, dark, accessible and survives a reload', async ({ page }) => {
    await useTheme(page, 'default');
    await signIn(page, 'admin');
    await open(page, '/dash/settings');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'default');
    await page.getByRole('button', { name: /Next theme/ }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: /Next theme/ }).click();
    await expect(html).toHaveAttribute('data-theme', 'accessible');
    await expect(page.getByRole('radio', { name: /Accessible/ })).toBeChecked();
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'accessible');
    await expect(page.getByRole('radio', { name: /Accessible/ })).toBeChecked();
    expect((await page.context().cookies()).find((c) => c.name === 'theme')?.value).toBe(
      'accessible',
    );
    await page.getByRole('button', { name: /Next theme/ }).click();
    await expect(html).toHaveAttribute('data-theme', 'default');
  });

  test('the stored theme is applied before the first paint', async ({ page }) => {
    await useTheme(page, 'dark');
    await page.goto('/examples');
    // The inline boot script has run by the time the document is parsed, before any app code.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('Ctrl+? triggers the help button', async ({ page }) => {
    await signIn(page, 'admin');
    await open(page, '/dash/settings');
    await page.keyboard.press('Control+Shift+Slash');
    await expect(page).toHaveURL(/\/help\?/);
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expect(page.getByText('Guide for this page: Theme settings')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the page you were on' }).click();
    await expect(page).toHaveURL('/dash/settings');
  });

  test('the notification parameter is handed over and removed from the URL', async ({ page }) => {
    await signIn(page, 'admin');
    await open(page, '/dash/home?notification=abc123&tab=2');
    await expect(page).toHaveURL('/dash/home?tab=2');
  });

  test('a dashboard-type path prefix is stored and the app continues without it', async ({
    page,
  }) => {
    await open(page, '/parent/login');
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('dashboardType'))).toBe('parent');
  });

  test('every page under /dash/ is remembered as lastPage', async ({ page }) => {
    await signIn(page, 'admin');
    await open(page, '/dash/students?status=enrolled');
    expect(await page.evaluate(() => localStorage.getItem('lastPage'))).toBe(
      '/dash/students?status=enrolled',
    );
    await open(page, '/examples');
    expect(await page.evaluate(() => localStorage.getItem('lastPage'))).toBe(
      '/dash/students?status=enrolled',
    );
  });

  test('the start cover is dark blue and lifts after the placeholder time', async ({ page }) => {
    await page.goto('/examples');
    const cover = page.getByTestId('start-cover');
    await expect(cover).toHaveCSS('background-color', 'rgb(11, 31, 77)');
    await expect(cover).toHaveCount(0);
  });

  test('the modal examples show each button configuration', async ({ page }) => {
    await open(page, '/examples/modal-buttons');
    await page.getByRole('button', { name: 'Destructive action' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this family?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Busy state' }).click();
    const busy = page.getByRole('dialog', { name: 'Exporting students' });
    await busy.getByRole('button', { name: 'Export' }).click();
    await expect(busy.getByRole('button', { name: 'Exporting…' })).toBeDisabled();
    await expect(page.getByTestId('toast')).toHaveText(/Export ready/);
  });
});
