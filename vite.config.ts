/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { remixPWA } from '@remix-pwa/dev';
import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { build, defineConfig, type Plugin } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import { parseRuntimeConfig } from './app/config/env';
import { DEFAULT_HOST, listFromEnv, networkExposureWarning } from './mocks/fence';
import {
  buildIdentityDefines,
  buildInfoDevServer,
  resolveBuildIdentity,
  writeBuildInfo,
} from './scripts/build-info';
import { compressBuild } from './scripts/compress-build';
import { routeHandles } from './scripts/route-handles-plugin';
import { finalizeSecurityHeaders } from './scripts/security-headers-build';
import { finalizeServiceWorker } from './scripts/sw-precache';
import { userGuide } from './scripts/user-guide-plugin';
import type * as FakeFirebaseServer from './mocks/server';
import type { FakeFirebaseMiddleware } from './mocks/server';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

// The Remix plugin is left out under vitest: it expects to own the whole build (toolchain.md).
const isVitest = Boolean(process.env.VITEST);
const buildDirectory = process.env.BUILD_DIR ?? 'build';
const root = fileURLToPath(new URL('.', import.meta.url));

/** `FAKE_FIREBASE=in-page npm run dev` keeps the fake in the page; server mode is the default. */
const fakeInPage = process.env.FAKE_FIREBASE === 'in-page';
/** `npm run dev` listens on 127.0.0.1 unless HOST says otherwise (issue 28; an empty HOST too). */
const devHost = process.env.HOST || DEFAULT_HOST;

/**
 * Server mode in `npm run dev` (decision 033): the fake Firebase is mounted on the dev server
 * (loaded through Vite's SSR loader, so the TypeScript mocks run as they are) and the client is
 * told to connect the SDK's emulators to its own origin.
 */
function fakeFirebaseDevServer(): Plugin {
  return {
    name: 'fake-firebase-dev-server',
    apply: (_config, env) => env.command === 'serve' && !isVitest && !fakeInPage,
    config: () => ({ define: { 'import.meta.env.VITE_FAKE_FIREBASE': JSON.stringify('server') } }),
    configureServer(server) {
      const warning = networkExposureWarning(devHost);
      if (warning) server.httpServer?.once('listening', () => console.warn(`\n${warning}\n`));
      let middleware: Promise<FakeFirebaseMiddleware> | undefined;
      server.middlewares.use((req, res, next) => {
        middleware ??= server.ssrLoadModule('/mocks/server.ts').then((module) => {
          const { createFakeFirebaseMiddleware }: Partial<typeof FakeFirebaseServer> = module;
          if (!createFakeFirebaseMiddleware) throw new Error('mocks/server.ts has no middleware');
          return createFakeFirebaseMiddleware({
            stateFile: process.env.FAKE_FIREBASE_STATE ?? '.fake-firebase/state.json',
            fresh: process.env.FAKE_FIREBASE_FRESH === '1',
            allowedHosts: [...listFromEnv(process.env.FAKE_FIREBASE_ALLOWED_HOSTS), devHost],
          });
        });
        middleware.then((handle) => handle(req, res, next), next);
      });
    },
  };
}

/**
 * Bundles mocks/server.ts for plain Node into <build>/fake-firebase/server.mjs, which
 * scripts/serve.mjs mounts in server mode. Only for a demo build: a build with a real project
 * gets no fake to serve. Dependencies (msw, zod) stay in node_modules.
 */
async function buildFakeFirebaseServer(env: Record<string, string | undefined>): Promise<void> {
  try {
    if (parseRuntimeConfig(env).mode !== 'demo') return;
  } catch {
    return; // An invalid configuration builds an app that shows the error page; no fake either.
  }
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [tsconfigPaths()],
    build: {
      ssr: 'mocks/server.ts',
      outDir: `${buildDirectory}/fake-firebase`,
      emptyOutDir: true,
      target: 'node20',
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'server.mjs' } },
    },
  });
}

/**
 * After Remix has written build/client (index.html included, which SPA mode writes last): the boot
 * script out of index.html and the security headers for what stays inline (decision 049), then the
 * version files (builds/), then the service worker's precache list from the files actually there,
 * then brotli/gzip copies of everything, then the fake's server bundle. The order matters: the
 * precache list must see index.html, and the compressed copies must include the final sw.js.
 */
async function finishBuild(env: Record<string, string | undefined>): Promise<void> {
  const clientDir = `${buildDirectory}/client`;
  await finalizeSecurityHeaders({ buildDir: buildDirectory, env });
  await writeBuildInfo({ clientDir, env });
  await finalizeServiceWorker({ clientDir, env });
  await compressBuild({ clientDir });
  await buildFakeFirebaseServer(env);
}

export default defineConfig({
  server: { host: devHost, port: 5173, strictPort: true },
  // This build's version and id, fixed before the build (scripts/build-info.ts), for the app.
  define: buildIdentityDefines(resolveBuildIdentity()),
  preview: { port: 4173 },
  // Pre-bundled at dev start: Vite would otherwise find these only when a lazily loaded route
  // imports them, re-optimize, and reload the page in the middle of the first sign-in (issue 30).
  optimizeDeps: { include: ['react-aria-components', '@date-fns/tz', 'date-fns'] },
  // Web workers (the CSV import's parser) are bundled on their own: as ES modules, with the `~/`
  // alias like the app's code.
  worker: { format: 'es', plugins: () => [tsconfigPaths()] },
  plugins: [
    fakeFirebaseDevServer(),
    buildInfoDevServer(),
    tailwindcss(),
    routeHandles({ routesDir: fileURLToPath(new URL('./app/routes', import.meta.url)) }),
    // The user guide's pages, compiled from docs/user-guide at build time (issue 16).
    userGuide({ dir: fileURLToPath(new URL('./docs/user-guide', import.meta.url)) }),
    !isVitest &&
      remix({
        ssr: false,
        // BUILD_DIR lets parallel test runs build side by side (scripts/serve.mjs reads it too).
        buildDirectory,
        buildEnd: ({ viteConfig }) => finishBuild(viteConfig.env),
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
        },
      }),
    // The service worker (decision 040): remix-pwa compiles app/entry.worker.ts to <build>/client/sw.js
    // during the build. Our worker is its own entry point (not remix-pwa's runtime, which answers
    // every fetch), registration lives in app/pwa/service-worker.ts behind the PWA flag (no injected
    // script), and scripts/sw-precache.ts writes the precache list into it after the build.
    !isVitest &&
      remixPWA({
        workerName: 'sw',
        workerEntryPoint: fileURLToPath(new URL('./app/entry.worker.ts', import.meta.url)),
        // Read when remix-pwa resolves its options (configResolved), the moment it decides dev or
        // build itself: `remix vite:dev` serves the worker from public/ (git-ignored).
        get workerBuildDirectory() {
          return process.env.NODE_ENV === 'development' ? 'public' : `${buildDirectory}/client`;
        },
        workerMinify: true,
        registerSW: null,
        scope: '/',
      }),
    tsconfigPaths(),
  ],
  test: {
    environment: 'jsdom',
    include: [
      'app/**/*.test.{ts,tsx}',
      'mocks/**/*.test.ts',
      'test/unit/**/*.test.{ts,tsx}',
      'firebase/functions/src/**/*.test.ts',
    ],
    setupFiles: ['./test/setup-unit.ts'],
    restoreMocks: true,
    testTimeout: 20000,
  },
});
