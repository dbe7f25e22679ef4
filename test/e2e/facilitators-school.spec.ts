// Facilitators and school setup through the real screens (production build, demo mode): an admin
// sets up a campus, a subject and a classroom with a lesson and edits a facilitator; a facilitator
// edits their own phone and bio and sees colleagues read-only; a parent may not open school setup;
// every page is checked with axe-core in all three themes.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
// Renamed: the React hooks lint rule would take `useTheme` in a loop for a hook.
import { open, signIn, useTheme as setTheme, type ThemeName } from './fixtures';
import { sampleThisRun } from './sample';
import { themesThisRun } from './themes';

const THEMES: ThemeName[] = ['default', 'dark', 'accessible'];
/** The fake backend's copy of a collection, to prove a write reached it. */
function remoteDocuments(page: Page, collection: string): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(
    async (path) =>
      ((await window.__fakeFirebase?.listDocuments(path)) ?? []).map((d) => ({
        id: d.id,
        ...d.data,
      })),
    collection,
  );
}

async function remoteField(page: Page, path: string, field: string): Promise<unknown> {
  return page.evaluate(
    async ({ docPath, name }) =>
      (await window.__fakeFirebase?.getDocument(docPath))?.[name] ?? null,
    { docPath: path, name: field },
  );
}

test('an admin creates a campus, a subject and a classroom with a lesson, and edits a facilitator', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const campusName = `Riverside ${tag}`;
  const subjectName = `Astronomy ${tag}`;
  const subjectCode = `AST${tag.slice(-4)}`.toUpperCase();
  const classroomName = `Stargazers ${tag}`;

  await signIn(page, 'admin');
  await open(page, '/dash/school');
  await expect(page.getByRole('heading', { level: 1, name: 'School Setup' })).toBeVisible();

  // Campus: an empty form first shows the error beside the field and saves nothing.
  await page.getByRole('link', { name: 'Add campus' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New campus' })).toBeVisible();
  await page.getByLabel('Phone (optional)').fill('+91 80 4000 1234');
  await page.getByRole('button', { name: 'Create campus' }).click();
  await expect(page.getByText('Enter the campus name.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('+91 80 4000 1234');
  await page.getByLabel('Name').fill(campusName);
  await page.getByLabel('Address (optional)').fill('12 River Road');
  await page.getByLabel('Time zone').selectOption('Asia/Tokyo');
  await page.getByRole('button', { name: 'Create campus' }).click();
  await expect(page).toHaveURL(/\/dash\/school#campuses$/);
  const campuses = page.getByRole('region', { name: /Campuses/ });
  await expect(campuses.getByRole('heading', { name: campusName })).toBeVisible();

  // Subject: a colour that is not hex, and a code that another subject already uses.
  await page.getByRole('link', { name: 'Add subject' }).click();
  await page.getByLabel('Name').fill(subjectName);
  await page.getByLabel('Code').fill('MATH');
  await page.getByLabel('Colour').fill('purple');
  await page.getByRole('button', { name: 'Create subject' }).click();
  await expect(page.getByText('Another subject already uses this code.')).toBeVisible();
  await expect(page.getByText('Enter a colour as a hex value, e.g. #2563eb.')).toBeVisible();
  await page.getByLabel('Code').fill(subjectCode);
  await page.getByLabel('Colour').fill('#7c3aed');
  await page.getByRole('button', { name: 'Create subject' }).click();
  await expect(
    page.getByRole('region', { name: /Subjects/ }).getByRole('heading', { name: subjectName }),
  ).toBeVisible();

  // Classroom with one lesson whose end comes before its start, then corrected.
  await page.getByRole('link', { name: 'Add classroom' }).click();
  await page.getByLabel('Name').fill(classroomName);
  await page.getByLabel('Campus').selectOption({ label: campusName });
  await page.getByLabel('Capacity').fill('0');
  await page.getByRole('checkbox', { name: subjectName }).check();
  await page.getByRole('checkbox', { name: 'Daniel Mensah' }).check();
  await page.getByRole('button', { name: 'Add lesson' }).click();
  await page.getByLabel('Day, lesson 1', { exact: true }).selectOption({ label: 'Wednesday' });
  await page.getByLabel('Start, lesson 1').fill('14:00');
  await page.getByLabel('End, lesson 1').fill('13:00');
  await page.getByLabel('Subject, lesson 1').selectOption({ label: subjectName });
  await page.getByRole('button', { name: 'Add lesson' }).click();
  await page.getByRole('button', { name: 'Remove lesson 2' }).click();
  await expect(page.getByLabel('Day, lesson 2')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create classroom' }).click();
  await expect(page.getByText('Enter the capacity as a whole number above 0.')).toBeVisible();
  await expect(page.getByText('The end must be after the start.')).toBeVisible();
  await expect(page.getByLabel('Start, lesson 1')).toHaveValue('14:00');
  await page.getByLabel('Capacity').fill('18');
  await page.getByLabel('End, lesson 1').fill('14:45');
  await page.getByRole('button', { name: 'Create classroom' }).click();
  const classrooms = page.getByRole('region', { name: /Classrooms/ });
  const row = classrooms.getByRole('listitem').filter({ hasText: classroomName });
  await expect(row).toContainText(`${campusName} · capacity 18 · Daniel Mensah`);
  await row.getByText('1 lesson a week').click();
  await expect(row).toContainText(`Wednesday 14:00–14:45: ${subjectName}`);

  // The writes reach the backend through the sync engine.
  await expect
    .poll(async () =>
      (await remoteDocuments(page, 'classrooms')).find((c) => c.name === classroomName),
    )
    .toMatchObject({ capacity: 18, schedule: [{ weekday: 3, start: '14:00', end: '14:45' }] });
  expect((await remoteDocuments(page, 'campuses')).some((c) => c.name === campusName)).toBe(true);

  // A campus that a classroom uses cannot be deleted; the modal says why.
  await campuses.getByRole('button', { name: `Delete ${campusName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${campusName}?` });
  await expect(dialog).toContainText('One classroom uses this campus');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Deleting the classroom asks first, then removes it.
  await row.getByRole('button', { name: `Delete ${classroomName}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${classroomName}?` });
  await confirm.getByRole('button', { name: 'Delete classroom' }).click();
  await expect(classrooms.getByRole('heading', { name: classroomName })).toHaveCount(0);

  // Edit a facilitator: the profile shows subjects and classrooms; the edit keeps the others.
  await page.getByRole('link', { name: 'Facilitators', exact: true }).click();
  await page.getByLabel('Search by name or e-mail').fill('Mensah');
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=Mensah/);
  await page.getByRole('link', { name: 'Daniel Mensah' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Daniel Mensah' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Subjects' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Classrooms' }).getByRole('heading').first(),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Edit Daniel Mensah' }).click();
  await page.getByLabel('E-mail (optional)').fill('not an address');
  await page.getByRole('button', { name: 'Save facilitator' }).click();
  await expect(page.getByText('Enter an e-mail address.')).toBeVisible();
  await page.getByLabel('E-mail (optional)').fill('facilitator@demo-learning.example');
  await page.getByLabel('Bio (optional)').fill(`Updated by the office ${tag}.`);
  await page.getByRole('button', { name: 'Save facilitator' }).click();
  await expect(page.getByText(`Updated by the office ${tag}.`)).toBeVisible();
  await expect
    .poll(() => remoteField(page, 'facilitators/fac-000', 'bio'))
    .toBe(`Updated by the office ${tag}.`);
});

test('the facilitators list offers each action once: in the heading on a wide screen, in the bar on a phone', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, '/dash/facilitators');
  const bar = page.getByRole('toolbar', { name: 'Facilitator actions' });
  for (const name of ['Add facilitator', 'Import from CSV']) {
    await expect(page.getByRole('link', { name })).toHaveCount(1);
    await expect(bar.getByRole('link', { name })).toHaveCount(0);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const name of ['Add facilitator', 'Import from CSV']) {
    await expect(page.getByRole('link', { name })).toHaveCount(1);
    await expect(bar.getByRole('link', { name })).toBeVisible();
  }
});

test('a facilitator edits their own phone and bio, and sees another facilitator read-only', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  await signIn(page, 'facilitator');
  await open(page, '/dash/facilitators');
  await expect(page.getByRole('link', { name: 'Add facilitator' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Daniel Mensah' }).click();
  await page.getByRole('link', { name: 'Edit my profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit your profile' })).toBeVisible();
  // Only the own-profile fields are offered.
  await expect(page.getByLabel('E-mail (optional)')).toHaveCount(0);
  await expect(page.getByLabel('Campus')).toHaveCount(0);
  await page.getByLabel('Phone (optional)').fill('phone me');
  await page.getByRole('button', { name: 'Save my profile' }).click();
  await expect(page.getByText('Enter a phone number, e.g. +91 98450 00000.')).toBeVisible();
  await page.getByLabel('Phone (optional)').fill('+91 98450 12345');
  await page.getByLabel('Bio (optional)').fill(`Maths and patience ${tag}.`);
  await page.getByRole('button', { name: 'Save my profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Daniel Mensah' })).toBeVisible();
  await expect(page.getByText(`Maths and patience ${tag}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: '+91 98450 12345' })).toBeVisible();
  // The backend accepted the write (its rule allows exactly these fields).
  await expect
    .poll(() => remoteField(page, 'facilitators/fac-000', 'phone'))
    .toBe('+91 98450 12345');

  // Another facilitator: no edit link, and the edit URL answers 403.
  await page.getByRole('link', { name: 'All facilitators' }).click();
  const other = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasNotText: 'Daniel Mensah' })
    .getByRole('link')
    .first();
  const otherName = (await other.textContent()) ?? '';
  await other.click();
  await expect(page.getByRole('heading', { level: 1, name: otherName.trim() })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await open(page, `${new URL(page.url()).pathname}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Not Allowed' })).toBeVisible();
  // School setup is not theirs either.
  await open(page, '/dash/school');
  await expect(page.getByRole('heading', { level: 1, name: 'Not Allowed' })).toBeVisible();
});

test("the office changes a classroom's facilitators, and the backend accepts the write", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'administration');
  await open(page, '/dash/school/classrooms/north-sunflowers');
  await page.getByRole('checkbox', { name: 'Daniel Mensah' }).uncheck();
  await page.getByLabel('Capacity').fill('26');
  await page.getByRole('button', { name: 'Save classroom' }).click();
  await expect(page).toHaveURL(/\/dash\/school#classrooms$/);
  await expect.poll(() => remoteField(page, 'classrooms/north-sunflowers', 'capacity')).toBe(26);
  expect(await remoteField(page, 'classrooms/north-sunflowers', 'facilitatorIds')).not.toContain(
    'fac-000',
  );
  // Nothing was queued that the backend refuses: the sync ends with every change saved.
  await expect(
    page.getByRole('button', { name: /Sync status: Online, all changes saved/ }),
  ).toBeVisible();
  // Administration reads facilitators but may not create them.
  await open(page, '/dash/facilitators');
  await expect(page.getByRole('heading', { level: 1, name: 'Facilitators' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add facilitator' })).toHaveCount(0);
});

test('a parent gets 403 on school setup and sees their children’s facilitators', async ({
  page,
}) => {
  await signIn(page, 'parent');
  await expect(page.getByRole('link', { name: 'School setup' })).toHaveCount(0);
  await open(page, '/dash/school');
  await expect(page.getByRole('heading', { level: 1, name: 'Not Allowed' })).toBeVisible();
  await open(page, '/dash/school/campuses/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Not Allowed' })).toBeVisible();
  await open(page, '/dash/facilitators');
  // Which ones exactly is test/e2e/role-views.spec.ts's subject.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your children’s facilitators' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
});

for (const theme of themesThisRun('facilitators-school.spec.ts', THEMES)) {
  test(`the facilitators and school setup pages have no axe violations in the ${theme} theme`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await setTheme(page, theme);
    await signIn(page, 'admin');
    // Four of these pages a run, turning daily (sample.ts); the route matrix also runs axe on every
    // page. `npm run test:e2e:full` checks all of them here.
    const pages = sampleThisRun(
      `facilitators-school.spec.ts ${theme}`,
      [
        '/dash/school',
        '/dash/school/campuses/new',
        '/dash/school/subjects/new',
        '/dash/school/classrooms/new',
        '/dash/school/campuses/campus-north',
        '/dash/school/subjects/math',
        '/dash/facilitators',
        '/dash/facilitators/fac-000',
        '/dash/facilitators/new',
        '/dash/facilitators/fac-000/edit',
      ],
      4,
    );
    for (const path of pages) {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page, theme, path);
    }
    // A classroom being edited, with its schedule rows, and a form showing its errors.
    await open(page, '/dash/school');
    await page
      .getByRole('region', { name: /Classrooms/ })
      .getByRole('link', { name: /^Edit/ })
      .first()
      .click();
    await expect(page.getByLabel('Day, lesson 1', { exact: true })).toBeVisible();
    await expectNoViolations(page, theme, 'classroom edit');
    await page.getByLabel('Name').fill('');
    await page.getByLabel('Capacity').fill('-1');
    await page.getByRole('button', { name: 'Save classroom' }).click();
    await expect(page.getByText('Enter the classroom name.')).toBeVisible();
    await expectNoViolations(page, theme, 'classroom edit with errors');
    // The delete confirmation.
    await open(page, '/dash/school');
    await page
      .getByRole('region', { name: /Subjects/ })
      .getByRole('button', { name: /^Delete/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, theme, 'delete modal');
  });

  test(`the facilitator's own form and the parent's pages have no axe violations in the ${theme} theme`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    for (const [role, paths] of [
      ['facilitator', ['/dash/facilitators', '/dash/facilitators/fac-000/edit']],
      ['parent', ['/dash/facilitators', '/dash/school']],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await setTheme(page, theme);
      await signIn(page, role);
      for (const path of paths) {
        await open(page, path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoViolations(page, theme, `${path} as ${role}`);
      }
      await context.close();
    }
  });
}
