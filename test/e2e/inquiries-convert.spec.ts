// Converting an enrolled inquiry into a family and a student (issue 15 §1, "Conversion"), as the
// office: the pre-filled family and student editors, the duplicate check, the one-batch save and
// its links, the invitation, and the page's answer once the inquiry is converted. Each test puts
// its own enrolled inquiry into the fake before signing in, with a unique family name.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import {
  recentNotices,
  expectNotice,
  open,
  signIn,
  syncSettled,
  useTheme,
  type ThemeName,
} from './fixtures';
import { themesThisRun } from './themes';

const THEMES: ThemeName[] = ['default', 'dark', 'accessible'];
const convertPath = (id: string) => `/dash/parent-inquiries/${id}/convert`;

function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

interface SeededInquiry {
  id: string;
  parentName: string;
  email: string;
  childName: string;
  status?: string;
}

/** Puts an inquiry into the fake backend (before sign-in, so the first sync brings it). */
async function seedInquiry(page: Page, inquiry: SeededInquiry) {
  await open(page, '/login');
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  await page.evaluate(async ({ id, status, ...fields }) => {
    const at = new Date(Date.now() - 5 * 86_400_000).toISOString();
    await window.__fakeFirebase?.setDocument(`parentInquiries/${id}`, {
      ...fields,
      phone: '+91 98765 43210',
      childDateOfBirth: '2019-05-14',
      campusId: 'campus-north',
      message: 'A place for next term, please.',
      status: status ?? 'enrolled',
      history: [
        { at, by: 'public', status: 'new', note: '' },
        { at, by: 'demo-office', from: 'new', status: status ?? 'enrolled', note: '' },
      ],
    });
  }, inquiry);
  // The in-page fake saves its state 250 ms after a write; the sign-in reloads nothing, but wait.
  await page.waitForTimeout(400);
}

function backendDoc(page: Page, path: string) {
  return page.evaluate(async (p) => (await window.__fakeFirebase?.getDocument(p)) ?? null, path);
}

test('the office converts an enrolled inquiry: pre-filled editors, one save, links, and "already converted" after', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const last = unique('Castel');
  const id = `inq-e2e-${last.toLowerCase()}`;
  const email = `nora.${last.toLowerCase()}@mail.example`;
  await seedInquiry(page, {
    id,
    parentName: `Nora ${last}`,
    email,
    childName: `Ivo ${last}`,
  });
  // Inviting a member creates an account, which only admins may (permission matrix: Members).
  await signIn(page, 'admin');
  await open(page, convertPath(id));
  await expect(
    page.getByRole('heading', { name: 'Create family and student', level: 1 }),
  ).toBeVisible();

  // The family and student editors, filled from the inquiry.
  await expect(page.getByLabel('Family name')).toHaveValue(last);
  await expect(page.getByLabel('Guardian 1 name')).toHaveValue(`Nora ${last}`);
  await expect(page.getByLabel('Guardian 1 e-mail')).toHaveValue(email);
  await expect(page.getByLabel('First name')).toHaveValue('Ivo');
  await expect(page.getByLabel('Last name')).toHaveValue(last);
  await expect(page.getByLabel('Date of birth')).toHaveValue('2019-05-14');
  await expect(page.getByLabel('Campus')).toHaveValue('campus-north');
  await expect(page.getByLabel('Invite the parent as a member')).toBeChecked();
  await expect(page.getByText('Possible duplicate')).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results-f/convert-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results-f/convert-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Create family and student' }).click();
  // The parent was invited by e-mail (they set their own password from its link: none is shown
  // here), and the page moves on to the new student.
  await expect(page).toHaveURL(new RegExp(`/dash/students/stu-inq-${id}$`));
  await expectNotice(page, 'Family and student created from the inquiry');
  await expectNotice(page, `Invitation sent to ${email}.`);
  await syncSettled(page);

  // The backend holds one family and one student under the derived ids, and the inquiry's link.
  expect(await backendDoc(page, `families/fam-inq-${id}`)).toMatchObject({ familyName: last });
  expect(await backendDoc(page, `students/stu-inq-${id}`)).toMatchObject({
    firstName: 'Ivo',
    lastName: last,
    familyId: `fam-inq-${id}`,
    status: 'enrolled',
  });
  expect(await backendDoc(page, `parentInquiries/${id}`)).toMatchObject({
    status: 'enrolled',
    familyId: `fam-inq-${id}`,
    studentId: `stu-inq-${id}`,
  });
  // The parent was invited, linked to the new family.
  const invited = await page.evaluate(
    async (address) =>
      ((await window.__fakeFirebase?.listDocuments('Members')) ?? []).find(
        (m) => m.data.email === address,
      )?.data ?? null,
    email,
  );
  expect(invited).toMatchObject({ roles: ['parent'], familyId: `fam-inq-${id}` });
  const mails = await page.evaluate(
    async (address) =>
      ((await window.__fakeFirebase?.listDocuments('mail')) ?? []).filter((m) =>
        JSON.stringify(m.data.to).includes(address),
      ),
    email,
  );
  expect(mails.map((m) => m.data.kind)).toEqual(['invitation']);

  // The student is in the students list, the family in the families list.
  await open(page, '/dash/students');
  await page
    .getByRole('search', { name: 'Find students' })
    .getByLabel('Search by name')
    .fill(`Ivo ${last}`);
  await expect(
    page.getByRole('link', { name: new RegExp(`Ivo ${last}|${last}, Ivo`) }).first(),
  ).toBeVisible();
  await open(page, `/dash/families?q=${encodeURIComponent(last)}`);
  await expect(page.getByRole('link', { name: new RegExp(last) }).first()).toBeVisible();

  // A second visit: nothing to convert, links to what it became.
  await open(page, convertPath(id));
  await expect(
    page.getByRole('heading', { name: 'This inquiry was already converted' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: `Open the family: ${last}` })).toHaveAttribute(
    'href',
    `/dash/families/fam-inq-${id}`,
  );
  await expect(page.getByRole('link', { name: `Open the student: Ivo ${last}` })).toHaveAttribute(
    'href',
    `/dash/students/stu-inq-${id}`,
  );
  await expect(page.getByRole('button', { name: 'Create family and student' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results-f/converted-1280.png', fullPage: true });
});

test('administration converts without the invitation, and is told an administrator can invite later', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const last = unique('Ferrand');
  const id = `inq-e2e-${last.toLowerCase()}`;
  const email = `lea.${last.toLowerCase()}@mail.example`;
  await seedInquiry(page, { id, parentName: `Lea ${last}`, email, childName: `Tom ${last}` });
  await signIn(page, 'administration');
  await open(page, convertPath(id));
  await expect(page.getByLabel('Family name')).toHaveValue(last);
  await expect(page.getByLabel('Invite the parent as a member')).toHaveCount(0);
  await expect(
    page.getByText(
      `Only an administrator can create accounts: an administrator can invite ${email} from Members later.`,
    ),
  ).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results-f/convert-administration-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Create family and student' }).click();
  await expect(page).toHaveURL(new RegExp(`/dash/students/stu-inq-${id}$`));
  await expectNotice(page, 'Family and student created from the inquiry');
  await expect(
    recentNotices(page)
      .getByRole('listitem')
      .filter({ hasText: 'Family and student created from the inquiry' })
      .last(),
  ).not.toContainText('invitation');
  await syncSettled(page);
  const member = await page.evaluate(
    async (address) =>
      ((await window.__fakeFirebase?.listDocuments('Members')) ?? []).find(
        (m) => m.data.email === address,
      )?.data ?? null,
    email,
  );
  expect(member).toBeNull();
});

test('a possible duplicate family is offered, and choosing it adds only the student to it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const child = unique('Mia');
  const id = `inq-e2e-${child.toLowerCase()}`;
  // The demo parent's own family (Whitfield, fam-0000) has this guardian and e-mail.
  await seedInquiry(page, {
    id,
    parentName: 'Grace Whitfield',
    email: 'parent@demo-learning.example',
    childName: `${child} Whitfield`,
  });
  await signIn(page, 'administration');
  await open(page, convertPath(id));
  await expect(page.getByText(/Possible duplicate: the Whitfield family/)).toBeVisible();
  // Grace has an account already: no invitation offered.
  await expect(page.getByLabel('Invite the parent as a member')).toHaveCount(0);
  await expect(
    page.getByText(/An account with parent@demo-learning.example exists already/),
  ).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results-f/duplicate-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page
    .getByRole('radio', { name: 'Add the student to the Whitfield family instead' })
    .check();
  await expect(page.getByLabel('Family name')).toBeHidden();
  await page.getByRole('button', { name: 'Add the student to the Whitfield family' }).click();
  await expect(page).toHaveURL(new RegExp(`/dash/students/stu-inq-${id}$`));
  await syncSettled(page);
  expect(await backendDoc(page, `families/fam-inq-${id}`)).toBeNull();
  expect(await backendDoc(page, `students/stu-inq-${id}`)).toMatchObject({
    firstName: child,
    familyId: 'fam-0000',
  });
  expect(await backendDoc(page, `parentInquiries/${id}`)).toMatchObject({
    familyId: 'fam-0000',
    studentId: `stu-inq-${id}`,
  });
});

test('an inquiry that is not enrolled says so, and a parent may not open a conversion', async ({
  page,
}) => {
  const id = `inq-e2e-${unique('open').toLowerCase()}`;
  await seedInquiry(page, {
    id,
    parentName: 'Ravi Menon',
    email: 'ravi.menon@mail.example',
    childName: 'Anu Menon',
    status: 'applied',
  });
  await signIn(page, 'administration');
  await open(page, convertPath(id));
  await expect(
    page.getByRole('heading', { name: 'This inquiry is not enrolled yet' }),
  ).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Back to parent inquiries' }).last(),
  ).toHaveAttribute('href', '/dash/parent-inquiries');
  await expect(page.getByLabel('Family name')).toHaveCount(0);
});

test('a parent is not allowed on a conversion page', async ({ page }) => {
  await signIn(page, 'parent');
  await open(page, convertPath('inq-000'));
  await expect(page.getByText(/not allowed/i).first()).toBeVisible();
  await expect(page.getByLabel('Family name')).toHaveCount(0);
});

for (const theme of themesThisRun('inquiries-convert.spec.ts', THEMES)) {
  test(`the conversion page passes axe in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(90_000);
    const id = `inq-e2e-${unique('axe').toLowerCase()}`;
    await useTheme(page, theme);
    await seedInquiry(page, {
      id,
      parentName: 'Grace Whitfield',
      email: 'grace.whitfield.two@mail.example',
      childName: 'Tom Whitfield',
    });
    await signIn(page, 'administration');
    await open(page, convertPath(id));
    await expect(page.getByText(/Possible duplicate: the Whitfield family/)).toBeVisible();
    await expectNoViolations(page, theme, 'conversion page');
  });
}
