// The offline data layer in a real browser (production build, demo mode), driven through the debug
// handle `window.__lc` (app/data/debug.ts) that the app installs in demo mode after sign-in. The
// records-screens suite repeats these journeys through real screens.
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures';

/** Signs in through the login page when needed and waits for the data layer to be ready. */
async function signedIn(page: Page) {
  await page.goto('/login');
  const ready = () => page.evaluate(() => Boolean(window.__lc?.cache?.isInitialized));
  // A restored session leaves /login for the dashboard on its own; otherwise the form shows.
  const useAdmin = page.getByRole('button', { name: 'Use the admin demo account' });
  await expect
    .poll(async () => page.url().includes('/dash/') || (await useAdmin.isVisible()), {
      timeout: 30_000,
    })
    .toBe(true);
  if (!page.url().includes('/dash/')) await signIn(page, 'admin');
  await expect.poll(ready, { timeout: 30_000 }).toBe(true);
}

function studentsNamed(page: Page, lastName: string) {
  return page.evaluate(
    async (name) =>
      ((await window.__fakeFirebase?.listDocuments('students')) ?? []).filter(
        (d) => d.data.lastName === name,
      ).length,
    lastName,
  );
}

function pendingCount(page: Page) {
  return page.evaluate(async () => (await window.__lc?.outbox.pendingChanges())?.length ?? -1);
}

const student = (lastName: string) => ({
  firstName: 'Offline',
  lastName,
  dateOfBirth: '2016-02-03',
  familyId: 'fam-0000',
  campusId: 'cam-0',
  status: 'enrolled',
});

test('a student written offline survives a reload and reaches the backend exactly once', async ({
  page,
  context,
}) => {
  const lastName = `E2E-${Date.now()}`;
  await signedIn(page);
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  const id = await page.evaluate(
    async (item) => (await window.__lc?.cache.save('students', item))?.id,
    student(lastName),
  );
  expect(id).toMatch(/^temp_/);
  expect(await pendingCount(page)).toBe(1);

  await context.setOffline(false);
  // Reload while the change is still queued: it must come back from IndexedDB, not memory.
  await page.evaluate(() => window.__lc?.sync.stop());
  await page.reload();
  await signedIn(page);
  const cached = await page.evaluate(
    async (itemId) => window.__lc?.cache.get('students', itemId),
    id ?? '',
  );
  expect(cached).toMatchObject({ lastName });

  await expect.poll(() => pendingCount(page), { timeout: 30_000 }).toBe(0);
  await page.evaluate(() => window.__lc?.sync.sync());
  expect(await studentsNamed(page, lastName)).toBe(1);
  await expect(
    page.getByRole('button', { name: /Sync status: Online, all changes saved/ }),
  ).toBeVisible();
});

test("a second tab sees the first tab's write without a reload", async ({ context }) => {
  const lastName = `Tab-${Date.now()}`;
  const first = await context.newPage();
  const second = await context.newPage();
  await signedIn(first);
  await signedIn(second);
  // The second tab has read the collection already, so it holds a memory copy to invalidate.
  await second.evaluate(() => window.__lc?.cache.list('students'));
  const heard = second.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const stop = window.__lc?.cache.subscribe((event) => {
          // The first tab's own sync announces other collections too (messages, conversations…).
          if (event.source === 'other-tab' && event.collections.includes('students')) {
            stop?.();
            resolve(event.collections);
          }
        });
      }),
  );
  const id = await first.evaluate(
    async (item) => (await window.__lc?.cache.save('students', item))?.id,
    student(lastName),
  );
  expect(await heard).toContain('students');
  const seen = await second.evaluate(
    async (itemId) => window.__lc?.cache.get('students', itemId),
    id ?? '',
  );
  expect(seen).toMatchObject({ lastName });
});
