// Edits send only what changed, and say when someone else changed it too (issue 28 item 5,
// decision 052). One page stands in for two people: the edit form is opened, then the record is
// changed behind its back at the backend through the fake's control (`window.__fakeFirebase`), as
// a colleague's save would, and the form is saved.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { open, signIn, syncSettled } from './fixtures';

/** An enrolled student at the backend, different for each test so they do not meet. */
async function aStudent(page: Page, index: number): Promise<string> {
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  const id = await page.evaluate(
    async (at) =>
      ((await window.__fakeFirebase?.listDocuments('students')) ?? [])
        .filter((d) => d.data.status === 'enrolled')
        .map((d) => d.id)
        .sort()[at] ?? null,
    index,
  );
  if (!id) throw new Error('the seed has no enrolled student');
  return id;
}

/** A colleague's save of some fields, as the backend would store it (they are the last writer). */
async function changeBehindTheBack(page: Page, id: string, fields: Record<string, unknown>) {
  await page.evaluate(
    async ({ id, fields }) => {
      const fake = window.__fakeFirebase;
      const current = await fake?.getDocument(`students/${id}`);
      if (!fake || !current) throw new Error(`no student ${id}`);
      await fake.setDocument(`students/${id}`, {
        ...current,
        ...fields,
        updatedBy: 'demo-facilitator',
      });
    },
    { id, fields },
  );
}

function backendStudent(page: Page, id: string) {
  return page.evaluate(
    async (path) => (await window.__fakeFirebase?.getDocument(path)) ?? null,
    `students/${id}`,
  );
}

test('a field changed by someone else since the form opened stops the save and asks whose to keep', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const id = await aStudent(page, 3);
  await open(page, `/dash/students/${id}/edit`);
  await expect(page.getByRole('button', { name: 'Save changes' }).first()).toBeVisible();

  await changeBehindTheBack(page, id, { notes: 'Picked up by grandma on Fridays' });
  await page.getByLabel('Notes (optional)', { exact: true }).fill('Picked up at 3pm');
  await page.getByRole('button', { name: 'Save changes' }).first().click();

  const panel = page.getByRole('alert').filter({ hasText: 'Nothing was saved' });
  await expect(panel).toBeVisible();
  const group = page.getByRole('group', {
    name: 'Daniel Mensah changed Notes since you opened this form',
  });
  await expect(group).toBeVisible();
  await expect(group.getByRole('radio', { name: /^Keep mine: Picked up at 3pm/ })).toBeVisible();
  await expect(
    group.getByRole('radio', { name: /^Keep theirs: Picked up by grandma on Fridays/ }),
  ).toBeVisible();
  await expectNoViolations(page, 'default', 'student form with an edit conflict');
  // Nothing reached the backend: their notes are still there.
  expect((await backendStudent(page, id))?.notes).toBe('Picked up by grandma on Fridays');

  // Keyboard: the radio group is reached and chosen without a mouse.
  await group.getByRole('radio', { name: /^Keep mine/ }).focus();
  await page.keyboard.press('Space');
  await expect(group.getByRole('radio', { name: /^Keep mine/ })).toBeChecked();
  await page.getByRole('button', { name: 'Save changes' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dash/students/${id}$`));
  await syncSettled(page);
  await expect
    .poll(async () => String((await backendStudent(page, id))?.notes ?? ''))
    .toContain('Picked up at 3pm');
});

test('a field changed by someone else and a different field changed here both stay', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const id = await aStudent(page, 4);
  await open(page, `/dash/students/${id}/edit`);
  await expect(page.getByRole('button', { name: 'Save changes' }).first()).toBeVisible();
  const before = await backendStudent(page, id);
  const theirLastName = `${String(before?.lastName)}-Admin`;

  await changeBehindTheBack(page, id, { lastName: theirLastName });
  await page.getByLabel('Medical notes (optional)').fill('Carries an inhaler');
  await page.getByRole('button', { name: 'Save changes' }).first().click();

  await expect(page).toHaveURL(new RegExp(`/dash/students/${id}$`));
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was saved' })).toHaveCount(0);
  await syncSettled(page);
  await expect
    .poll(async () => {
      const stored = await backendStudent(page, id);
      return [stored?.lastName, stored?.medicalNotes];
    })
    .toEqual([theirLastName, 'Carries an inhaler']);
});
