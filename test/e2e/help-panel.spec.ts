// Contextual help (spec §2, issue 16 §4): the Help button and Ctrl+? open the guide page for the
// current location in a side panel, by exact route, then prefix; the panel can open the full page.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { expectNotice, open, signIn, useTheme, type ThemeName } from './fixtures';
import { themesThisRun } from './themes';

function helpPanel(page: Page) {
  return page.locator('dialog[data-help-panel]');
}

test('Ctrl+? on the settings page opens the theme settings page in the panel; Escape closes it', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await open(page, '/dash/settings');
  await page.keyboard.press('Control+Shift+Slash');
  const panel = page.getByRole('dialog', { name: 'Theme settings' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { level: 2, name: 'Theme settings' })).toBeVisible();
  await expect(page).toHaveURL('/dash/settings');

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Help' })).toBeFocused();

  // Open the full page: the guide's own page, and the panel is gone.
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(panel).toBeVisible();
  await panel.getByRole('link', { name: 'Open the full page' }).click();
  await expect(page).toHaveURL('/help/features/theme-settings');
  await expect(helpPanel(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Theme settings' })).toBeVisible();
});

test('a student’s page opens the students and families page (by prefix), and guide links stay in the panel', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await open(page, '/dash/students/stu-00000');
  await page.getByRole('button', { name: 'Help' }).click();
  const panel = helpPanel(page);
  await expect(panel.getByRole('heading', { level: 2 }).first()).toHaveText(
    /Students and families/i,
  );
  await expect(page).toHaveURL('/dash/students/stu-00000');

  // A link to another guide page, if the page has one, opens inside the panel with a way back.
  const guideLink = panel.locator('article a[href^="/help/"]').first();
  if ((await guideLink.count()) > 0) {
    const before = await panel.getByRole('heading', { level: 2 }).first().textContent();
    await guideLink.click();
    await expect(page).toHaveURL('/dash/students/stu-00000');
    const back = panel.getByRole('button', { name: /^Back/ });
    await expect(back).toBeVisible();
    await back.click();
    await expect(panel.getByRole('heading', { level: 2 }).first()).toHaveText(before ?? '');
  }
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Help' })).toBeFocused();

  // A link to a page of the app takes the person there and the panel gets out of the way.
  await page.getByRole('button', { name: 'Help' }).click();
  const appLink = panel.locator('article a[href^="/dash/"]').first();
  if ((await appLink.count()) > 0) {
    const href = await appLink.getAttribute('href');
    await appLink.click();
    await expect(page).toHaveURL(href ?? '');
    await expect(panel).toBeHidden();
  }
});

test('the help button on the sign-in page opens signing in', async ({ page }) => {
  await open(page, '/login');
  await page.getByRole('button', { name: 'Help' }).click();
  const panel = page.getByRole('dialog', { name: 'Signing in' });
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('a page the guide cannot load shows the spec’s toast and Retry in the panel', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await open(page, '/dash/settings');
  // Every guide chunk fails to load, as after a broken deploy with nothing cached. The app's
  // chunk-reload guard reloads once per path on a failed chunk; mark that reload as already made,
  // so this failure is a real one that the panel itself must report.
  await page.evaluate(() =>
    sessionStorage.setItem(
      'chunk-reload-guard',
      JSON.stringify({ [location.pathname]: Date.now() }),
    ),
  );
  await page.route(/\/assets\/.*(theme-settings|user-guide).*\.js$/, (route) => route.abort());
  await page.getByRole('button', { name: 'Help' }).click();
  const panel = helpPanel(page);
  await expect(panel).toBeVisible();
  await expectNotice(page, 'Failed to load documentation');
  await expect(panel.getByText('Failed to load documentation')).toBeVisible();
  await page.unroute(/\/assets\/.*(theme-settings|user-guide).*\.js$/);
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('dialog', { name: 'Theme settings' })).toBeVisible();
});

for (const theme of themesThisRun('help-panel.spec.ts', [
  'default',
  'dark',
  'accessible',
] satisfies ThemeName[])) {
  test(`axe passes with the help panel open (${theme} theme)`, async ({ page }) => {
    await useTheme(page, theme);
    await signIn(page, 'admin');
    await open(page, '/dash/settings');
    await page.getByRole('button', { name: 'Help' }).click();
    await expect(page.getByRole('dialog', { name: 'Theme settings' })).toBeVisible();
    await expectNoViolations(page, theme, 'help panel');
  });
}

test('the panel at 1280 and 390 px', async ({ page }) => {
  await signIn(page, 'admin');
  await open(page, '/dash/students/stu-00000');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.getByRole('button', { name: 'Help' }).click();
    const panel = helpPanel(page);
    await expect(panel.getByRole('heading', { level: 2 }).first()).toBeVisible();
    const box = await panel.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(Math.min(512, width) + 1);
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(width);
    await page.screenshot({ path: test.info().outputPath(`help-panel-${width}.png`) });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }
});
