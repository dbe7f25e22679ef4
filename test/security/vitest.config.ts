// The probe suite's own vitest config (issue 28, item 10; `npm run test:security`). Not part of
// `npm run test:unit`: that config runs in jsdom with test/setup-unit.ts, whose msw server would
// answer these requests before they reach the fake's HTTP server. Here the fake runs in server mode
// in each test file's process and every probe is a real request to 127.0.0.1.
import { fileURLToPath } from 'node:url';
import tsconfigPaths from 'vite-tsconfig-paths';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  plugins: [tsconfigPaths()],
  test: {
    environment: 'node',
    include: ['test/security/**/*.test.ts'],
    // The fake's store is module state: each file has its own server (vitest isolates files), and
    // the tests of a file share it one after the other, reseeded before each.
    sequence: { concurrent: false },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
