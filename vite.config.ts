/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import { routeHandles } from './scripts/route-handles-plugin';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

// The Remix plugin is left out under vitest: it expects to own the whole build (toolchain.md).
const isVitest = Boolean(process.env.VITEST);

export default defineConfig({
  server: { port: 5173, strictPort: true },
  preview: { port: 4173 },
  plugins: [
    tailwindcss(),
    routeHandles({ routesDir: fileURLToPath(new URL('./app/routes', import.meta.url)) }),
    !isVitest &&
      remix({
        ssr: false,
        // BUILD_DIR lets parallel test runs build side by side (scripts/serve.mjs reads it too).
        buildDirectory: process.env.BUILD_DIR ?? 'build',
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
        },
      }),
    tsconfigPaths(),
  ],
  test: {
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts', 'test/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup-unit.ts'],
    restoreMocks: true,
    testTimeout: 20000,
  },
});
