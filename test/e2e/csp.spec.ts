// The Content-Security-Policy (issue 17, part 4; decision 049): the suite's server is
// scripts/serve.mjs, which sends the headers the build wrote (the same ones firebase.json gets), so
// every page here runs under the production policy. The journey visits every area as an admin, then
// the parent's and the student's homes, and fails on any violation: a `securitypolicyviolation`
// event in any document of the journey, or a console message about the policy (a worker's, too).
import { expect, test, type Page } from '@playwright/test';
import { open, signIn, setSchoolDay } from './fixtures';

// The service worker registers under the policy too (worker-src), as it does for real users.
test.use({ serviceWorkers: 'allow' });

interface Violation {
  where: string;
  directive: string;
  blocked: string;
  sample?: string;
}

/** Collects every violation the page reports, across its navigations, into `found`. */
async function watchViolations(page: Page): Promise<Violation[]> {
  const found: Violation[] = [];
  await page.exposeFunction('__reportCspViolation', (violation: Violation) => {
    found.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report: unknown = Reflect.get(window, '__reportCspViolation');
      if (typeof report !== 'function') return;
      void Reflect.apply(report, window, [
        {
          where: location.pathname + location.search,
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          sample: event.sample,
        },
      ]);
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) {
      found.push({ where: page.url(), directive: 'console', blocked: message.text() });
    }
  });
  return found;
}

/** Opens a path and waits for its main heading, so the page has rendered (and loaded its chunks). */
async function visit(page: Page, path: string) {
  await open(page, path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

test('every response carries the security headers, with a strict script policy', async ({
  request,
}) => {
  for (const path of ['/', '/dash/students', '/assets/does-not-exist.js']) {
    const response = await request.get(path);
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).toMatch(/frame-ancestors 'none'/);
    expect(csp, path).toMatch(/object-src 'none'/);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc, path).toMatch(/'sha256-/);
    expect(scriptSrc, path).not.toContain('unsafe-inline');
    expect(scriptSrc, path).not.toContain('unsafe-eval');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], path).toContain('camera=()');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
  }
  // Remix's boot script is a file now; only hashed inline scripts are left in the page.
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<script type="module" async src="\/assets\/boot-[\w-]+\.js"><\/script>/);
  expect(html).not.toMatch(/<script type="module"[^>]*>\s*import/);
});

test('an admin walks through every area with no policy violation', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  // A school Friday, so the attendance page has today's classes to list whatever day it is.
  await setSchoolDay(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin');

  for (const path of [
    '/dash/home',
    '/dash/students',
    '/dash/students/stu-00000',
    '/dash/families',
    '/dash/facilitators',
    '/dash/school',
    '/dash/members',
    '/dash/roles',
    '/dash/calendar',
    '/dash/messages',
    '/dash/messages/conv-staff-planning',
    '/dash/notifications',
    '/dash/parent-inquiries',
    '/dash/resources',
    '/dash/import',
    '/dash/settings',
    '/dash/profile',
  ]) {
    await visit(page, path);
  }

  // A roll call: the attendance page, then a classroom's roll call for today (staff open any
  // classroom).
  await visit(page, '/dash/attendance');
  const classroomId = await page.evaluate(async () => {
    const [first] = (await window.__lc?.cache.list('classrooms', { limit: 1 })) ?? [];
    return first?.id ?? null;
  });
  if (!classroomId) throw new Error('the admin has no classroom in the cache');
  await visit(page, `/dash/attendance?classroom=${classroomId}`);
  await expect(page.getByRole('button', { name: 'Save roll call' }).first()).toBeVisible();

  // The user guide, its page and the contextual help panel.
  await visit(page, '/help');
  await visit(page, '/dash/students');
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByRole('dialog').getByRole('heading').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // The search dialog, with results (from the home page, which has no search form of its own).
  await visit(page, '/dash/home');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.keyboard.type('Leo');
  await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');

  expect(violations).toEqual([]);
});

for (const role of ['parent', 'student'] as const) {
  test(`a ${role} sees their pages with no policy violation`, async ({ page }) => {
    const violations = await watchViolations(page);
    await signIn(page, role);
    for (const path of ['/dash/home', '/dash/messages', '/dash/calendar']) await visit(page, path);
    expect(violations).toEqual([]);
  });
}
