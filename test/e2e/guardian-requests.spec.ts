// Guardian links belong to the office (issue 28, item 2), through the real screens of the production
// build in demo mode: the parent's contact form offers no name or account to change and says the
// office manages who is linked; the parent asks the office to add their partner from the family
// page and sees the request waiting; an administrator sees the request on the families list and the
// family page and approves it; the family page then lists the new guardian, and the parent sees
// the approval.
import { expect, test, type Page } from '@playwright/test';
import { expectNotice, open, signIn, syncSettled, type DemoRole } from './fixtures';

const FAMILY_PAGE = '/dash/families/fam-0000';

async function signOutAndIn(page: Page, role: DemoRole) {
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, role);
}

test('a parent asks to add their partner, the office approves, and the family page lists them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const partner = `Sam Whitfield ${Date.now().toString().slice(-5)}`;

  await signIn(page, 'parent');
  await open(page, `${FAMILY_PAGE}/contact`);
  // Contact details only: no name, relationship or account to change, and who is linked is the office's.
  await expect(page.getByLabel('Grace Whitfield: phone')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/The office manages who is listed as a guardian/)).toBeVisible();

  await open(page, FAMILY_PAGE);
  const ask = page.getByRole('region', { name: 'Ask the office to add or remove a guardian' });
  await expect(ask).toBeVisible();
  await ask.getByRole('radio', { name: 'Add a guardian' }).check();
  // Nothing typed: each missing field says so beside it.
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(ask.getByText("Enter the guardian's name.")).toBeVisible();

  await ask.getByLabel('Name', { exact: true }).fill(partner);
  await ask.getByLabel('Relationship to the children').fill('Partner');
  await ask.getByLabel('E-mail').fill('sam.whitfield@mail.example');
  await ask.getByLabel('Note for the office (optional)').fill('My partner: please add them.');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expectNotice(page, /Your request was sent to the office/);
  const mine = page.getByRole('region', { name: 'Your requests' });
  await expect(mine.getByText(`Add ${partner}, Partner`)).toBeVisible();
  await expect(mine.getByText('Waiting for the office', { exact: true })).toBeVisible();
  await syncSettled(page);

  await signOutAndIn(page, 'admin');
  await open(page, '/dash/families');
  const waiting = page.getByRole('region', { name: 'Guardian requests waiting' });
  await expect(waiting).toContainText('1 request to add or remove a guardian waits');
  await waiting.getByRole('link', { name: 'The Whitfield family' }).click();
  await expect(page).toHaveURL(new RegExp(`${FAMILY_PAGE}$`));
  const review = page.getByRole('region', { name: '1 guardian request waits for a decision' });
  await expect(review.getByText(`Add ${partner}, Partner`)).toBeVisible();
  await expect(review.getByText(/No parent account has this e-mail address/)).toBeVisible();
  await review.getByLabel('Note to the family (optional)').fill('Welcome, Sam.');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expectNotice(page, new RegExp(`Request approved: ${partner} is now a guardian`));
  await expect(review).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Guardians' })).toContainText(`${partner}, Partner`);
  await syncSettled(page);
  const stored = await page.evaluate(() => window.__fakeFirebase?.getDocument('families/fam-0000'));
  expect(JSON.stringify(stored)).toContain(partner);

  await signOutAndIn(page, 'parent');
  await open(page, FAMILY_PAGE);
  await expect(page.getByRole('list', { name: 'Guardians' })).toContainText(`${partner}, Partner`);
  const answered = page.getByRole('region', { name: 'Your requests' });
  await expect(answered.getByText('Approved', { exact: true })).toBeVisible();
  await expect(answered.getByText(/Welcome, Sam\./)).toBeVisible();
});
