// Attendance history in the production build (demo mode): the parent's summary of their child
// (figures checked against the fake backend's own roll calls, and no classmate in sight), the
// student profile's attendance section, the register for the demo facilitator and an admin (with
// its range check and its refusal of another facilitator's classroom), and axe in every theme.
// Screenshots go to /tmp/shots-b/ (or SHOTS_DIR) for a person to look at.
import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { addDays, studentSummary, termStart } from '../../app/domain/attendance';
import { attendanceSchema, studentSchema } from '../../app/domain/records';
import { formatDay } from '../../app/features/attendance/summary';
import { expectNoViolations } from './axe';
import {
  open,
  SCHOOL_FRIDAY_DATE,
  setSchoolDay,
  signIn,
  useTheme,
  type ThemeName,
} from './fixtures';
import { themesThisRun } from './themes';

const THEMES: ThemeName[] = ['default', 'dark', 'accessible'];
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-b';

const seedStudent = studentSchema
  .pick({ firstName: true, lastName: true, familyId: true, classroomIds: true, status: true })
  .extend({ id: z.string() });
const seedRollCall = attendanceSchema.extend({ id: z.string() });
const seedFamily = z.object({
  id: z.string(),
  guardians: z.array(z.object({ memberUUID: z.string().optional() }).passthrough()).catch([]),
});

async function backend<T>(
  page: Page,
  collection: string,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
): Promise<T[]> {
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  const raw = await page.evaluate(
    async (name) =>
      ((await window.__fakeFirebase?.listDocuments(name)) ?? []).map(({ id, data }) => ({
        ...data,
        id,
      })),
    collection,
  );
  return z.array(schema).parse(raw);
}

/** The demo parent's children, as the fake holds them: their family's students. */
async function parentsChildren(page: Page) {
  const families = await backend(page, 'families', seedFamily);
  const own = new Set(
    families
      .filter((f) => f.guardians.some((g) => g.memberUUID === 'demo-parent'))
      .map((f) => f.id),
  );
  const memberFamily = await page.evaluate(
    async () => (await window.__fakeFirebase?.getDocument('Members/demo-parent'))?.familyId,
  );
  if (typeof memberFamily === 'string') own.add(memberFamily);
  const students = await backend(page, 'students', seedStudent);
  return { children: students.filter((s) => own.has(s.familyId)), students };
}

/** The test's school day (the page's clock is set to it before each test). */
function todayIso() {
  return SCHOOL_FRIDAY_DATE;
}

test.beforeEach(async ({ page }) => {
  await setSchoolDay(page);
});

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page itself does not scroll sideways').toBeLessThanOrEqual(0);
}

test('a parent sees their child’s summary with the backend’s figures and no classmate', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'parent');
  await open(page, '/dash/attendance/summary');
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance summary' })).toBeVisible();

  const { children, students } = await parentsChildren(page);
  expect(children.length).toBeGreaterThan(0);
  const rollCalls = await backend(page, 'attendance', seedRollCall);
  const today = todayIso();

  for (const child of children) {
    const card = page.getByRole('region', { name: `${child.firstName} ${child.lastName}` });
    await expect(card).toBeVisible();
    const term = card.getByRole('region', { name: /^This term/ });
    const recent = card.getByRole('region', { name: /^Last 30 days/ });
    const periods = [
      { region: term, from: termStart(today) },
      { region: recent, from: addDays(today, -29) },
    ];
    for (const { region, from } of periods) {
      const expected = studentSummary(rollCalls, child.id, from, today);
      if (expected.marked === 0) {
        await expect(region).toContainText(`No roll calls taken for ${child.firstName}`);
        continue;
      }
      const rate = `${Math.round(((expected.present + expected.late) / expected.marked) * 100)}%`;
      await expect(region).toContainText(rate);
      await expect(region).toContainText(
        `present or late at ${expected.present + expected.late} of ${expected.marked} roll call`,
      );
      for (const [term, count] of [
        ['Absences', expected.absent],
        ['Lates', expected.late],
        ['Excused', expected.excused],
      ] as const) {
        await expect(
          region
            .locator('div')
            .filter({ has: page.getByText(term, { exact: true }) })
            .last(),
        ).toHaveText(`${term}${count}`);
      }
      for (const date of expected.absentDates) {
        await expect(region).toContainText(formatDay(date, today));
      }
    }
  }

  // Classmates share the roll-call documents the parent may read; none of them is on the page.
  const childIds = new Set(children.map((c) => c.id));
  const childClassrooms = new Set(children.flatMap((c) => c.classroomIds));
  const classmates = students.filter(
    (s) => !childIds.has(s.id) && s.classroomIds.some((id) => childClassrooms.has(id)),
  );
  expect(classmates.length).toBeGreaterThan(0);
  const text = await page.locator('main').innerText();
  for (const classmate of classmates) {
    expect(text).not.toContain(`${classmate.firstName} ${classmate.lastName}`);
  }
  await page.screenshot({ path: `${SHOTS}/summary-parent-1280.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page);
  await page.screenshot({ path: `${SHOTS}/summary-parent-390.png`, fullPage: true });
});

test('the student profile shows the attendance summary', async ({ page }) => {
  await signIn(page, 'parent');
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  const { children } = await parentsChildren(page);
  const child = children[0];
  if (!child) throw new Error('The demo parent has no child');
  await open(page, `/dash/students/${child.id}`);
  const section = page.getByRole('region', { name: 'Attendance' });
  await expect(section.getByRole('heading', { name: /^This term/ })).toBeVisible();
  await expect(section.getByRole('heading', { name: /^Last 30 days/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/profile-attendance.png`, fullPage: true });
});

test('a student sees their own summary only', async ({ page }) => {
  await signIn(page, 'student');
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  const studentId = await page.evaluate(
    async () => (await window.__fakeFirebase?.getDocument('Members/demo-student'))?.studentId,
  );
  const students = await backend(page, 'students', seedStudent);
  const self = students.find((s) => s.id === studentId);
  if (!self) throw new Error('The demo student has no student record');
  await open(page, '/dash/attendance/summary');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    `${self.firstName} ${self.lastName}`,
  ]);
  await expect(page.getByRole('region', { name: /^This term/ })).toHaveCount(1);
});

test('the register opens for the demo facilitator, refuses a wrong range and another classroom', async ({
  page,
}) => {
  await signIn(page, 'facilitator');
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/dash/attendance/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance register' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Attendance register: / });
  await expect(table).toBeVisible();
  expect(await table.getByRole('rowheader').count()).toBeGreaterThan(0);
  await expectNoSideScroll(page);
  await page.screenshot({ path: `${SHOTS}/register-facilitator-390.png`, fullPage: true });

  // A last date before the first one gets a message beside the field.
  await page.getByLabel('From', { exact: true }).fill('2026-11-10');
  await page.getByLabel('To', { exact: true }).fill('2026-11-01');
  await page.getByRole('button', { name: 'Show register' }).click();
  await expect(page.getByText('Choose a last date on or after the first date.')).toBeVisible();
  await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  // Someone else's classroom is not for this facilitator.
  const facilitatorId = await page.evaluate(
    async () =>
      (await window.__fakeFirebase?.getDocument('Members/demo-facilitator'))?.facilitatorId,
  );
  const classrooms = await backend(
    page,
    'classrooms',
    z.object({ id: z.string(), facilitatorIds: z.array(z.string()).catch([]) }),
  );
  const other = classrooms.find(
    (c) => typeof facilitatorId === 'string' && !c.facilitatorIds.includes(facilitatorId),
  );
  if (!other) throw new Error('Every classroom is the demo facilitator’s');
  await open(page, `/dash/attendance/register?classroom=${other.id}`);
  await expect(page.getByRole('heading', { name: 'Not Allowed' })).toBeVisible();
});

test('an admin opens any classroom’s register and its cells match the backend', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin');
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  const rollCalls = await backend(page, 'attendance', seedRollCall);
  const students = await backend(page, 'students', seedStudent);
  const today = todayIso();
  // A classroom with an absence in the last 30 days, so the check has something to find.
  const withAbsence = rollCalls.find(
    (rc) =>
      rc.date >= addDays(today, -29) &&
      Object.values(rc.entries).some((e) => e.status === 'absent'),
  );
  if (!withAbsence) throw new Error('The seed has no absence in the last 30 days');
  const [absentId] = Object.entries(withAbsence.entries).find(([, e]) => e.status === 'absent') ?? [
    '',
  ];
  const absentee = students.find((s) => s.id === absentId);
  if (!absentee) throw new Error('The absent student is not in the backend');

  await open(page, `/dash/attendance/register?classroom=${withAbsence.classroomId}`);
  const table = page.getByRole('table', { name: /^Attendance register: / });
  await expect(table).toBeVisible();
  const rosterSize = students.filter(
    (s) => s.status === 'enrolled' && s.classroomIds.includes(withAbsence.classroomId),
  ).length;
  await expect(table.getByRole('rowheader')).toHaveCount(rosterSize);
  const dates = rollCalls
    .filter((rc) => rc.classroomId === withAbsence.classroomId && rc.date >= addDays(today, -29))
    .map((rc) => rc.date)
    .sort();
  const column = dates.indexOf(withAbsence.date);
  const row = table.getByRole('row', {
    name: new RegExp(`^${absentee.firstName} ${absentee.lastName}`),
  });
  await expect(row.getByRole('cell').nth(column)).toHaveText(/^A\*?Absent/);
  // The date header opens that day's roll call.
  await expect(
    table.getByRole('link', { name: formatDay(withAbsence.date, today), exact: true }),
  ).toHaveAttribute(
    'href',
    `/dash/attendance?classroom=${withAbsence.classroomId}&date=${withAbsence.date}`,
  );
  await page.screenshot({ path: `${SHOTS}/register-admin-1280.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page);
  await page.screenshot({ path: `${SHOTS}/register-admin-390.png`, fullPage: true });
});

for (const theme of themesThisRun('attendance-history.spec.ts', THEMES)) {
  test(`the register passes axe in the ${theme} theme`, async ({ page }) => {
    // axe checks every cell's contrast: a week keeps every part of the page (links, symbols,
    // notes, sticky names) at a size it checks in seconds rather than a minute.
    test.setTimeout(120_000);
    await useTheme(page, theme);
    await signIn(page, 'facilitator');
    await open(page, `/dash/attendance/register?from=${addDays(todayIso(), -6)}&to=${todayIso()}`);
    await expect(page.getByRole('table', { name: /^Attendance register: / })).toBeVisible();
    await expectNoViolations(page, theme, 'register');
    await page.screenshot({ path: `${SHOTS}/register-${theme}.png`, fullPage: true });
  });

  test(`the summary passes axe in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await signIn(page, 'parent');
    await open(page, '/dash/attendance/summary');
    await expect(page.getByRole('region', { name: /^This term/ }).first()).toBeVisible();
    await expectNoViolations(page, theme, 'summary');
    await page.screenshot({ path: `${SHOTS}/summary-${theme}.png`, fullPage: true });
  });
}
