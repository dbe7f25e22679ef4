// Playwright config of `npm run soak` (scripts/soak.mjs): the app's config (Chromium, launch flags,
// the static server of the build) with the long soak as its only test, one worker, no time limit
// per test (the run has its own budget: 1,000 iterations in under 15 minutes).
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

// Only the in-page server (the soak runs the demo as a static deployment serves it), and its
// command is relative to the project root, not to this folder.
const root = fileURLToPath(new URL('../..', import.meta.url));
const [inPage] = [base.webServer ?? []].flat();

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'soak.run.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 0,
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: inPage ? { ...inPage, cwd: root } : undefined,
});
