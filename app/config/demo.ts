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
