import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import { open, signIn, useTheme, type ThemeName } from './fixtures';
import { PAGES } from './routes';

const THEMES: ThemeName[] = ['default', 'dark', 'accessible'];
const ALL_PATHS = Object.keys(PAGES);
const DASH_PATHS = [
  ...ALL_PATHS.filter((p) => p.startsWith('/dash/') || p === '/dashboard'),
  '/dash/nowhere',
];
/** Pages per test: about 8, so one test takes about a minute. */
const GROUP_SIZE = 8;
const DASH_GROUPS = Array.from({ length: Math.ceil(DASH_PATHS.length / GROUP_SIZE) }, (_, i) =>
  DASH_PATHS.slice(i * GROUP_SIZE, (i + 1) * GROUP_SIZE),
);
const PUBLIC_PATHS = [...ALL_PATHS.filter((p) => !DASH_PATHS.includes(p)), '/no/such/page'];
for (const theme of THEMES) {
  test.describe(`accessibility in the ${theme} theme`, () => {
    test('public pages and the sign-in steps have no violations', async ({ page }) => {
      await useTheme(page, theme);
      for (const path of PUBLIC_PATHS) {
        await open(page, path);
        await expectNoViolations(page, theme, path);
      }
      // The password step and a refused sign-in, with its error message on screen.
      await open(page, '/login');
      await page.getByLabel('E-mail address').fill('admin@demo-learning.example');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(
        page
          .getByRole('region', { name: 'Sign in' })
          .getByRole('alert')
          .filter({ hasText: 'not right' }),
      ).toBeVisible();
      await expectNoViolations(page, theme, '/login (password step, error)');
    });

    // The dashboard pages in groups, so each test stays well inside its time on a busy machine and
    // the groups run side by side.
    DASH_GROUPS.forEach((group, index) => {
      test(`dashboard pages, group ${index + 1} of ${DASH_GROUPS.length}, have no violations`, async ({
        page,
      }) => {
        test.setTimeout(180_000);
        await useTheme(page, theme);
        await signIn(page, 'admin');
        for (const path of group) {
          await open(page, path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expectNoViolations(page, theme, path);
        }
      });
    });
  });
}
