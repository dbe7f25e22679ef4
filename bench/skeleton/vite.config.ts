// The baseline of `npm run bench:load`: an empty Remix SPA (a root and one route with an e-mail
// field), built with the app's Remix and Vite versions and compressed like the app, so the
// benchmark can say how far the app's first load is from the least a Remix SPA costs.
// `npx remix vite:build --config bench/skeleton/vite.config.ts` writes build/bench-skeleton.
import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import { compressBuild } from '../../scripts/compress-build';

const root = fileURLToPath(new URL('.', import.meta.url));
const buildDirectory = fileURLToPath(new URL('../../build/bench-skeleton', import.meta.url));

export default defineConfig({
  root,
  logLevel: 'warn',
  // Nothing of the app's public/ folder (icons, the service worker): the bare framework only.
  publicDir: false,
  plugins: [
    remix({
      ssr: false,
      appDirectory: fileURLToPath(new URL('./app', import.meta.url)),
      buildDirectory,
      buildEnd: () => compressBuild({ clientDir: `${buildDirectory}/client` }),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
