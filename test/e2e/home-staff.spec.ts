// The admin and administration home dashboards (issue 15 §2): every tile shows its figure from the
// cache, the enrolment total and the open inquiries equal the fake backend's own counts, each
// figure's link opens its page, the sync tile shows the header's figures and opens its panel, a
// tile shows a skeleton while its data is on its way, axe passes on both homes in every theme, and
// a 390 px phone does not scroll sideways. Screenshots go to /tmp/shots-h1/ to be looked at.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { open, signIn, useTheme, type DemoRole, type ThemeName } from './fixtures';
import { themesThisRun } from './themes';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-h1';
const HOMES = [
  { role: 'admin', frame: 'Centre overview' },
  { role: 'administration', frame: 'Office overview' },
] as const satisfies readonly { role: DemoRole; frame: string }[];

const TILES = [
  'Enrolment',
  'Today’s attendance',
  'Classrooms not yet marked',
  'Open inquiries',
  'Upcoming events',
  'Unread messages',
  'Sync status',
];

function tile(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/** Opens the home and waits until every tile has its data (no skeleton left). */
async function openHome(page: Page, frame: string) {
  await open(page, '/dash/home');
  await expect(page.getByRole('heading', { level: 2, name: frame })).toBeVisible();
  await expect(page.locator('[data-skeleton]')).toHaveCount(0, { timeout: 60_000 });
}

/** The fake backend's own counts, read from its documents in the page. */
async function backendCounts(page: Page) {
  return page.evaluate(async () => {
    const fake = window.__fakeFirebase;
    const students = (await fake?.listDocuments('students')) ?? [];
    const inquiries = (await fake?.listDocuments('parentInquiries')) ?? [];
    const enrolled = students.filter(({ data }) => data.status === 'enrolled').length;
    const open = inquiries.filter(
      ({ data }) => data.status !== 'enrolled' && data.status !== 'closed',
    ).length;
    const newOnes = inquiries.filter(({ data }) => data.status === 'new').length;
    return { enrolled, open, newOnes };
  });
}

test.describe('staff home dashboards at 1280 px', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const { role, frame } of HOMES) {
    test(`the ${role} home shows every tile with the backend’s figures, and each figure opens its page`, async ({
      page,
    }) => {
      await signIn(page, role);
      await openHome(page, frame);
      for (const name of TILES) await expect(tile(page, name)).toBeVisible();

      const counts = await backendCounts(page);
      expect(counts.enrolled).toBeGreaterThan(0);
      const enrolment = tile(page, 'Enrolment');
      await expect(enrolment).toContainText(`${counts.enrolled} enrolled students`);
      // The campus rows add up to the total, in the chart and in its table.
      const campusLinks = enrolment
        .getByRole('list', { name: 'Enrolled students by campus' })
        .getByRole('link');
      expect(await campusLinks.count()).toBeGreaterThan(0);
      await enrolment.getByRole('button', { name: 'Show as a table' }).click();
      const table = enrolment.getByRole('table', { name: 'Enrolled students by campus' });
      await expect(
        table.getByRole('row', { name: new RegExp(`Total ${counts.enrolled}`) }),
      ).toBeVisible();
      await enrolment.getByRole('button', { name: 'Show as a chart' }).click();

      const inquiries = tile(page, 'Open inquiries');
      await expect(inquiries).toContainText(`${counts.open} open inquir`);
      await expect(
        inquiries.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'New' }) }),
      ).toContainText(String(counts.newOnes));

      await expect(tile(page, 'Today’s attendance')).toContainText(
        /(\d+ % present today \(\d+ of \d+ marked\)|No marks yet today\.)/,
      );
      await expect(tile(page, 'Today’s attendance')).toContainText(
        /(\d+ % on average over the last 30 days|No roll calls in the last 30 days\.)/,
      );
      await expect(tile(page, 'Upcoming events')).toContainText(
        /(\w+ \d+ \w+|No events in the next 7 days\.)/,
      );
      await expect(tile(page, 'Unread messages')).toContainText(
        /(\d+ unread messages?|No unread messages)/,
      );

      // The sync tile says what the header's control says, read at the same moment.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const header = document.querySelector('button[aria-label^="Sync status: "]');
            const figure = document.querySelector('[data-figure="sync"]');
            const label = header?.getAttribute('aria-label')?.replace('Sync status: ', '');
            return label !== undefined && label === figure?.textContent;
          }),
        )
        .toBe(true);
      await tile(page, 'Sync status').getByRole('button', { name: 'Open the sync panel' }).click();
      const panel = page.getByRole('dialog', { name: 'Sync status' });
      await expect(panel).toBeVisible();
      await expect(panel).toContainText('Pending changes');
      await panel.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(panel).toHaveCount(0);

      // Each figure's link opens its page, filtered to what it counted.
      await enrolment
        .getByRole('link', { name: /enrolled students$/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/dash\/students\?status=enrolled$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
      await page.goBack();
      await expect(campusLinks.first()).toBeVisible();
      await campusLinks.first().click();
      await expect(page).toHaveURL(/\/dash\/students\?campus=[^&]+&status=enrolled$/);
      await page.goBack();

      await tile(page, 'Open inquiries').getByRole('link', { name: 'New', exact: true }).click();
      await expect(page).toHaveURL(/\/dash\/parent-inquiries\?status=new$/);
      await page.goBack();

      await tile(page, 'Today’s attendance')
        .getByRole('link', { name: /over the last 30 days|View all attendance reports/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/dash\/attendance\/reports$/);
      await page.goBack();

      await tile(page, 'Unread messages')
        .getByRole('link', { name: /View all messages/ })
        .click();
      await expect(page).toHaveURL(/\/dash\/messages$/);
      await page.goBack();
      await tile(page, 'Upcoming events')
        .getByRole('link', { name: /View all calendar/ })
        .click();
      await expect(page).toHaveURL(/\/dash\/calendar$/);
    });
  }

  test('a tile shows a skeleton while its data is on its way, then its figure', async ({
    page,
  }) => {
    // A new device with a slow backend: the first sync has to fetch every collection.
    await open(page, '/login');
    await page.evaluate(() => window.__fakeFirebase?.faults.setLatency(1500));
    await page.getByRole('button', { name: 'Use the admin demo account' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dash\//, { timeout: 30_000 });
    if (!/\/dash\/home$/.test(page.url())) {
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Home' })
        .click();
    }
    const enrolment = tile(page, 'Enrolment');
    await expect(enrolment.getByRole('status')).toBeVisible();
    await expect(enrolment.getByRole('status')).toContainText('Loading enrolment');
    await page.evaluate(() => window.__fakeFirebase?.faults.clear());
    await expect(enrolment).toContainText(/\d+ enrolled students/, { timeout: 60_000 });
    await expect(enrolment.getByRole('status')).toHaveCount(0);
  });
});

const THEMES: ThemeName[] = ['default', 'dark', 'accessible'];

test.describe('staff home dashboards: accessibility and phones', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const { role, frame } of HOMES) {
    for (const theme of themesThisRun('home-staff.spec.ts', THEMES)) {
      test(`axe passes on the ${role} home in the ${theme} theme, and it fits a 390 px phone`, async ({
        page,
      }) => {
        await useTheme(page, theme);
        await page.setViewportSize({ width: 1280, height: 900 });
        await signIn(page, role);
        await openHome(page, frame);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectNoViolations(page, theme, `${role} home`);
        await page.screenshot({ path: `${SHOTS}/${role}-home-${theme}-1280.png`, fullPage: true });
        // The table alternative too.
        await tile(page, 'Enrolment').getByRole('button', { name: 'Show as a table' }).click();
        await expectNoViolations(page, theme, `${role} home, enrolment table`);

        await page.setViewportSize({ width: 390, height: 844 });
        await openHome(page, frame);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'no horizontal scroll at 390 px').toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SHOTS}/${role}-home-${theme}-390.png`, fullPage: true });
      });
    }
  }
});
