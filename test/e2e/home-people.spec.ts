// The facilitator, parent and student homes (issue 15 §2): "Take attendance" opens today's roll
// call, a parent sees a card per child, a student sees today's timetable on a school day and the
// honest "No classes today" on a Saturday, the unread figure equals the navigation badge, and axe
// passes on each home in the three themes. Screenshots at 1280 and 390 when SHOTS_DIR is set.
// Every test sets the page's clock (a school Friday unless it says otherwise), so none depends on
// the day the machine runs it.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import {
  SCHOOL_FRIDAY,
  SCHOOL_FRIDAY_DATE,
  open,
  signIn,
  syncSettled,
  setSchoolDay,
  useTheme,
  type DemoRole,
  type ThemeName,
} from './fixtures';
import { themesThisRun } from './themes';

// Sign-in, the first sync (up to 75 s below) and axe together can pass a minute on a loaded machine.
test.describe.configure({ timeout: 150_000 });

/** The day after SCHOOL_FRIDAY, also 10:00 in Asia/Kolkata: no demo class meets. */
const SATURDAY = new Date(SCHOOL_FRIDAY.getTime() + 86_400_000);

/**
 * The first sync after signing in can take longer than syncSettled's 30 s on a loaded machine (it
 * downloads the whole cache); wait for it with a longer window first, then let syncSettled check.
 */
async function firstSync(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const pending = (await window.__lc?.outbox.pendingChanges())?.length ?? -1;
          return pending === 0 && window.__lc?.sync.getStatus().isSyncing === false;
        }),
      { timeout: 75_000 },
    )
    .toBe(true);
  await syncSettled(page);
}

async function openHome(page: Page, role: DemoRole, day: Date = SCHOOL_FRIDAY) {
  await setSchoolDay(page, day);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, role);
  await firstSync(page);
  await open(page, '/dash/home');
  await expect(page.locator('[data-skeleton]')).toHaveCount(0, { timeout: 30_000 });
}

async function screenshots(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `${process.env.SHOTS_DIR}/${name}-${width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the facilitator home’s "Take attendance" opens today’s roll call of that class', async ({
  page,
}) => {
  await openHome(page, 'facilitator');
  await screenshots(page, 'home-facilitator-h2');
  const tile = page.getByRole('region', { name: 'Today’s classes' });
  const link = tile.getByRole('link', { name: /^(Take attendance|Open roll call) for / }).first();
  const name = ((await link.textContent()) ?? '')
    .replace(/^(Take attendance|Open roll call) for /, '')
    .trim();
  await link.click();
  await expect(page).toHaveURL(/\/dash\/attendance\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Roll call' })).toBeVisible();
  await expect(
    page.getByRole('heading', {
      level: 2,
      name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    }),
  ).toBeVisible();
  expect(new URL(page.url()).searchParams.get('date')).toBe(SCHOOL_FRIDAY_DATE);
});

test('a parent’s home shows a card for each of their two children', async ({ page }) => {
  await openHome(page, 'parent');
  await screenshots(page, 'home-parent-h2');
  const tile = page.getByRole('region', { name: 'Your children today' });
  await expect(tile.getByRole('article')).toHaveCount(2);
  await expect(tile.getByRole('article', { name: 'Leo Whitfield' })).toBeVisible();
  await expect(
    tile.getByText(/^(Present|Absent|Late|Excused|Not marked yet|No class today)$/),
  ).toHaveCount(2);
});

test('the parent home’s unread figure equals the navigation badge', async ({ page }) => {
  await openHome(page, 'parent');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const tile = page.getByRole('region', { name: 'Unread messages' });
  const figure = tile.locator('[data-figure="unread"]');
  if ((await figure.count()) === 0) {
    await expect(tile.getByText('No unread messages')).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Messages, \d+ unread$/ })).toHaveCount(0);
    return;
  }
  const count = /^(\d+)/.exec(((await figure.textContent()) ?? '').trim())?.[1] ?? '';
  expect(count).not.toBe('');
  await expect(nav.getByRole('link', { name: `Messages, ${count} unread` })).toBeVisible();
});

test('a student’s home shows today’s timetable on a school day', async ({ page }) => {
  await openHome(page, 'student');
  await screenshots(page, 'home-student-h2');
  const tile = page.getByRole('region', { name: 'Today’s timetable' });
  await expect(tile.getByRole('listitem').first()).toContainText(/\d\d:\d\d–\d\d:\d\d/);
  await expect(tile.getByText('No classes today.')).toHaveCount(0);
});

test('a student’s home says there are no classes on a Saturday', async ({ page }) => {
  await openHome(page, 'student', SATURDAY);
  const tile = page.getByRole('region', { name: 'Today’s timetable' });
  await expect(tile.getByText('No classes today.')).toBeVisible();
  await expect(tile.getByRole('listitem')).toHaveCount(0);
});

for (const role of ['facilitator', 'parent', 'student'] as const) {
  for (const theme of themesThisRun('home-people.spec.ts', [
    'default',
    'dark',
    'accessible',
  ] as const satisfies readonly ThemeName[])) {
    test(`the ${role} home passes axe in the ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme);
      await openHome(page, role);
      await expectNoViolations(page, theme, `${role} home`);
    });
  }
}
