// Keyboard-only journeys (issue 18 §2): sign in, take a roll call, send a message, move an inquiry
// through the pipeline, use the sync panel, switch theme and use the help panel, with no mouse at
// all (page.goto only starts a journey). Every element that receives focus on the way is checked
// by the helpers of keyboard.ts: a visible focus indicator, on screen and not covered, and never
// behind an open modal; a dialog that closes hands focus back to what opened it. The journeys run
// in the three themes at 1280 × 800, sign-in and help also at 390 × 844. Also the skip links: the
// first Tab stop of every page, shown when focused, and each moves focus to its target.
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_EMAILS,
  DEMO_PASSWORD,
  expectNotice,
  open,
  syncSettled,
  setSchoolDay,
  useTheme,
} from './fixtures';
import {
  expectFocused,
  expectFocusInside,
  expectVisibleFocus,
  focusLog,
  pressAndCheck,
  tabTo,
  typeInto,
} from './keyboard';
import { PAGES } from './routes';
import { sampleThisRun } from './sample';
import { themesThisRun } from './themes';
import type { DemoRole, ThemeName } from './fixtures';

const THEMES: ThemeName[] = ['default', 'dark', 'accessible'];
const PHONE = { width: 390, height: 844 };

test.afterEach(async ({ page }, testInfo) => {
  // Which elements were checked, for whoever reads a failure (or doubts a pass).
  const log = focusLog(page)
    .map((s) => `${s.description} — outline ${s.outlineStyle} ${s.outlineWidth}px`)
    .join('\n');
  await testInfo.attach('focus-stops', { body: log, contentType: 'text/plain' });
});

const skipToContent = (page: Page) => page.getByRole('link', { name: 'Skip to content' });
const skipToNavigation = (page: Page) => page.getByRole('link', { name: 'Skip to navigation' });

/**
 * Signs in with the keyboard: the sign-in page puts focus in the e-mail field itself; the address,
 * Continue, the password and Sign in follow with Tab and Enter.
 */
async function signInWithKeyboard(page: Page, role: DemoRole) {
  await open(page, '/login');
  const email = page.getByLabel('E-mail address');
  await expectFocused(page, email);
  await typeInto(page, DEMO_EMAILS[role]);
  await tabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
  await pressAndCheck(page, 'Enter');
  const password = page.getByLabel('Password', { exact: true });
  await expectFocused(page, password);
  await typeInto(page, DEMO_PASSWORD);
  await tabTo(page, page.getByRole('button', { name: 'Sign in', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dash\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/**
 * Asserts that "Skip to content" is the first Tab stop of the page and leaves focus on it. Where the
 * page puts focus somewhere itself on load (the e-mail field of the sign-in page), Shift+Tab goes
 * back from there to the link, and one more Shift+Tab leaves the document.
 */
async function expectSkipLinkFirst(page: Page, path: string) {
  const focusedOnLoad = await page.evaluate(() => document.activeElement !== document.body);
  if (focusedOnLoad) {
    await tabTo(page, skipToContent(page), { key: 'Shift+Tab', max: 12 });
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement === document.body), path).toBe(true);
  }
  await pressAndCheck(page, 'Tab');
  await expect(skipToContent(page), `${path}: the first Tab stop`).toBeFocused();
}

/** Opens a page and starts from its top, on "Skip to content". */
async function start(page: Page, path: string) {
  await open(page, path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectSkipLinkFirst(page, path);
}

for (const theme of themesThisRun('keyboard.spec.ts', THEMES)) {
  test.describe(`keyboard only, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    test('sign in', async ({ page }) => {
      await open(page, '/login');
      // From the e-mail field (focused by the page) back to the top of the page, then forward.
      await tabTo(page, skipToContent(page), { key: 'Shift+Tab' });
      await tabTo(page, page.getByLabel('E-mail address'));
      await signInWithKeyboard(page, 'admin');
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    });

    test('take a roll call', async ({ page }) => {
      // The demo classes meet on weekdays: the page's clock says it is a school Friday.
      await setSchoolDay(page);
      await signInWithKeyboard(page, 'facilitator');
      await start(page, '/dash/attendance');
      const notTaken = page
        .getByRole('region', { name: 'Today’s classes' })
        .getByRole('link', { name: /, not taken$/ })
        .first();
      await tabTo(page, notTaken, { max: 60 });
      await pressAndCheck(page, 'Enter');
      const students = page
        .getByRole('list', { name: 'Students' })
        .getByRole('button', { name: /, (Present|Absent|Late|Excused)$/ });
      await expect(students.first()).toBeVisible();

      // Mark the first student absent (one press from present), the second late (two presses).
      const first = students.nth(0);
      const second = students.nth(1);
      const firstName = ((await first.getAttribute('aria-label')) ?? '').split(',')[0];
      await tabTo(page, first, { max: 60 });
      await pressAndCheck(page, 'Enter');
      await expect(page.getByRole('button', { name: `${firstName}, Absent` })).toBeFocused();

      // The note: a modal dialog that hands focus back to its button.
      const noteButton = page.getByRole('button', { name: `Note for ${firstName}` });
      await tabTo(page, noteButton);
      await pressAndCheck(page, 'Enter');
      const noteDialog = page.getByRole('dialog', { name: `Note for ${firstName}` });
      await expect(noteDialog).toBeVisible();
      await expectFocusInside(page, noteDialog);
      await expectFocused(page, noteDialog.getByLabel('Note'));
      await typeInto(page, 'Phoned in sick');
      await tabTo(page, noteDialog.getByRole('button', { name: 'Keep note' }));
      await pressAndCheck(page, 'Enter');
      await expect(noteDialog).toBeHidden();
      await expectFocused(page, noteButton);

      const secondName = ((await second.getAttribute('aria-label')) ?? '').split(',')[0];
      await tabTo(page, second);
      await pressAndCheck(page, 'Space');
      await pressAndCheck(page, 'Space');
      await expect(page.getByRole('button', { name: `${secondName}, Late` })).toBeFocused();

      // Save sits above the list (and in the action bar on a phone): back up to it.
      await tabTo(page, page.getByRole('button', { name: 'Save roll call' }), {
        key: 'Shift+Tab',
        max: 80,
      });
      await pressAndCheck(page, 'Enter');
      await expectNotice(page, /saved/i);
      await syncSettled(page);
      await expect(page.getByRole('button', { name: `${firstName}, Absent` })).toBeVisible();
      await expect(page.getByRole('button', { name: `${secondName}, Late` })).toBeVisible();
    });

    test('send a message and start a conversation', async ({ page }) => {
      await signInWithKeyboard(page, 'facilitator');
      await start(page, '/dash/messages');
      const conversation = page
        .getByRole('list', { name: 'Conversations' })
        .getByRole('link')
        .first();
      await tabTo(page, conversation, { max: 60 });
      await pressAndCheck(page, 'Enter');
      const reply = page.getByLabel('Reply');
      await expect(reply).toBeVisible();
      await tabTo(page, reply, { max: 60 });
      const body = `Sent with the keyboard in the ${theme} theme`;
      await typeInto(page, body);
      await tabTo(page, page.getByRole('button', { name: 'Send' }));
      await pressAndCheck(page, 'Enter');
      await expect(
        page
          .getByRole('list', { name: 'Messages' })
          .getByRole('listitem')
          .filter({ hasText: body }),
      ).toBeVisible();
      await expect(reply).toHaveValue('');

      // A new conversation: recipients with Space, subject and message typed, sent with Enter.
      await start(page, '/dash/messages/new');
      const to = page.getByRole('group', { name: 'To' });
      await tabTo(page, to.getByRole('checkbox').first(), { max: 60 });
      await pressAndCheck(page, 'Space');
      await expect(to.getByRole('checkbox').first()).toBeChecked();
      await tabTo(page, page.getByLabel('Subject'), { max: 30 });
      const subject = `Keyboard note (${theme})`;
      await typeInto(page, subject);
      await tabTo(page, page.getByLabel('Message', { exact: true }));
      await typeInto(page, 'Written and sent without a mouse.');
      await tabTo(page, page.getByRole('main').getByRole('button', { name: 'Send' }));
      await pressAndCheck(page, 'Enter');
      await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    });

    test('move an inquiry through the pipeline and open its detail', async ({ page }) => {
      test.slow();
      await signInWithKeyboard(page, 'admin');
      await start(page, '/dash/parent-inquiries');
      await syncSettled(page);
      const newColumn = page.getByRole('region', { name: /^New \d+ inquir/ });
      const moveTo = newColumn.getByRole('combobox', { name: /^Move to/ }).first();
      const selectId = (await moveTo.getAttribute('id')) ?? '';
      const id = selectId.replace(/^move-to-/, '');
      expect(id).not.toBe('');
      await tabTo(page, moveTo, { max: 80 });
      // The select offers the next status first: Tab to Move and press Enter.
      await expect(moveTo.locator('option:checked')).toHaveText('Contacted');
      await pressAndCheck(page, 'Tab');
      await expect(
        page.locator(`li[data-inquiry="${id}"]`).getByRole('button', { name: /^Move/ }),
      ).toBeFocused();
      await pressAndCheck(page, 'Enter');
      await expectNotice(page, 'inquiry to Contacted');
      const contacted = page.getByRole('region', { name: /^Contacted \d+ inquir/ });
      // The card is drawn in its new column, and focus stays on its own "Move to".
      await expectFocused(page, contacted.locator(`#${selectId}`));

      // The detail dialog from the card's title, and back to the title when it closes.
      const card = page.locator(`li[data-inquiry="${id}"]`);
      const title = card.getByRole('heading', { level: 3 }).getByRole('link');
      await tabTo(page, title, { key: 'Shift+Tab', max: 20 });
      await pressAndCheck(page, 'Enter');
      const dialog = page.getByRole('dialog', { name: /^Inquiry for / });
      await expect(dialog).toBeVisible();
      await expectFocusInside(page, dialog);
      for (let i = 0; i < 6; i += 1) await pressAndCheck(page, 'Tab');
      await expectFocusInside(page, dialog);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expectFocused(page, title);
      await syncSettled(page);
    });

    test('open and use the sync panel', async ({ page }) => {
      await signInWithKeyboard(page, 'admin');
      await start(page, '/dash/home');
      const syncButton = page.getByRole('button', { name: /^Sync status: / });
      await tabTo(page, syncButton);
      await pressAndCheck(page, 'Enter');
      const panel = page.getByRole('dialog', { name: 'Sync status' });
      await expect(panel).toBeVisible();
      await expectFocusInside(page, panel);
      await tabTo(page, panel.getByRole('button', { name: 'Sync now' }));
      await expectFocusInside(page, panel);
      await pressAndCheck(page, 'Enter');
      await expect(panel.getByText('Every change has reached the server.')).toBeVisible();
      await tabTo(page, panel.getByRole('button', { name: 'Close' }));
      await pressAndCheck(page, 'Enter');
      await expect(panel).toBeHidden();
      await expectFocused(page, syncButton);

      // Escape closes it too, and focus goes back to the button.
      await pressAndCheck(page, 'Enter');
      await expect(panel).toBeVisible();
      await expectFocusInside(page, panel);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expectFocused(page, syncButton);
    });

    test('switch theme', async ({ page }) => {
      await signInWithKeyboard(page, 'parent');
      await start(page, '/dash/home');
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-theme', theme);
      // The header's button switches between dark and the default theme.
      const toggle = page.getByRole('banner').getByRole('button', { name: /^(Dark|Light) mode$/ });
      await tabTo(page, toggle);
      await pressAndCheck(page, 'Enter');
      const toggled = theme === 'dark' ? 'default' : 'dark';
      await expect(html).toHaveAttribute('data-theme', toggled);
      await expectFocused(page, toggle);

      // The settings page offers every theme as a radio group: arrows choose, focus stays.
      await start(page, '/dash/settings');
      const chosen = page.getByRole('radio', { checked: true });
      await tabTo(page, chosen, { max: 60 });
      const before = await html.getAttribute('data-theme');
      await pressAndCheck(page, 'ArrowDown');
      const after = page.getByRole('radio', { checked: true });
      await expectFocused(page, after);
      await expect(html).not.toHaveAttribute('data-theme', before ?? '');
      await pressAndCheck(page, 'ArrowUp');
      await expect(html).toHaveAttribute('data-theme', before ?? '');
    });

    test('help with Ctrl+?', async ({ page }) => {
      await signInWithKeyboard(page, 'admin');
      await helpJourney(page);
    });
  });
}

/** Ctrl+? opens the help panel; Tab stays inside it, a guide link and Back work, Escape closes. */
async function helpJourney(page: Page) {
  await start(page, '/dash/settings');
  const help = page.getByRole('button', { name: 'Help' });
  await tabTo(page, help);
  await page.keyboard.press('Control+Shift+Slash');
  // The one dialog open: its name follows the guide page it shows.
  const panel = page.getByRole('dialog');
  await expect(panel).toHaveAccessibleName('Theme settings');
  await expectFocusInside(page, panel);
  await expectVisibleFocus(page, 'Ctrl+?');
  // Round the panel with Tab: it is modal, so focus never leaves it.
  for (let i = 0; i < 8; i += 1) await pressAndCheck(page, 'Tab');
  // The theme guide links to another guide page: it opens in the panel, and Back returns.
  const guideLink = panel.locator('article a[href^="/help/"]').first();
  await tabTo(page, guideLink);
  await pressAndCheck(page, 'Enter');
  await expect(panel).not.toHaveAccessibleName('Theme settings');
  const back = panel.getByRole('button', { name: /^Back/ });
  await tabTo(page, back, { key: 'Shift+Tab' });
  await pressAndCheck(page, 'Enter');
  await expect(panel).toHaveAccessibleName('Theme settings');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expectFocused(page, help);
}

test.describe('on a phone', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
  });
  for (const theme of themesThisRun('keyboard.spec.ts', THEMES)) {
    test(`sign in and help with Ctrl+? (${theme})`, async ({ page }) => {
      await useTheme(page, theme);
      await open(page, '/login');
      await tabTo(page, skipToContent(page), { key: 'Shift+Tab' });
      await tabTo(page, page.getByLabel('E-mail address'));
      await signInWithKeyboard(page, 'admin');
      await helpJourney(page);
    });
  }
});

test.describe('skip links', () => {
  test('"Skip to content" is the first Tab stop of every page, shows itself and moves focus to <main>', async ({
    page,
  }) => {
    test.slow();
    await signInWithKeyboard(page, 'admin');
    const every = Object.keys(PAGES).filter((path) => !path.includes(':'));
    expect(every.length).toBeGreaterThan(20);
    // Ten pages a run, turning daily; `npm run test:e2e:full` walks every page (sample.ts).
    const paths = sampleThisRun('keyboard.spec.ts skip links', every, 10);
    for (const path of paths) {
      await start(page, path);
      const link = skipToContent(page);
      const box = await link.boundingBox();
      expect(box && box.width > 20 && box.height > 10, `${path}: the link shows`).toBe(true);
      await pressAndCheck(page, 'Enter');
      await expect(page.locator('main#main'), path).toBeFocused();
      // The next Tab continues inside the page, not back in the header.
      await pressAndCheck(page, 'Tab');
      expect(
        await page.evaluate(() =>
          document.getElementById('main')?.contains(document.activeElement),
        ),
        `${path}: Tab after the skip link stays in <main>`,
      ).toBe(true);
    }
  });

  test('on the dashboard "Skip to navigation" is the second Tab stop and moves focus to the areas', async ({
    page,
  }) => {
    await signInWithKeyboard(page, 'admin');
    await start(page, '/dash/students');
    await pressAndCheck(page, 'Tab');
    await expect(skipToNavigation(page)).toBeFocused();
    await pressAndCheck(page, 'Enter');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expectFocused(page, nav);
    await pressAndCheck(page, 'Tab');
    await expect(nav.getByRole('link').first()).toBeFocused();
    // Straight to an area: Enter on a nav link opens it.
    await tabTo(page, nav.getByRole('link', { name: 'Messages' }));
    await pressAndCheck(page, 'Enter');
    await expect(page).toHaveURL(/\/dash\/messages$/);
  });

  test('on a phone the navigation is the drawer behind Menu, next after "Skip to content"', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signInWithKeyboard(page, 'admin');
    await start(page, '/dash/home');
    await expect(skipToNavigation(page)).toBeHidden();
    await pressAndCheck(page, 'Tab');
    // The demo banner's buttons come next, then the Menu button.
    const menu = page.getByRole('button', { name: 'Menu' });
    await tabTo(page, menu, { max: 4 });
    await pressAndCheck(page, 'Enter');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expectFocused(page, menu);
  });

  test('signed out, the guide and the sign-in page have "Skip to content" first', async ({
    page,
  }) => {
    await open(page, '/help');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await pressAndCheck(page, 'Tab');
    await expect(skipToContent(page)).toBeFocused();
    await expect(skipToNavigation(page)).toHaveCount(0);
    await pressAndCheck(page, 'Enter');
    await expectFocused(page, page.locator('main#main'));

    await start(page, '/login');
  });
});
