// Client entry. Before React or any Firebase code runs it reads the runtime configuration: an
// invalid one stops here with a readable page. Demo mode starts loading the embedded fake Firebase
// (or, in server mode — the fake served over HTTP by `npm run dev` / `npm start` — only the console
// control that talks to it) alongside the app; the first Firebase request waits for it.
import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { holdBackendUntil } from '~/config/backend-gate';
import { warnDemoModeOnce } from '~/config/demo';
import { registerDemoControlLater } from '~/config/demo-control';
import { ConfigError, getRuntimeConfig } from '~/config/env';
import { installChunkReloadGuard } from '~/pwa/chunk-reload';
import { catchEarlyInstallPrompt } from '~/pwa/early-install-prompt';

// First of all: a stale tab whose chunks were replaced by a deploy reloads once (spec §8).
installChunkReloadGuard();
// The install prompt can arrive before the PWA layer loads; keep it for the install store.
catchEarlyInstallPrompt();

function showConfigError(error: ConfigError) {
  document.title = 'Configuration error';
  const main = document.createElement('main');
  main.setAttribute(
    'style',
    'max-width:40rem;margin:3rem auto;padding:2rem;font-family:system-ui,sans-serif;color:#0f172a;background:#fff;border:1px solid #cbd5e1;border-radius:.5rem',
  );
  const heading = document.createElement('h1');
  heading.textContent = 'The app is not configured correctly';
  const lead = document.createElement('p');
  lead.textContent =
    'Fix these build-time variables (or remove every VITE_FIREBASE_* variable to run in demo mode), then rebuild:';
  const list = document.createElement('ul');
  for (const issue of error.issues) {
    const item = document.createElement('li');
    const name = document.createElement('code');
    name.textContent = issue.variable;
    item.append(name, ` ${issue.problem}`);
    list.append(item);
  }
  main.append(heading, lead, list);
  document.body.replaceChildren(main);
}

/**
 * Demo mode: loads the fake Firebase (or, in server mode, the console control that talks to it),
 * the demo accounts and the `window.__lc` test handle in parallel with the app instead of before
 * it (issue 11, part 5). The first Firebase request waits for the fake (backend-gate.ts) and the
 * login page for the accounts (whenDemoControl), so nothing reaches the network unanswered.
 */
function startDemoBackend(controlUrl: string | null) {
  warnDemoModeOnce();
  // Server mode: the fake runs behind the emulator host; msw never loads in this page.
  // In-page, the fake runs in a Web Worker (decision 059); the SDK may start once the page
  // intercepts its requests (startFakeFirebase): each waits in the worker for the fake's saved
  // state, which loads meanwhile, and offline each fails at once without starting the worker.
  const fake: Promise<{ reset: (options: { profile: 'demo' }) => Promise<unknown> }> = controlUrl
    ? import('../mocks/remote-control').then((m) => m.installRemoteFakeFirebase(controlUrl))
    : import('../mocks/browser').then((m) => m.startFakeFirebase());
  holdBackendUntil(fake);
  registerDemoControlLater(
    import('../mocks/demo-accounts').then((demo) => ({
      reset: async () => {
        await (await fake).reset({ profile: 'demo' });
      },
      accounts: demo.DEMO_ACCOUNTS,
      googleAccounts: demo.DEMO_GOOGLE_ACCOUNTS,
      createGoogleIdToken: demo.createFakeGoogleIdToken,
    })),
  );
  // Demo mode only: the data layer on window.__lc, for the browser tests and the console.
  void import('~/data/debug').then((m) => m.exposeDataLayerForTests());
}

async function boot() {
  // A shared computer stays clean (decision 051): when no session can be restored here, the last
  // browser session's data is removed before the app shows anything. Fetched at once, beside the
  // configuration and the demo backend, like the other start-up work that is not the login page's.
  const cleanedUp = import('~/auth/shared-device').then((m) => m.cleanUpBeforeStart());
  let config;
  try {
    config = getRuntimeConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      showConfigError(error);
      return;
    }
    throw error;
  }

  if (config.mode === 'demo') startDemoBackend(config.emulators?.controlUrl ?? null);

  await cleanedUp;

  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

void boot();
