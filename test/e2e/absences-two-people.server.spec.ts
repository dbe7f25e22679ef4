// Absence alerts and reports between two people (issue 32), in server mode (one shared backend):
// the facilitator marks Leo absent on today's roll call and saves; once the campus's delay has
// passed (one minute here, and the functions' scheduled job run at that instant) Grace's bell shows
// the alert. She reports "ill" from it; the facilitator's open roll call shows her report within
// five seconds, and the office's list shows it as reported.
//
// The day: the fake runs in node on the real clock, and an alert is only for the campus's today, so
// nobody's clock is set here: the roll call is today's in the campus's zone, whatever day it is.
// The seed may hold today's roll call for Leo's class; the test removes it first.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { fakeControlHeaders, open, signIn, type DemoRole } from './fixtures';

const LEO = 'stu-00000';

test.beforeEach(async ({ request }) => {
  const reset = await request.post('/__fake/reset', {
    data: {},
    headers: await fakeControlHeaders(request),
  });
  expect(reset.ok()).toBe(true);
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function backend(request: APIRequestContext, path: string): Promise<unknown> {
  const response = await request.get(`/__fake/documents/${path}`, {
    headers: await fakeControlHeaders(request),
  });
  expect(response.ok()).toBe(true);
  return response.json();
}

async function person(browser: Browser, role: DemoRole, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, role);
  if (width !== 1280) await page.setViewportSize({ width, height: 844 });
  return page;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('an absent mark alerts the family after the delay, the parent reports a reason from it, and the roll call and the office see it', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const headers = await fakeControlHeaders(request);
  const leo = await backend(request, `students/${LEO}`);
  if (!isRecord(leo) || !Array.isArray(leo.classroomIds)) throw new Error('Leo is not seeded');
  const classroomId = String(leo.classroomIds[0]);
  const campusId = String(leo.campusId);
  const campus = await backend(request, `campuses/${campusId}`);
  if (!isRecord(campus)) throw new Error('Leo’s campus is not seeded');
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: typeof campus.timezone === 'string' ? campus.timezone : 'UTC',
  }).format(new Date());
  // A one-minute delay (school setup's setting), and a brand-new roll call for today.
  const { id: _id, ...campusData } = campus;
  expect(
    (
      await request.put(`/__fake/documents/campuses/${campusId}`, {
        data: { ...campusData, absenceAlerts: { enabled: true, delayMinutes: 1, includeLate: false } },
        headers,
      })
    ).ok(),
  ).toBe(true);
  expect(
    (await request.delete(`/__fake/documents/attendance/${classroomId}_${today}`, { headers })).ok(),
  ).toBe(true);

  const facilitator = await person(browser, 'facilitator', 390);
  const parent = await person(browser, 'parent');
  const office = await person(browser, 'administration');

  // The facilitator marks Leo absent and saves.
  await open(facilitator, `/dash/attendance?classroom=${classroomId}&date=${today}`);
  const leoButton = facilitator
    .getByRole('list', { name: 'Students' })
    .getByRole('button', { name: /^Leo Whitfield, / });
  for (let taps = 0; taps < 4; taps++) {
    if ((await leoButton.getAttribute('aria-label'))?.endsWith(', Absent')) break;
    await leoButton.click();
  }
  await expect(leoButton).toHaveAccessibleName(/, Absent$/);
  const savedAt = Date.now();
  await facilitator.getByRole('button', { name: 'Save roll call' }).click();
  await expect
    .poll(async () => {
      const rollCall = await backend(request, `attendance/${classroomId}_${today}`);
      const entries = isRecord(rollCall) && isRecord(rollCall.entries) ? rollCall.entries : {};
      const entry = entries[LEO];
      return isRecord(entry) ? entry.status : null;
    })
    .toBe('absent');
  // Filed, not sent: the delay has not passed.
  await expect
    .poll(async () => {
      const alert = await backend(request, `absenceAlerts/${LEO}_${today}`);
      return isRecord(alert) ? alert.state : null;
    })
    .toBe('pending');

  // The functions' minute job, once the delay has passed.
  const scheduled = await request.post('/__fake/scheduled', {
    data: { nowIso: new Date(savedAt + 70_000).toISOString() },
    headers,
  });
  expect(scheduled.ok()).toBe(true);

  // Grace's bell shows the alert, live.
  const bell = parent.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const panel = parent.getByRole('dialog', { name: 'Notifications' });
  const alert = panel.getByRole('link', {
    name: /Leo Whitfield was marked absent from .+ at \d\d:\d\d\. Report a reason/,
  });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await alert.click();

  // "Report a reason" opens the form, filled in for Leo and today.
  await expect(parent).toHaveURL(new RegExp(`/dash/absences/new\\?student=${LEO}&date=${today}`));
  await expect(parent.getByRole('heading', { level: 1, name: 'Report an absence' })).toBeVisible();
  await expect(parent.getByLabel('Leo Whitfield')).toBeChecked();
  await expect(parent.getByLabel('First day')).toHaveValue(today);
  await parent.getByLabel('Ill').check();
  await parent.getByRole('button', { name: 'Report the absence' }).click();
  await expect(parent).toHaveURL(/\/dash\/absences$/);
  await expect(
    parent.locator('article').filter({ hasText: 'Leo Whitfield' }).filter({ hasText: 'ill' }),
  ).toBeVisible();

  // The facilitator's open roll call shows it within five seconds.
  await expect(
    facilitator
      .getByRole('list', { name: 'Students' })
      .getByText('Reported by Grace Whitfield: ill'),
  ).toBeVisible({ timeout: 5_000 });

  // The office's list shows it as reported for today.
  await open(office, `/dash/absences?campus=${campusId}`);
  const todays = office.getByRole('region', { name: /^Reported for today/ });
  const card = todays.locator('article').filter({ hasText: 'Leo Whitfield' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('The whole day · ill');
  await expect(card).toContainText('Reported');
  await card.getByRole('button', { name: new RegExp(`^Acknowledge the report for ${escape('Leo Whitfield')}`) }).click();
  await expect(card).toContainText('Acknowledged by');

  await facilitator.screenshot({ path: test.info().outputPath('roll-call-reported-390.png') });
  await parent.screenshot({ path: test.info().outputPath('parent-absences-1280.png') });
});
