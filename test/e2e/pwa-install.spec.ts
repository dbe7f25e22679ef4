// Installing the app (issue 11, spec §4 "Installable app"): the manifest and its icons, the install
// banner and its persisted dismissal, the settings section, and the instructions modal with its own
// "Don't show this again". Headless Chromium never offers install by itself, so the tests hand the
// page a synthetic `beforeinstallprompt` carrying prompt() and userChoice, as Chromium's would.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { open, signIn, useTheme, type ThemeName } from './fixtures';
import { themesThisRun } from './themes';

/** What Chromium's BeforeInstallPromptEvent would bring, with the person's answer decided here. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted') {
  await page.evaluate((answer) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: answer, platform: 'web' }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

const banner = (page: Page) => page.getByRole('complementary', { name: 'Install the app' });
const instructions = (page: Page) =>
  page.getByRole('dialog', { name: 'How to install the Learning Centre' });

test.describe('installing the app', () => {
  test('the install banner is dismissed and stays dismissed', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(banner(page)).toHaveCount(0);
    await offerInstall(page);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText(
      'Install the Learning Centre app for quick access and offline use',
    );

    await banner(page).getByRole('button', { name: 'Dismiss the install banner' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('pwa-dismissed'))).toBe('true');

    await page.reload();
    await expect(page.getByTestId('start-cover')).toHaveCount(0);
    await offerInstall(page);
    // The settings section still offers install after the banner is gone.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page.getByRole('button', { name: 'Install', exact: true })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test('the banner is shown on dashboard pages only, and an accepted prompt installs', async ({
    page,
  }) => {
    await open(page, '/login');
    await offerInstall(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);

    await signIn(page, 'admin');
    await offerInstall(page, 'accepted');
    await banner(page).getByRole('button', { name: 'Install', exact: true }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(instructions(page)).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page.getByTestId('install-state')).toHaveText(
      'The Learning Centre is installed on this device.',
    );
  });

  test('the instructions modal opens when no prompt is available, and its dismissal persists', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await open(page, '/dash/settings');
    const section = page.getByRole('region', { name: 'Install the app' });
    await expect(section).toContainText('Not installed.');
    await section.getByRole('button', { name: 'How to install' }).click();
    await expect(instructions(page)).toBeVisible();
    for (const platform of [
      'iPhone and iPad (Safari)',
      'Android (Chrome)',
      'Computer (Chrome or Edge)',
    ]) {
      await expect(instructions(page).getByRole('heading', { name: platform })).toBeVisible();
    }
    // Desktop Chromium is this browser: its steps come first and are marked.
    await expect(instructions(page).getByRole('heading', { level: 3 }).first()).toHaveText(
      /Computer \(Chrome or Edge\)\s*This device/,
    );
    await expect(instructions(page)).toContainText('Add to Home Screen');
    await expect(instructions(page)).toContainText('Install app');
    await instructions(page).getByRole('button', { name: 'Close' }).click();
    await expect(instructions(page)).toHaveCount(0);

    // Declined in the browser's dialog: the instructions open by themselves.
    await offerInstall(page, 'dismissed');
    await banner(page).getByRole('button', { name: 'Install', exact: true }).click();
    await expect(instructions(page)).toBeVisible();
    await instructions(page).getByRole('checkbox', { name: "Don't show this again" }).check();
    await page.keyboard.press('Escape');
    await expect(instructions(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('pwa-instructions-dismissed'))).toBe(
      'true',
    );

    await page.reload();
    await expect(page.getByTestId('start-cover')).toHaveCount(0);
    // Declined again: now nothing opens by itself…
    await offerInstall(page, 'dismissed');
    await banner(page).getByRole('button', { name: 'Install', exact: true }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Install the app' })).toContainText(
      'Not installed.',
    );
    await expect(instructions(page)).toHaveCount(0);
    // …but asking for the instructions still opens them, with the choice remembered.
    await page.getByRole('button', { name: 'How to install' }).click();
    await expect(instructions(page)).toBeVisible();
    await expect(
      instructions(page).getByRole('checkbox', { name: "Don't show this again" }),
    ).toBeChecked();
  });

  test('the banner and the modal can be used with the keyboard alone', async ({ page }) => {
    await signIn(page, 'admin');
    await open(page, '/dash/settings');
    await offerInstall(page, 'dismissed');
    const install = banner(page).getByRole('button', { name: 'Install', exact: true });
    const dismiss = banner(page).getByRole('button', { name: 'Dismiss the install banner' });
    await page.getByRole('button', { name: 'How to install' }).focus();
    // The banner comes after the page in the document: Tab reaches it.
    for (let i = 0; i < 10 && !(await install.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(install).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dismiss).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(instructions(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(instructions(page)).toHaveCount(0);
  });

  test('the manifest is linked and valid, with icons that load', async ({ page, request }) => {
    await open(page, '/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/icons/apple-touch-icon.png',
    );

    const response = await request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest: unknown = JSON.parse(await response.text());
    expect(manifest).toMatchObject({
      name: 'Learning Centre',
      short_name: expect.any(String),
      description: expect.any(String),
      display: 'standalone',
      start_url: '/dash/home',
      scope: '/',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    });
    const icons =
      typeof manifest === 'object' && manifest !== null && 'icons' in manifest
        ? manifest.icons
        : [];
    expect(icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', type: 'image/png', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', type: 'image/png', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', type: 'image/png', purpose: 'maskable' }),
      ]),
    );
    const sources = Array.isArray(icons)
      ? icons.map((icon: { src?: unknown }) => String(icon.src))
      : [];
    for (const src of [...sources, '/icons/apple-touch-icon.png']) {
      const icon = await request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toBe('image/png');
    }
  });

  test('the browser colour follows the theme', async ({ page }) => {
    await useTheme(page, 'default');
    await signIn(page, 'admin');
    const themeColor = page.locator('meta[name="theme-color"]');
    await expect(themeColor).toHaveAttribute('content', '#1e3a8a');
    await open(page, '/dash/settings');
    await page.getByRole('radio', { name: /Dark/ }).check();
    await expect(themeColor).toHaveAttribute('content', '#111a2e');
    await page.getByRole('radio', { name: /Accessible/ }).check();
    await expect(themeColor).toHaveAttribute('content', '#000000');
  });
});

test.describe('installing the app, in every theme', () => {
  for (const theme of themesThisRun('pwa-install.spec.ts', [
    'default',
    'dark',
    'accessible',
  ] satisfies ThemeName[])) {
    test(`the settings section and the instructions pass axe (${theme})`, async ({ page }) => {
      // Four axe runs in the accessible theme: well over a minute on a busy two-core machine.
      test.setTimeout(150_000);
      await useTheme(page, theme);
      await signIn(page, 'admin');
      await open(page, '/dash/settings');
      await offerInstall(page);
      await expect(banner(page)).toBeVisible();
      await expectNoViolations(page, theme, 'settings with the install section and banner');
      await page.getByRole('button', { name: 'How to install' }).click();
      await expect(instructions(page)).toBeVisible();
      await expectNoViolations(page, theme, 'the install instructions');
    });
  }

  for (const theme of themesThisRun('pwa-install.spec.ts', [
    'default',
    'accessible',
  ] satisfies ThemeName[])) {
    test(`screenshots of the banner and the modal at 1280 and 390 px (${theme})`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await useTheme(page, theme);
      await signIn(page, 'admin');
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
        await open(page, '/dash/students/stu-00000/edit');
        await offerInstall(page);
        await expect(banner(page)).toBeVisible();
        if (width === 390) {
          // On a phone the banner sits above the form's action bar, never over it.
          const bar = await page.getByRole('toolbar').boundingBox();
          const card = await banner(page).boundingBox();
          expect(bar && card && card.y + card.height <= bar.y).toBe(true);
        }
        await page.screenshot({ path: test.info().outputPath(`banner-${theme}-${width}.png`) });
        await open(page, '/dash/settings');
        await page.getByRole('button', { name: 'How to install' }).click();
        await expect(instructions(page)).toBeVisible();
        await page.screenshot({ path: test.info().outputPath(`modal-${theme}-${width}.png`) });
        await page.keyboard.press('Escape');
        await expect(instructions(page)).toHaveCount(0);
        await page.getByRole('region', { name: 'Install the app' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: test.info().outputPath(`settings-${theme}-${width}.png`) });
      }
    });
  }
});
