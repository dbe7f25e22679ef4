// Issue 10 in the browser: sign-out leaves none of the person's data on the device, and damaged
// local data heals itself with a notice instead of hiding records.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAILS, open, signIn, type DemoRole } from './fixtures';

/** Everything the origin keeps, as text: IndexedDB (but the fake's own), both storages, caches. */
async function everythingStored(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const out: Record<string, string> = {};
    const readAll = (db: IDBDatabase, name: string) =>
      new Promise<unknown[]>((resolve) => {
        const request = db.transaction(name).objectStore(name).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve([]);
      });
    for (const info of await indexedDB.databases()) {
      if (!info.name || info.name === 'fake-firebase') continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name ?? '');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const parts: unknown[] = [];
      for (const store of Array.from(db.objectStoreNames)) parts.push(await readAll(db, store));
      db.close();
      out[`indexedDB:${info.name}`] = JSON.stringify(parts);
    }
    out.localStorage = JSON.stringify({ ...localStorage });
    out.sessionStorage = JSON.stringify({ ...sessionStorage });
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) cached.push(`${name} ${request.url}`);
    }
    out.cacheStorage = JSON.stringify(cached);
    return out;
  });
}

async function uidOf(page: Page): Promise<string> {
  const uid = await page.evaluate(() => window.__lc?.cache.uid ?? null);
  if (!uid) throw new Error('no signed-in cache');
  return uid;
}

for (const role of ['admin', 'parent'] satisfies DemoRole[]) {
  test(`after a ${role} signs out, no store holds their data or the paths they visited`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, role, { remember: true });
    const uid = await uidOf(page);
    // Leo (stu-00000) is a child of the demo parent, so both roles may open his profile.
    await open(page, '/dash/students/stu-00000');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Leo', { timeout: 20_000 });
    const seenName = (await heading.textContent())?.trim() ?? '';
    expect(seenName.length).toBeGreaterThan(0);
    // Scroll positions are kept in sessionStorage by the router; make sure there is one.
    await open(page, '/dash/settings');
    await page.mouse.wheel(0, 400);
    await open(page, '/dash/profile');

    const before = await everythingStored(page);
    expect(Object.values(before).join('\n')).toContain(uid);

    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('E-mail address')).toBeVisible();

    const after = await everythingStored(page);
    for (const [where, text] of Object.entries(after)) {
      expect(text, where).not.toContain(uid);
      expect(text, where).not.toContain(DEMO_EMAILS[role]);
      expect(text, where).not.toContain('/dash/');
      expect(text, where).not.toContain(seenName);
    }
    // The demo backend is the backend's, not the person's, and stays.
    const databases = await page.evaluate(async () =>
      (await indexedDB.databases()).map((d) => d.name),
    );
    expect(databases).toContain('fake-firebase');
  });
}

test('a damaged cache chunk and a tampered record heal with a notice, and no student stays hidden', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  await open(page, '/dash/students');
  const total = await page.evaluate(async () => {
    const control = window.__fakeFirebase;
    return control ? (await Promise.resolve(control.listDocuments('students'))).length : 0;
  });
  expect(total).toBeGreaterThanOrEqual(300);
  await expect(page.getByText(`${total} students`)).toBeVisible({ timeout: 30_000 });

  // Damage written the way a broken disk or a hand in the console would, inside the app's lock.
  await page.evaluate(async () => {
    await navigator.locks.request('LearningCenterDB:write', async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('LearningCenterDB');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const store = db.transaction('collections', 'readwrite').objectStore('collections');
      const keys = await new Promise<IDBValidKey[]>((resolve) => {
        const request = store.getAllKeys();
        request.onsuccess = () => resolve(request.result);
      });
      const chunks = keys.map(String).filter((k) => k.startsWith('students::'));
      const [garbageKey, tamperKey] = chunks;
      if (!garbageKey || !tamperKey) throw new Error('no student chunks');
      const tx = db.transaction('collections', 'readwrite');
      const os = tx.objectStore('collections');
      os.put('garbage', garbageKey);
      const chunk = await new Promise<{ items: Record<string, Record<string, unknown>> }>(
        (resolve) => {
          const request = os.get(tamperKey);
          request.onsuccess = () => resolve(request.result);
        },
      );
      const firstId = Object.keys(chunk.items)[0];
      if (firstId) chunk.items[firstId] = { ...chunk.items[firstId], firstName: 42 };
      os.put(chunk, tamperKey);
      await new Promise<void>((resolve) => {
        tx.oncomplete = () => resolve();
      });
      db.close();
    });
  });

  await page.reload();
  const notice = page.getByText('Some saved data was damaged and has been reloaded').first();
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`${total} students`)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('damage-notice-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('damage-notice-390.png') });
});
