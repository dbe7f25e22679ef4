// What facilitators, parents and students see of each other in the production build (demo mode):
// a facilitator sees the families of their students, a parent the facilitators of their children's
// classrooms, a student the facilitators of their own classrooms; each sees exactly those, also
// after a reload without a network (the lists come from the cache). Expected sets come from the
// fake backend's own data, so the tests hold whatever the day's deterministic seed is.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { z } from 'zod';
import { expectNoViolations } from './axe';
import { open, signIn, useTheme, type DemoRole, type ThemeName } from './fixtures';
import { themesThisRun } from './themes';

const THEMES: ThemeName[] = ['default', 'dark', 'accessible'];

const ids = z.array(z.string()).catch([]);
const seedRecord = z.object({
  id: z.string(),
  familyId: z.string().catch(''),
  classroomIds: ids,
  facilitatorIds: ids,
});
type SeedRecord = z.infer<typeof seedRecord>;

/** A collection as the fake backend holds it (read directly, without rules). */
async function backend(page: Page, collection: string): Promise<SeedRecord[]> {
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  const raw = await page.evaluate(
    async (name) =>
      ((await window.__fakeFirebase?.listDocuments(name)) ?? []).map(({ id, data }) => ({
        ...data,
        id,
      })),
    collection,
  );
  return z.array(seedRecord).parse(raw);
}

async function memberLink(
  page: Page,
  uid: string,
  field: 'facilitatorId' | 'familyId' | 'studentId',
) {
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  const value = await page.evaluate(
    async ([id, key]) => (await window.__fakeFirebase?.getDocument(`Members/${id}`))?.[key],
    [uid, field] as const,
  );
  return z.string().parse(value);
}

/** The families of the students in the classrooms the demo facilitator teaches. */
async function expectedFamilies(page: Page): Promise<string[]> {
  const facilitatorId = await memberLink(page, 'demo-facilitator', 'facilitatorId');
  const facilitator = (await backend(page, 'facilitators')).find((f) => f.id === facilitatorId);
  const taught = new Set(facilitator?.classroomIds ?? []);
  for (const c of await backend(page, 'classrooms')) {
    if (c.facilitatorIds.includes(facilitatorId)) taught.add(c.id);
  }
  const students = await backend(page, 'students');
  const families = students
    .filter((s) => s.classroomIds.some((c) => taught.has(c)))
    .map((s) => s.familyId);
  return [...new Set(families)].sort();
}

/** The facilitators who teach any of these classrooms. */
async function facilitatorsOf(page: Page, classroomIds: string[]): Promise<string[]> {
  return (await backend(page, 'facilitators'))
    .filter((f) => f.classroomIds.some((c) => classroomIds.includes(c)))
    .map((f) => f.id)
    .sort();
}

async function expectedForParent(page: Page): Promise<string[]> {
  const familyId = await memberLink(page, 'demo-parent', 'familyId');
  const children = (await backend(page, 'students')).filter((s) => s.familyId === familyId);
  return facilitatorsOf(
    page,
    children.flatMap((s) => s.classroomIds),
  );
}

async function expectedForStudent(page: Page): Promise<string[]> {
  const studentId = await memberLink(page, 'demo-student', 'studentId');
  const own = (await backend(page, 'students')).find((s) => s.id === studentId);
  return facilitatorsOf(page, own?.classroomIds ?? []);
}

/** The record ids the page links to under a path prefix, from the main region only. */
async function linkedIds(page: Page, prefix: string): Promise<string[]> {
  const hrefs = await page
    .getByRole('main')
    .getByRole('listitem')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs
    .filter((href) => href.startsWith(prefix))
    .map((href) => decodeURIComponent(href.slice(prefix.length)))
    .sort();
}

/**
 * From the next reload on, this tab has no network for the app: navigator.onLine is false (the
 * fake answers every request as a network error then) and the connectivity check fails. The page
 * itself still loads, as a production install's service worker would serve it.
 */
async function goOfflineOnReload(page: Page, context: BrowserContext) {
  await context.addInitScript(() => {
    if (sessionStorage.getItem('e2e-force-offline')) {
      Object.defineProperty(Navigator.prototype, 'onLine', {
        configurable: true,
        get: () => false,
      });
    }
  });
  await page.evaluate(() => sessionStorage.setItem('e2e-force-offline', '1'));
  await page.route('**/connectivity-check*', (route) => route.abort());
}

async function reloadOffline(page: Page) {
  await page.reload();
  await expect(page.getByTestId('start-cover')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Sync status: Offline/ })).toBeVisible();
}

test('a facilitator sees exactly the families of their students, also offline after a reload', async ({
  page,
  context,
}) => {
  await signIn(page, 'facilitator', { remember: true });
  await open(page, '/dash/families');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your students’ families' }),
  ).toBeVisible();
  const expected = await expectedFamilies(page);
  // More than one `in` query can name (30): the scope is split, and nothing is lost.
  expect(expected.length).toBeGreaterThan(30);
  await expect(page.getByTestId('families-count')).toHaveText(`${expected.length} families`);
  expect(await linkedIds(page, '/dash/families/')).toEqual(expected);

  // A family opens from the list.
  const first = page
    .getByRole('main')
    .getByRole('link', { name: /^The .* family$/ })
    .first();
  const href = (await first.getAttribute('href')) ?? '';
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await open(page, '/dash/families');
  await goOfflineOnReload(page, context);
  await reloadOffline(page);
  await expect(page.getByTestId('families-count')).toHaveText(`${expected.length} families`);
  expect(await linkedIds(page, '/dash/families/')).toEqual(expected);
});

test('a parent sees exactly their children’s facilitators, also offline after a reload, and no other facilitator’s profile', async ({
  page,
  context,
}) => {
  await signIn(page, 'parent', { remember: true });
  await open(page, '/dash/facilitators');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your children’s facilitators' }),
  ).toBeVisible();
  const expected = await expectedForParent(page);
  expect(expected.length).toBeGreaterThan(0);
  await expect(page.getByTestId('facilitators-count')).toHaveText(
    `${expected.length} facilitators.`,
  );
  expect(await linkedIds(page, '/dash/facilitators/')).toEqual(expected);
  await expect(page.getByText(/None of the facilitators is shared/)).toHaveCount(0);

  // One of theirs opens; one who does not teach their children is "not found".
  await open(page, `/dash/facilitators/${expected[0] ?? ''}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Classrooms' })).toBeVisible();
  const other = (await backend(page, 'facilitators')).find((f) => !expected.includes(f.id));
  await open(page, `/dash/facilitators/${other?.id ?? 'none'}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();

  await open(page, '/dash/facilitators');
  await goOfflineOnReload(page, context);
  await reloadOffline(page);
  expect(await linkedIds(page, '/dash/facilitators/')).toEqual(expected);
});

test('a student sees exactly the facilitators of their own classrooms, also offline after a reload', async ({
  page,
  context,
}) => {
  await signIn(page, 'student', { remember: true });
  await open(page, '/dash/facilitators');
  await expect(page.getByRole('heading', { level: 1, name: 'Your facilitators' })).toBeVisible();
  const expected = await expectedForStudent(page);
  expect(expected.length).toBeGreaterThan(0);
  await expect(page.getByTestId('facilitators-count')).toHaveText(
    `${expected.length} facilitators.`,
  );
  expect(await linkedIds(page, '/dash/facilitators/')).toEqual(expected);

  await goOfflineOnReload(page, context);
  await reloadOffline(page);
  expect(await linkedIds(page, '/dash/facilitators/')).toEqual(expected);
});

const VIEWS: Array<{ role: DemoRole; path: string; heading: string }> = [
  { role: 'facilitator', path: '/dash/families', heading: 'Your students’ families' },
  { role: 'parent', path: '/dash/facilitators', heading: 'Your children’s facilitators' },
  { role: 'student', path: '/dash/facilitators', heading: 'Your facilitators' },
];

for (const theme of themesThisRun('role-views.spec.ts', THEMES)) {
  for (const view of VIEWS) {
    test(`${view.path} as the ${view.role} has no accessibility violations in the ${theme} theme`, async ({
      page,
    }) => {
      // axe over a list of some seventy families takes a while on a busy machine.
      test.setTimeout(120_000);
      await useTheme(page, theme);
      await signIn(page, view.role);
      await open(page, view.path);
      await expect(page.getByRole('heading', { level: 1, name: view.heading })).toBeVisible();
      await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
      await expectNoViolations(page, theme, `${view.path} as ${view.role}`);
    });
  }
}
