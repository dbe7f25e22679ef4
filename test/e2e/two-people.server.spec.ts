// Server mode (decision 033): the fake Firebase runs in scripts/serve.mjs on the app's own port and
// every browser shares one demo school. Two people in two browser contexts (two devices) see each
// other's writes, and the page loads none of msw. The server is shared, so these tests run one at a
// time (playwright.config.ts, project server-mode) and reset the fake first.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  expectNotice,
  fakeControlHeaders,
  chooseDemoFamily,
  open,
  signIn,
  type DemoRole,
  syncSettled,
} from './fixtures';

test.beforeEach(async ({ request }) => {
  const reset = await request.post('/__fake/reset', {
    data: {},
    headers: await fakeControlHeaders(request),
  });
  expect(reset.ok()).toBe(true);
});

/** A new browser context (another device) signed in as `role`. */
async function person(browser: Browser, role: DemoRole): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, role);
  return page;
}

/** A document as the shared backend holds it (the console control over HTTP). */
async function backendDocument(request: APIRequestContext, path: string): Promise<unknown> {
  const response = await request.get(`/__fake/documents/${path}`, {
    headers: await fakeControlHeaders(request),
  });
  expect(response.ok()).toBe(true);
  return response.json();
}

test("a parent's new phone number reaches the office on another device", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const parent = await person(browser, 'parent');

  const number = `+91 98 ${Date.now().toString().slice(-8)}`;
  await open(parent, '/dash/families/fam-0000/contact');
  await parent.getByLabel('Grace Whitfield: phone').fill(number);
  await parent.getByRole('button', { name: 'Save contact details' }).click();
  await expectNotice(parent, /Contact details saved/);
  await syncSettled(parent);
  expect(JSON.stringify(await backendDocument(request, 'families/fam-0000'))).toContain(number);

  // The office signs in on its own device and finds the parent's change there.
  const office = await person(browser, 'administration');
  await open(office, '/dash/families/fam-0000');
  await expect(
    office.getByRole('heading', { level: 1, name: 'The Whitfield family' }),
  ).toBeVisible();
  await expect(office.getByRole('link', { name: number })).toBeVisible();

  await parent.context().close();
  await office.context().close();
});

test('a student the office creates appears in her facilitator’s list on another device', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const lastName = `Server${Date.now().toString(36)}`;
  const office = await person(browser, 'administration');

  await open(office, '/dash/students/new');
  await office.getByLabel('First name').fill('Noor');
  await office.getByLabel('Last name').fill(lastName);
  await office.getByLabel('Date of birth').fill('2020-02-03');
  await chooseDemoFamily(office);
  await office.getByLabel('Campus').selectOption('campus-north');
  await office.getByRole('checkbox', { name: 'Sunflowers (ages 4–5)' }).check();
  await office.getByRole('button', { name: 'Create student' }).click();
  await expect(office.getByRole('heading', { level: 1, name: `Noor ${lastName}` })).toBeVisible();
  await syncSettled(office);

  const students = await request.get('/__fake/documents/students', {
    headers: await fakeControlHeaders(request),
  });
  expect(JSON.stringify(await students.json())).toContain(lastName);

  // The facilitator of that classroom signs in on another device and has the new student.
  const facilitator = await person(browser, 'facilitator');
  await open(facilitator, '/dash/students');
  // The list is long and virtualised: search for her, as a person would.
  await facilitator.getByLabel('Search by name').fill(lastName);
  await facilitator.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(facilitator.getByRole('link', { name: new RegExp(lastName) })).toBeVisible({
    timeout: 30_000,
  });

  await facilitator.context().close();
  await office.context().close();
});

test('in server mode the page loads no msw code and the console control talks to the server', async ({
  page,
}) => {
  const scripts: Array<Promise<string>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await signIn(page, 'admin');
  await open(page, '/dash/students');

  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) {
    expect(body).not.toContain('@mswjs');
    expect(body).not.toContain('XMLHttpRequestInterceptor');
  }

  const control = await page.evaluate(async () => {
    const fake: unknown = Reflect.get(window, '__fakeFirebase');
    if (typeof fake !== 'object' || fake === null) return null;
    const mode: unknown = Reflect.get(fake, 'mode');
    const getDocument: unknown = Reflect.get(fake, 'getDocument');
    if (typeof getDocument !== 'function') return { mode, campus: null };
    const campus: unknown = await Reflect.apply(getDocument, fake, ['campuses/campus-north']);
    return { mode, campus };
  });
  expect(control?.mode).toBe('server');
  expect(JSON.stringify(control?.campus)).toContain('"name"');

  // The Firebase requests went to this origin, in the Emulator Suite's shapes.
  const log = await page.request.get('/__fake/requests?match=documents', {
    headers: await fakeControlHeaders(page.request),
  });
  expect(JSON.stringify(await log.json())).toContain(
    'https://firestore.googleapis.com/v1/projects/',
  );
});
