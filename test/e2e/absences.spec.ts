// A parent reports tomorrow's absence offline (issue 32): the report waits on the device, reaches
// the school when the phone is back online, and the next day's roll call opens with the child
// pre-marked Excused and the reason beside them; the facilitator's save keeps it.
//
// The day: Thursday 26 November 2026 at the campus, the day before the fixtures' SCHOOL_FRIDAY;
// then the page's clock moves to that Friday for the facilitator. The in-page fake follows the
// page's clock, so both people share one backend in one browser context (the demo's data is kept
// per browser profile).
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import {
  SCHOOL_FRIDAY,
  SCHOOL_FRIDAY_DATE,
  expectNotice,
  open,
  setSchoolDay,
  signIn,
  syncSettled,
} from './fixtures';

const THURSDAY = new Date(SCHOOL_FRIDAY.getTime() - 24 * 3600 * 1000);
const LEO = 'stu-00000';

async function leoClassroom(page: Page): Promise<string> {
  await expect
    .poll(() => page.evaluate(() => Boolean(window.__fakeFirebase)), { timeout: 30_000 })
    .toBe(true);
  const leo = await page.evaluate(
    async (id) => (await window.__fakeFirebase?.getDocument(`students/${id}`)) ?? null,
    LEO,
  );
  const classrooms = Array.isArray(leo?.classroomIds) ? leo.classroomIds : [];
  expect(classrooms.length).toBeGreaterThan(0);
  return String(classrooms[0]);
}

async function leoReports(page: Page) {
  return page.evaluate(async (id) => {
    const all = (await window.__fakeFirebase?.listDocuments('absenceReports')) ?? [];
    return all.filter((r) => r.data.studentId === id).map((r) => r.data);
  }, LEO);
}

test('a parent reports tomorrow’s absence offline; it syncs, and the next day’s roll call opens pre-marked Excused with the reason', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await setSchoolDay(page, THURSDAY);
  await signIn(page, 'parent');
  const classroomId = await leoClassroom(page);

  await open(page, '/dash/absences');
  await page.getByRole('link', { name: 'Report an absence' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report an absence' })).toBeVisible();
  await expect(page.getByLabel('First day')).toHaveValue('2026-11-26');
  await expectNoViolations(page, 'default', 'report an absence form');

  // In the car park with no signal.
  await page.context().setOffline(true);
  // A missing reason is refused in words, and what was typed stays.
  await page.getByLabel('Leo Whitfield').check();
  await page.getByLabel('First day').fill(SCHOOL_FRIDAY_DATE);
  await page.getByLabel('Note for the school (optional)').fill('Fever since last night.');
  await page.getByRole('button', { name: 'Report the absence' }).click();
  await expect(page.getByText('Choose a reason.')).toBeVisible();
  await expect(page.getByLabel('Note for the school (optional)')).toHaveValue(
    'Fever since last night.',
  );
  await page.getByLabel('Ill').check();
  await page.getByRole('button', { name: 'Report the absence' }).click();
  await expect(page).toHaveURL(/\/dash\/absences$/);
  await expectNotice(page, /saved on this device/i);
  const card = page.locator('article').filter({ hasText: 'Leo Whitfield' }).filter({
    hasText: 'Fri 27 Nov',
  });
  await expect(card).toContainText('saved on this device, not yet sent');
  expect(await leoReports(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('parent-offline-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back online: the report reaches the school.
  await page.context().setOffline(false);
  await syncSettled(page);
  await expect(card).not.toContainText('not yet sent');
  await expect
    .poll(async () => (await leoReports(page)).map((r) => [r.from, r.to, r.reason, r.status]))
    .toEqual([[SCHOOL_FRIDAY_DATE, SCHOOL_FRIDAY_DATE, 'ill', 'reported']]);

  // Friday morning: the facilitator opens Leo's roll call.
  await page.clock.setSystemTime(SCHOOL_FRIDAY);
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, 'facilitator');
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, `/dash/attendance?classroom=${classroomId}&date=${SCHOOL_FRIDAY_DATE}`);
  const leo = page
    .getByRole('list', { name: 'Students' })
    .getByRole('button', { name: /^Leo Whitfield, / });
  await expect(leo).toHaveAccessibleName(/, Excused$/, { timeout: 30_000 });
  await expect(page.getByText('Reported by Grace Whitfield: ill').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('roll-call-reported-390.png') });

  await page.getByRole('button', { name: 'Save roll call' }).click();
  await expectNotice(page, /Roll call saved/);
  await syncSettled(page);
  await expect
    .poll(() =>
      page.evaluate(
        async ([path, id]) => {
          const rollCall = await window.__fakeFirebase?.getDocument(path);
          const entries = rollCall?.entries as Record<string, { status: string; note?: string }>;
          return entries?.[id] ? [entries[id].status, entries[id].note ?? ''] : null;
        },
        [`attendance/${classroomId}_${SCHOOL_FRIDAY_DATE}`, LEO] as const,
      ),
    )
    .toEqual(['excused', 'Reported by Grace Whitfield: ill (Fever since last night.)']);
});
