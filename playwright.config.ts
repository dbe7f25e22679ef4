import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/bench-browser.mjs';

// Debian's Chromium (scripts/ensure-chromium.mjs makes sure it is there); Playwright never downloads
// a browser here. The flags keep Chromium from reaching for Google services this machine cannot reach.
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PORT = Number(process.env.E2E_PORT ?? 4173);
// Server mode (the fake over HTTP, shared by every browser context): specs named *.server.spec.ts.
const SERVER_MODE_PORT = PORT + 10;
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
// The route-matrix sample's rotation (test/e2e/route-matrix.spec.ts), fixed once per run so every worker
// lists the same tests even when a run crosses midnight.
process.env.MATRIX_ROTATION ??= String(Math.floor(Date.now() / 86_400_000));

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    // The demo build registers a service worker (issue 11). Specs about the offline shell opt in
    // with test.use({ serviceWorkers: 'allow' }); everywhere else it would only add a precache
    // download per context and a second cache between the test and the app.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    // In-page mode: each test's browser context is its own isolated demo school.
    {
      name: 'chromium',
      testIgnore: /\.server\.spec\.ts$/,
      use: { browserName: 'chromium' },
    },
    // Server mode: one demo school for every context, so one worker at a time touches it.
    {
      name: 'server-mode',
      testMatch: /\.server\.spec\.ts$/,
      workers: 1,
      fullyParallel: false,
      use: { browserName: 'chromium', baseURL: `http://127.0.0.1:${SERVER_MODE_PORT}` },
    },
  ],
  webServer: [
    {
      command: `node scripts/serve.mjs --fake=in-page`,
      env: { PORT: String(PORT), BUILD_DIR },
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      command: `node scripts/serve.mjs --fake=server --fresh`,
      env: {
        PORT: String(SERVER_MODE_PORT),
        BUILD_DIR,
        // A state file of its own, never the developer's .fake-firebase/state.json.
        FAKE_FIREBASE_STATE: join(tmpdir(), `learning-centre-e2e-${SERVER_MODE_PORT}.json`),
      },
      url: `http://127.0.0.1:${SERVER_MODE_PORT}/__fake/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
});
