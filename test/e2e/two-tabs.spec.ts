// Two tabs of one browser in demo mode (in-page fake): both tabs share one fake backend through the
// fake's own IndexedDB database, so a write one tab's fake acknowledged is never undone by the
// other, and an edit made in one tab shows up in the other without a reload (issue 10).
import { expect, test, type Page } from '@playwright/test';
import { chooseDemoFamily, open, signIn, syncSettled } from './fixtures';

function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** The backend's students with this last name, as this tab's fake sees them (rules not applied). */
function backendFirstNames(page: Page, lastName: string): Promise<string[]> {
  return page.evaluate(
    async (name) =>
      ((await window.__fakeFirebase?.listDocuments('students')) ?? [])
        .filter((d) => d.data.lastName === name)
        .map((d) => String(d.data.firstName))
        .sort(),
    lastName,
  );
}

/** Creates a student through the data layer, as the app's own code does. */
async function saveStudent(page: Page, firstName: string, lastName: string) {
  await expect
    .poll(() => page.evaluate(() => Boolean(window.__lc?.cache.isInitialized)))
    .toBe(true);
  const id = await page.evaluate(
    async (item) => (await window.__lc?.cache.save('students', item))?.id,
    {
      firstName,
      lastName,
      dateOfBirth: '2016-03-04',
      familyId: 'fam-0000',
      campusId: 'cam-0',
      classroomIds: [],
      status: 'enrolled',
      notes: '',
    },
  );
  expect(id).toBeTruthy();
}

/** Creates a student through the new-student form, as a person would. */
async function createWithForm(page: Page, firstName: string, lastName: string) {
  await open(page, '/dash/students/new');
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Date of birth').fill('2015-06-07');
  await chooseDemoFamily(page);
  await page.getByRole('button', { name: 'Create student' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${firstName} ${lastName}` }),
  ).toBeVisible();
}

/** Two signed-in admin tabs of one browser context. */
async function twoTabs(page: Page): Promise<[Page, Page]> {
  await signIn(page, 'admin', { remember: true });
  // From /dash/students: opened from /dash/home, the first tab's cache was closed a moment after
  // the second tab signed itself in (reported to the lead; app/auth, app/data).
  await open(page, '/dash/students');
  const second = await page.context().newPage();
  await open(second, '/dash/students');
  await expect(second.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
  return [page, second];
}

test('records created in either of two open tabs all reach the backend and survive reloads', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const lastName = unique('Tab');
  const [a, b] = await twoTabs(page);

  // Interleaved: each tab writes while the other is open, through the data layer and the form.
  await saveStudent(a, 'Ada', lastName);
  await saveStudent(b, 'Bea', lastName);
  await createWithForm(a, 'Cai', lastName);
  await createWithForm(b, 'Dov', lastName);
  await saveStudent(a, 'Eve', lastName);
  await saveStudent(b, 'Fay', lastName);
  await Promise.all([syncSettled(a), syncSettled(b)]);

  const expected = ['Ada', 'Bea', 'Cai', 'Dov', 'Eve', 'Fay'];
  for (const tab of [a, b]) {
    await expect.poll(() => backendFirstNames(tab, lastName)).toEqual(expected);
  }
  await Promise.all([a.reload(), b.reload()]);
  for (const tab of [a, b]) {
    await expect(tab.getByTestId('start-cover')).toHaveCount(0);
    await expect.poll(() => backendFirstNames(tab, lastName)).toEqual(expected);
  }
  // And the app lists all of them in both tabs.
  for (const tab of [a, b]) {
    await open(tab, `/dash/students?q=${lastName}`);
    await expect(tab.getByTestId('students-count')).toHaveText(/^6 of [\d,]+ students$/);
  }
});

test('an edit in one tab appears in the other tab’s open list and profile without a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const lastName = unique('Edit');
  const [a, b] = await twoTabs(page);
  await createWithForm(a, 'Gil', lastName);
  await syncSettled(a);
  const profile = new URL(a.url()).pathname;

  // B has the list open; A edits the first name on the edit form.
  await open(b, `/dash/students?q=${lastName}`);
  await expect(b.getByRole('link', { name: new RegExp(`Gil ${lastName}`) })).toBeVisible();
  await a.getByRole('link', { name: 'Edit student' }).click();
  await a.getByLabel('First name').fill('Gilda');
  await a.getByRole('button', { name: 'Save changes' }).click();
  await expect(a.getByRole('heading', { level: 1, name: `Gilda ${lastName}` })).toBeVisible();
  await expect(b.getByRole('link', { name: new RegExp(`Gilda ${lastName}`) })).toBeVisible();

  // B opens the profile (client-side navigation), A edits again: the profile follows.
  await b.getByRole('link', { name: new RegExp(`Gilda ${lastName}`) }).click();
  await expect(b.getByRole('heading', { level: 1, name: `Gilda ${lastName}` })).toBeVisible();
  expect(new URL(b.url()).pathname).toBe(new URL(a.url()).pathname);
  await a.getByRole('link', { name: 'Edit student' }).click();
  await a.getByLabel('First name').fill('Gillian');
  await a.getByRole('button', { name: 'Save changes' }).click();
  await expect(b.getByRole('heading', { level: 1, name: `Gillian ${lastName}` })).toBeVisible();
  await syncSettled(a);
  await expect.poll(() => backendFirstNames(b, lastName)).toEqual(['Gillian']);
  expect(profile).toMatch(/^\/dash\/students\//);
});
