// Getting in again (issue 29, item 4; decision 051): a sign-in without "Keep me signed in" lives for
// the browser session, shared by its tabs, so a second tab gets in, online and offline, and opens
// the queue the first one sealed; a remembered person reopens the app offline; and once the browser
// session is over (its session cookie gone, as after a restart) the next start finds nothing
// readable and the login page says why, offline too.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { countCachedRecords, open, signIn, waitForWorker } from './fixtures';

test.use({ serviceWorkers: 'allow' });

const SESSION_COOKIE = 'lc-browser-session';
const ENDED_NOTE = 'The last session on this device ended when the browser closed.';

/** Waits until the first sync has put records in the local cache. */
async function cacheFilled(page: Page) {
  await expect
    .poll(async () => (await countCachedRecords(page)).collections ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(0);
}

/** Opens `path` in a new page of the context and expects the dashboard's Home, not the login. */
async function newTabGetsHome(context: BrowserContext): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto('/dash/home');
  await expect(tab.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(tab.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  await expect(tab).toHaveURL('/dash/home');
  return tab;
}

/** Whether Firebase's IndexedDB store holds a signed-in user. */
function firebaseUserKept(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'firebaseLocalStorageDb')) {
      return false;
    }
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('firebaseLocalStorageDb');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('firebaseLocalStorage')) return false;
      const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
        const request = db.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage');
        const all = request.getAllKeys();
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(all.error);
      });
      return keys.some((key) => String(key).startsWith('firebase:authUser:'));
    } finally {
      db.close();
    }
  });
}

test('without "Keep me signed in", a second tab of the same browser session gets in online', async ({
  page,
  context,
}) => {
  await signIn(page, 'parent');
  const second = await newTabGetsHome(context);
  await expect(second.getByRole('heading', { level: 1, name: 'Sign in' })).toHaveCount(0);
  // Both tabs stay signed in: the first one is not signed out by the second one's start.
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  expect(await second.evaluate(() => window.__lc?.cache.isInitialized)).toBe(true);
});

test('offline, a second tab of the same browser session opens Home from the service worker and the sealed queue', async ({
  page,
  context,
}) => {
  const subject = `Second tab ${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  await open(page, '/dash/students');
  await waitForWorker(page);
  await cacheFilled(page);

  await context.setOffline(true);
  // A change made offline in the first tab is queued sealed (the session is not remembered).
  const saved = await page.evaluate(
    (name) => window.__lc?.cache.save('subjects', { name }),
    subject,
  );
  expect(saved?.id).toBeTruthy();

  const second = await newTabGetsHome(context);
  // Its cached records are there, and the first tab's sealed change opens with the session's key.
  expect((await countCachedRecords(second)).collections ?? 0).toBeGreaterThan(0);
  await expect
    .poll(
      () =>
        second.evaluate(async () =>
          ((await window.__lc?.outbox.pendingChanges()) ?? []).map((c) => c.data?.name),
        ),
      { timeout: 15_000 },
    )
    .toContain(subject);
  await context.setOffline(false);
});

test('a remembered person closes every tab, and a new page opens the app offline', async ({
  page,
  context,
}) => {
  await signIn(page, 'facilitator', { remember: true });
  await waitForWorker(page);
  await cacheFilled(page);
  for (const each of context.pages()) await each.close();
  // Remembered: no session cookie is needed, so a browser restart changes nothing.
  await context.clearCookies({ name: SESSION_COOKIE });

  await context.setOffline(true);
  await newTabGetsHome(context);
  await context.setOffline(false);
});

test('after the browser session, the same storage without its session cookie holds nothing readable', async ({
  browser,
  page,
  context,
}) => {
  const subject = `Restart ${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  await open(page, '/dash/families');
  await cacheFilled(page);
  await context.setOffline(true);
  // Never sent: the browser "restarts" while still offline.
  await page.evaluate((name) => window.__lc?.cache.save('subjects', { name }), subject);
  expect(await firebaseUserKept(page)).toBe(true);

  // The browser restarts: the disk stays (storage and IndexedDB), the session cookie does not.
  const state = await context.storageState({ indexedDB: true });
  expect(state.cookies.map((cookie) => cookie.name)).toContain(SESSION_COOKIE);
  const restarted = await browser.newContext({
    storageState: {
      ...state,
      cookies: state.cookies.filter((cookie) => cookie.name !== SESSION_COOKIE),
    },
  });
  try {
    const next = await restarted.newPage();
    await next.goto('/dash/home');
    await expect(next).toHaveURL(/\/login\?redirectTo=/);
    await expect(next.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(next.getByRole('status').filter({ hasText: ENDED_NOTE })).toBeVisible();
    expect(await firebaseUserKept(next)).toBe(false);
    const counts = await countCachedRecords(next);
    expect(counts.collections ?? 0).toBe(0);
    expect(counts.metadata ?? 0).toBe(0);
    expect(await next.evaluate(() => localStorage.getItem('lastPage'))).toBeNull();
    // The one thing left is the sealed change, and the wrapped key cannot be opened without the
    // session's secret.
    expect(counts.pendingChanges ?? 0).toBe(1);
    expect(await next.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(subject);
  } finally {
    await restarted.close();
  }
});

test('offline after the browser session ended, the login page says why it cannot go on', async ({
  page,
  context,
}) => {
  await signIn(page, 'parent');
  await waitForWorker(page);
  await cacheFilled(page);
  // The browser closes: every page goes, and with them the session cookie.
  for (const each of context.pages()) await each.close();
  await context.clearCookies({ name: SESSION_COOKIE });

  await context.setOffline(true);
  const next = await context.newPage();
  await next.goto('/dash/home');
  await expect(next).toHaveURL(/\/login\?redirectTo=/);
  await expect(
    next.getByRole('status').filter({
      hasText: `${ENDED_NOTE} You are offline, and signing in again needs a connection.`,
    }),
  ).toBeVisible();
  expect((await countCachedRecords(next)).collections ?? 0).toBe(0);
  expect(await firebaseUserKept(next)).toBe(false);
  await context.setOffline(false);
});
