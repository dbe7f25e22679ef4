// The office's pipeline board (issue 15 §1, for staff): the seeded inquiries in their columns; an
// inquiry assigned, noted and moved with the keyboard from new to enrolled, where the board offers
// "Create family and student"; filters that change the counts; the CSV of what the filters keep;
// the list grouped by status on a phone; axe on the board and the detail in every theme.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { expectNotice, open, signIn, syncSettled, useTheme, type ThemeName } from './fixtures';
import { themesThisRun } from './themes';

const SHOTS = 'test-results-a';
const BOARD = '/dash/parent-inquiries';
const STATUSES = [
  'New',
  'Contacted',
  'Tour scheduled',
  'Applied',
  'Waitlisted',
  'Enrolled',
  'Closed',
] as const;

interface SeededInquiry {
  id: string;
  status: string;
  campusId: string;
  assignedTo: string;
  childName: string;
}

/** The inquiries the fake backend holds, read independently of the app's cache. */
async function seeded(page: Page): Promise<SeededInquiry[]> {
  return page.evaluate(async () =>
    ((await window.__fakeFirebase?.listDocuments('parentInquiries')) ?? []).map((d) => ({
      id: d.id,
      status: typeof d.data.status === 'string' ? d.data.status : '',
      campusId: typeof d.data.campusId === 'string' ? d.data.campusId : '',
      assignedTo: typeof d.data.assignedTo === 'string' ? d.data.assignedTo : '',
      childName: typeof d.data.childName === 'string' ? d.data.childName : '',
    })),
  );
}

async function openBoard(page: Page, search = '') {
  await open(page, `${BOARD}${search}`);
  await syncSettled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Parent inquiries' })).toBeVisible();
}

async function shots(page: Page, name: string) {
  const original = page.viewportSize();
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

const column = (page: Page, status: string) =>
  page.getByRole('region', { name: new RegExp(`^${status} \\d+ inquir`) });

test('the office sees every status as a column with the seeded inquiries counted', async ({
  page,
}) => {
  await signIn(page, 'administration');
  await openBoard(page);
  const all = await seeded(page);
  await expect(page.getByText(`${all.length} inquiries`, { exact: true })).toBeVisible();
  for (const label of STATUSES) {
    const count = all.filter((i) => i.status === label.toLowerCase()).length;
    await expect(column(page, label)).toHaveAccessibleName(
      `${label} ${count} ${count === 1 ? 'inquiry' : 'inquiries'}`,
    );
    await expect(column(page, label).getByRole('listitem')).toHaveCount(count);
  }
  await expect(page.getByText('No contact for 7 days').first()).toBeVisible();
  // The columns scroll inside their own region; the page itself stays as wide as the window.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await shots(page, 'board');
});

test('the office assigns an inquiry to themselves, notes it and moves it to enrolled with the keyboard', async ({
  page,
}) => {
  test.slow();
  await signIn(page, 'administration');
  await openBoard(page);
  const target = (await seeded(page)).find((i) => i.status === 'new' && !i.assignedTo);
  expect(target).toBeDefined();
  if (!target) return;
  await openBoard(page, `?inquiry=${target.id}`);
  const dialog = page.getByRole('dialog', { name: `Inquiry for ${target.childName}` });
  await expect(dialog).toBeVisible();

  // Assign to me.
  const assignee = dialog.getByLabel('Assigned to');
  const mine = await assignee.locator('option', { hasText: '(me)' }).getAttribute('value');
  await assignee.selectOption(mine ?? '');
  await dialog.getByRole('button', { name: 'Assign' }).click();
  // The dialog says what happened itself: the page's toast is behind the modal.
  await expect(dialog.getByRole('status')).toContainText('Assigned to');
  const history = dialog.getByRole('table', { name: 'History' });
  await expect(history).toContainText('Assigned to');

  // An empty note is refused with a message; a real one lands in the history.
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByText('Write the note before adding it.')).toBeVisible();
  await dialog.getByLabel('Add a note').fill('Called the family; tour next week.');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(history).toContainText('Called the family; tour next week.');
  await expect(dialog.getByLabel('Add a note')).toHaveValue('');
  await shots(page, 'detail');

  // Through the pipeline with the keyboard only: the select offers the next step first.
  for (const next of ['Contacted', 'Tour scheduled', 'Applied', 'Waitlisted', 'Enrolled']) {
    const moveTo = dialog.getByRole('combobox', { name: /^Move to/ });
    await expect(moveTo.locator('option:checked')).toHaveText(next);
    await moveTo.focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: /^Move/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toContainText(`inquiry to ${next}`);
    await expect(history.getByRole('row').nth(1)).toContainText(`→ ${next}`);
  }
  await expect(dialog.getByRole('status')).toContainText('Create family and student');
  // Enrolled is the end of the pipeline: nothing is pre-chosen (never "New"), so a reopening is a
  // choice the person makes.
  const afterEnrolled = dialog.getByRole('combobox', { name: /^Move to/ });
  await expect(afterEnrolled).toHaveValue('');
  await expect(afterEnrolled.locator('option:checked')).toHaveText('Choose a stage');
  await expect(dialog.getByRole('link', { name: 'Create family and student' })).toHaveAttribute(
    'href',
    `${BOARD}/${target.id}/convert`,
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  const card = column(page, 'Enrolled').getByRole('listitem').filter({ hasText: target.childName });
  await expect(card.getByRole('link', { name: 'Create family and student' }).first()).toBeVisible();
  // The card says when the inquiry came, as a time past, never an "Age" that reads as the child's.
  await expect(card.locator('dt', { hasText: 'Received' })).toBeVisible();
  await expect(card.locator('dt', { hasText: /^Age$/ })).toHaveCount(0);
  await expect(card.locator('dt:has-text("Received") + dd')).toHaveText(
    /^(Today|Yesterday|\d+ days ago)$/,
  );

  // A card moves by its own "Move to" and keeps the focus on that control.
  const other = (await seeded(page)).find((i) => i.status === 'new' && i.id !== target.id);
  if (!other) return;
  const otherMove = page.locator(`#move-to-${other.id}`);
  await otherMove.selectOption('applied');
  await otherMove.press('Tab');
  await page.keyboard.press('Enter');
  await expectNotice(page, 'inquiry to Applied');
  await expect(column(page, 'Applied').locator(`#move-to-${other.id}`)).toBeFocused();
  await syncSettled(page);
  expect((await seeded(page)).find((i) => i.id === target.id)?.status).toBe('enrolled');
});

test('filters by campus and assignee change the counts, and the CSV holds the filtered rows', async ({
  page,
}) => {
  test.slow();
  await signIn(page, 'administration');
  await openBoard(page);
  const all = await seeded(page);

  const campus = page.getByLabel('Campus');
  const campusId = await campus.locator('option').nth(1).getAttribute('value');
  await campus.selectOption(campusId ?? '');
  await expect(page).toHaveURL(new RegExp(`campus=${campusId}`));
  const inCampus = all.filter((i) => i.campusId === campusId);
  await expect(page.getByText(`${inCampus.length} of ${all.length} inquiries`)).toBeVisible();
  for (const label of STATUSES) {
    const count = inCampus.filter((i) => i.status === label.toLowerCase()).length;
    await expect(column(page, label).getByRole('listitem')).toHaveCount(count);
  }

  await page.getByLabel('Assigned to').selectOption('none');
  const unassigned = inCampus.filter((i) => !i.assignedTo);
  await expect(page.getByText(`${unassigned.length} of ${all.length} inquiries`)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^parent-inquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await file.path();
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Parent,E-mail,Phone,Child,Date of birth,Campus,Status,Assigned to,Received,Last contact,Days since received,No contact for 7 days,Message',
  );
  expect(lines).toHaveLength(unassigned.length + 1);

  // "Assigned to me" and a status from the admin home's links.
  await openBoard(page, '?assignee=me&status=contacted');
  await expect(page.getByRole('region', { name: /^Contacted/ })).toBeVisible();
  await expect(column(page, 'New')).toHaveCount(0);

  await openBoard(page, '?campus=nowhere');
  await expect(page.getByText('No inquiries match these filters')).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page.getByText(`${all.length} inquiries`, { exact: true })).toBeVisible();
});

test('on a phone the board is a list grouped by status, no wider than the screen', async ({
  page,
}) => {
  await signIn(page, 'administration');
  await page.setViewportSize({ width: 390, height: 844 });
  await openBoard(page);
  const newBox = await column(page, 'New').boundingBox();
  const contactedBox = await column(page, 'Contacted').boundingBox();
  expect(newBox && contactedBox && contactedBox.y > newBox.y).toBe(true);
  expect(newBox && newBox.x + newBox.width <= 390).toBe(true);
  const widest = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(widest).toBeLessThanOrEqual(390);
  await openBoard(page, '?inquiry=no-such-inquiry');
  await expect(page.getByRole('dialog', { name: 'This inquiry is not available' })).toBeVisible();
});

for (const theme of themesThisRun('inquiries-board.spec.ts', [
  'default',
  'dark',
  'accessible',
] as const satisfies readonly ThemeName[])) {
  test(`the board and the detail pass axe in the ${theme} theme`, async ({ page }) => {
    test.slow();
    await useTheme(page, theme);
    await signIn(page, 'admin');
    await openBoard(page);
    await expectNoViolations(page, theme, 'inquiry board');
    const first = (await seeded(page))[0];
    if (!first) throw new Error('no seeded inquiry');
    await openBoard(page, `?inquiry=${first.id}`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, theme, 'inquiry detail');
  });
}
