// Shared Playwright helpers: open a page in a given theme, wait until the start cover is gone, and
// sign in as a demo role through the real login page.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CONTROL_SECRET_HEADER } from '../../mocks/fence';

export type ThemeName = 'default' | 'dark' | 'accessible';
export type DemoRole =
  'admin' | 'superAdmin' | 'administration' | 'facilitator' | 'parent' | 'student';

export const DEMO_EMAILS: Record<DemoRole, string> = {
  admin: 'admin@demo-learning.example',
  superAdmin: 'superadmin@demo-learning.example',
  administration: 'office@demo-learning.example',
  facilitator: 'facilitator@demo-learning.example',
  parent: 'parent@demo-learning.example',
  student: 'student@demo-learning.example',
};
export const DEMO_PASSWORD = 'demo-password';

/**
 * Server mode (*.server.spec.ts): the header the fake's console control over HTTP (`/__fake/…`)
 * needs, the secret of the server's current start (mocks/server.ts, issue 28), asked for the way
 * the page asks for it.
 */
export async function fakeControlHeaders(
  request: APIRequestContext,
): Promise<Record<string, string>> {
  const response = await request.get('/__fake/secret');
  expect(response.ok()).toBe(true);
  const body: unknown = await response.json();
  const secret = typeof body === 'object' && body !== null ? Reflect.get(body, 'secret') : null;
  if (typeof secret !== 'string') throw new Error('The fake answered no control secret');
  return { [CONTROL_SECRET_HEADER]: secret };
}

/**
 * The school day every spec that depends on the day runs on: Friday 27 November 2026, 10:00 in
 * Asia/Kolkata (the seeded campuses' zone), 04:30 UTC. It is the same calendar day in UTC, in the
 * campuses' zone and in the browser's, so the app's "today" is that Friday whether it counts in
 * UTC or at the campus; the demo classes meet that day. It lies in the past, so in server mode
 * (where the fake runs in node on the real clock) it is a day "up to today" and the server's
 * tokens are not from the page's future.
 */
export const SCHOOL_FRIDAY = new Date('2026-11-27T04:30:00.000Z');
/** SCHOOL_FRIDAY's date, YYYY-MM-DD. */
export const SCHOOL_FRIDAY_DATE = '2026-11-27';

/** A calendar date (YYYY-MM-DD) `days` after `date`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Starts the page's clock at `instant` (SCHOOL_FRIDAY by default), running from there, before the
 * first navigation. In demo mode the fake lives in the page and seeds itself from this clock, so
 * "today" is the same day for the seed, the app and the test. Call it before `signIn` / `open`.
 */
export async function setSchoolDay(page: Page, instant: Date = SCHOOL_FRIDAY): Promise<void> {
  await page.clock.install({ time: instant });
  // Playwright's fake Date answers `new` with a plain Date whatever the subclass, so a subclass
  // (@date-fns/tz's TZDate) silently lost its zone and answered in the device's. The app's zone
  // arithmetic no longer subclasses Date (domain/clock.ts, Intl); one TZDate is left, the values the
  // .ics export hands to ical-generator (features/calendar/ics.ts), and calendar.spec downloads one
  // under this clock. Added after the clock's own script, this keeps the fake clock and gives the
  // object the subclass's prototype, as a real Date constructor would.
  await page.addInitScript(() => {
    const FakeDate = globalThis.Date;
    function ClockDate(this: unknown, ...args: unknown[]) {
      if (!new.target) return (FakeDate as unknown as (...a: unknown[]) => string)(...args);
      const date = Reflect.construct(FakeDate, args) as Date;
      if (new.target !== ClockDate) Object.setPrototypeOf(date, new.target.prototype as object);
      return date;
    }
    ClockDate.prototype = FakeDate.prototype;
    Object.setPrototypeOf(ClockDate, FakeDate);
    globalThis.Date = ClockDate as unknown as DateConstructor;
  });
}

/**
 * The page's "Recent notices" log (app/ui/Toast.tsx): every notice the toast has shown stays there
 * after the toast hides itself, so a check never races the toast's timeout.
 */
export function recentNotices(page: Page) {
  return page.getByRole('log', { name: 'Recent notices' });
}

/** Waits until the page has given a notice containing `text` (shown or already hidden). */
export async function expectNotice(page: Page, text: string | RegExp) {
  await expect(recentNotices(page).getByRole('listitem').filter({ hasText: text })).not.toHaveCount(
    0,
  );
}

export async function useTheme(page: Page, theme: ThemeName) {
  await page.addInitScript((value) => {
    // Only on the first document of the test: later reloads must see what the app stored.
    if (!sessionStorage.getItem('e2e-theme-set')) {
      localStorage.setItem('theme', value);
      sessionStorage.setItem('e2e-theme-set', '1');
    }
  }, theme);
}

export async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('start-cover')).toHaveCount(0);
}

/** Signs in through the login page with a demo account and waits for the dashboard. */
export async function signIn(page: Page, role: DemoRole, options: { remember?: boolean } = {}) {
  await open(page, '/login');
  await page.getByRole('button', { name: `Use the ${role} demo account` }).click();
  const remember = page.getByLabel('Keep me signed in on this device');
  // Set either way: the box's default is the last choice made on this device (issue 29).
  await remember.setChecked(options.remember ?? false);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dash\//);
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
}

/** Counts the records in every object store of LearningCenterDB (the local cache). */
/**
 * Picks the demo family in a family picker by typing part of its guardian's name ("Grace
 * Whitfield"), as a person would: they press Enter once they see the option, not before the list
 * has opened (on a busy machine it opens a moment after the typing).
 */
export async function chooseDemoFamily(page: Page) {
  const family = page.getByRole('combobox', { name: 'Family' });
  await family.pressSequentially('Grac');
  await expect(page.getByRole('option', { name: /Whitfield/ })).toBeVisible();
  await family.press('ArrowDown');
  await family.press('Enter');
  await expect(family).toHaveValue(/^Whitfield/);
}

export async function countCachedRecords(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((d) => d.name === 'LearningCenterDB')) return {};
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('LearningCenterDB');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const counts: Record<string, number> = {};
    for (const name of Array.from(db.objectStoreNames)) {
      counts[name] = await new Promise<number>((resolve, reject) => {
        const request = db.transaction(name).objectStore(name).count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    }
    db.close();
    return counts;
  });
}

/** Waits until this page's data layer has nothing pending and no sync is running. */
export async function syncSettled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const pending = (await window.__lc?.outbox.pendingChanges())?.length ?? -1;
          return pending === 0 && window.__lc?.sync.getStatus().isSyncing === false;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * Waits until a service worker controls the page and its precache is complete (the worker is
 * active). The precache downloads every asset and guide page: on a loaded two-core machine that can
 * take a minute, which the test is given on top of its own time. The controller is polled rather
 * than awaited through `controllerchange`, which a slow evaluation could miss.
 */
export async function waitForWorker(page: Page): Promise<void> {
  test.info().setTimeout(test.info().timeout + 60_000);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 60_000,
    })
    .toBe(true);
}

/**
 * Screenshots of the page at the two sizes people are checked at (1280 × 800 and 390 × 844), into
 * the test's output folder as `<name>-<width>.png`, then back to 1280 × 800.
 */
export async function screenshotSizes(
  page: Page,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
