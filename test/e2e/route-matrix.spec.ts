import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { open, signIn } from './fixtures';
import { expectNoMotion, expectUsableLayout, askForReducedMotion, zoomText } from './layout-checks';
import {
  fullMatrix,
  MATRIX_ROLES,
  MATRIX_SIZES,
  MATRIX_THEMES,
  sampleMatrix,
  type Visit,
} from './route-matrix';
import { PAGES } from './routes';

// Every dashboard route × role × theme × size (test/e2e/route-matrix.ts says where the routes and
// the expected outcomes come from). The whole matrix is `npm run test:matrix` (MATRIX_FULL=1):
// 36 tests, one per role, theme and size, each signing in once and walking every route. `npm test`
// runs the rotating sample: every route once, each day as another role, theme and size
// (MATRIX_ROTATION pins it; the playwright config fixes it once per run for every worker).
const FULL = process.env.MATRIX_FULL === '1';
// `npm run screenshots` (scripts/screenshots.mjs) walks the full matrix with this set to a folder:
// each visit is photographed there, and only the outcome is checked, so the walk is quick.
const SCREENSHOTS = process.env.MATRIX_SCREENSHOTS;
const ROTATION = Number(process.env.MATRIX_ROTATION ?? Math.floor(Date.now() / 86_400_000));

const HEADINGS = { 403: 'Not Allowed', 404: 'Page Not Found' } as const;

/** Page errors and console errors since the last call, as lines to show in a failure. */
function collectErrors(page: Page): () => string[] {
  let errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  return () => {
    const taken = errors;
    errors = [];
    return taken;
  };
}

/** The elements wider than the viewport, when the page scrolls sideways (none otherwise). */
async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const wide = Array.from(document.querySelectorAll('body *')).filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > width + 1;
    });
    // The outermost ones name the cause; their children overflow with them.
    return wide
      .filter((element) => !wide.some((other) => other !== element && other.contains(element)))
      .slice(0, 5)
      .map((element) => {
        const id = element.id ? `#${element.id}` : '';
        const text = (element.textContent ?? '').trim().slice(0, 40);
        return `<${element.tagName.toLowerCase()}${id}> "${text}" ends at ${Math.round(element.getBoundingClientRect().right)} px of ${width}`;
      });
  });
}

/** Visits one cell of the matrix and checks it. The page must already be signed in as visit.role. */
async function checkVisit(page: Page, visit: Visit, takeErrors: () => string[]) {
  const label = `${visit.url} as ${visit.role}, ${visit.theme}, ${visit.size.width}×${visit.size.height}`;
  await test.step(label, async () => {
    await page.setViewportSize({ width: visit.size.width, height: visit.size.height });
    await page.evaluate((theme) => localStorage.setItem('theme', theme), visit.theme);
    takeErrors();
    await open(page, visit.url);
    // Soft checks: one visit's failure is reported and the walk goes on, so a run names every
    // broken cell at once.
    await expect.soft(page.locator('html'), label).toHaveAttribute('data-theme', visit.theme);

    const heading = page.getByRole('heading', { level: 1 }).first();
    if (visit.expected === 'page') {
      await expect.soft(heading, label).toBeVisible();
      await expect
        .soft(heading, `${label}: the page, not an error`)
        .not.toHaveText(new RegExp(`^(${HEADINGS[403]}|${HEADINGS[404]})$`));
    } else {
      await expect.soft(heading, label).toHaveText(HEADINGS[visit.expected]);
    }
    // The page's own data has arrived: no tile or list is still showing its loading skeleton.
    await expect.soft(page.getByRole('status', { name: /^Loading/ }), label).toHaveCount(0);
    if (SCREENSHOTS) {
      await photographWhole(page, screenshotPath(SCREENSHOTS, visit), visit.size);
      return;
    }

    expect
      .soft(await horizontalOverflow(page), `${label}: nothing wider than the viewport`)
      .toEqual([]);
    await expectNoViolations(page, visit.theme, label, { soft: true });
    await expectNoMotion(page, label, { soft: true });
    if (visit.zoom && visit.expected === 'page') {
      // 200 % text, as the browser's text-size setting makes it, then back for the next visit.
      await zoomText(page, 200);
      await expectUsableLayout(page, `${label}, 200 % text`, { soft: true });
      await zoomText(page, 100);
    }
    expect.soft(takeErrors(), `${label}: no page or console errors`).toEqual([]);
  });
}

/**
 * The whole page in one picture. The window is made as tall as the page first, rather than using a
 * full-page screenshot, because those draw fixed elements (the mobile action bar) where the first
 * screen ended, in the middle of the picture; here they sit at the bottom, where a person sees them.
 */
async function photographWhole(page: Page, path: string, size: { width: number; height: number }) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await page.screenshot({ path });
  await page.setViewportSize(size);
}

/** build/screenshots/<url as a folder name>/<role>-<theme>-<size>.png (scripts/screenshots.mjs indexes them). */
function screenshotPath(folder: string, visit: Visit): string {
  const slug = visit.url.replace(/^\//, '').replace(/[^a-zA-Z0-9-]+/g, '_');
  return join(folder, slug, `${visit.role}-${visit.theme}-${visit.size.name}.png`);
}

/** Signs in as the visits' role once, then checks each visit in turn. */
async function walk(page: Page, visits: Visit[]) {
  const first = visits[0];
  if (!first) return;
  const takeErrors = collectErrors(page);
  // The whole matrix runs as someone who asked for reduced motion: every visit checks that nothing
  // moves (reduced-motion.spec.ts shows things do move without it).
  await askForReducedMotion(page);
  await signIn(page, first.role);
  for (const visit of visits) await checkVisit(page, visit, takeErrors);
}

if (SCREENSHOTS) {
  // The pages outside the dashboard, as a visitor who has not signed in, for the same index.
  test('public pages, signed out, in every theme and size', async ({ page }) => {
    const paths = Object.keys(PAGES).filter((p) => !p.startsWith('/dash') && p !== '/dashboard');
    test.setTimeout(paths.length * MATRIX_THEMES.length * MATRIX_SIZES.length * 10_000);
    for (const theme of MATRIX_THEMES) {
      for (const size of MATRIX_SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        for (const url of paths) {
          await page.goto('/login');
          await page.evaluate((value) => localStorage.setItem('theme', value), theme);
          await open(page, url);
          const slug =
            url === '/' ? 'home-page' : url.replace(/^\//, '').replace(/[^a-zA-Z0-9-]+/g, '_');
          await photographWhole(
            page,
            join(SCREENSHOTS, slug, `visitor-${theme}-${size.name}.png`),
            size,
          );
        }
      }
    }
  });
}

if (FULL) {
  const visits = fullMatrix();
  for (const role of MATRIX_ROLES) {
    for (const theme of MATRIX_THEMES) {
      for (const size of MATRIX_SIZES) {
        const cell = visits.filter(
          (v) => v.role === role && v.theme === theme && v.size.name === size.name,
        );
        test(`every dashboard route as ${role}, ${theme} theme, ${size.name}`, async ({ page }) => {
          test.setTimeout(cell.length * 15_000);
          await walk(page, cell);
        });
      }
    }
  }
} else {
  const visits = sampleMatrix(ROTATION);
  for (const role of MATRIX_ROLES) {
    const mine = visits.filter((v) => v.role === role);
    if (mine.length === 0) continue;
    test(`a sample of dashboard routes as ${role} (rotation ${ROTATION})`, async ({ page }) => {
      test.info().annotations.push({
        type: 'visits',
        description: mine.map((v) => `${v.url} ${v.theme} ${v.size.name}`).join('; '),
      });
      test.setTimeout(mine.length * 20_000 + 30_000);
      await walk(page, mine);
    });
  }
}
