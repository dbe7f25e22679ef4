// The Firebase web configuration used in demo mode. The SDK needs a syntactically valid config;
// every request it makes with this one is answered by the in-page fake (mocks/), never the network.

/** Project id of the embedded fake Firebase. The `demo-` prefix is what the emulators use too. */
export const DEMO_PROJECT_ID = 'demo-learning-centre';

export const DEMO_FIREBASE_CONFIG = {
  apiKey: 'demo-api-key',
  authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`,
  projectId: DEMO_PROJECT_ID,
  storageBucket: `${DEMO_PROJECT_ID}.appspot.com`,
  messagingSenderId: '000000000000',
  appId: '1:000000000000:web:demo',
} as const;

/** Staff e-mail domains used in demo mode (accounts on them get admin + superAdmin). */
export const DEMO_STAFF_DOMAINS = [
  'staff.demo-learning.example',
  'admin.demo-learning.example',
] as const;

/**
 * What a build without Firebase variables says about itself (issue 28), on the login page beside
 * the demo accounts: it is a demo, open to anyone who uses it, and no place for real data.
 */
export const DEMO_DATA_NOTICE = {
  title: 'This is a demo. Do not enter real data.',
  body:
    'Everything here is invented, and anyone who uses this demo can see and change it: the demo ' +
    'passwords are public. Never enter real children’s or families’ names, health notes or contact ' +
    'details.',
} as const;

/** The same, once in the browser's console (a warning: the browser tests fail on errors). */
export const DEMO_CONSOLE_WARNING =
  'Learning Centre runs in DEMO MODE: no Firebase project is configured, the data is invented, and ' +
  'anyone who uses this demo can see and change it. It must not hold real children’s or families’ ' +
  'data. Set the VITE_FIREBASE_* variables and build again for a real school (docs/deploy.md).';

let demoWarningShown = false;

/** Says DEMO_CONSOLE_WARNING in the console, once per page load (entry.client.tsx, demo mode). */
export function warnDemoModeOnce(): void {
  if (demoWarningShown) return;
  demoWarningShown = true;
  console.warn(DEMO_CONSOLE_WARNING);
}
