import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import { open, signIn, useTheme, type ThemeName } from './fixtures';
import { PAGES } from './routes';

// Every page × every theme through axe is the full matrix (`npm run test:a11y:full`, about 12
// minutes of browser time). `npm test` runs a rotating third of it: every page is checked every
// run, each in one theme, and the theme a page gets moves on by one each day, so three days of CI
// cover the whole matrix. A11Y_ROTATION pins the rotation (the playwright config sets it once per
// run, so every worker sees the same list).
const THEMES: ThemeName[] = ['default', 'dark', 'accessible'];
const FULL = process.env.A11Y_FULL === '1';
const ROTATION = Number(process.env.A11Y_ROTATION ?? Math.floor(Date.now() / 86_400_000));
const ALL_PATHS = Object.keys(PAGES);
const DASH_PATHS = [
  ...ALL_PATHS.filter((p) => p.startsWith('/dash/') || p === '/dashboard'),
  '/dash/nowhere',
];
const PUBLIC_PATHS = [...ALL_PATHS.filter((p) => !DASH_PATHS.includes(p)), '/no/such/page'];
/** Pages per test: about 8, so one test takes about a minute. */
const GROUP_SIZE = 8;

/** The dashboard pages one theme checks in this run: all of them, or its rotating share. */
function dashPathsFor(themeIndex: number): string[] {
  if (FULL) return DASH_PATHS;
  return DASH_PATHS.filter((_, i) => (i + ROTATION) % THEMES.length === themeIndex);
}

function groups(paths: string[]): string[][] {
  return Array.from({ length: Math.ceil(paths.length / GROUP_SIZE) }, (_, i) =>
    paths.slice(i * GROUP_SIZE, (i + 1) * GROUP_SIZE),
  );
}

THEMES.forEach((theme, themeIndex) => {
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
    const dashGroups = groups(dashPathsFor(themeIndex));
    dashGroups.forEach((group, index) => {
      test(`dashboard pages, group ${index + 1} of ${dashGroups.length}, have no violations`, async ({
        page,
      }) => {
        test.setTimeout(180_000);
        test.info().annotations.push({ type: 'pages', description: group.join(', ') });
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
});
