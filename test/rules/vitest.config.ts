// The rules emulator suite's own vitest config: not part of `npm run test:unit` (it needs the
// Firestore and Storage emulators, Java 21, which scripts/test-rules.mjs starts), and without the
// unit setup file, whose msw server would answer the emulator's requests.
import { fileURLToPath } from 'node:url';
import tsconfigPaths from 'vite-tsconfig-paths';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  // The fake and app/domain/server import through the app's `~/` alias (tsconfig paths); without
  // it the suite stopped at its first import, before any emulator was asked.
  plugins: [tsconfigPaths()],
  test: {
    environment: 'node',
    include: ['test/rules/**/*.rules.test.ts'],
    // One emulator, one seeded data set: the files run one after the other.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
