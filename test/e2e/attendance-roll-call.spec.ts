// The roll call on a phone (issue 12 §1): the demo facilitator takes today's roll call from the home
// tile, saves it offline, reloads offline (the service worker serves the app), comes back online,
// and the backend holds one roll call with exactly the marks made. Also: axe in the three themes,
// another classroom's URL, and a date after today.
import { mkdir } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import {
  SCHOOL_FRIDAY_DATE,
  addDays,
  expectNotice,
  open,
  signIn,
  setSchoolDay,
  useTheme,
  type ThemeName,
  syncSettled,
  waitForWorker,
} from './fixtures';
import { themesThisRun } from './themes';

/** Signs in (the sign-in fixture waits for the desktop navigation), then holds a phone: 390×844. */
async function signInOnPhone(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'facilitator');
  await page.setViewportSize({ width: 390, height: 844 });
}

// The demo school's classes meet Monday to Friday: every test runs on a school Friday (the page's
// clock, from which the in-page fake also seeds itself), whatever day the machine says it is.
test.beforeEach(async ({ page }) => {
  await setSchoolDay(page);
});

const STATUS = /, (Present|Absent|Late|Excused)$/;

function studentButtons(page: Page) {
  return page.getByRole('list', { name: 'Students' }).getByRole('button', { name: STATUS });
}

/** Opens today's first not-taken roll call from the home tile; resolves to its classroom id. */
async function openFromHomeTile(page: Page): Promise<{ classroomId: string; name: string }> {
  await open(page, '/dash/home');
  const tile = page.getByRole('region', { name: 'Today’s classes' });
  const link = tile.getByRole('link', { name: /^Take attendance for / }).first();
  // The tile waits for the attendance data; on a loaded machine that can pass 10 s.
  await expect(link).toBeVisible({ timeout: 30_000 });
  if (process.env.SHOTS_DIR) {
    const width = page.viewportSize()?.width ?? 0;
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/home-facilitator-${width}.png` });
  }
  const name = ((await link.textContent()) ?? '').replace(/^Take attendance for /, '').trim();
  await link.click();
  await expect(page).toHaveURL(/\/dash\/attendance\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Roll call' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: new RegExp(`^${escape(name)}`) }),
  ).toBeVisible();
  await expect(studentButtons(page).first()).toBeVisible();
  const classroomId = new URL(page.url()).searchParams.get('classroom') ?? '';
  expect(classroomId).not.toBe('');
  return { classroomId, name };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The name a student button starts with ("Asha Rao, Present" → "Asha Rao"). */
async function studentName(page: Page, index: number): Promise<string> {
  const label = await studentButtons(page).nth(index).getAttribute('aria-label');
  return (label ?? '').replace(STATUS, '');
}

test.describe('taking the roll offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a facilitator takes today’s roll call from the home tile offline, and the backend holds exactly those marks', async ({
    context,
    page,
  }) => {
    await signInOnPhone(page);
    await waitForWorker(page);
    const { classroomId } = await openFromHomeTile(page);
    const today = SCHOOL_FRIDAY_DATE;
    expect(new URL(page.url()).searchParams.get('date')).toBe(today);

    const counts = page.getByRole('list', { name: 'Counts' });
    const total = await studentButtons(page).count();
    expect(total).toBeGreaterThan(2);
    await expect(counts).toContainText(`Not marked ${total}`);

    const absent = await studentName(page, 0);
    const late = await studentName(page, 1);
    await page.getByRole('button', { name: `${absent}, Present` }).click();
    await expect(page.getByRole('button', { name: `${absent}, Absent` })).toBeVisible();
    const lateButton = page.getByRole('button', { name: `${late}, Present` });
    await lateButton.click();
    await page.getByRole('button', { name: `${late}, Absent` }).click();
    await expect(page.getByRole('button', { name: `${late}, Late` })).toBeVisible();
    await page.getByRole('button', { name: `Note for ${late}` }).click();
    const dialog = page.getByRole('dialog', { name: `Note for ${late}` });
    await dialog.getByRole('textbox', { name: 'Note' }).fill('  Bus was late  ');
    await dialog.getByRole('button', { name: 'Keep note' }).click();
    await expect(dialog).toBeHidden();
    await expect(counts).toContainText('Absent 1');
    await expect(counts).toContainText('Late 1');
    // Each student is counted once: the untouched ones are "not marked" until the save.
    await expect(counts).toContainText(`Not marked ${total - 2}`);

    await context.setOffline(true);
    const bar = page.getByRole('toolbar', { name: 'Roll call actions' });
    await bar.getByRole('button', { name: 'Save roll call' }).click();
    await expectNotice(page, 'Roll call saved on this device');
    await expect(page.getByText('Waiting to sync')).toBeVisible();
    await expect(counts).toContainText('Not marked 0');
    await expect(counts).toContainText(`Present ${total - 2}`);

    await page.reload();
    await expect(page.getByRole('button', { name: `${absent}, Absent` })).toBeVisible();
    await expect(
      page.getByRole('button', { name: `${absent}, Absent` }),
    ).toHaveAccessibleDescription(
      // The mark's time at the campus (the clock started at 10:00 there), with the campus's zone
      // named when the device is elsewhere: "by you at 10:02 GMT+5:30".
      /^by you at 10:\d\d( \S+)?$/,
    );
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/roll-call-390-saved-offline.png` });
    }
    await expect(page.getByRole('button', { name: `${late}, Late` })).toBeVisible();
    await expect(page.getByText('Waiting to sync')).toBeVisible();

    await context.setOffline(false);
    await syncSettled(page);
    await expect(page.getByText('Waiting to sync')).toBeHidden({ timeout: 15_000 });

    const backend = await page.evaluate(
      async ({ classroomId, today }) => {
        const fake = window.__fakeFirebase;
        if (!fake) return null;
        const rollCalls = (await fake.listDocuments('attendance')).filter(
          (d) => d.data.classroomId === classroomId && d.data.date === today,
        );
        const roster = (await fake.listDocuments('students'))
          .filter(
            (d) =>
              Array.isArray(d.data.classroomIds) &&
              d.data.classroomIds.includes(classroomId) &&
              d.data.status === 'enrolled',
          )
          .map((d) => ({
            id: d.id,
            name: `${String(d.data.firstName)} ${String(d.data.lastName)}`,
          }));
        return { rollCalls, roster };
      },
      { classroomId, today },
    );
    expect(backend).not.toBeNull();
    expect(backend?.rollCalls.map((d) => d.id)).toEqual([`${classroomId}_${today}`]);
    const roster = backend?.roster ?? [];
    expect(roster).toHaveLength(total);
    const entries = (backend?.rollCalls[0]?.data.entries ?? {}) as Record<
      string,
      { status: string; note?: string }
    >;
    const expected = Object.fromEntries(
      roster.map((s) => [
        s.id,
        s.name === absent
          ? { status: 'absent' }
          : s.name === late
            ? { status: 'late', note: 'Bus was late' }
            : { status: 'present' },
      ]),
    );
    const actual = Object.fromEntries(
      Object.entries(entries).map(([id, e]) => [
        id,
        { status: e.status, ...(e.note !== undefined ? { note: e.note } : {}) },
      ]),
    );
    expect(actual).toEqual(expected);
  });
});

test.describe('leaving and picking', () => {
  test('leaving with unsaved marks asks first, and staying keeps the marks', async ({ page }) => {
    await signInOnPhone(page);
    await openFromHomeTile(page);
    const first = await studentName(page, 0);
    await page.getByRole('button', { name: `${first}, Present` }).click();
    await page
      .getByRole('navigation', { name: 'Attendance pages' })
      .getByRole('link', { name: 'Register' })
      .click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/\/dash\/attendance\?/);
    await expect(page.getByRole('button', { name: `${first}, Absent` })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Attendance pages' })
      .getByRole('link', { name: 'Register' })
      .click();
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/dash\/attendance\/register/);
  });

  test('office staff see every class meeting today and can open any classroom and date', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'administration');
    await open(page, '/dash/attendance');
    const classes = page.getByRole('region', { name: 'Today’s classes' });
    await expect(classes.getByRole('link', { name: /, not taken$/ }).first()).toBeVisible();
    await expect(classes.getByRole('link', { name: /, taken$/ }).first()).toBeVisible();
    // The first sign-in's sync may revalidate the page while typing; wait for it, then type until
    // the suggestions show (a revalidation can reset what was half typed).
    await syncSettled(page);
    const combobox = page.getByRole('combobox', { name: 'Classroom' });
    await expect(async () => {
      await combobox.fill('');
      await combobox.fill('Otters');
      await expect(page.getByRole('option').first()).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await page.getByRole('option').first().click();
    await page.getByLabel('Date').fill('2026-01-05');
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/roll-call-staff-1280.png` });
    }
    await page.getByRole('button', { name: 'Open roll call' }).click();
    await expect(page).toHaveURL(/date=2026-01-05/);
    await expect(
      page.getByRole('heading', { level: 2, name: /Monday, 5 January 2026|Monday 5 January 2026/ }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save roll call' })).toBeVisible();
  });
});

test.describe('who may mark what', () => {
  test('a facilitator opening another classroom’s roll call gets the not-allowed page', async ({
    page,
  }) => {
    await signInOnPhone(page);
    const other = await page.evaluate(
      async () =>
        ((await window.__fakeFirebase?.listDocuments('classrooms')) ?? []).find(
          (c) => Array.isArray(c.data.facilitatorIds) && !c.data.facilitatorIds.includes('fac-000'),
        )?.id,
    );
    expect(other).toBeTruthy();
    await open(page, `/dash/attendance?classroom=${other ?? ''}&date=${SCHOOL_FRIDAY_DATE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Not Allowed' })).toBeVisible();
    await expect(studentButtons(page)).toHaveCount(0);
  });

  test('a facilitator opening tomorrow’s roll call sees it read-only, with no Save', async ({
    page,
  }) => {
    await signInOnPhone(page);
    const { classroomId } = await openFromHomeTile(page);
    const tomorrow = addDays(SCHOOL_FRIDAY_DATE, 1);
    await open(page, `/dash/attendance?classroom=${classroomId}&date=${tomorrow}`);
    await expect(page.getByText('Roll calls can be taken up to today.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save roll call' })).toHaveCount(0);
    await expect(studentButtons(page).first()).toBeDisabled();
  });

  test('a date that is not a date is a clear not-found page', async ({ page }) => {
    await signInOnPhone(page);
    await open(page, '/dash/attendance?classroom=x&date=2026-02-30');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByTestId('error-message')).toContainText('is not a date');
  });
});

const THEMES: ThemeName[] = ['default', 'dark', 'accessible'];

test.describe('the roll call in every theme', () => {
  for (const theme of themesThisRun('attendance-roll-call.spec.ts', THEMES)) {
    test(`passes axe in the ${theme} theme, on a phone and on a desktop`, async ({ page }) => {
      // Two axe runs (AAA too in the accessible theme) after a sign-in can pass a minute under load.
      test.setTimeout(120_000);
      await useTheme(page, theme);
      await signInOnPhone(page);
      await openFromHomeTile(page);
      const first = await studentName(page, 0);
      await page.getByRole('button', { name: `${first}, Present` }).click();
      await expectNoViolations(page, theme, 'roll call at 390 px');
      // Screenshots for a person to look at: SHOTS_DIR=/tmp/shots npx playwright test …
      const dir = process.env.SHOTS_DIR;
      if (dir) {
        await mkdir(dir, { recursive: true });
        await page.screenshot({ path: `${dir}/roll-call-390-${theme}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      // The actions move from the phone's action bar into the roll call's header.
      await expect(page.getByRole('toolbar', { name: 'Roll call actions' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Save roll call' })).toBeVisible();
      await expectNoViolations(page, theme, 'roll call at 1280 px');
      if (dir)
        await page.screenshot({ path: `${dir}/roll-call-1280-${theme}.png`, fullPage: true });
    });
  }
});
