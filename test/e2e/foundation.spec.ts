import { expect, test } from '@playwright/test';
import { expectNotice, open, signIn, useTheme } from './fixtures';
import { PAGES } from './routes';
import { sampleThisRun } from './sample';

test.describe('the application shell', () => {
  const SIGN_IN_PATHS = ['/', '/login', '/auth/login', '/auth/signin'];

  test('every route of the spec shows its title and description', async ({ page }) => {
    // About thirty full page loads: more than the default minute on a busy two-core machine.
    test.setTimeout(150_000);
    // Signed in as admin, who may open every area, so each /dash/ page renders itself.
    await signIn(page, 'admin');
    // Fifteen routes a run, turning daily (sample.ts); `npm run test:e2e:full` opens every one.
    // Each route's handle is checked whole by test/unit/route-handles.test.ts.
    for (const [path, { title, description }] of sampleThisRun(
      'foundation.spec.ts',
      Object.entries(PAGES),
      15,
    )) {
      await open(page, path);
      if (SIGN_IN_PATHS.includes(path)) {
        // A signed-in person who opens a sign-in page is taken to the dashboard.
        await expect(page, path).toHaveURL(/\/dash\//);
        continue;
      }
      await expect(page, path).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]'), path).toHaveAttribute(
        'content',
        description,
      );
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    }
  });

  for (const path of SIGN_IN_PATHS) {
    test(`${path} shows the sign-in page with its title`, async ({ page }) => {
      await open(page, path);
      await expect(page).toHaveTitle('Sign in');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
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

  test('the start cover is dark blue and lifts after the placeholder time', async ({
    page,
    request,
  }) => {
    // The cover is in index.html itself (the root HydrateFallback), so it is on screen from the
    // first paint, before any script has run.
    const html = await (await request.get('/examples')).text();
    expect(html).toContain('data-testid="start-cover"');
    expect(html).toMatch(/background-color:\s*#0b1f4d/);
    await page.goto('/examples');
    await expect(page.getByTestId('start-cover')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Examples' })).toBeVisible();
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
    await expectNotice(page, /Export ready/);
  });
});
