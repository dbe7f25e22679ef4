// The new-version check and route rules (issue 11, spec §4 "Version check", §2 route rules): a page
// running build A learns from builds/latest.json that build B is out, shows the quiet notice, and
// Reload brings B (through B's waiting service worker when the build has one); a redirect rule in
// builds/meta/{buildId}.json is followed, and an external target loads the other site.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { buildVariant, extraPort, serveBuild, type RunningServer } from './extra-builds';
import { signIn, useTheme, type ThemeName } from './fixtures';
import { themesThisRun } from './themes';

const packageVersion = readPackageVersion(readFileSync('package.json', 'utf8'));
const [major, minor, patch] = packageVersion.split('.').map(Number);
const nextVersion = `${major}.${minor}.${Number(patch) + 1}`;

/** package.json's version, read without trusting its shape. */
function readPackageVersion(text: string): string {
  const parsed: unknown = JSON.parse(text);
  const version =
    typeof parsed === 'object' && parsed !== null && 'version' in parsed ? parsed.version : null;
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error('package.json has no major.minor.patch version');
  }
  return version;
}

const notice = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'A new version is ready' });

async function signInAt(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await expect(page.getByTestId('start-cover')).toHaveCount(0);
  await page.getByRole('button', { name: 'Use the admin demo account' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dash\//);
}

test.describe('a new build', () => {
  test.use({ serviceWorkers: 'allow' });

  const buildA = process.env.BUILD_DIR ?? 'build';
  let buildB = '';

  test.beforeAll(() => {
    test.setTimeout(600_000);
    buildB = buildVariant('update-b', { APP_VERSION: nextVersion });
  });

  test('build A then build B: a page on A shows the new-version notice, and Reload brings B', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const port = extraPort(3);
    const hasWorker = existsSync(join(buildA, 'client', 'sw.js'));
    let server: RunningServer = await serveBuild(buildA, port);
    try {
      await signInAt(page, server.url);
      await page.goto(`${server.url}/dash/settings`);
      await expect(page.getByTestId('app-version')).toHaveText(packageVersion);
      await expect(page.getByText('No newer version has been found.')).toBeVisible();
      if (hasWorker) {
        // Let build A's worker install and take the page, as it would for a person.
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      }
      await expect(notice(page)).toHaveCount(0);

      await server.stop();
      server = await serveBuild(buildB, port);
      // Coming back to the tab is one of the moments the app checks for a new build.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(notice(page)).toBeVisible();
      await expect(page.getByText('A new version is ready.')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('update-notice-a-to-b.png') });

      await notice(page).getByRole('button', { name: 'Reload' }).click();
      await expect(page.getByTestId('app-version')).toHaveText(nextVersion, { timeout: 30_000 });
      await expect(page.getByText('No newer version has been found.')).toBeVisible();
      await expect(notice(page)).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('appVersion'))).toBe(nextVersion);
      if (hasWorker) {
        const scriptURL = await page.evaluate(
          () => navigator.serviceWorker.controller?.scriptURL ?? null,
        );
        expect(scriptURL).toBe(`${server.url}/sw.js`);
      }
    } finally {
      await server.stop();
    }
  });
});

test.describe('the notice and the route rules', () => {
  // page.route cannot see requests a service worker answers; these tests need no worker.
  test.use({ serviceWorkers: 'block' });

  /** Makes the page's build believe a newer version was deployed. */
  async function offerNewVersion(page: Page) {
    await page.route('**/builds/latest.json?*', (route) =>
      route.fulfill({ json: { id: 'newer', timestamp: Date.now(), version: '99.0.0' } }),
    );
  }

  for (const theme of themesThisRun('pwa-update.spec.ts', [
    'default',
    'dark',
    'accessible',
  ] satisfies ThemeName[])) {
    test(`the new-version notice is quiet and readable in the ${theme} theme at 1280 and 390 px`, async ({
      page,
    }, testInfo) => {
      await useTheme(page, theme);
      await offerNewVersion(page);
      await signIn(page, 'admin');
      await page.goto('/dash/students');
      await expect(notice(page)).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`notice-${theme}-1280.png`) });
      await expectNoViolations(page, theme, 'students list with the update notice');

      await page.setViewportSize({ width: 390, height: 844 });
      await expect(notice(page)).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`notice-${theme}-390.png`) });
      // The notice sits above the mobile action bar, never over it.
      const bar = page.getByRole('toolbar').last();
      if (await bar.isVisible()) {
        const barBox = await bar.boundingBox();
        const noticeBox = await notice(page).locator('div').first().boundingBox();
        expect(noticeBox && barBox && noticeBox.y + noticeBox.height <= barBox.y).toBe(true);
      }

      await notice(page).getByRole('button', { name: 'Not now' }).click();
      await expect(notice(page)).toHaveCount(0);
      await page.goto('/dash/settings');
      await expect(page.getByText('A new version is ready.')).toBeVisible();
      await page.screenshot({
        path: testInfo.outputPath(`settings-version-${theme}-390.png`),
        fullPage: true,
      });
    });
  }

  test('a redirect rule in builds/meta is followed', async ({ page }) => {
    await signIn(page, 'admin');
    // A real rule of this build (app/pwa/redirects.ts): the old inquiries path.
    await page.goto('/dash/inquiries?status=open');
    await expect(page).toHaveURL(/\/dash\/parent-inquiries\?status=open$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a redirect rule with an external target loads the other site', async ({ page }) => {
    await page.route('**/builds/meta/*.json?*', async (route) => {
      const response = await route.fetch();
      const meta: unknown = await response.json();
      if (typeof meta !== 'object' || meta === null || !('routeRules' in meta)) {
        throw new Error('builds/meta answered without routeRules');
      }
      const rules = Array.isArray(meta.routeRules) ? meta.routeRules : [];
      await route.fulfill({
        response,
        json: {
          ...meta,
          routeRules: [
            { from: '/dash/handbook', to: 'https://handbook.example.test/start' },
            ...rules,
          ],
        },
      });
    });
    await page.route('https://handbook.example.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Handbook</title><h1>Staff handbook</h1>',
      }),
    );
    await signIn(page, 'admin');
    await page.goto('/dash/handbook');
    await expect(page).toHaveURL('https://handbook.example.test/start');
    await expect(page.getByRole('heading', { name: 'Staff handbook' })).toBeVisible();
  });
});
