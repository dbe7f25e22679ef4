// The forms on the form kit, through the real screens of the production build in demo mode (issue 9,
// items 1, 2 and 7): a parent edits their own family's contact details from the family page and the
// change syncs; a refused form shows each error beside its field, linked with aria-describedby, and
// keeps what was typed; a record the person may not see is "not found" on its page and its edit
// page alike, one they may see but not change is "not allowed"; and the changed screens pass axe in
// every theme.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { expectNotice, open, signIn, useTheme, type ThemeName } from './fixtures';
import { themesThisRun } from './themes';

const THEMES: ThemeName[] = ['default', 'dark', 'accessible'];

function pendingCount(page: Page) {
  return page.evaluate(async () => (await window.__lc?.outbox.pendingChanges())?.length ?? -1);
}

/** The field's error: the element its aria-describedby names, which must say `message`. */
async function expectErrorBeside(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const ids = describedBy.split(/\s+/).filter(Boolean);
  expect(ids.length, 'the field names its error with aria-describedby').toBeGreaterThan(0);
  const texts = await Promise.all(
    ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()),
  );
  expect(texts).toContain(message);
}

test("a parent edits their own family's phone number from the family page, sees it, and it syncs", async ({
  page,
}) => {
  await signIn(page, 'parent');
  await open(page, '/dash/families');
  await expect(page).toHaveURL(/\/dash\/families\/fam-0000$/);
  await expect(page.getByRole('heading', { level: 1, name: 'The Whitfield family' })).toBeVisible();
  // The parent's way in is "Edit contact details"; the staff's full editor is not offered.
  await expect(page.getByRole('link', { name: 'Edit family' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Edit contact details' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Contact details of the Whitfield family' }),
  ).toBeVisible();
  // Only contact details are offered: no family name, no guardian names.
  await expect(page.getByLabel('Family name')).toHaveCount(0);

  const phone = page.getByLabel('Grace Whitfield: phone');
  await phone.fill('call me');
  await page.getByRole('button', { name: 'Save contact details' }).click();
  await expectErrorBeside(
    phone,
    'Use digits, spaces and + ( ) - only, at least 6 digits; or leave it empty.',
  );
  await expect(phone).toHaveValue('call me');
  await expect(page).toHaveURL(/\/dash\/families\/fam-0000\/contact$/);

  const number = `+91 98 ${Date.now().toString().slice(-8)}`;
  await phone.fill(number);
  await page.getByRole('button', { name: 'Save contact details' }).click();
  await expect(page).toHaveURL(/\/dash\/families\/fam-0000$/);
  await expectNotice(page, /Contact details saved/);
  await expect(page.getByRole('link', { name: number })).toBeVisible();

  // The change reaches the backend through the pending-changes queue.
  await expect.poll(() => pendingCount(page), { timeout: 30_000 }).toBe(0);
  const stored = await page.evaluate(() => window.__fakeFirebase?.getDocument('families/fam-0000'));
  expect(JSON.stringify(stored)).toContain(number);
  await expect(page.getByText('not yet synced')).toHaveCount(0);
});

test('a record the person may not see is not found on its page and its edit page; one they may see but not change is not allowed', async ({
  page,
}) => {
  await signIn(page, 'parent');
  const cases: Array<[string, string]> = [
    // Another family's child and family: not found, whichever page.
    ['/dash/students/stu-00002', 'Page Not Found'],
    ['/dash/students/stu-00002/edit', 'Page Not Found'],
    ['/dash/families/fam-0001', 'Page Not Found'],
    ['/dash/families/fam-0001/edit', 'Page Not Found'],
    ['/dash/families/fam-0001/contact', 'Page Not Found'],
    // Their own child and family: visible, but only staff edit them in full.
    ['/dash/students/stu-00001/edit', 'Not Allowed'],
    ['/dash/families/fam-0000/edit', 'Not Allowed'],
    ['/dash/families/new', 'Not Allowed'],
  ];
  for (const [path, title] of cases) {
    await open(page, path);
    await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
  }
});

test('a refused student form shows each error beside its field and keeps what was typed', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await open(page, '/dash/students/new');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Oldtimer');
  const dateOfBirth = page.getByLabel('Date of birth');
  await dateOfBirth.fill('1899-12-31');
  await page.getByLabel('Enrolled on (optional)').fill('1899-01-01');
  await page.getByRole('button', { name: 'Create student' }).click();

  await expectErrorBeside(dateOfBirth, 'The date of birth cannot be before 1 Jan 1900.');
  await expect(dateOfBirth).toHaveValue('1899-12-31');
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByLabel('Last name')).toHaveValue('Oldtimer');
  await expect(page.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/dash\/students\/new$/);

  // With a date of birth that is fine, an enrolment before it is refused beside the enrolment date.
  await dateOfBirth.fill('2015-03-04');
  await page.getByRole('button', { name: 'Create student' }).click();
  await expectErrorBeside(
    page.getByLabel('Enrolled on (optional)'),
    'The enrolment date cannot be before the date of birth.',
  );
  await expect(dateOfBirth).not.toHaveAttribute('aria-invalid', 'true');
});

test('the profile page shows its field errors beside the fields and keeps the typed name', async ({
  page,
}) => {
  await signIn(page, 'parent');
  await open(page, '/dash/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const photo = page.getByLabel('Photo address (optional)');
  await photo.fill('http://example.com/me.png');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expectErrorBeside(photo, 'Use an https:// address, or leave it empty.');
  await expect(photo).toHaveValue('http://example.com/me.png');
  const repeat = page.getByLabel('Repeat the new password');
  await page.getByLabel('New password', { exact: true }).fill('a-long-password');
  await repeat.fill('another-password');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expectErrorBeside(repeat, 'The two passwords are not the same.');
});

for (const theme of themesThisRun('forms-and-family-contact.spec.ts', THEMES)) {
  test(`the parent's family, contact form, profile and the sign-in page have no accessibility violations in the ${theme} theme`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await useTheme(page, theme);
    await open(page, '/login');
    await expectNoViolations(page, theme, '/login');
    await page.getByLabel('E-mail address').fill('not-an-address');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
    await expectNoViolations(page, theme, '/login (errors)');

    await signIn(page, 'parent');
    for (const path of ['/dash/families/fam-0000', '/dash/families/fam-0000/contact']) {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page, theme, path);
    }
    await page.getByLabel('Grace Whitfield: e-mail').fill('nope');
    await page.getByRole('button', { name: 'Save contact details' }).click();
    await expect(page.getByLabel('Grace Whitfield: e-mail')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectNoViolations(page, theme, 'contact form (errors)');

    await open(page, '/dash/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expectNoViolations(page, theme, '/dash/profile');
    await page.getByLabel('Display name').fill('');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Enter the name others should see.')).toBeVisible();
    await expectNoViolations(page, theme, '/dash/profile (errors)');
  });
}

// Screenshots for a person to look at (not compared): the parent's contact form and the profile
// page, on a desktop and on a phone.
for (const width of [1280, 390]) {
  test(`screenshots of the contact form and the profile page at ${width} px`, async ({
    page,
  }, testInfo) => {
    // Signed in at the default size: on a phone the navigation sits in the closed menu drawer.
    await signIn(page, 'parent');
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await open(page, '/dash/families/fam-0000');
    await expect(
      page.getByRole('heading', { level: 1, name: 'The Whitfield family' }),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`family-${width}.png`), fullPage: true });
    await open(page, '/dash/families/fam-0000/contact');
    await page.getByLabel('Grace Whitfield: phone').fill('call me');
    await page.getByRole('button', { name: 'Save contact details' }).click();
    await expect(page.getByLabel('Grace Whitfield: phone')).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: testInfo.outputPath(`contact-${width}.png`), fullPage: true });
    await open(page, '/dash/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`profile-${width}.png`), fullPage: true });
  });
}
