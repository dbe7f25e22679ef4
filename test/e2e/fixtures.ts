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

/** Waits until a service worker controls the page and its precache is complete (the worker is active). */
export async function waitForWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
  });
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
