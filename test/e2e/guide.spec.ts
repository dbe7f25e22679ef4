// The user guide's viewer (issue 16 §3) in the production build: the markdown sources served under
// /docs/user-guide, the guide opening offline after one online visit, a missing page's toast, the
// sidebar, contents, previous/next, search and a parent's "For you" pages, and axe in the three
// themes on a desktop and a phone. Titles are read from the pages' own frontmatter, so the test
// follows the content as it is written.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import {
  expectNotice,
  open,
  signIn,
  useTheme,
  waitForWorker,
  type ThemeName,
  screenshotSizes,
} from './fixtures';
import { themesThisRun } from './themes';

/** A frontmatter field of a guide page, as written in docs/user-guide/<id>.mdx. */
function frontmatter(id: string, field: 'title' | 'description'): string {
  const source = readFileSync(new URL(`../../docs/user-guide/${id}.mdx`, import.meta.url), 'utf8');
  const value = new RegExp(`^${field}:\\s*(.+)$`, 'm').exec(source)?.[1]?.trim() ?? '';
  const quoted = /^(['"])(.*)\1$/.exec(value);
  return quoted?.[2] ?? value;
}

const pageList = (page: Page) => page.getByRole('navigation', { name: 'Guide pages' });
const contents = (page: Page) => page.getByRole('navigation', { name: 'On this page' });
const title = (page: Page, text: string) =>
  page.getByRole('heading', { level: 1, name: text, exact: true });

test('a page of the guide is served as markdown with its frontmatter', async ({ request }) => {
  const response = await request.get('/docs/user-guide/getting-started/signing-in.md');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/markdown/);
  const body = await response.text();
  expect(body).toMatch(/^---\n/);
  expect(body).toContain(frontmatter('getting-started/signing-in', 'title'));
  expect(body).toMatch(/^category: gettingStarted$/m);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the guide opens offline after one online visit, a page not bundled with it included', async ({
    context,
    page,
  }) => {
    await open(page, '/help');
    await expect(title(page, frontmatter('index', 'title'))).toBeVisible();
    await waitForWorker(page);

    await context.setOffline(true);
    await page.goto('/help/features/calendar');
    await expect(title(page, frontmatter('features/calendar', 'title'))).toBeVisible();
    await expect(page.getByText(frontmatter('features/calendar', 'description'))).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toContainText(/\w+ \w+ \w+/);

    // Search works offline too.
    await page.getByRole('searchbox', { name: 'Search the guide' }).fill('calendar');
    await expect(
      page
        .getByRole('list', { name: 'Search results' })
        .getByRole('link', { name: new RegExp(frontmatter('features/calendar', 'title')) })
        .first(),
    ).toBeVisible();
    await context.setOffline(false);
  });
});

test('a page the guide does not have says so, in a toast and on the page', async ({ page }) => {
  await open(page, '/help/no/such-page');
  await expectNotice(page, 'Documentation page not found');
  await expect(title(page, 'This page is not in the guide')).toBeVisible();
  await expect(page).toHaveTitle('Page not found · User guide');
  // The rest of the guide is still one click away.
  await expect(pageList(page).getByRole('link').first()).toBeVisible();
  await page.getByRole('link', { name: 'Go to the guide’s home page' }).click();
  await expect(page).toHaveURL('/help');
  await expect(title(page, frontmatter('index', 'title'))).toBeVisible();
});

test('the sidebar, the contents, previous and next lead through the guide', async ({ page }) => {
  const signingIn = frontmatter('getting-started/signing-in', 'title');
  await open(page, '/help/getting-started/signing-in');
  await expect(title(page, signingIn)).toBeVisible();
  await expect(page).toHaveTitle(`${signingIn} · User guide`);
  await expect(pageList(page).getByRole('link', { name: signingIn, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // Nobody is signed in: no "For you" group and no way to a dashboard.
  await expect(pageList(page).getByRole('heading', { name: 'For you' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to your dashboard' })).toHaveCount(0);

  // A link of the contents goes to its section.
  const section = contents(page).getByRole('link').last();
  const sectionName = (await section.innerText()).trim();
  const href = (await section.getAttribute('href')) ?? '';
  await section.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { name: sectionName })).toBeInViewport();

  // Next, then back with Previous.
  const next = page.getByRole('navigation', { name: 'Previous and next pages' }).getByRole('link', {
    name: /^Next page/,
  });
  const nextTitle = (await next.locator('span').last().innerText()).trim();
  await next.click();
  await expect(title(page, nextTitle)).toBeVisible();
  await expect(pageList(page).getByRole('link', { name: nextTitle, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page
    .getByRole('navigation', { name: 'Previous and next pages' })
    .getByRole('link', { name: /^Previous page/ })
    .click();
  await expect(title(page, signingIn)).toBeVisible();

  // A link to a section opens the page scrolled to it.
  await page.setViewportSize({ width: 390, height: 500 });
  await open(page, `/help/getting-started/signing-in${href}`);
  await expect(page.getByRole('heading', { name: sectionName })).toBeInViewport();
});

test('the guide search finds a page and opens it', async ({ page }) => {
  const offline = frontmatter('features/working-offline', 'title');
  await open(page, '/help');
  const box = page.getByRole('searchbox', { name: 'Search the guide' });
  await box.fill('offline');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(page.getByRole('status').filter({ hasText: /pages? match/ })).toBeVisible();
  await results
    .getByRole('link', { name: new RegExp(offline) })
    .first()
    .click();
  await expect(page).toHaveURL('/help/features/working-offline');
  await expect(title(page, offline)).toBeVisible();

  await box.fill('qwertyzzz');
  await expect(page.getByText('No pages match “qwertyzzz”.')).toBeVisible();
});

test('the old help address leads to the page, with the way back', async ({ page }) => {
  await open(page, '/help?page=features/theme-settings&from=%2Flogin');
  await expect(page).toHaveURL('/help/features/theme-settings?from=%2Flogin');
  await expect(title(page, frontmatter('features/theme-settings', 'title'))).toBeVisible();
  await page.getByRole('link', { name: 'Back to the page you were on' }).click();
  await expect(page).toHaveURL('/login');
});

test('a parent sees "For you" first, with the parent page at its head, and a way back to the dashboard', async ({
  page,
}) => {
  await signIn(page, 'parent');
  await open(page, '/help');
  const firstGroup = pageList(page).getByRole('region').first();
  await expect(firstGroup.getByRole('heading')).toHaveText('For you');
  await expect(firstGroup.getByRole('link').first()).toHaveText(
    frontmatter('roles/parent', 'title'),
  );
  await screenshotSizes(page, 'guide-parent');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Back to your dashboard' }).click();
  await expect(page).toHaveURL('/dash/home');
});

test('signed out, the guide fits a phone, with the pages and the contents folded above the article', async ({
  page,
}) => {
  await open(page, '/help/features/calendar');
  await screenshotSizes(page, 'guide-signed-out');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(pageList(page)).toBeHidden();
  await page.getByText('Guide pages', { exact: true }).click();
  await expect(pageList(page)).toBeVisible();
  await page.getByText('On this page', { exact: true }).click();
  await expect(contents(page).getByRole('link').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('guide-phone-open-390.png') });
  // Opening another page folds the list again.
  await pageList(page)
    .getByRole('link', { name: frontmatter('index', 'title'), exact: true })
    .click();
  await expect(page).toHaveURL('/help');
  await expect(pageList(page)).toBeHidden();
});

for (const theme of themesThisRun('guide.spec.ts', [
  'default',
  'dark',
  'accessible',
] as const satisfies ThemeName[])) {
  test(`the guide passes axe in the ${theme} theme at 1280 and 390 px`, async ({ page }) => {
    await useTheme(page, theme);
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, '/help/features/calendar');
    await expect(title(page, frontmatter('features/calendar', 'title'))).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the guide' }).fill('sign');
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
    await expectNoViolations(page, theme, 'guide page with search results, 1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('Guide pages', { exact: true }).click();
    await page.getByText('On this page', { exact: true }).click();
    await expect(pageList(page)).toBeVisible();
    await expectNoViolations(page, theme, 'guide page, 390');

    await open(page, '/help/no/such-page');
    await expect(title(page, 'This page is not in the guide')).toBeVisible();
    await expectNoViolations(page, theme, 'missing guide page, 390');
  });
}
