// The dashboard shell and the family picker as a person meets them (production build, demo mode):
// on a phone with the demo banner showing, the sync panel and the menu drawer lie fully on screen;
// on an 800 px-high desktop every navigation entry can be reached; the theme button says what it
// will do; a new student gets their family by typing a guardian's name; and axe passes on the
// shell, its panels and the student form in every theme. Screenshots go to the test output folder.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectNoViolations } from './axe';
import { open, signIn, useTheme, type ThemeName } from './fixtures';
import { themesThisRun } from './themes';

const THEMES: ThemeName[] = ['default', 'dark', 'accessible'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function expectWithinViewport(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, `${what} is rendered`).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  // Half a pixel of slack for sub-pixel layout.
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(-0.5);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(-0.5);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport.height + 0.5);
}

async function bottomOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box ? box.y + box.height : Number.NaN;
}

const syncButton = (page: Page) => page.getByRole('button', { name: /^Sync status:/ });
const syncPanel = (page: Page) => page.getByRole('dialog', { name: 'Sync status' });
const navigation = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
/** The drawer (phone) or sidebar (desktop): the scrolling box around the navigation. */
const drawer = (page: Page) => navigation(page).locator('xpath=..');

/**
 * axe while the family list is open. react-aria hides the rest of the page from assistive
 * technology (aria-hidden) while the list is open, and axe reports every focusable element behind
 * it (aria-hidden-focus); the list closes as soon as focus leaves the input, so none of them can be
 * reached while hidden. Every other rule, contrast included, still runs on the whole page.
 */
async function expectOpenListNoViolations(page: Page, theme: ThemeName, label: string) {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
  const aa = await new AxeBuilder({ page })
    .withTags(tags)
    .disableRules(['aria-hidden-focus'])
    .analyze();
  expect(
    aa.violations.map((v) => v.id),
    `${label} (${theme})`,
  ).toEqual([]);
  if (theme === 'accessible') {
    const aaa = await new AxeBuilder({ page }).withRules(['color-contrast-enhanced']).analyze();
    expect(
      aaa.violations.map((v) => v.id),
      `${label} (${theme}, AAA contrast)`,
    ).toEqual([]);
  }
}

/** Signs in at desktop width (the sign-in helper waits for the sidebar), then turns into a phone. */
async function signInOnPhone(page: Page) {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await page.setViewportSize(PHONE);
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

test.describe('on a 390 × 844 phone with the demo banner showing', () => {
  test('the opened sync panel and the opened menu drawer lie fully within the viewport', async ({
    page,
  }, testInfo) => {
    await signInOnPhone(page);
    const banner = page.getByRole('complementary', { name: 'Demo mode' });
    await expect(banner).toBeVisible();

    await syncButton(page).click();
    await expect(syncPanel(page)).toBeVisible();
    await expectWithinViewport(page, syncPanel(page), 'the sync panel');
    await shot(page, testInfo, 'phone-sync-panel');
    await page.keyboard.press('Escape');
    await expect(syncPanel(page)).toBeHidden();
    await expect(syncButton(page)).toBeFocused();

    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(navigation(page)).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(navigation(page)).toBeVisible();
    await expectWithinViewport(page, drawer(page), 'the menu drawer');
    // It starts below the header, which sits below the banner: nothing of it is covered.
    const drawerBox = await drawer(page).boundingBox();
    expect(drawerBox?.y).toBeGreaterThanOrEqual(await bottomOf(page.getByRole('banner')));
    expect(drawerBox?.y).toBeGreaterThanOrEqual(await bottomOf(banner));
    await shot(page, testInfo, 'phone-menu-drawer');

    // The last entry is reachable inside the drawer, and choosing it closes the drawer.
    const settings = navigation(page).getByRole('link', { name: 'Settings' });
    await settings.scrollIntoViewIfNeeded();
    await expectWithinViewport(page, settings, 'the Settings entry');
    await settings.click();
    await expect(page).toHaveURL(/\/dash\/settings$/);
    await expect(navigation(page)).toBeHidden();

    // Escape closes the drawer and gives focus back to the Menu button.
    await menu.click();
    await expect(navigation(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(navigation(page)).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test('after the page has scrolled the banner away, the drawer starts right below the header', async ({
    page,
  }) => {
    await signInOnPhone(page);
    await open(page, '/dash/students');
    await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
    await page.mouse.wheel(0, 600);
    await expect
      .poll(async () => (await page.getByRole('banner').boundingBox())?.y)
      .toBeLessThanOrEqual(0.5);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expectWithinViewport(page, drawer(page), 'the menu drawer');
    const top = (await drawer(page).boundingBox())?.y ?? Number.NaN;
    expect(Math.abs(top - (await bottomOf(page.getByRole('banner'))))).toBeLessThanOrEqual(1);
  });
});

test.describe('on a 1280 × 800 desktop', () => {
  test.use({ viewport: DESKTOP });

  test('the sidebar fits the viewport and every navigation entry can be scrolled to and clicked', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await expectWithinViewport(page, drawer(page), 'the sidebar');
    const links = navigation(page).getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThan(10);
    for (let i = 0; i < count; i += 1) {
      const link = links.nth(i);
      await link.scrollIntoViewIfNeeded();
      await expectWithinViewport(page, link, `navigation entry ${i + 1}`);
    }
    const settings = navigation(page).getByRole('link', { name: 'Settings' });
    await settings.scrollIntoViewIfNeeded();
    await settings.click();
    await expect(page).toHaveURL(/\/dash\/settings$/);
    await expect(settings).toHaveAttribute('aria-current', 'page');
  });

  test('the theme button says what it will do, and its name follows the theme', async ({
    page,
  }) => {
    await useTheme(page, 'default');
    await signIn(page, 'admin');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'default');
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    const toLight = page.getByRole('button', { name: 'Light mode' });
    await expect(toLight).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveCount(0);
    // The label names the action, so no pressed state contradicts it.
    await expect(toLight).not.toHaveAttribute('aria-pressed', /.*/);
    await toLight.click();
    await expect(html).toHaveAttribute('data-theme', 'default');
    await expect(page.getByRole('button', { name: 'Dark mode' })).toBeVisible();
  });

  test('a new student is created by typing part of a guardian’s name into the family picker', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const lastName = unique('Pick');
    await signIn(page, 'admin');
    await open(page, '/dash/students/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New student' })).toBeVisible();

    // "Grac" is part of Grace Whitfield's first name; the family is called Whitfield.
    const family = page.getByRole('combobox', { name: 'Family' });
    await family.pressSequentially('Grac');
    const option = page.getByRole('option', { name: /Whitfield/ });
    await expect(option).toBeVisible();
    await expect(option).toContainText('Grace Whitfield');
    await family.press('ArrowDown');
    await family.press('Enter');
    await expect(family).toHaveValue(/^Whitfield \(Grace Whitfield/);

    // A refused submit keeps the family and shows the other field's error.
    await page.getByLabel('First name').fill('Pia');
    await page.getByRole('button', { name: 'Create student' }).click();
    await expect(page.getByText('Enter the last name.')).toBeVisible();
    await expect(page).toHaveURL(/\/dash\/students\/new/);
    await expect(family).toHaveValue(/^Whitfield \(Grace Whitfield/);

    await page.getByLabel('Last name').fill(lastName);
    await page.getByLabel('Date of birth').fill('2016-03-04');
    await page.getByRole('button', { name: 'Create student' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Pia ${lastName}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'The Whitfield family' })).toBeVisible();
  });

  test('without a family chosen the form says so beside the picker', async ({ page }) => {
    await signIn(page, 'admin');
    await open(page, '/dash/students/new');
    await page.getByRole('button', { name: 'Create student' }).click();
    const family = page.getByRole('combobox', { name: 'Family' });
    await expect(family).toHaveAttribute('aria-invalid', 'true');
    await expect(family).toHaveAccessibleDescription(/Choose a family\./);
  });
});

for (const theme of themesThisRun('shell-and-pickers.spec.ts', THEMES)) {
  test(`the shell, its panels and the student form pass axe in the ${theme} theme`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await useTheme(page, theme);
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, theme, 'dashboard shell (1280)');
    await shot(page, testInfo, `${theme}-1280-home`);

    await syncButton(page).click();
    await expect(syncPanel(page)).toBeVisible();
    await expectNoViolations(page, theme, 'sync panel (1280)');
    await page.keyboard.press('Escape');

    await open(page, '/dash/students/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New student' })).toBeVisible();
    await page.getByRole('button', { name: 'Create student' }).click();
    await expect(page.getByText('Choose a family.')).toBeVisible();
    await expectNoViolations(page, theme, 'student form with errors (1280)');
    await page.getByRole('combobox', { name: 'Family' }).pressSequentially('oka');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.getByRole('combobox', { name: 'Family' }).press('ArrowDown');
    await expectOpenListNoViolations(page, theme, 'family picker, open (1280)');
    await shot(page, testInfo, `${theme}-1280-family-picker`);
    await page.getByRole('combobox', { name: 'Family' }).press('Escape');

    await page.setViewportSize(PHONE);
    await open(page, '/dash/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, theme, 'dashboard shell (390)');
    await shot(page, testInfo, `${theme}-390-home`);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(navigation(page)).toBeVisible();
    await expectNoViolations(page, theme, 'menu drawer (390)');
    await shot(page, testInfo, `${theme}-390-menu`);
    await page.keyboard.press('Escape');
    await syncButton(page).click();
    await expect(syncPanel(page)).toBeVisible();
    await shot(page, testInfo, `${theme}-390-sync`);
    await page.keyboard.press('Escape');

    await open(page, '/dash/students/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New student' })).toBeVisible();
    await expectNoViolations(page, theme, 'student form (390)');
    await shot(page, testInfo, `${theme}-390-student-form`);
  });
}
