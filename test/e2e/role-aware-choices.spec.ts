// What each person is offered matches what they may do (issue 16 follow-ups the guide writers
// found): the new conversation's lead, a parent's inquiry steps (never the office's notes), the way
// back from a student's own record, a parent's student filters, and the calendar's and resources'
// classroom filters (campus named where classroom names repeat; non-staff offered their own).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { open, signIn, syncSettled } from './fixtures';

// Sign-in and the first sync can take a while on a busy machine.
test.describe.configure({ timeout: 120_000 });

const SHOTS = 'test-results-f';

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The texts of a select's options, without its "All …" choice. */
async function optionTexts(select: Locator): Promise<string[]> {
  const texts = await select.locator('option').allTextContents();
  return texts.map((t) => t.trim()).filter((t) => !t.startsWith('All '));
}

test('the new conversation page tells a parent who they may write to', async ({ page }) => {
  await signIn(page, 'parent');
  await open(page, '/dash/messages/new');
  await expect(
    page.getByText('Write to your children’s facilitators or the office.'),
  ).toBeVisible();
  await shots(page, 'new-conversation-parent');
});

for (const [role, lead] of [
  ['facilitator', 'Write to the families of your classes or the office.'],
  ['student', 'Write to your facilitators.'],
  [
    'admin',
    'Write to anyone with an account at the centre: staff, facilitators, parents or students.',
  ],
] as const) {
  test(`the new conversation page tells the ${role} who they may write to`, async ({ page }) => {
    await signIn(page, role);
    await open(page, '/dash/messages/new');
    await expect(page.getByText(lead)).toBeVisible();
    await expect(page.getByText(/Write to your child’s facilitators, the families/)).toHaveCount(0);
  });
}

test('a family sees the last status step of their inquiry, never the office’s note', async ({
  page,
}) => {
  const NOTE = 'Internal: mother sounded unsure about fees';
  await open(page, '/login');
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  // The demo parent's second inquiry was moved to contacted; the office then adds a note.
  const movedAt = await page.evaluate(async (note) => {
    const fake = window.__fakeFirebase;
    const inquiry = await fake?.getDocument('parentInquiries/inq-001');
    if (!fake || !inquiry || !Array.isArray(inquiry.history)) throw new Error('no seeded inquiry');
    const history: unknown[] = inquiry.history;
    await fake.setDocument('parentInquiries/inq-001', {
      ...inquiry,
      history: [
        ...history,
        { at: new Date().toISOString(), by: 'demo-office', status: 'contacted', note },
      ],
    });
    const moved: unknown = history[history.length - 1];
    return moved && typeof moved === 'object' && 'at' in moved ? String(moved.at) : '';
  }, NOTE);
  await page.waitForTimeout(400);

  await signIn(page, 'parent');
  await open(page, '/dash/parent-inquiries');
  await syncSettled(page);
  const list = page.getByRole('region', { name: 'Your inquiries' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // The day of the move as the app writes a date ("Fri 27 Nov 2026"), in the browser's zone.
  const day = await page.evaluate((at) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).formatToParts(new Date(at));
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
  }, movedAt);
  await expect(list).toContainText(`Last step: Moved to contacted, ${day}`);
  await expect(page.getByText(NOTE)).toHaveCount(0);
  await expect(list.getByText(/Note:/)).toHaveCount(0);
  await shots(page, 'parent-inquiries-steps');
});

test('a student on their own record is led back home, not to the same record', async ({ page }) => {
  await signIn(page, 'student');
  await open(page, '/dash/students');
  await expect(page).toHaveURL(/\/dash\/students\/[^/]+$/);
  await expect(page.getByRole('link', { name: 'Back to the students' })).toHaveCount(0);
  await shots(page, 'student-own-record');
  await page.getByRole('link', { name: 'Back to your home' }).click();
  await expect(page).toHaveURL(/\/dash\/home$/);
});

test('a parent’s student filters offer only their children’s campuses and classrooms', async ({
  page,
}) => {
  await signIn(page, 'parent');
  await open(page, '/dash/students');
  await syncSettled(page);
  const filters = page.getByRole('search', { name: 'Find students' });
  const campuses = await optionTexts(filters.getByLabel('Campus'));
  const classrooms = await optionTexts(filters.getByLabel('Classroom'));
  // The demo centre has two campuses with six classrooms each; the demo family's children are
  // in a few of them.
  expect(campuses.length).toBeGreaterThan(0);
  expect(classrooms.length).toBeGreaterThan(0);
  expect(classrooms.length).toBeLessThan(12);
  const table = page.getByRole('main');
  for (const campus of campuses) await expect(table).toContainText(campus);
  await filters.getByLabel('Campus').focus();
  await shots(page, 'parent-student-filters');
  await page
    .getByRole('link', { name: /Whitfield/ })
    .first()
    .click();
  await expect(page.getByRole('link', { name: 'Back to your children' })).toHaveAttribute(
    'href',
    '/dash/students',
  );
});

test('staff tell same-named classrooms apart by campus on the calendar and in resources', async ({
  page,
}) => {
  await signIn(page, 'admin');
  for (const path of ['/dash/calendar', '/dash/resources']) {
    await open(page, path);
    await syncSettled(page);
    const select = page.getByLabel('Classroom', { exact: true });
    await expect(select.locator('option')).not.toHaveCount(1);
    const labels = await optionTexts(select);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toContain('Comets (ages 10–11) · Northside Campus');
    expect(labels).toContain('Comets (ages 10–11) · Riverside Campus');
  }
  await shots(page, 'resources-admin-classrooms');
  await expectNoViolations(page, 'default', 'resources with campus-named classrooms');
});

test('a parent filters resources by their children’s classrooms only, as on the calendar', async ({
  page,
}) => {
  await signIn(page, 'parent');
  await open(page, '/dash/calendar');
  await syncSettled(page);
  const calendarOptions = await optionTexts(page.getByLabel('Classroom', { exact: true }));
  await open(page, '/dash/resources');
  const resourceOptions = await optionTexts(page.getByLabel('Classroom', { exact: true }));
  expect(resourceOptions.length).toBeGreaterThan(0);
  expect(resourceOptions.length).toBeLessThan(12);
  expect(resourceOptions).toEqual(calendarOptions);
  await shots(page, 'resources-parent-classrooms');
});
