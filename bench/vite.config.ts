// Builds the cache benchmark page (bench/index.html) into build/bench, with the app's `~/` alias.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  // The in-page fake runs in a module worker that splits into chunks (mocks/browser.ts).
  worker: {
    format: 'es',
    plugins: () => [tsconfigPaths({ root: fileURLToPath(new URL('..', import.meta.url)) })],
  },
  plugins: [tsconfigPaths({ root: fileURLToPath(new URL('..', import.meta.url)) })],
  build: {
    outDir: fileURLToPath(new URL('../build/bench', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  logLevel: 'warn',
});
