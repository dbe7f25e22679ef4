// The service worker in the production build (issue 11, decision 040): the offline start of a
// cached dashboard, the worker's scope, the connectivity probe that no cache may answer, the
// precache list written after the build, and the PWA flag turned off on a host that had the worker.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { buildVariant, extraPort, serveBuild } from './extra-builds';
import { open, signIn, waitForWorker, screenshotSizes } from './fixtures';

test.use({ serviceWorkers: 'allow' });

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

/** The names of the app's shell caches. */
async function shellCaches(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await caches.keys()).filter((name) => name.startsWith('learning-centre-shell-')),
  );
}

function studentLink(page: Page, name: string) {
  return page.getByRole('table', { name: 'Students' }).getByRole('link', { name });
}

/** The name the students list shows first, read from the table itself. */
async function firstStudentName(page: Page): Promise<string> {
  const link = page
    .getByRole('table', { name: 'Students' })
    .getByRole('cell')
    .getByRole('link')
    .first();
  await expect(link).toBeVisible();
  return (await link.innerText()).trim();
}

/** Opens `path` in `page` and waits for the dashboard shell; resolves to the milliseconds it took. */
async function coldStart(page: Page, path: string, heading: string): Promise<number> {
  const started = Date.now();
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  return Date.now() - started;
}

test.describe('the offline start', () => {
  // Each test signs in and waits for the worker to precache the whole build (every route chunk)
  // before it goes offline; in a full run on two busy cores that wait alone once took a minute.
  test.slow();
  test('a remembered admin reloads the students list offline and opens home cold in a new page, with cached data', async ({
    context,
    page,
  }) => {
    await signIn(page, 'admin', { remember: true });
    await open(page, '/dash/students');
    await waitForWorker(page);
    const name = await firstStudentName(page);

    await context.setOffline(true);
    await page.reload();
    await expect(studentLink(page, name)).toBeVisible();
    await screenshotSizes(page, 'offline-students');

    const cold = await context.newPage();
    const homeMs = await coldStart(cold, '/dash/home', 'Home');
    // Home shows no records of its own yet: the cached data is checked by moving on in the app.
    await cold
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Students' })
      .click();
    await expect(studentLink(cold, name)).toBeVisible();

    // Goal P7: a cold start of a cached dashboard, offline, to the shell and the cached data. The
    // figure is reported, not asserted: on a shared CI machine it measures the machine's load.
    const another = await context.newPage();
    await another.goto('/dash/students');
    await expect(studentLink(another, name)).toBeVisible();
    await expect(another.getByTestId('start-cover')).toHaveCount(0);
    const studentsMs = Math.round(await another.evaluate(() => performance.now()));
    test.info().annotations.push({
      type: 'P7 offline cold start',
      description: `/dash/home shell ${homeMs} ms; /dash/students shell and cached names by ${studentsMs} ms`,
    });
    await coldStart(another, '/dash/home', 'Home');
    await screenshotSizes(another, 'offline-home');
    await context.setOffline(false);
  });

  test('an admin who is not remembered reloads the students list and home offline in the same tab, and in a new tab', async ({
    context,
    page,
  }) => {
    await signIn(page, 'admin');
    await open(page, '/dash/students');
    await waitForWorker(page);
    const name = await firstStudentName(page);

    await context.setOffline(true);
    await page.reload();
    await expect(studentLink(page, name)).toBeVisible();
    await coldStart(page, '/dash/home', 'Home');
    await page.goBack();
    await expect(studentLink(page, name)).toBeVisible();

    // Not remembered means this browser session, shared by its tabs (issue 29): a new tab gets in
    // offline too (test/e2e/getting-in-again.spec.ts checks the end of the browser session).
    const other = await context.newPage();
    await coldStart(other, '/dash/home', 'Home');
    await context.setOffline(false);
  });
});

test.describe('the service worker', () => {
  test('is registered at /sw.js with scope / and only after the flag allowed it', async ({
    page,
  }) => {
    await open(page, '/login');
    await waitForWorker(page);
    const registration = await page.evaluate(async () => {
      const found = await navigator.serviceWorker.getRegistration();
      return { scope: found?.scope, script: found?.active?.scriptURL };
    });
    const origin = new URL(page.url()).origin;
    expect(registration).toEqual({ scope: `${origin}/`, script: `${origin}/sw.js` });
    expect(await page.evaluate(() => localStorage.getItem('pwa-previously-enabled'))).toBe('true');
  });

  test('never answers /connectivity-check from a cache, and offline the probe fails', async ({
    context,
    page,
  }) => {
    await open(page, '/login');
    await waitForWorker(page);
    const probe = await page.request.fetch('/connectivity-check', { method: 'HEAD' });
    expect(probe.ok()).toBe(true);

    const [response] = await Promise.all([
      page.waitForResponse((each) => each.url().endsWith('/connectivity-check')),
      page.evaluate(() => fetch('/connectivity-check', { method: 'HEAD', cache: 'no-store' })),
    ]);
    expect(response.fromServiceWorker()).toBe(false);
    const cachedProbe = await page.evaluate(async () => {
      const names = await caches.keys();
      const hits = await Promise.all(
        names.map((name) => caches.open(name).then((c) => c.match('/connectivity-check'))),
      );
      return hits.some(Boolean);
    });
    expect(cachedProbe).toBe(false);

    await context.setOffline(true);
    const offline = await page.evaluate(() =>
      fetch('/connectivity-check', { method: 'HEAD', cache: 'no-store' }).then(
        (answer) => `answered ${answer.status}`,
        () => 'failed',
      ),
    );
    expect(offline).toBe('failed');
    await context.setOffline(false);
  });

  test('precaches index.html, the Remix manifest and every route chunk the manifest names', async () => {
    const worker = await readFile(`${BUILD_DIR}/client/sw.js`, 'utf8');
    const literal = worker.match(/"(\[\{\\"url\\":.*?\}\])"/)?.[1];
    expect(literal, 'the precache list in sw.js').toBeDefined();
    const list: unknown = JSON.parse(JSON.parse(`"${literal}"`));
    const urls = new Set(
      Array.isArray(list)
        ? list.flatMap((entry: unknown) =>
            typeof entry === 'object' &&
            entry !== null &&
            'url' in entry &&
            typeof entry.url === 'string'
              ? [entry.url]
              : [],
          )
        : [],
    );
    expect(urls.has('/index.html')).toBe(true);

    const html = await readFile(`${BUILD_DIR}/client/index.html`, 'utf8');
    const manifestUrl = html.match(/\/assets\/manifest-[\w-]+\.js/)?.[0];
    expect(manifestUrl, 'the Remix manifest named by index.html').toBeDefined();
    expect(urls.has(manifestUrl ?? '')).toBe(true);

    const manifest = await readFile(`${BUILD_DIR}/client${manifestUrl}`, 'utf8');
    const chunks = new Set(manifest.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
    expect(chunks.size).toBeGreaterThan(20);
    const missing = [...chunks].filter((chunk) => !urls.has(chunk));
    expect(missing).toEqual([]);
    for (const url of urls) {
      expect(url).not.toMatch(/^\/(sw\.js|connectivity-check|builds\/)|\.(br|gz|map)$/);
    }
  });
});

test.describe('the PWA flag turned off', () => {
  let pwaOff = '';
  test.beforeAll(() => {
    // A second build costs a minute on an idle machine, several on a busy one.
    test.setTimeout(600_000);
    pwaOff = buildVariant('pwa-off', { VITE_PWA_ENABLED: 'false' });
  });

  test('removes the worker and the shell caches an earlier build installed', async ({ page }) => {
    const port = extraPort(0);

    const before = await serveBuild(BUILD_DIR, port);
    try {
      await page.goto(`${before.url}/login`);
      await waitForWorker(page);
      expect(await shellCaches(page)).toHaveLength(1);
    } finally {
      await before.stop();
    }

    const after = await serveBuild(pwaOff, port);
    try {
      await page.reload();
      await expect(page.getByTestId('start-cover')).toHaveCount(0);
      await expect
        .poll(() =>
          page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length),
        )
        .toBe(0);
      await expect.poll(() => shellCaches(page)).toEqual([]);
      expect(await page.evaluate(() => localStorage.getItem('pwa-previously-enabled'))).toBeNull();
    } finally {
      await after.stop();
    }
  });
});
