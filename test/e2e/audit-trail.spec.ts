// The audit trail through the real screens (issue 28): an admin changes a student's last name, and
// the student's page then shows the change in its History section: who, which field, from what to
// what, and when. A facilitator's view of a student has no History section.
import { expect, test } from '@playwright/test';
import { open, signIn, syncSettled } from './fixtures';

const STUDENT = '/dash/students/stu-00042';

test('an admin’s edit of a last name appears in the student’s History', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  await open(page, STUDENT);
  const history = page.getByRole('region', { name: 'History', exact: true });
  await expect(history).toBeVisible();
  // Online, the section answers with entries or says there are none; it never stays loading.
  await expect(history.getByText('Loading the history…')).toHaveCount(0, { timeout: 15_000 });

  await page.getByRole('link', { name: 'Edit student' }).click();
  const lastNameField = page.getByLabel('Last name');
  const before = await lastNameField.inputValue();
  expect(before).not.toBe('');
  const after = `${before}-Admin`;
  await lastNameField.fill(after);
  await page.getByRole('button', { name: 'Save changes' }).click();
  const escaped = after.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(escaped) })).toBeVisible();

  // Once the change has reached the backend, its trigger wrote the entry and the section shows it.
  await syncSettled(page);
  const line = history.getByRole('listitem').filter({
    hasText: `Last name from ${before} to ${after}`,
  });
  await expect(line).toHaveCount(1, { timeout: 15_000 });
  // "Amara Okafor changed Last name from … on Fri 27 Nov 2026, 23:41 GMT+5:30": the writer's name,
  // and the date and time of the change as every page writes them (app/domain/format.ts), in the
  // campus's zone, named when the device's differs (IST or GMT+5:30, by the ICU build).
  await expect(line).toHaveText(
    /^Amara Okafor changed .+ on [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}( (IST|GMT\+5:30))?$/,
  );
  await expect(history.getByText('No changes recorded yet.')).toHaveCount(0);

  // Newest first, and still there after a reload.
  await page.reload();
  await expect(page.getByTestId('start-cover')).toHaveCount(0);
  await expect(history.getByRole('listitem').first()).toContainText(
    `changed Last name from ${before} to ${after}`,
    { timeout: 15_000 },
  );
});

test('a facilitator’s view of a student has no History section', async ({ page }) => {
  await signIn(page, 'facilitator');
  await open(page, '/dash/students');
  const firstStudent = page.locator('a[href^="/dash/students/stu-"]').first();
  await firstStudent.click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History', exact: true })).toHaveCount(0);
});
