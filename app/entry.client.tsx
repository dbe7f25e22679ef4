// Client entry. Before React or any Firebase code runs it reads the runtime configuration: an
// invalid one stops here with a readable page, and demo mode installs the embedded fake Firebase so
// that the very first Firebase request is already answered by it — or, in server mode (the fake
// served over HTTP by `npm run dev` / `npm start`), only the console control that talks to it.
import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { registerDemoControl } from '~/config/demo-control';
import { ConfigError, getRuntimeConfig } from '~/config/env';

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

async function boot() {
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

  if (config.mode === 'demo') {
    const demoAccounts = import('../mocks/demo-accounts');
    let reset: () => Promise<void>;
    if (config.emulators) {
      // Server mode: the fake runs behind the emulator host; msw never loads in this page.
      const { installRemoteFakeFirebase } = await import('../mocks/remote-control');
      const fake = installRemoteFakeFirebase(config.emulators.controlUrl);
      reset = () => fake.reset({ profile: 'demo' });
    } else {
      const { installFakeFirebase } = await import('../mocks/browser');
      const fake = await installFakeFirebase();
      reset = () => fake.reset({ profile: 'demo' });
    }
    // Demo mode only: the data layer on window.__lc, for the browser tests and the console.
    const { exposeDataLayerForTests } = await import('~/data/debug');
    exposeDataLayerForTests();
    const demo = await demoAccounts;
    registerDemoControl({
      reset,
      accounts: demo.DEMO_ACCOUNTS,
      googleAccounts: demo.DEMO_GOOGLE_ACCOUNTS,
      createGoogleIdToken: demo.createFakeGoogleIdToken,
    });
  }

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
