// The auth contract suite's own vitest config: not part of `npm run test:unit` (it needs a running
// Auth emulator or the fake's server, which scripts/auth-contract.mjs starts), and without the unit
// setup file, whose msw server would answer Firebase's requests before they reach the target.
import { fileURLToPath } from 'node:url';
import tsconfigPaths from 'vite-tsconfig-paths';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  plugins: [tsconfigPaths()],
  test: {
    // The same environment as the app's unit tests of app/backend/auth.ts.
    environment: 'jsdom',
    include: ['test/contract/**/*.contract.test.ts'],
    // The cases share one signed-in SDK instance and one account table: one after the other.
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 30_000,
  },
});
