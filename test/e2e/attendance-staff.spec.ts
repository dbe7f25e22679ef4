// Staff attendance pages: "Needs attention" and the staff home tile list the classrooms whose roll
// call is not taken today, and a classroom leaves both lists once the admin takes its roll call on
// the roll-call page; the reports page exports a CSV that downloads with the right header and rows;
// axe passes on both pages in every theme; only staff open the alerts, only staff and facilitators
// the reports. Screenshots of both pages at 1280 and 390 px go to /tmp/shots-c/ to be looked at.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { expectNotice, open, signIn, setSchoolDay, useTheme, type ThemeName } from './fixtures';
import { themesThisRun } from './themes';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-c';

// The demo seed leaves today's roll call untaken for every other classroom, but classes meet on
// weekdays only: every test sets the page's clock to a school Friday (setSchoolDay) before its
// first page, so the seed (made from the page's clock on first run) and the lists agree on it.

function notMarkedOnAlerts(page: Page) {
  return page
    .getByRole('region', { name: 'Not yet marked today' })
    .getByRole('list', { name: 'Not yet marked today' });
}

function notMarkedOnHome(page: Page) {
  return page
    .getByRole('region', { name: 'Classrooms not yet marked' })
    .getByRole('list', { name: 'Not yet marked today' });
}

test.describe('staff attendance at 1280 px', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a classroom not yet marked today leaves the alerts and the home tile once its roll call is taken', async ({
    page,
  }) => {
    await setSchoolDay(page);
    await signIn(page, 'admin');

    await open(page, '/dash/attendance/alerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Needs attention' })).toBeVisible();
    const alertsList = notMarkedOnAlerts(page);
    const takeLinks = alertsList.getByRole('link', { name: /^Take the roll call of / });
    await expect(takeLinks.first()).toBeVisible();
    const before = await takeLinks.count();
    const label = (await takeLinks.first().getAttribute('aria-label')) ?? '';
    // "Comets (ages 10–11), Northside Campus": two campuses may have a classroom of one name.
    const classroom = label.replace(/^Take the roll call of /, '');
    const classroomName = classroom.slice(0, classroom.lastIndexOf(', '));
    expect(classroomName).not.toBe('');
    const href = new URL((await takeLinks.first().getAttribute('href')) ?? '', page.url());
    const classroomId = href.searchParams.get('classroom') ?? '';
    const today = href.searchParams.get('date') ?? '';
    expect(classroomId).not.toBe('');
    // Each entry names the classroom's facilitators.
    await expect(alertsList.getByRole('listitem').first()).toContainText(/Campus · \p{L}+ \p{L}+/u);

    await open(page, '/dash/home');
    const homeList = notMarkedOnHome(page);
    await expect(homeList.getByRole('link', { name: classroom, exact: true })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Classrooms not yet marked' }).getByRole('link', {
        name: 'All alerts',
      }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Today’s attendance' })).toContainText(
      /\d+ % present today \(\d+ of \d+ marked\)/,
    );

    // The admin takes the roll call from the home tile, on the roll-call page.
    await homeList.getByRole('link', { name: classroom, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Roll call' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: new RegExp(escape(classroomName)) }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Mark all present' }).click();
    await page.getByRole('button', { name: 'Save roll call' }).click();
    // The counts change as soon as the marks are tapped; the toast says the save itself is done
    // (leaving before it would cancel it, as closing the tab would).
    await expectNotice(page, 'Roll call saved');
    await expect(page.getByRole('list', { name: 'Counts' })).toContainText('Not marked 0');

    await open(page, '/dash/attendance/alerts');
    await expect(takeLinks).toHaveCount(before - 1);
    await expect(
      alertsList.getByRole('link', { name: `Take the roll call of ${classroom}` }),
    ).toHaveCount(0);

    await open(page, '/dash/home');
    await expect(page.getByRole('region', { name: 'Classrooms not yet marked' })).toBeVisible();
    await expect(homeList.getByRole('link', { name: classroom, exact: true })).toHaveCount(0);

    // The backend holds that roll call too, with a mark for every student, not only this cache.
    await expect
      .poll(() =>
        page.evaluate(
          async ({ id, date }) => {
            const doc = await window.__fakeFirebase?.getDocument(`attendance/${id}_${date}`);
            const entries = doc?.entries;
            return entries && typeof entries === 'object' ? Object.keys(entries).length : 0;
          },
          { id: classroomId, date: today },
        ),
      )
      .toBeGreaterThan(0);
  });

  test('the reports page exports a classroom as a CSV with its header and ISO-dated rows', async ({
    page,
  }) => {
    await setSchoolDay(page);
    await signIn(page, 'admin');
    await open(page, '/dash/attendance/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Attendance reports' })).toBeVisible();
    await expect(
      page.getByRole('img', { name: /Daily attendance rate, last 30 days/ }),
    ).toBeVisible();

    const classroomSelect = page.getByLabel('Classroom', { exact: true });
    await classroomSelect.selectOption({ index: 1 });
    const option = (await classroomSelect.locator('option:checked').textContent()) ?? '';
    // The option reads "Comets (ages 10–11), Northside Campus"; the CSV has a column for each.
    const classroom = option.slice(0, option.lastIndexOf(', '));
    const campus = option.slice(option.lastIndexOf(', ') + 2);

    // A range that ends before it starts is refused beside the field, and nothing downloads.
    const from = page.getByLabel('From', { exact: true });
    const to = page.getByLabel('To', { exact: true });
    const start = await from.inputValue();
    const end = await to.inputValue();
    await from.fill(end);
    await to.fill(start);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByText('The last date must be on or after the first date.')).toBeVisible();
    await expect(to).toHaveAttribute('aria-invalid', 'true');

    await from.fill(start);
    await to.fill(end);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^attendance-.+-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = await readFile(await download.path(), 'utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Date,Campus,Classroom,Student ID,Student,Status,Note,Marked at,Marked by,Absence reported',
    );
    const status = page.getByRole('status').filter({ hasText: /^Exported / });
    await expect(status).toContainText(`Exported`);
    const count = Number(
      ((await status.textContent()) ?? '').match(/Exported ([\d,]+) rows?/)?.[1]?.replace(/,/g, ''),
    );
    expect(count).toBeGreaterThan(0);
    expect(lines.filter((l) => l !== '')).toHaveLength(count + 1);
    for (const line of lines.slice(1, 6)) {
      expect(line).toMatch(/^\d{4}-\d{2}-\d{2},/);
      const classroomCell = classroom.includes(',') ? `"${classroom}"` : classroom;
      expect(line).toContain(`,${campus},${classroomCell},`);
      expect(line).toMatch(/,(Present|Absent|Late|Excused),/);
    }
    const dates = lines.slice(1, -1).map((l) => l.slice(0, 10));
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]! >= start && dates[dates.length - 1]! <= end).toBe(true);
  });

  test('a facilitator is refused "Needs attention" but opens the reports', async ({ page }) => {
    await signIn(page, 'facilitator');
    await open(page, '/dash/attendance/alerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Not Allowed' })).toBeVisible();
    await open(page, '/dash/attendance/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Attendance reports' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Needs attention' })).toHaveCount(0);
  });
});

/** A wide table scrolls inside its own box; the page itself never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

for (const theme of themesThisRun('attendance-staff.spec.ts', [
  'default',
  'dark',
  'accessible',
] as const satisfies readonly ThemeName[])) {
  test(`axe passes on the alerts and reports pages in the ${theme} theme`, async ({ page }) => {
    // axe over two full pages is slow on a busy machine.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await setSchoolDay(page);
    await useTheme(page, theme);
    await signIn(page, 'admin');
    await open(page, '/dash/attendance/alerts');
    await expect(notMarkedOnAlerts(page)).toBeVisible();
    await expectNoViolations(page, theme, 'attendance alerts');
    await open(page, '/dash/attendance/reports');
    await expect(page.getByRole('img', { name: /Daily attendance rate/ })).toBeVisible();
    await page.getByText('Show as a table').click();
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoViolations(page, theme, 'attendance reports');
  });
}

for (const width of [1280, 390]) {
  test(`screenshots of the alerts and reports pages at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await setSchoolDay(page);
    // Sign in where the dashboard's navigation is on screen, then narrow the window.
    await signIn(page, 'admin');
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await open(page, '/dash/attendance/alerts');
    await expect(notMarkedOnAlerts(page)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/alerts-${width}.png`, fullPage: true });
    await expectNoSidewaysScroll(page);
    await open(page, '/dash/attendance/reports');
    await expect(page.getByRole('img', { name: /Daily attendance rate/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/reports-${width}.png`, fullPage: true });
    await expectNoSidewaysScroll(page);
    await open(page, '/dash/home');
    await expect(notMarkedOnHome(page)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/home-${width}.png`, fullPage: true });
  });
}
