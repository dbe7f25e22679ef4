// A shared computer stays clean (issue 28, item 8; decision 051): signed in without "Keep me signed
// in", the browser closed without signing out (its session cookie gone), the next visit finds
// nothing readable of the person in IndexedDB or localStorage, before anyone signs in. The one
// change they never sent stays, sealed, and reaches the backend when the same person signs in again.
import { expect, test, type Page } from '@playwright/test';
import { countCachedRecords, open, signIn } from './fixtures';

/** Every value in every store of LearningCenterDB, as text: what anyone at the computer could read. */
function cacheOnDisk(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((d) => d.name === 'LearningCenterDB')) return '';
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('LearningCenterDB');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const values: unknown[] = [];
    for (const name of Array.from(db.objectStoreNames)) {
      values.push(
        ...(await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        })),
      );
    }
    db.close();
    return JSON.stringify(values);
  });
}

test('closing the browser without signing out leaves nothing readable; the unsent change is sent later', async ({
  page,
  context,
}) => {
  const subject = `Shared computer ${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  await open(page, '/dash/students');
  await expect
    .poll(async () => (await countCachedRecords(page)).collections ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(0);
  expect(await page.evaluate(() => localStorage.getItem('lastPage'))).toBe('/dash/students');

  // A change made offline that never reaches the backend before the browser closes.
  await context.setOffline(true);
  const saved = await page.evaluate(
    (name) => window.__lc?.cache.save('subjects', { name }),
    subject,
  );
  expect(saved?.id).toBeTruthy();
  expect(await cacheOnDisk(page)).toContain(subject);

  // The browser closes: every page of the context goes, without signing out, and with the browser
  // session its session cookie (a sign-in that is not remembered lives for the browser session,
  // shared by its tabs: issue 29).
  for (const each of context.pages()) await each.close();
  await context.clearCookies({ name: 'lc-browser-session' });
  await context.setOffline(false);

  const next = await context.newPage();
  await open(next, '/login');
  await expect(next.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  const counts = await countCachedRecords(next);
  expect(counts.collections ?? 0).toBe(0);
  expect(counts.metadata ?? 0).toBe(0);
  // Only the sealed change is left, and nothing in it can be read.
  expect(counts.pendingChanges ?? 0).toBe(1);
  const disk = await cacheOnDisk(next);
  expect(disk).not.toContain(subject);
  expect(disk).not.toContain('Whitfield');
  expect(disk).not.toContain('"items"');
  expect(await next.evaluate(() => localStorage.getItem('lastPage'))).toBeNull();

  // The same person signs in again: their change is opened with their key and sent.
  await signIn(next, 'admin');
  await expect
    .poll(
      () =>
        next.evaluate(
          async (name) =>
            ((await window.__fakeFirebase?.listDocuments('subjects')) ?? []).some(
              (d) => d.data.name === name,
            ),
          subject,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
});

test('a remembered session keeps its cache when the browser is closed', async ({
  page,
  context,
}) => {
  await signIn(page, 'admin', { remember: true });
  await expect
    .poll(async () => (await countCachedRecords(page)).collections ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(0);
  for (const each of context.pages()) await each.close();
  await context.clearCookies();

  const next = await context.newPage();
  await next.goto('/dash/home');
  await expect(next).toHaveURL('/dash/home');
  expect((await countCachedRecords(next)).collections ?? 0).toBeGreaterThan(0);
});
