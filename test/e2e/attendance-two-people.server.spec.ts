// Two people, two devices, one brand-new roll call (issue 12, decision 044), in server mode: the
// demo facilitator and an admin open the same classroom's roll call for today, which nobody has
// taken yet, go offline, each mark a different student and save, and come back online. Each save
// also carries "present" for everyone else, as a default written only where nobody has marked the
// student: the shared backend then holds both marks, each with its own `by`, and present for the
// rest. No default overwrites a real mark, whoever syncs last.
//
// The day: both phones' clocks say it is SCHOOL_FRIDAY, whatever day the machine says. The fake
// runs in node here, on the real clock: it seeded itself around the real today, and its rules
// allow a roll call dated up to the real today, which SCHOOL_FRIDAY (in the past) always is.
// Whether the seed holds a roll call for that Friday depends on the real day (it takes every
// recent school day's roll call but half of today's), so the test removes the one it uses first:
// the roll call is brand-new on any day.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  SCHOOL_FRIDAY_DATE,
  expectNotice,
  fakeControlHeaders,
  open,
  signIn,
  type DemoRole,
  syncSettled,
  setSchoolDay,
} from './fixtures';

const STATUS = /, (Present|Absent|Late|Excused)$/;

test.beforeEach(async ({ request }) => {
  const reset = await request.post('/__fake/reset', {
    data: {},
    headers: await fakeControlHeaders(request),
  });
  expect(reset.ok()).toBe(true);
});

/** A new browser context (another phone) signed in as `role`, held at 390×844. */
async function person(browser: Browser, role: DemoRole): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await setSchoolDay(page);
  // The sign-in fixture waits for the desktop navigation; then the person picks up their phone.
  await signIn(page, role);
  await page.setViewportSize({ width: 390, height: 844 });
  return page;
}

interface Entry {
  status: string;
  note?: string;
  at: string;
  by: string;
}

async function backendGet(request: APIRequestContext, path: string): Promise<unknown> {
  const response = await request.get(`/__fake/documents/${path}`, {
    headers: await fakeControlHeaders(request),
  });
  expect(response.ok()).toBe(true);
  return response.json();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The entries of a roll call as the shared backend holds them. */
async function backendEntries(
  request: APIRequestContext,
  id: string,
): Promise<Record<string, Entry>> {
  const document = await backendGet(request, `attendance/${id}`);
  const entries = isRecord(document) && isRecord(document.entries) ? document.entries : {};
  const out: Record<string, Entry> = {};
  for (const [studentId, entry] of Object.entries(entries)) {
    if (isRecord(entry) && typeof entry.status === 'string') {
      out[studentId] = {
        status: entry.status,
        at: String(entry.at),
        by: String(entry.by),
        ...(typeof entry.note === 'string' ? { note: entry.note } : {}),
      };
    }
  }
  return out;
}

/**
 * A classroom of the demo facilitator with at least three enrolled students, and its roll call for
 * SCHOOL_FRIDAY removed from the shared backend if the seed took it: nobody has taken it yet.
 */
async function untakenRollCall(request: APIRequestContext) {
  const classrooms = await backendGet(request, 'classrooms');
  const students = await backendGet(request, 'students');
  const own = (Array.isArray(classrooms) ? classrooms : []).filter(
    (c: unknown) =>
      isRecord(c) &&
      isRecord(c.data) &&
      Array.isArray(c.data.facilitatorIds) &&
      c.data.facilitatorIds.includes('fac-000'),
  );
  for (const classroom of own) {
    if (!isRecord(classroom) || typeof classroom.id !== 'string') continue;
    const classroomId = classroom.id;
    const id = `${classroomId}_${SCHOOL_FRIDAY_DATE}`;
    const roster: { id: string; name: string }[] = [];
    for (const student of Array.isArray(students) ? students : []) {
      if (!isRecord(student) || typeof student.id !== 'string' || !isRecord(student.data)) continue;
      const { classroomIds, status, firstName, lastName } = student.data;
      if (!Array.isArray(classroomIds) || !classroomIds.includes(classroomId)) continue;
      if (status !== 'enrolled') continue;
      roster.push({ id: student.id, name: `${String(firstName)} ${String(lastName)}` });
    }
    if (roster.length < 3) continue;
    const removed = await request.delete(`/__fake/documents/attendance/${id}`, {
      headers: await fakeControlHeaders(request),
    });
    expect(removed.ok()).toBe(true);
    expect(await backendGet(request, `attendance/${id}`)).toBeNull();
    return { classroomId, id, roster };
  }
  throw new Error("none of the facilitator's classrooms has three enrolled students");
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Taps a student until their button says `status`, as a person cycles the marks. */
async function mark(page: Page, name: string, status: string) {
  const button = page
    .getByRole('list', { name: 'Students' })
    .getByRole('button', { name: new RegExp(`^${escape(name)}, `) });
  for (let taps = 0; taps < 4; taps++) {
    const label = (await button.getAttribute('aria-label')) ?? '';
    if (label.replace(/^.*, /, '') === status) return;
    await button.click();
  }
  await expect(button).toHaveAccessibleName(new RegExp(`, ${status}$`));
}

async function openRollCall(page: Page, classroomId: string) {
  await open(page, `/dash/attendance?classroom=${classroomId}&date=${SCHOOL_FRIDAY_DATE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Roll call' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Students' }).getByRole('button', { name: STATUS }).first(),
  ).toBeVisible();
}

test('two people take a brand-new roll call offline, each marking a different student, and both marks survive', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const rollCall = await untakenRollCall(request);
  const [forFacilitator, forAdmin] = rollCall.roster;
  if (!forFacilitator || !forAdmin) throw new Error('two students are needed');

  const facilitator = await person(browser, 'facilitator');
  const admin = await person(browser, 'admin');
  await openRollCall(facilitator, rollCall.classroomId);
  await openRollCall(admin, rollCall.classroomId);

  // Both phones lose the network in the classroom.
  await facilitator.context().setOffline(true);
  await admin.context().setOffline(true);

  // Each saves one tapped mark; everyone else starts present (a default, not a mark).
  await mark(facilitator, forFacilitator.name, 'Absent');
  await facilitator.getByRole('button', { name: 'Save roll call' }).click();
  await expectNotice(facilitator, /saved on this device/i);

  await mark(admin, forAdmin.name, 'Late');
  await admin.getByRole('button', { name: 'Save roll call' }).click();
  await expectNotice(admin, /saved on this device/i);
  await facilitator.screenshot({ path: test.info().outputPath('facilitator-offline-390.png') });

  // Nothing reached the backend while they were offline: the roll call still does not exist.
  expect(await backendGet(request, `attendance/${rollCall.id}`)).toBeNull();

  // Back online: the facilitator's phone syncs first, then the admin's, whose default "present"
  // for the facilitator's student must not replace the facilitator's "absent".
  await facilitator.context().setOffline(false);
  await syncSettled(facilitator);
  await admin.context().setOffline(false);
  await syncSettled(admin);

  const entries = await backendEntries(request, rollCall.id);
  expect(entries[forFacilitator.id]).toMatchObject({ status: 'absent', by: 'demo-facilitator' });
  expect(entries[forAdmin.id]).toMatchObject({ status: 'late', by: 'demo-admin' });
  // Every other student is present, and every student of the roster has an entry.
  expect(Object.keys(entries).sort()).toEqual(rollCall.roster.map((s) => s.id).sort());
  for (const student of rollCall.roster.slice(2)) {
    expect(entries[student.id]).toMatchObject({ status: 'present' });
  }

  // Each phone shows the other's mark once it has refreshed today's roll calls.
  await openRollCall(admin, rollCall.classroomId);
  await expect(
    admin.getByRole('button', { name: new RegExp(`^${escape(forFacilitator.name)}, Absent`) }),
  ).toBeVisible({ timeout: 30_000 });
  // The facilitator synced first, so their phone still shows its own default for the admin's
  // student until today's roll calls are fetched again (every 2 minutes); fetch them now.
  expect(await facilitator.evaluate(() => window.__lc?.sync.refresh('attendance'))).toBe(true);
  await openRollCall(facilitator, rollCall.classroomId);
  await expect(
    facilitator.getByRole('button', { name: new RegExp(`^${escape(forAdmin.name)}, Late`) }),
  ).toBeVisible({ timeout: 30_000 });
  await admin.screenshot({ path: test.info().outputPath('admin-after-sync-390.png') });
  await facilitator.screenshot({ path: test.info().outputPath('facilitator-after-sync-390.png') });

  await facilitator.context().close();
  await admin.context().close();
});
