// One school day (issue 30): at 19:00 UTC on Friday 27 November 2026 it is already Saturday 00:30 at
// the seeded campuses (Asia/Kolkata). Whatever the device's zone (Los Angeles, still Friday 11:00;
// Kolkata; Auckland, Saturday 08:00), the roll call page, the office's, facilitator's and student's
// homes, the attendance alerts and the student's summary work on the campus's Saturday: they name
// it, and list no class (the demo classes meet on weekdays), where Friday's classes would show.
// A screenshot of the roll call page at 1280 px goes to SHOTS_DIR (/tmp/shots-school-day).
import { expect, test, type Page } from '@playwright/test';
import { open, setSchoolDay, signIn } from './fixtures';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-school-day';

/** Saturday 00:30 in Kolkata, still Friday 19:00 in UTC and 11:00 in Los Angeles. */
const SATURDAY_IN_KOLKATA = new Date('2026-11-27T19:00:00.000Z');
const SATURDAY = 'Saturday 28 Nov 2026';
const SATURDAY_ISO = '2026-11-28';

function region(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/**
 * The day a "today" list names (app/ui/SchoolDay.tsx). A home tile waits for the first sync, which
 * takes a while on a busy machine: up to 30 s.
 */
async function expectSaturday(page: Page, regionName: string) {
  const day = region(page, regionName).locator('time');
  await expect(day).toHaveText(SATURDAY, { timeout: 30_000 });
  await expect(day).toHaveAttribute('datetime', SATURDAY_ISO);
}

for (const timezoneId of ['America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Auckland']) {
  test.describe(`a device in ${timezoneId} at 19:00 UTC on a Friday`, () => {
    test.describe.configure({ timeout: 120_000 });
    test.use({ timezoneId, viewport: { width: 1280, height: 900 } });

    test('the office’s home, alerts and roll call page are on the campus’s Saturday', async ({
      page,
    }) => {
      await setSchoolDay(page, SATURDAY_IN_KOLKATA);
      await signIn(page, 'admin');
      // The device really is where the test says: Friday in Los Angeles, Saturday elsewhere.
      const deviceDay = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
      expect(deviceDay).toBe(timezoneId === 'America/Los_Angeles' ? '2026-11-27' : SATURDAY_ISO);

      await open(page, '/dash/home');
      await expectSaturday(page, 'Classrooms not yet marked');
      await expect(region(page, 'Classrooms not yet marked')).toContainText(
        'Every class meeting today has a roll call.',
      );

      await open(page, '/dash/attendance/alerts');
      await expectSaturday(page, 'Not yet marked today');
      await expect(region(page, 'Not yet marked today')).toContainText(
        'Every class meeting today has a roll call.',
      );

      await open(page, '/dash/attendance');
      await expect(page.getByRole('heading', { level: 1, name: 'Roll call' })).toBeVisible();
      await expectSaturday(page, 'Today’s classes');
      await expect(region(page, 'Today’s classes')).toContainText('No classes meet today.');
      // The picker opens on the campus's today, and no later day may be chosen.
      const date = region(page, 'Open a roll call').getByLabel('Date');
      await expect(date).toHaveValue(SATURDAY_ISO);
      await expect(date).toHaveAttribute('max', SATURDAY_ISO);
      await page.screenshot({
        path: `${SHOTS}/roll-call-${timezoneId.replace('/', '-')}-1280.png`,
        fullPage: true,
      });
    });

    test('the facilitator’s home lists the campus’s Saturday, when no class meets', async ({
      page,
    }) => {
      await setSchoolDay(page, SATURDAY_IN_KOLKATA);
      await signIn(page, 'facilitator');
      await open(page, '/dash/home');
      await expectSaturday(page, 'Today’s classes');
      await expect(region(page, 'Today’s classes')).toContainText('No classes meet today.');
      await expect(
        region(page, 'Today’s classes').getByRole('link', { name: /^Take attendance/ }),
      ).toHaveCount(0);
    });

    test('the student’s timetable and attendance summary end on the campus’s Saturday', async ({
      page,
    }) => {
      await setSchoolDay(page, SATURDAY_IN_KOLKATA);
      await signIn(page, 'student');
      await open(page, '/dash/home');
      await expectSaturday(page, 'Today’s timetable');
      await expect(region(page, 'Today’s timetable')).toContainText('No classes today.');

      // "Last 30 days (Fri 30 Oct to Sat 28 Nov)": the summary's periods end on the campus's day.
      await open(page, '/dash/attendance/summary');
      await expect(
        page.getByRole('heading', { name: 'Last 30 days (Fri 30 Oct to Sat 28 Nov)' }),
      ).toBeVisible();
      await expect(
        page.getByRole('heading', { name: 'This term (Tue 1 Sep to Sat 28 Nov)' }),
      ).toBeVisible();
    });
  });
}

// Shown times (issue 30): a stored instant is written in the person's campus zone, and the zone is
// named where the device reads another wall clock. The seed stamps the office's inquiry
// notification 12 hours before its start (07:00 UTC): Friday 12:30 in Kolkata, but Thursday 23:00
// on the laptop in Los Angeles.
test.describe('a device in America/Los_Angeles reads the campus’s times', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ timezoneId: 'America/Los_Angeles', viewport: { width: 1280, height: 900 } });

  test('the notifications page shows the Kolkata time with its zone named', async ({ page }) => {
    await setSchoolDay(page, SATURDAY_IN_KOLKATA);
    await signIn(page, 'admin');
    await open(page, '/dash/notifications');
    const item = page
      .locator('li')
      .filter({ hasText: 'A new enrolment inquiry needs a reply' })
      .locator('time');
    // "Yesterday" by the campus's Saturday, at the campus's 12:30, named (Chromium's short name
    // for the zone is "GMT+5:30" in en-GB).
    await expect(item).toHaveText(/^Yesterday, 12:30 (GMT\+5:30|IST)$/, { timeout: 30_000 });
    await expect(item).toHaveAttribute('title', /^Fri 27 Nov 2026, 12:30 (GMT\+5:30|IST)$/);
  });
});
