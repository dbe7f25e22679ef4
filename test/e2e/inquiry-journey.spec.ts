// Issue 15's whole journey in one browser, as people would go through it: a family with no account
// asks about a place on /inquire; the admin finds it on the board, assigns it, moves it through the
// pipeline with the keyboard to enrolled and converts it; the new student is in the students list
// and the home's enrolment figure has gone up by one.
import { expect, test, type Page } from '@playwright/test';
import { expectNotice, open, signIn, syncSettled } from './fixtures';

const BOARD = '/dash/parent-inquiries';

async function enrolmentFigure(page: Page): Promise<number> {
  await open(page, '/dash/home');
  const tile = page.getByRole('region', { name: 'Enrolment', exact: true });
  // The tile's skeleton gives way to the figure once the students are in the cache.
  const figure = tile.getByText(/^\d+ enrolled students$/).first();
  await expect(figure).toBeVisible({ timeout: 60_000 });
  return Number((await figure.innerText()).split(' ')[0]);
}

test('a family asks on /inquire, the admin assigns, moves it to enrolled and converts it; the student is listed and enrolment goes up by one', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36).slice(-5);
  const last = `Journey${suffix[0]?.toUpperCase() ?? 'J'}${suffix.slice(1)}`;
  const child = `Mira ${last}`;
  const email = `asha.${last.toLowerCase()}@mail.example`;

  // 1. A family without an account, from the sign-in page.
  await open(page, '/login');
  await page.getByRole('link', { name: 'Ask about a place' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ask about a place' })).toBeVisible();
  await page.getByLabel("Child's full name").fill(child);
  await page.getByLabel('Date of birth').fill('2018-03-09');
  await page.getByLabel('Your message (optional)').fill('Is there a place in the autumn?');
  await page.getByLabel('Your name').fill(`Asha ${last}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();

  // 2. The admin's home before: the enrolment figure.
  await signIn(page, 'admin');
  await syncSettled(page);
  const before = await enrolmentFigure(page);

  // 3. The board: the new inquiry is in "New"; open it, assign it to me.
  await open(page, BOARD);
  const card = page
    .getByRole('region', { name: /^New \d+ inquir/ })
    .getByRole('listitem')
    .filter({ hasText: child });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: child }).click();
  const dialog = page.getByRole('dialog', { name: `Inquiry for ${child}` });
  await expect(dialog).toBeVisible();
  const assignee = dialog.getByLabel('Assigned to');
  const mine = await assignee.locator('option', { hasText: '(me)' }).getAttribute('value');
  await assignee.selectOption(mine ?? '');
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog.getByRole('status')).toContainText('Assigned to');

  // 4. Through the pipeline with the keyboard.
  for (const next of ['Contacted', 'Tour scheduled', 'Applied', 'Waitlisted', 'Enrolled']) {
    const moveTo = dialog.getByRole('combobox', { name: /^Move to/ });
    await moveTo.selectOption({ label: next });
    await moveTo.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toContainText(`inquiry to ${next}`);
  }
  const history = dialog.getByRole('table', { name: 'History' });
  await expect(history).toContainText('→ Enrolled');

  // 5. Convert: the editors are filled from the inquiry; the public form had no campus.
  await dialog.getByRole('link', { name: 'Create family and student' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create family and student' }),
  ).toBeVisible();
  // The inquiry in short names its status as the board does ("Enrolled", never "enrolled").
  await expect(page.locator('dt:has-text("Status") + dd')).toHaveText('Enrolled');
  await expect(page.getByLabel('Family name')).toHaveValue(last);
  await expect(page.getByLabel('First name')).toHaveValue('Mira');
  await expect(page.getByLabel('Date of birth')).toHaveValue('2018-03-09');
  await page.getByLabel('Campus').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create family and student' }).click();
  // The parent is invited too (the box is ticked for an e-mail with no account), by e-mail: no
  // password is shown, and the page moves on to the new student.
  await expect(page).toHaveURL(/\/dash\/students\/stu-inq-/);
  await expectNotice(page, /Invitation sent to /);
  await syncSettled(page);
  const inquiry = await page.evaluate(
    async (name) =>
      ((await window.__fakeFirebase?.listDocuments('parentInquiries')) ?? []).find(
        (doc) => doc.data.childName === name,
      )?.data ?? null,
    child,
  );
  expect(inquiry).toMatchObject({
    status: 'enrolled',
    studentId: expect.stringMatching(/^stu-inq-/),
  });

  // 6. The students list has the new student; the home's enrolment figure is one more.
  await open(page, '/dash/students');
  await page
    .getByRole('search', { name: 'Find students' })
    .getByLabel('Search by name')
    .fill(child);
  await expect(
    page.getByRole('link', { name: new RegExp(`${child}|${last}, Mira`) }).first(),
  ).toBeVisible();
  expect(await enrolmentFigure(page)).toBe(before + 1);
});
