// The calendar page (issue 14 §1): the demo parent sees the events of their audience (Leo's campus
// and classroom) and not the staff-only or other-campus ones; month, week and agenda switch
// through the URL and Previous/Next; times are in the campus timezone (the test browser runs in
// UTC, the campuses in Asia/Kolkata); the event dialog opens from a chip and from ?event=; the
// calendar opens offline; axe passes in every theme; screenshots of each view at two widths.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import {
  addDays,
  expectNotice,
  open,
  SCHOOL_FRIDAY,
  SCHOOL_FRIDAY_DATE,
  setSchoolDay,
  signIn,
  syncSettled,
  useTheme,
  waitForWorker,
  type ThemeName,
  screenshotSizes,
} from './fixtures';
import { themesThisRun } from './themes';

/**
 * The seed's "today" is the page clock's day (set to SCHOOL_FRIDAY before each test, the same date
 * in UTC and at the campuses); its events sit a number of days from it.
 */
function dayFromToday(days: number): string {
  return addDays(SCHOOL_FRIDAY_DATE, days);
}

test.beforeEach(async ({ page }) => {
  await setSchoolDay(page);
});

function eventLink(page: Page, title: string) {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('link', { name: new RegExp(`^${escaped}`) });
}

test('the parent’s agenda shows the events of their audience and not staff-only or other-campus ones', async ({
  page,
}) => {
  await signIn(page, 'parent');
  await open(page, '/dash/calendar?view=agenda');
  await syncSettled(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  // Northside campus-wide, for parents.
  await expect(eventLink(page, 'Parent–teacher conferences')).toBeVisible();
  await expect(eventLink(page, 'Open house for new families')).toBeVisible();
  // Leo's classroom (north-harbour), for parents.
  await expect(eventLink(page, 'Field trip: botanical garden')).toBeVisible();
  // Staff only, and a Riverside event.
  await expect(eventLink(page, 'Staff planning day')).toHaveCount(0);
  await expect(eventLink(page, 'Science fair')).toHaveCount(0);
  // Days are headed groups.
  await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
  // Campus time, named because the browser runs in UTC.
  await expect(page.getByText('Times are shown in Asia/Kolkata (campus time).')).toBeVisible();
  await expect(eventLink(page, 'Field trip: botanical garden')).toHaveAccessibleName(
    /\(Asia\/Kolkata\)/,
  );
});

test('month, week and agenda switch through the URL and Previous/Next move by the view’s unit', async ({
  page,
}) => {
  await signIn(page, 'parent');
  await open(page, '/dash/calendar?view=month&date=2025-01-15');
  await expect(page.getByRole('heading', { level: 2, name: 'January 2025' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/view=month&date=2025-02-15/);
  await expect(page.getByRole('heading', { level: 2, name: 'February 2025' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Calendar views' })
    .getByRole('link', { name: 'Week' })
    .click();
  await expect(page).toHaveURL(/view=week&date=2025-02-15/);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Mon 10 Feb – Sun 16 Feb 2025' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/view=week&date=2025-02-08/);

  await page
    .getByRole('navigation', { name: 'Calendar views' })
    .getByRole('link', { name: 'Agenda' })
    .click();
  await expect(page).toHaveURL(/view=agenda&date=2025-02-08/);
  await expect(page.getByText('No events in these weeks')).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  // The school's today: the campuses are in Asia/Kolkata.
  const campusToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
    SCHOOL_FRIDAY,
  );
  await expect(page).toHaveURL(new RegExp(`view=agenda&date=${campusToday}`));
  await expect(eventLink(page, 'Parent–teacher conferences')).toBeVisible();
});

test('agenda is the default on a phone and month on a wide screen', async ({ page }) => {
  await signIn(page, 'parent');
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/dash/calendar');
  await expect(
    page.getByRole('navigation', { name: 'Calendar views' }).getByRole('link', { name: 'Agenda' }),
  ).toHaveAttribute('aria-current', 'page');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/dash/calendar');
  await expect(page.getByRole('table')).toBeVisible();
});

test('the event dialog opens from a month chip and from ?event=, and closes without its parameters', async ({
  page,
}) => {
  await signIn(page, 'parent');
  const tripDay = dayFromToday(9);
  await open(page, `/dash/calendar?view=month&date=${tripDay}`);
  await syncSettled(page);
  await eventLink(page, 'Field trip: botanical garden').click();
  const dialog = page.getByRole('dialog', { name: 'Field trip: botanical garden' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('(Asia/Kolkata)');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Add to my calendar' }).click();
  expect((await downloading).suggestedFilename()).toBe('field-trip-botanical-garden.ics');
  // A parent may not change events.
  await expect(dialog.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/event=/);

  await open(page, '/dash/calendar?event=evt-004');
  const recital = page.getByRole('dialog', { name: 'Music recital' });
  await expect(recital).toBeVisible();
  await expect(recital).toContainText('Northside Campus');

  // Staff planning day is not for parents: no dialog, a notice instead.
  await open(page, '/dash/calendar?event=evt-002');
  await expectNotice(page, 'This event is not available');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).not.toHaveURL(/event=/);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the calendar still shows its events offline after a reload', async ({ context, page }) => {
    await signIn(page, 'parent');
    await open(page, '/dash/calendar?view=agenda');
    await waitForWorker(page);
    await syncSettled(page);
    await expect(eventLink(page, 'Parent–teacher conferences')).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    await expect(eventLink(page, 'Parent–teacher conferences')).toBeVisible();
    await expect(eventLink(page, 'Field trip: botanical garden')).toBeVisible();
    await context.setOffline(false);
  });
});

for (const theme of themesThisRun('calendar.spec.ts', [
  'default',
  'dark',
  'accessible',
] satisfies ThemeName[])) {
  test(`month, week and agenda pass axe in the ${theme} theme`, async ({ page }) => {
    // Four axe runs on a busy machine.
    test.setTimeout(180_000);
    await useTheme(page, theme);
    await signIn(page, 'facilitator');
    for (const view of ['month', 'week', 'agenda'] as const) {
      await open(page, `/dash/calendar?view=${view}&layer=schedules`);
      await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
      await expectNoViolations(page, theme, `calendar ${view}`);
    }
    await open(page, '/dash/calendar?event=evt-003');
    await expect(page.getByRole('dialog', { name: 'Field trip: botanical garden' })).toBeVisible();
    await expectNoViolations(page, theme, 'calendar event dialog');
  });
}

test('screenshots of each view at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'facilitator');
  await open(page, '/dash/calendar?view=month');
  await syncSettled(page);
  for (const view of ['month', 'week', 'agenda'] as const) {
    await open(page, `/dash/calendar?view=${view}&layer=schedules`);
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    await screenshotSizes(page, `calendar-${view}`, { fullPage: true });
  }
  await open(page, '/dash/calendar?event=evt-003');
  await expect(page.getByRole('dialog', { name: 'Field trip: botanical garden' })).toBeVisible();
  await screenshotSizes(page, 'calendar-dialog', { fullPage: true });
});
