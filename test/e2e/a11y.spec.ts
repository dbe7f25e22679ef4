import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import { open, useTheme, type ThemeName } from './fixtures';
import { PAGES } from './routes';
import { themesThisRun } from './themes';

// The pages outside the dashboard (the sign-in steps, the public inquiry form, the guide, the
// examples, a page that does not exist), in a theme that turns daily (themes.ts; every theme with
// E2E_ALL_THEMES=1, and `npm run screenshots` photographs them in all three). The dashboard's
// pages are the route matrix's (route-matrix.spec.ts: every route × role × theme × size).
const THEMES: ThemeName[] = ['default', 'dark', 'accessible'];
const PUBLIC_PATHS = [
  ...Object.keys(PAGES).filter((p) => !p.startsWith('/dash/') && p !== '/dashboard'),
  '/no/such/page',
];

themesThisRun('a11y.spec.ts', THEMES).forEach((theme) => {
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
  });
});
