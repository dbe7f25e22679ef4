// Creating, changing and exporting events (issue 14 §1): the office creates a weekly event for one
// classroom's parents and a parent of that classroom sees it in the agenda and downloads its .ics;
// one occurrence changed on its own; a facilitator limited to their classrooms; creating offline.
// People take turns in one browser context (sign out, sign in), because two contexts of the in-page
// fake are two separate demo schools.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  SCHOOL_FRIDAY_DATE,
  addDays,
  expectNotice,
  open,
  signIn,
  syncSettled,
  setSchoolDay,
  type DemoRole,
} from './fixtures';
import { expectUsableLayout } from './layout-checks';

// Every test runs on a school Friday (the page's clock, from which the in-page fake seeds its
// events too), so the dates below are the same days of the week on any day the suite runs.
test.beforeEach(async ({ page }) => {
  await setSchoolDay(page);
});

/** A calendar date `days` from the page's today. */
function dayFromToday(days: number): string {
  return addDays(SCHOOL_FRIDAY_DATE, days);
}

/** Event links and buttons in the page whose accessible name starts with `title`. */
function eventItems(page: Page, title: string) {
  const name = new RegExp(`^${title.replace(/[()]/g, '\\$&')}(?! \\()`);
  return page
    .getByRole('main')
    .getByRole('link', { name })
    .or(page.getByRole('main').getByRole('button', { name }));
}

async function signOutAndIn(page: Page, role: DemoRole) {
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, role);
}

/** Fills the event form for a weekly event of Northside's Harbour classroom, for its parents. */
async function fillWeekly(page: Page, title: string, until: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Bring gloves; boots, if you have them.');
  await page.getByLabel('Start time').fill('16:00');
  await page.getByLabel('End time').fill('17:00');
  await page.getByLabel('Location').fill('Back garden');
  await page.getByLabel('Campus', { exact: true }).selectOption({ label: 'Northside Campus' });
  await page
    .getByRole('group', { name: 'Classrooms' })
    .getByRole('checkbox', { name: /^Harbour/ })
    .check();
  await page.getByRole('group', { name: 'Audience' }).getByLabel('Parents').check();
  await page.getByLabel('Repeats').selectOption({ label: 'Weekly' });
  await page.getByLabel('Until').fill(until);
}

/** The id of the event the calendar opened after a save (`&event=<id>` in the URL). */
function eventIdOf(page: Page): string {
  return new URL(page.url()).searchParams.get('event') ?? '';
}

test('the office creates a weekly event for one classroom’s parents; a parent of it sees it in the agenda and downloads its .ics', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const start = dayFromToday(2);
  const until = dayFromToday(2 + 42);
  await signIn(page, 'administration');
  await open(page, `/dash/calendar/new?date=${start}`);
  await expect(page.getByRole('heading', { name: 'New event', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Starts')).toHaveValue(start);
  await fillWeekly(page, 'Garden club', until);
  await page.getByRole('button', { name: 'Save event' }).click();
  await expect(page).toHaveURL(new RegExp(`/dash/calendar\\?date=${start}&event=evt-`));
  await expectNotice(page, 'Event saved.');
  const id = eventIdOf(page);
  await syncSettled(page);

  await open(page, '/dash/home');
  await signOutAndIn(page, 'parent');
  await open(page, `/dash/calendar?view=agenda&date=${start}`);
  await syncSettled(page);
  // Six weeks of agenda from the first date: one a week.
  await expect.poll(() => eventItems(page, 'Garden club').count()).toBeGreaterThanOrEqual(5);

  await open(page, `/dash/calendar?date=${start}&event=${id}`);
  const dialog = page.getByRole('dialog', { name: 'Garden club' });
  await expect(dialog).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Add to my calendar' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('garden-club.ics');
  const text = await readFile((await download.path()) ?? '', 'utf8');
  expect(text).toContain('SUMMARY:Garden club');
  expect(text).toMatch(/RRULE:FREQ=WEEKLY/);
  expect(text).toContain('DTSTART;TZID=Asia/Kolkata:');
  expect(text).toContain(`UID:${id}@learning-centre`);
  // No edit for a parent: the editor is not allowed.
  await expect(dialog.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await open(page, '/dash/calendar/new');
  await expect(page.getByRole('heading', { name: 'Not Allowed' })).toBeVisible();
});

test('“Change only this event” changes that one date and leaves the others as they were', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const start = dayFromToday(3);
  const second = dayFromToday(10);
  await signIn(page, 'administration');
  await open(page, `/dash/calendar/new?date=${start}`);
  await fillWeekly(page, 'Pottery circle', dayFromToday(3 + 28));
  await page.getByRole('button', { name: 'Save event' }).click();
  await expect(page).toHaveURL(/event=evt-/);
  const id = eventIdOf(page);

  await open(page, `/dash/calendar/${id}/edit?on=${second}`);
  await page.getByRole('link', { name: 'Change only this event' }).click();
  await expect(page.getByLabel('Starts')).toHaveValue(second);
  await expect(page.getByLabel('Repeats')).toHaveCount(0);
  await page.getByLabel('Title').fill('Pottery circle (kiln day)');
  await page.getByLabel('Start time').fill('15:00');
  await page.getByRole('button', { name: 'Save event' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${second}&event=evt-`));
  expect(eventIdOf(page)).not.toBe(id);

  await open(page, `/dash/calendar?view=agenda&date=${start}`);
  await expect(eventItems(page, 'Pottery circle (kiln day)')).toHaveCount(1);
  // Five weekly dates from the start to four weeks on, one of them changed.
  await expect(eventItems(page, 'Pottery circle')).toHaveCount(4);
  const stored = await page.evaluate(async (seriesId) => {
    const series = await window.__lc?.cache.get('events', seriesId);
    return series?.exdates;
  }, id);
  expect(stored).toEqual([second]);
});

test('a facilitator creates an event for their own classroom and cannot name another', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const start = dayFromToday(4);
  await signIn(page, 'facilitator');
  await open(page, `/dash/calendar/new?date=${start}`);
  // Only their classrooms are offered, and no "All campuses".
  await expect(
    page.getByLabel('Campus', { exact: true }).getByRole('option', { name: 'All campuses' }),
  ).toHaveCount(0);
  const offered = page.getByRole('group', { name: 'Classrooms' }).getByRole('checkbox');
  const count = await offered.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(6);

  // A classroom they do not teach, slipped into the form, is refused beside the field.
  await page.getByLabel('Title').fill('Reading buddies');
  await page.getByLabel('Start time').fill('11:00');
  await page.getByLabel('End time').fill('11:45');
  await page.getByRole('group', { name: 'Audience' }).getByLabel('Students').check();
  await page.evaluate(() => {
    const form = document.querySelector('main form');
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = 'classroomIds';
    input.value = 'river-summit';
    form?.append(input);
  });
  await page.getByRole('button', { name: 'Save event' }).click();
  await expect(page.getByText('Choose only classrooms you teach.')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('start-cover')).toHaveCount(0);
  await page.getByLabel('Title').fill('Reading buddies');
  await page.getByLabel('Start time').fill('11:00');
  await page.getByLabel('End time').fill('11:45');
  await page.getByRole('group', { name: 'Audience' }).getByLabel('Students').check();
  await page.getByRole('button', { name: 'Save event' }).click();
  await expect(page).toHaveURL(/event=evt-/);
  await expectNotice(page, 'Event saved.');
  await syncSettled(page);
  const rejected = await page.evaluate(
    async () => (await window.__lc?.outbox.pendingChanges())?.length,
  );
  expect(rejected).toBe(0);
});

test('an event created offline is queued, shows at once, and reaches the backend once after reconnecting', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const start = dayFromToday(5);
  await signIn(page, 'administration');
  // In the page, not by URL: the calendar's code is then loaded already, as on a device in use.
  await open(page, `/dash/calendar?view=agenda&date=${start}`);
  await page.getByRole('link', { name: 'New event' }).first().click();
  await expect(page.getByRole('heading', { name: 'New event', level: 1 })).toBeVisible();
  await page.getByLabel('Starts').fill(start);
  await page.getByLabel('Ends').fill(start);
  await syncSettled(page);
  await context.setOffline(true);
  await page.getByLabel('Title').fill('Offline bake sale');
  await page.getByLabel('Start time').fill('12:00');
  await page.getByLabel('End time').fill('13:00');
  await page.getByRole('group', { name: 'Audience' }).getByLabel('Parents').check();
  await page.getByRole('button', { name: 'Save event' }).click();
  await expectNotice(page, 'Event saved on this device. It will sync when you are back online.');
  // The calendar opens it at once, from this device.
  await expect(page.getByRole('dialog', { name: 'Offline bake sale' })).toBeVisible();

  await context.setOffline(false);
  await syncSettled(page);
  await open(page, `/dash/calendar?view=agenda&date=${start}`);
  await expect(eventItems(page, 'Offline bake sale')).toHaveCount(1);
  const atBackend = await page.evaluate(
    async () =>
      ((await window.__fakeFirebase?.listDocuments('events')) ?? []).filter(
        (d) => d.data.title === 'Offline bake sale',
      ).length,
  );
  expect(atBackend).toBe(1);
});

test('the event form fits 1280 and 390 px, starts on the day asked for, and "Every N weeks" asks how many', async ({
  page,
}) => {
  await signIn(page, 'administration');
  const date = dayFromToday(2);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await open(page, `/dash/calendar/new?date=${date}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel('Starts')).toHaveValue(date);
    const repeats = page.getByLabel('Repeats');
    const every = page.getByLabel('Every', { exact: true });
    await expect(every).toHaveCount(0);
    await repeats.selectOption({ label: 'Every N weeks' });
    await expect(every).toBeVisible();
    await expect(every).toHaveAccessibleDescription(/Number of weeks between events \(1 to 52\)/);
    await expect(page.getByLabel('Until')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save event' }).first()).toBeVisible();
    // Nothing sticks out of the page, is cut off or covers another control at this width.
    await expectUsableLayout(page, `the event form at ${width} px`);
    // For a person to look at: test-results/…/calendar-editor-<width>.png.
    await page.screenshot({
      path: test.info().outputPath(`calendar-editor-${width}.png`),
      fullPage: true,
    });
  }
});
