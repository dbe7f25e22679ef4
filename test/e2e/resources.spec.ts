// The resources library (issue 14): a facilitator uploads a PDF for Leo's classroom with a visible
// progress bar, Leo opens it, and a parent whose children are in other classrooms sees neither it
// nor that classroom's events; the list works offline and a link added offline syncs once; files
// over the limit, of a refused type or whose bytes are not their type (a web page named .pdf)
// upload nothing; a PDF preview is a sandboxed frame; axe in every theme. One browser context per
// test: the in-page fake's state is shared by the pages of a context, so people take turns in it.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import {
  expectNotice,
  DEMO_PASSWORD,
  open,
  signIn,
  syncSettled,
  useTheme,
  waitForWorker,
  type ThemeName,
} from './fixtures';
import { themesThisRun } from './themes';

const SHOTS = 'test-results-c';

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

/** Leo's classroom (the demo facilitator's first): the one the seeded classroom resources name. */
async function leosClassroom(page: Page): Promise<{ id: string; name: string }> {
  return page.evaluate(async () => {
    const fake = window.__fakeFirebase;
    const ids = (await fake?.getDocument('resources/res-000'))?.classroomIds;
    const id = Array.isArray(ids) && typeof ids[0] === 'string' ? ids[0] : '';
    const name = (await fake?.getDocument(`classrooms/${id}`))?.name;
    return { id, name: typeof name === 'string' ? name : '' };
  });
}

/** A parent account (families 1…29) none of whose children is in `classroomId`. */
async function parentOutside(page: Page, classroomId: string): Promise<string> {
  return page.evaluate(async (classroom) => {
    const fake = window.__fakeFirebase;
    if (!fake) return '';
    const students = await fake.listDocuments('students');
    for (const family of await fake.listDocuments('families')) {
      const guardians = Array.isArray(family.data.guardians) ? family.data.guardians : [];
      const primary: unknown = guardians[0];
      if (typeof primary !== 'object' || primary === null) continue;
      const uid: unknown = Reflect.get(primary, 'memberUUID');
      if (typeof uid !== 'string' || !uid.startsWith('parent-member-')) continue;
      const children = students.filter((s) => s.data.familyId === family.id);
      const inside = children.some(
        (s) => Array.isArray(s.data.classroomIds) && s.data.classroomIds.includes(classroom),
      );
      const member = await fake.getDocument(`Members/${uid}`);
      if (children.length > 0 && !inside && typeof member?.email === 'string') return member.email;
    }
    return '';
  }, classroomId);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL('/login');
}

async function signInAs(page: Page, email: string) {
  await open(page, '/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
}

function pdfBytes(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n% resources test\n');
  const buffer = Buffer.alloc(size, 0x20);
  head.copy(buffer);
  return buffer;
}

/** The file input (the kind choice has a radio named "File" too). */
function fileInput(page: Page) {
  return page.locator('input[type="file"]');
}

function item(page: Page, title: string) {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('article', { name: new RegExp(`^${escaped}(\\s|$)`) });
}

test.describe('the resources library', () => {
  test('a facilitator uploads a 2 MB PDF with a progress bar; a student of that classroom opens it; a parent of another classroom sees neither it nor the classroom event', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const title = 'Fractions practice sheet';
    const size = 2 * 1024 * 1024;
    await signIn(page, 'facilitator');
    const classroom = await leosClassroom(page);
    expect(classroom.name).not.toBe('');

    await open(page, '/dash/resources');
    await page.getByRole('link', { name: 'Add resource' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add resource' })).toBeVisible();
    await page.getByRole('radio', { name: 'A file to upload' }).check();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Ten questions on adding fractions.');
    await fileInput(page).setInputFiles({
      name: 'fractions.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBytes(size),
    });
    await page.getByRole('group', { name: 'Classrooms' }).getByLabel(classroom.name).check();
    const audience = page.getByRole('group', { name: 'Audience' });
    await audience.getByLabel('Facilitators').uncheck();
    await audience.getByLabel('Students').check();
    await audience.getByLabel('Parents').check();
    await shots(page, 'add-file-form');

    await page.evaluate(() => window.__fakeFirebase?.faults.setLatency(400, 'firebasestorage'));
    await page.getByRole('button', { name: 'Save resource' }).first().click();
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect(progress).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel upload' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/upload-progress-1280.png` });
    await expect(page).toHaveURL('/dash/resources', { timeout: 30_000 });
    await page.evaluate(() => window.__fakeFirebase?.faults.setLatency(0, 'firebasestorage'));
    await expectNotice(page, 'Resource added');
    await expect(item(page, title)).toBeVisible();
    await expect(item(page, title)).toContainText('PDF · 2.0 MB');
    await syncSettled(page);
    const stored = await page.evaluate(
      async (t) =>
        ((await window.__fakeFirebase?.listDocuments('resources')) ?? []).filter(
          (r) => r.data.title === t,
        ),
      title,
    );
    expect(stored).toHaveLength(1);
    await shots(page, 'list-facilitator');

    // Leo, a student of that classroom, opens it.
    await signOut(page);
    await signIn(page, 'student');
    await open(page, '/dash/resources');
    const mine = item(page, title);
    await expect(mine).toBeVisible();
    await mine.getByRole('link', { name: 'Open' }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveAttribute('src', /^blob:/);
    await shots(page, 'preview-student');
    await expectNoViolations(page, 'default', 'the preview dialog');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('fractions.pdf');
    const path = await download.path();
    const { statSync } = await import('node:fs');
    expect(statSync(path).size).toBe(size);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Kept on the device, it opens with no connection.
    await mine.getByRole('button', { name: 'Keep offline' }).click();
    await expect(mine.getByText('Available offline')).toBeVisible();
    await page.context().setOffline(true);
    await mine.getByRole('link', { name: 'Open' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveAttribute('src', /^blob:/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.context().setOffline(false);

    // A parent whose children are all in other classrooms.
    const email = await parentOutside(page, classroom.id);
    expect(email).not.toBe('');
    await signOut(page);
    await signInAs(page, email);
    await open(page, '/dash/resources');
    await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
    await expect(page.getByText(/\d+ resources?/).first()).toBeVisible();
    await expect(item(page, title)).toHaveCount(0);
    await open(page, '/dash/calendar?view=agenda');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Field trip: botanical garden')).toHaveCount(0);
  });

  test.describe('offline', () => {
    test.use({ serviceWorkers: 'allow' });

    test('offline, the list still shows after a reload, and a link added offline waits, then syncs once', async ({
      context,
      page,
    }) => {
      test.setTimeout(90_000);
      const title = 'Times tables song (offline)';
      await signIn(page, 'facilitator', { remember: true });
      await open(page, '/dash/resources');
      await expect(page.getByRole('article').first()).toBeVisible();
      const first = 'Mathematics resource 1';
      await waitForWorker(page);
      await syncSettled(page);

      await context.setOffline(true);
      await page.reload();
      await expect(item(page, first)).toBeVisible();

      await page.getByRole('link', { name: 'Add resource' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Add resource' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Offline' }).first()).toBeVisible();
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Link (URL)').fill('https://example.org/times-tables');
      await page.getByRole('button', { name: 'Save resource' }).first().click();
      await expectNotice(
        page,
        'Resource saved on this device. It will sync when you are back online.',
      );
      await expect(item(page, title)).toBeVisible();
      await expect(item(page, title).getByText('Waiting to sync')).toBeVisible();
      await shots(page, 'list-offline-pending');

      // A file cannot be uploaded offline: the form says so and keeps what was typed.
      await page.getByRole('link', { name: 'Add resource' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Add resource' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Offline' }).first()).toBeVisible();
      await page.getByRole('radio', { name: 'A file to upload' }).check();
      await page.getByLabel('Title').fill('Offline file');
      await fileInput(page).setInputFiles({
        name: 'notes.pdf',
        mimeType: 'application/pdf',
        buffer: pdfBytes(1024),
      });
      await page.getByRole('button', { name: 'Save resource' }).first().click();
      await expect(page.getByText('You are offline. Files can be uploaded')).toBeVisible();
      await expect(page.getByLabel('Title')).toHaveValue('Offline file');

      await context.setOffline(false);
      await open(page, '/dash/resources');
      await syncSettled(page);
      await expect(item(page, title).getByText('Waiting to sync')).toBeHidden({ timeout: 15_000 });
      const stored = await page.evaluate(
        async (t) =>
          ((await window.__fakeFirebase?.listDocuments('resources')) ?? []).filter(
            (r) => r.data.title === t,
          ),
        title,
      );
      expect(stored).toHaveLength(1);
    });
  });

  test('a file over 25 MB or of a refused type shows the message and uploads nothing', async ({
    page,
  }) => {
    await signIn(page, 'facilitator');
    await open(page, '/dash/resources/new?kind=file');
    const storageRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('firebasestorage')) storageRequests.push(request.url());
    });
    await page.getByLabel('Title').fill('Too big');
    await fileInput(page).setInputFiles({
      name: 'huge.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.alloc(25 * 1024 * 1024 + 1),
    });
    await expect(page.getByText('This file is larger than 25 MB.')).toBeVisible();
    await page.getByRole('button', { name: 'Save resource' }).first().click();
    await expect(page.getByText('This file is larger than 25 MB.')).toBeVisible();

    await fileInput(page).setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ'),
    });
    await page.getByRole('button', { name: 'Save resource' }).first().click();
    await expect(page.getByText('This kind of file cannot be shared here.')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/dash\/resources\/new/);
    expect(storageRequests).toEqual([]);
    await shots(page, 'add-refused-file');
  });

  test('a web page named .pdf is refused before upload, saying what it is; a PDF preview is sandboxed', async ({
    page,
  }) => {
    await signIn(page, 'facilitator');
    await open(page, '/dash/resources/new?kind=file');
    const storageRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('firebasestorage')) storageRequests.push(request.url());
    });
    await page.getByLabel('Title').fill('Disguised page');
    await fileInput(page).setInputFiles({
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<!DOCTYPE html><html><script>alert(document.domain)</script></html>'),
    });
    const message =
      '“report.pdf” is not a PDF: it is a web page (HTML). Choose another file, or save it again as a PDF.';
    await expect(page.getByText(message)).toBeVisible();
    await page.getByRole('button', { name: 'Save resource' }).first().click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/dash\/resources\/new/);
    expect(storageRequests).toEqual([]);

    // A real PDF is uploaded, and its preview is a frame sandboxed with no allowances.
    const title = 'Sandboxed preview sheet';
    await page.getByLabel('Title').fill(title);
    await fileInput(page).setInputFiles({
      name: 'sheet.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBytes(4096),
    });
    await expect(page.getByText(message)).toHaveCount(0);
    await page.getByRole('button', { name: 'Save resource' }).first().click();
    await expect(page).toHaveURL('/dash/resources', { timeout: 30_000 });
    await item(page, title).getByRole('link', { name: 'Open' }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    const frame = dialog.locator('iframe');
    await expect(frame).toHaveAttribute('src', /^blob:/);
    await expect(frame).toHaveAttribute('sandbox', '');
  });

  test('a link needs an http or https address; a parent may not add resources', async ({
    page,
  }) => {
    await signIn(page, 'facilitator');
    await open(page, '/dash/resources/new');
    await page.getByLabel('Title').fill('Bad link');
    await page.getByLabel('Link (URL)').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save resource' }).first().click();
    await expect(page.getByText('Enter a link that starts with http:// or https://')).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('Bad link');
    await signOut(page);
    await signIn(page, 'parent');
    await open(page, '/dash/resources');
    await expect(page.getByRole('link', { name: 'Add resource' })).toHaveCount(0);
    await open(page, '/dash/resources/new');
    await expect(page.getByText(/not allowed/i).first()).toBeVisible();
  });

  for (const theme of themesThisRun('resources.spec.ts', [
    'default',
    'dark',
    'accessible',
  ] as const satisfies readonly ThemeName[])) {
    test(`axe passes on the list and the add form in the ${theme} theme`, async ({ page }) => {
      // Four axe runs and four full-page screenshots: well within a minute on an idle machine, not
      // on a loaded one.
      test.setTimeout(150_000);
      await useTheme(page, theme);
      await signIn(page, 'facilitator');
      await open(page, '/dash/resources');
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoViolations(page, theme, 'the resources list');
      await open(page, '/dash/resources?q=no+such+resource+anywhere');
      await expect(page.getByText('No resources match these filters')).toBeVisible();
      await expectNoViolations(page, theme, 'the empty filtered list');
      await open(page, '/dash/resources/new?kind=file');
      await expect(fileInput(page)).toBeVisible();
      await expectNoViolations(page, theme, 'the add form');
      if (theme !== 'default') await shots(page, `add-form-${theme}`);
    });
  }
});
