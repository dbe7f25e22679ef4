// Demo mode on the production build: the embedded fake Firebase serves the app with no
// configuration, its data is seeded and reachable, and it keeps changes across reloads.
import { expect, test } from '@playwright/test';
import { open, signIn, syncSettled } from './fixtures';

test.describe('demo mode', () => {
  test('boots with the demo banner, which can be dismissed', async ({ page }) => {
    await open(page, '/login');
    const banner = page.getByRole('complementary', { name: 'Demo mode' });
    await expect(banner).toContainText('No Firebase project is configured');
    await banner.getByRole('button', { name: /Dismiss/ }).click();
    await expect(banner).toHaveCount(0);
  });

  test('the seeded centre is reachable through the app’s data layer', async ({ page }) => {
    await signIn(page, 'admin');
    await expect
      .poll(
        () =>
          page.evaluate(
            async () =>
              (await window.__lc?.cache.list('students', { limit: Infinity }))?.length ?? 0,
          ),
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThanOrEqual(250);
    await expect
      .poll(() =>
        page.evaluate(
          async () => (await window.__lc?.cache.list('campuses', { limit: Infinity }))?.length ?? 0,
        ),
      )
      .toBe(2);
  });

  test('a change made in the fake survives a reload, and resetting the demo data removes it', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await expect
      .poll(() => page.evaluate(() => Boolean(window.__lc?.cache.isInitialized)))
      .toBe(true);
    const id = await page.evaluate(
      async () =>
        (await window.__lc?.cache.save('campuses', { name: 'Riverside Annex', timezone: 'UTC' }))
          ?.id,
    );
    expect(id).toMatch(/^temp_/);
    // No explicit sync: a new write is sent on its own. The fake acknowledges a write only once
    // it is saved in IndexedDB (mocks/shared-state.ts), so an empty outbox means it is durable: no
    // guess at how long the save takes, which a loaded machine would outlast.
    await syncSettled(page);
    expect(
      await page.evaluate(
        async (docId) =>
          (await window.__fakeFirebase?.getDocument(`campuses/${docId}`))?.name ?? null,
        id,
      ),
    ).toBe('Riverside Annex');

    // The reload: the fake reloads its state from IndexedDB (a cold start may take a while).
    await page.reload();
    await expect(page.getByTestId('start-cover')).toHaveCount(0, { timeout: 30_000 });
    expect(
      await page.evaluate(
        async (docId) =>
          (await window.__fakeFirebase?.getDocument(`campuses/${docId}`))?.name ?? null,
        id,
      ),
    ).toBe('Riverside Annex');

    // The reset reloads the page once it is persisted: wait for that load, since an evaluate
    // that runs into the navigation fails instead of being retried.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reset demo data' }).click();
    await reloaded;
    await expect(page.getByTestId('start-cover')).toHaveCount(0, { timeout: 30_000 });
    await expect
      .poll(() =>
        page.evaluate(
          async (docId) => (await window.__fakeFirebase?.getDocument(`campuses/${docId}`)) ?? null,
          id,
        ),
      )
      .toBeNull();
  });
});
