import { defineConfig } from '@playwright/test';

// Debian's Chromium (scripts/ensure-chromium.mjs makes sure it is there); Playwright never downloads
// a browser here. The flags keep Chromium from reaching for Google services this machine cannot reach.
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PORT = Number(process.env.E2E_PORT ?? 4173);

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
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `node scripts/serve.mjs`,
    env: { PORT: String(PORT), BUILD_DIR: process.env.BUILD_DIR ?? 'build' },
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
