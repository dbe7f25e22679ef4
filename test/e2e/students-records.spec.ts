// Student profile, student and family forms, offline writes and role views, through the real
// screens of the production build in demo mode (brief F of issue 6). Every record a test creates
// carries a unique last name, so tests never depend on each other or on what earlier runs left.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import {
  expectNotice,
  chooseDemoFamily,
  open,
  signIn,
  useTheme,
  type ThemeName,
  syncSettled,
} from './fixtures';
import { sampleThisRun } from './sample';
import { themesThisRun } from './themes';

const THEMES: ThemeName[] = ['default', 'dark', 'accessible'];
function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** Backend copies of students with this last name (the fake's state, rules not applied). */
function backendStudents(page: Page, lastName: string) {
  return page.evaluate(
    async (name) =>
      ((await window.__fakeFirebase?.listDocuments('students')) ?? []).filter(
        (d) => d.data.lastName === name,
      ),
    lastName,
  );
}

/** Waits until nothing is pending and no sync is running. */
async function settled(page: Page) {
  await syncSettled(page);
  // The in-page fake saves its state to IndexedDB 250 ms after a write; a full page load before
  // that would start from the older saved state, as if the backend had lost the write.
  await page.waitForTimeout(750);
}

function pendingCount(page: Page) {
  return page.evaluate(async () => (await window.__lc?.outbox.pendingChanges())?.length ?? -1);
}

async function fillNewStudent(
  page: Page,
  values: { firstName: string; lastName: string; dateOfBirth: string },
) {
  await page.getByLabel('First name').fill(values.firstName);
  await page.getByLabel('Last name').fill(values.lastName);
  await page.getByLabel('Date of birth').fill(values.dateOfBirth);
}

test('as admin, a family and a student are created and edited through the forms', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const familyName = unique('Fam');
  const lastName = unique('Stu');
  await signIn(page, 'admin');

  // A family with one guardian; an invalid e-mail is refused first and the typed values stay.
  await open(page, '/dash/families/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New family' })).toBeVisible();
  await page.getByRole('button', { name: 'Create family' }).click();
  await expect(page.getByText('Enter the family name.')).toBeVisible();
  await page.getByLabel('Family name').fill(familyName);
  await page.getByLabel('Guardian 1 name').fill('Ada Tester');
  await page.getByLabel('Guardian 1 e-mail').fill('not-an-address');
  await page.getByRole('button', { name: 'Create family' }).click();
  const email = page.getByLabel('Guardian 1 e-mail');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveValue('not-an-address');
  await expect(page.getByLabel('Family name')).toHaveValue(familyName);
  await email.fill('ada@example.com');
  await page.getByLabel('Guardian 1 relationship').fill('Mother');
  await page.getByRole('button', { name: 'Create family' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `The ${familyName} family` }),
  ).toBeVisible();
  await expect(page.getByText('Ada Tester, Mother (primary contact)')).toBeVisible();
  const familyUrl = page.url();
  expect(familyUrl).toMatch(/\/dash\/families\/temp_/);

  // Edit the family: rename it and add a second guardian linked to a parent account.
  await page.getByRole('link', { name: 'Edit family' }).click();
  await page.getByLabel('Family name').fill(`${familyName}x`);
  await page.getByRole('button', { name: 'Add guardian' }).click();
  await page.getByLabel('Guardian 2 name').fill('Ben Tester');
  const account = page.getByLabel('Guardian 2 parent account');
  const accountValue = await account.locator('option').nth(1).getAttribute('value');
  await account.selectOption(accountValue ?? '');
  await page.getByRole('button', { name: 'Save family' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `The ${familyName}x family` }),
  ).toBeVisible();
  await expect(page.getByText('Ben Tester')).toBeVisible();
  await expect(page.getByText('Linked to a parent account')).toBeVisible();

  // A student in that family: the empty form shows every error and saves nothing.
  await page.getByRole('link', { name: 'Add a student' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New student' })).toBeVisible();
  await page.getByRole('button', { name: 'Create student' }).click();
  await expect(page.getByText('Enter the first name.')).toBeVisible();
  await expect(page.getByText('Enter the date of birth.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/dash\/students\/new/);
  await fillNewStudent(page, { firstName: 'Mia', lastName, dateOfBirth: '2016-04-05' });
  await page.getByRole('button', { name: 'Create student' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Mia ${lastName}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `The ${familyName}x family` })).toBeVisible();
  await expect(page.getByText('Record created')).toBeVisible();

  // Edit: a new first name and status; the history gains an entry.
  await page.getByRole('link', { name: 'Edit student' }).click();
  await page.getByLabel('First name').fill('Mila');
  await page.getByLabel('Status', { exact: true }).selectOption('waitlisted');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Mila ${lastName}` })).toBeVisible();
  await expect(page.getByText('Changed from enrolled')).toBeVisible();

  // The same name and date of birth again: a warning first, then "Save anyway".
  await settled(page);
  await open(page, '/dash/students/new');
  await fillNewStudent(page, { firstName: 'mila', lastName, dateOfBirth: '2016-04-05' });
  await chooseDemoFamily(page);
  await page.getByRole('button', { name: 'Create student' }).click();
  await expect(
    page.getByText('A student with the same name and date of birth exists already.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dash\/students\/new/);
  await page.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `mila ${lastName}` })).toBeVisible();

  // Withdraw, then delete, each through its confirmation dialog.
  await page.getByRole('button', { name: 'Withdraw' }).click();
  const withdraw = page.getByRole('dialog', { name: `Withdraw mila ${lastName}?` });
  await withdraw.getByLabel('Note (optional)').fill('Moved away');
  await withdraw.getByRole('button', { name: 'Withdraw student' }).click();
  await expect(withdraw).toBeHidden();
  await expect(page.getByText('Moved away')).toBeVisible();
  await expect(page.getByText(/^Withdrawn ·/)).toBeVisible();
  const deletedPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: `Delete mila ${lastName}?` });
  await remove.getByRole('button', { name: 'Delete student' }).click();
  await expect(page).toHaveURL(/\/dash\/students(\?.*)?$/);
  await settled(page);
  await open(page, deletedPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();

  // Everything reached the backend once: the edited student, and the deleted one is gone.
  await expect.poll(() => pendingCount(page), { timeout: 30_000 }).toBe(0);
  const stored = await backendStudents(page, lastName);
  expect(stored.map((d) => d.data.firstName)).toEqual(['Mila']);
});

test('offline, a student is created and edited, survives a reload as pending, and syncs once when back online; a second tab sees it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const lastName = unique('Off');
  // While the session flag is set, this tab believes it is offline even after a reload (the
  // network itself must stay up to serve the reloaded page).
  await context.addInitScript(() => {
    if (sessionStorage.getItem('e2e-force-offline')) {
      Object.defineProperty(Navigator.prototype, 'onLine', {
        configurable: true,
        get: () => false,
      });
    }
  });
  await signIn(page, 'admin', { remember: true });
  // Visit the profile and edit pages first: their code is loaded on first use, which offline
  // (without the service worker of a production install) would fail.
  await open(page, '/dash/students/stu-00000');
  await page.getByRole('link', { name: 'Edit student' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Leo');
  await open(page, '/dash/students/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New student' })).toBeVisible();

  await context.setOffline(true);
  await fillNewStudent(page, { firstName: 'Olly', lastName, dateOfBirth: '2015-06-07' });
  await chooseDemoFamily(page);
  await page.getByRole('button', { name: 'Create student' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Olly ${lastName}` })).toBeVisible();
  await expect(page.getByText('not yet synced')).toBeVisible();
  await page.getByRole('link', { name: 'Edit student' }).click();
  await page.getByLabel('First name').fill('Oliver');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Oliver ${lastName}` })).toBeVisible();
  const profilePath = new URL(page.url()).pathname;
  expect(profilePath).toMatch(/^\/dash\/students\/temp_/);
  await expect(
    page.getByRole('button', { name: /Sync status: Offline, \d+ pending/ }),
  ).toBeVisible();
  expect(await backendStudents(page, lastName)).toHaveLength(0);

  // Reload while still "offline" for the app: the change comes back from IndexedDB.
  await page.evaluate(() => sessionStorage.setItem('e2e-force-offline', '1'));
  await page.route('**/connectivity-check*', (route) => route.abort());
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId('start-cover')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: `Oliver ${lastName}` })).toBeVisible();
  await expect(
    page.getByRole('button', { name: /Sync status: Offline, \d+ pending/ }),
  ).toBeVisible();
  expect(await backendStudents(page, lastName)).toHaveLength(0);

  // Back online: the change is sent, and the backend holds exactly one copy.
  await page.unroute('**/connectivity-check*');
  await page.evaluate(() => {
    sessionStorage.removeItem('e2e-force-offline');
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true });
    window.dispatchEvent(new Event('online'));
  });
  await expect(
    page.getByRole('button', { name: /Sync status: Online, all changes saved/ }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('not yet synced')).toHaveCount(0);
  const stored = await backendStudents(page, lastName);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.data.firstName).toBe('Oliver');
  expect(`/dash/students/${stored[0]?.id}`).toBe(profilePath);

  // A second tab shows the record, and follows a later edit from the first tab without a reload.
  await settled(page);
  const second = await context.newPage();
  await open(second, profilePath);
  await expect(second.getByRole('heading', { level: 1, name: `Oliver ${lastName}` })).toBeVisible();
  await page.getByRole('link', { name: 'Edit student' }).click();
  await page.getByLabel('First name').fill('Otto');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Otto ${lastName}` })).toBeVisible();
  await expect(second.getByRole('heading', { level: 1, name: `Otto ${lastName}` })).toBeVisible();
});

test('a create whose acknowledgement is lost still yields exactly one record', async ({ page }) => {
  const lastName = unique('Ack');
  await signIn(page, 'admin');
  await open(page, '/dash/students/new');
  await page.evaluate(() => window.__fakeFirebase?.faults.loseNextCommitAck());
  await fillNewStudent(page, { firstName: 'Ada', lastName, dateOfBirth: '2014-03-02' });
  await chooseDemoFamily(page);
  await page.getByRole('button', { name: 'Create student' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Ada ${lastName}` })).toBeVisible();
  await expect.poll(() => pendingCount(page), { timeout: 45_000 }).toBe(0);
  await page.evaluate(() => window.__lc?.sync.sync());
  expect(await backendStudents(page, lastName)).toHaveLength(1);
});

test("as parent, own children and family are visible, another family's child or family is not found, and contact details can be updated", async ({
  page,
}) => {
  await signIn(page, 'parent');
  await open(page, '/dash/students/stu-00001');
  await expect(page.getByRole('heading', { level: 1, name: 'Ivy Whitfield' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit student' })).toHaveCount(0);

  await open(page, '/dash/students/stu-00002');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await open(page, '/dash/families/fam-0001');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await open(page, '/dash/students/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Not Allowed' })).toBeVisible();

  await open(page, '/dash/families');
  await expect(page).toHaveURL(/\/dash\/families\/fam-0000$/);
  await expect(page.getByRole('heading', { level: 1, name: 'The Whitfield family' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Leo Whitfield' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit family' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Edit contact details' }).click();
  const phone = page.getByLabel('Grace Whitfield: phone');
  await phone.fill('call me');
  await page.getByRole('button', { name: 'Save contact details' }).click();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  const number = `+91 98 ${Date.now().toString().slice(-8)}`;
  await phone.fill(number);
  await page.getByRole('button', { name: 'Save contact details' }).click();
  await expectNotice(page, /Contact details saved/);
  await expect(page.getByRole('link', { name: number })).toBeVisible();
  await expect.poll(() => pendingCount(page), { timeout: 30_000 }).toBe(0);
  const family = await page.evaluate(() => window.__fakeFirebase?.getDocument('families/fam-0000'));
  expect(JSON.stringify(family)).toContain(number);
});

test('as student, the own record is shown read-only and another student is not found', async ({
  page,
}) => {
  await signIn(page, 'student');
  await open(page, '/dash/students/stu-00000');
  await expect(page.getByRole('heading', { level: 1, name: 'Leo Whitfield' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Family' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit student' })).toHaveCount(0);
  await open(page, '/dash/students/stu-00001');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
});

for (const theme of themesThisRun('students-records.spec.ts', THEMES)) {
  test(`the profile, student forms and family pages have no accessibility violations in the ${theme} theme`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await useTheme(page, theme);
    await signIn(page, 'admin');
    // Three of these pages a run, turning daily (sample.ts); the route matrix also runs axe on
    // every page. `npm run test:e2e:full` checks all of them here.
    const pages = sampleThisRun(
      `students-records.spec.ts ${theme}`,
      [
        '/dash/students/stu-00000',
        '/dash/students/new',
        '/dash/students/stu-00000/edit',
        '/dash/families',
        '/dash/families/fam-0000',
        '/dash/families/new',
        '/dash/families/fam-0000/edit',
      ],
      3,
    );
    for (const path of pages) {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page, theme, path);
    }
    // With errors on screen, and with the withdraw dialog open.
    await open(page, '/dash/students/new');
    await page.getByRole('button', { name: 'Create student' }).click();
    await expect(page.getByText('Enter the first name.')).toBeVisible();
    await expectNoViolations(page, theme, '/dash/students/new (errors)');
    await open(page, '/dash/students/stu-00000');
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, theme, 'withdraw dialog');
  });
}
