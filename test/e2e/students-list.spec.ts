// The students list in the production build (demo mode): URL-driven filters and sort, the CSV
// export of the current view, the windowed table with the large seed (5,000+ students), the
// parent's view, and axe in every theme. Expected numbers come from the fake backend's own data,
// so the tests hold whatever the day's deterministic seed is.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { studentSchema } from '../../app/domain/records';
import {
  applyListQuery,
  parseListQuery,
  studentDisplayName,
} from '../../app/features/students/list/query';
import { expectNoViolations } from './axe';
import { open, signIn, useTheme, type ThemeName } from './fixtures';
import { themesThisRun } from './themes';

const THEMES: ThemeName[] = ['default', 'dark', 'accessible'];
/** The fields the list uses, parsed with the app's own record schema. */
const seedStudentSchema = studentSchema
  .pick({
    firstName: true,
    lastName: true,
    preferredName: true,
    dateOfBirth: true,
    status: true,
    enrolledOn: true,
    campusId: true,
    classroomIds: true,
    familyId: true,
  })
  .extend({ id: z.string() });
type SeedStudent = z.infer<typeof seedStudentSchema>;

/** The students the fake backend holds (read directly, without rules). */
async function backendStudents(page: Page): Promise<SeedStudent[]> {
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  const raw = await page.evaluate(async () =>
    ((await window.__fakeFirebase?.listDocuments('students')) ?? []).map(({ id, data }) => ({
      ...data,
      id,
    })),
  );
  return z.array(seedStudentSchema).parse(raw);
}

/** The view the URL describes, computed from the backend's data with the app's own rules. */
function expectedView(students: SeedStudent[], search: string) {
  return applyListQuery(students, parseListQuery(new URLSearchParams(search)));
}

const format = (n: number) => new Intl.NumberFormat('en').format(n);
const table = (page: Page, name = 'Students') => page.getByRole('table', { name });
const filters = (page: Page) => page.getByRole('search', { name: 'Find students' });
const count = (page: Page) => page.getByTestId('students-count');

/** Rows of the table body (the header row has aria-rowindex 1). */
function bodyRows(page: Page, name = 'Students') {
  return table(page, name).locator('[role="row"]:not([aria-rowindex="1"])');
}

/** RFC 4180 parser for the exported file (quoted cells may hold commas, quotes, line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

test.describe('the students list as admin', () => {
  test('filters and sort in the URL give the same view as the form, and both can be cleared', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await open(page, '/dash/students');
    await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
    const students = await backendStudents(page);
    await expect(count(page)).toHaveText(`${format(students.length)} students`);

    // A bookmarked view: waitlisted, youngest first.
    const search = '?status=waitlisted&sort=dob&dir=desc';
    const view = expectedView(students, search);
    expect(view.length).toBeGreaterThan(0);
    await open(page, `/dash/students${search}`);
    await expect(count(page)).toHaveText(
      `${format(view.length)} of ${format(students.length)} students`,
    );
    await expect(filters(page).getByLabel('Status')).toHaveValue('waitlisted');
    await expect(filters(page).getByLabel('Sort by')).toHaveValue('dob');
    await expect(filters(page).getByLabel('Order')).toHaveValue('desc');
    await expect(table(page).getByRole('columnheader', { name: /Date of birth/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const first = view[0];
    if (!first) throw new Error('no first row');
    await expect(bodyRows(page).first()).toContainText(studentDisplayName(first));
    await expect(bodyRows(page).first()).toHaveAttribute('aria-rowindex', '2');
    await expect(
      bodyRows(page)
        .first()
        .getByRole('link', { name: studentDisplayName(first) }),
    ).toHaveAttribute('href', `/dash/students/${first.id}`);

    // The same kind of view through the form: campus, then status, then sort order.
    await open(page, '/dash/students');
    await filters(page).getByLabel('Campus').selectOption({ label: 'Northside Campus' });
    await expect(page).toHaveURL(/[?&]campus=campus-north/);
    await filters(page).getByLabel('Status').selectOption('enrolled');
    await expect(page).toHaveURL(/[?&]status=enrolled/);
    await filters(page).getByLabel('Order').selectOption('desc');
    await expect(page).toHaveURL(/[?&]dir=desc/);
    const formView = expectedView(students, new URL(page.url()).search);
    await expect(count(page)).toHaveText(
      `${format(formView.length)} of ${format(students.length)} students`,
    );
    await expect(bodyRows(page).first()).toContainText(studentDisplayName(formView[0]!));

    // The name column is sorted descending now; its header link turns it back to ascending (the
    // default, which the URL leaves out).
    await table(page).getByRole('link', { name: /^Name/ }).click();
    await expect(page).not.toHaveURL(/[?&]dir=/);
    await expect(table(page).getByRole('columnheader', { name: /^Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    // Searching by name (debounced typing) keeps the other filters.
    await filters(page).getByLabel('Search by name').fill('Whitfield');
    await expect(page).toHaveURL(/[?&]q=Whitfield/);
    await expect(page).toHaveURL(/[?&]campus=campus-north/);
    await expect(table(page).getByRole('link', { name: /Leo.*Whitfield/ })).toBeVisible();

    // No match, then clear everything.
    await filters(page).getByLabel('Search by name').fill('Zzyzx-nobody');
    await expect(
      page.getByRole('heading', { name: 'No students match this search and these filters.' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Clear search and filters' }).first().click();
    await expect(page).toHaveURL(/\/dash\/students$/);
    await expect(count(page)).toHaveText(`${format(students.length)} students`);
    await expect(filters(page).getByLabel('Search by name')).toHaveValue('');
  });

  test('Export CSV downloads every row of the filtered, sorted view and nothing else', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const search = '?campus=campus-north&status=enrolled&sort=enrolled&dir=desc';
    await open(page, `/dash/students${search}`);
    const students = await backendStudents(page);
    const view = expectedView(students, search);
    await expect(count(page)).toHaveText(
      `${format(view.length)} of ${format(students.length)} students`,
    );

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^students-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = parseCsv(text);
    expect(header?.slice(0, 3)).toEqual(['ID', 'First name', 'Last name']);
    // All rows, not only the few the windowed table has in the DOM, in the order shown.
    expect(rows).toHaveLength(view.length);
    expect(rows.map((row) => row[0])).toEqual(view.map((s) => s.id));
    expect(new Set(rows.map((row) => row[5]))).toEqual(new Set(['Enrolled']));
    expect(new Set(rows.map((row) => row[7]))).toEqual(new Set(['Northside Campus']));
  });

  test('on a phone the primary actions sit in the mobile action bar', async ({ page }) => {
    await signIn(page, 'admin');
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/dash/students');
    const bar = page.getByRole('toolbar', { name: 'Student actions' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Add student' })).toHaveAttribute(
      'href',
      '/dash/students/new',
    );
    await expect(bar.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    // Only one of each is exposed: the heading's copies are hidden on small screens.
    await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(1);
  });
});

test('with the large seed the list shows 5,000+ students in at most 1,400 DOM nodes and scrolls to the last one', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await open(page, '/login');
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  // reset() resolves once the large seed is saved in the fake's database, so a reload finds it.
  await page.evaluate(() => window.__fakeFirebase?.reset({ profile: 'large' }));
  await page.reload();
  await signIn(page, 'admin');
  await open(page, '/dash/students');
  const students = await backendStudents(page);
  expect(students.length).toBeGreaterThanOrEqual(5000);
  await expect(count(page)).toHaveText(`${format(students.length)} students`, {
    timeout: 120_000,
  });
  await expect(table(page)).toHaveAttribute('aria-rowcount', String(students.length + 1));

  const domNodes = () => page.evaluate(() => document.querySelectorAll('*').length);
  expect(await domNodes()).toBeLessThanOrEqual(1400);

  const view = expectedView(students, '');
  const last = view.at(-1);
  if (!last) throw new Error('no students');
  await page
    .getByRole('region', { name: 'Students (scrollable)' })
    .evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  const lastRow = table(page).locator(`[role="row"][aria-rowindex="${students.length + 1}"]`);
  await expect(lastRow).toBeVisible();
  await expect(lastRow.getByRole('link')).toHaveText(studentDisplayName(last));
  await expect(lastRow.getByRole('link')).toHaveAttribute('href', `/dash/students/${last.id}`);
  expect(await domNodes()).toBeLessThanOrEqual(1400);
});

test('a parent sees only their own children, and no staff actions', async ({ page }) => {
  await signIn(page, 'parent');
  await open(page, '/dash/students');
  await expect(page.getByRole('heading', { level: 1, name: 'Your children' })).toBeVisible();
  const names = bodyRows(page, 'Your children').getByRole('link');
  await expect(names).toHaveText([/Ivy Whitfield/, /Leo Whitfield/]);
  await expect(count(page)).toHaveText('2 children');
  await expect(page.getByRole('link', { name: 'Add student' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  // The children listed are exactly the family's children in the backend.
  const own = (await backendStudents(page)).filter((s) => s.familyId === 'fam-0000');
  expect(own.map((s) => `/dash/students/${s.id}`).sort()).toEqual(
    (await names.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))).sort(),
  );
});

test('a facilitator sees exactly the students of the classrooms they teach', async ({ page }) => {
  await signIn(page, 'facilitator');
  await open(page, '/dash/students');
  await expect(page.getByRole('heading', { level: 1, name: 'Your students' })).toBeVisible();
  // The facilitator's classrooms, and the students in them, as the backend holds them.
  const classroomIds = await page.evaluate(async () => {
    const fake = window.__fakeFirebase;
    const member = await fake?.getDocument('Members/demo-facilitator');
    const facilitatorId = typeof member?.facilitatorId === 'string' ? member.facilitatorId : '';
    const ids = (await fake?.getDocument(`facilitators/${facilitatorId}`))?.classroomIds;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  });
  expect(classroomIds.length).toBeGreaterThan(0);
  const theirs = (await backendStudents(page)).filter((s) =>
    s.classroomIds.some((id) => classroomIds.includes(id)),
  );
  expect(theirs.length).toBeGreaterThan(0);
  await expect(count(page)).toHaveText(`${theirs.length.toLocaleString('en')} students`);
  await expect(page.getByRole('link', { name: 'Add student' })).toHaveCount(0);
});

for (const theme of themesThisRun('students-list.spec.ts', THEMES)) {
  test(`the students list has no accessibility violations in the ${theme} theme`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await signIn(page, 'admin');
    await open(page, '/dash/students?status=waitlisted&sort=dob&dir=desc');
    await expect(bodyRows(page).first()).toBeVisible();
    await expectNoViolations(page, theme, '/dash/students (filtered)');
    await open(page, '/dash/students?q=Zzyzx-nobody');
    await expect(page.getByRole('heading', { name: /No students match/ })).toBeVisible();
    await expectNoViolations(page, theme, '/dash/students (no match)');
  });
}
