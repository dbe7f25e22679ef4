import { describe, expect, it } from 'vitest';
import { DEMO_FIREBASE_CONFIG, DEMO_STAFF_DOMAINS } from './demo';
import { ConfigError, getRuntimeConfig, parseRuntimeConfig } from './env';

const FULL_ENV = {
  VITE_FIREBASE_API_KEY: 'AIzaSyExampleKey123',
  VITE_FIREBASE_AUTH_DOMAIN: 'school-prod.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'school-prod',
  VITE_FIREBASE_STORAGE_BUCKET: 'school-prod.appspot.com',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '123456789012',
  VITE_FIREBASE_APP_ID: '1:123456789012:web:abcdef123456',
  VITE_FIREBASE_MEASUREMENT_ID: 'G-ABC123XYZ',
  VITE_GOOGLE_CLIENT_ID: '123-abc.apps.googleusercontent.com',
  VITE_GOOGLE_SIGNIN_ENABLED: 'true',
  VITE_APP_CHECK_SITE_KEY: '6LcSiteKey',
  VITE_PWA_ENABLED: '1',
  VITE_STAFF_DOMAIN_1: 'Staff.School.example',
  VITE_STAFF_DOMAIN_2: 'admin.school.example',
};

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    parseRuntimeConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('parseRuntimeConfig accepted an invalid configuration');
}

describe('parseRuntimeConfig', () => {
  it('runs in demo mode against the fake project when no Firebase variable is set', () => {
    const config = parseRuntimeConfig({});
    expect(config.mode).toBe('demo');
    expect(config.firebase).toEqual(DEMO_FIREBASE_CONFIG);
    expect(config.staffDomains).toEqual([...DEMO_STAFF_DOMAINS]);
    expect(config.googleSignInEnabled).toBe(true);
    expect(config.pwaEnabled).toBe(true);
    expect(config.appCheckSiteKey).toBeUndefined();
    expect(config.measurementId).toBeUndefined();
  });

  it('treats empty values as unset, so a blank .env template still means demo mode', () => {
    const blank = Object.fromEntries(Object.keys(FULL_ENV).map((key) => [key, ' ']));
    expect(parseRuntimeConfig(blank).mode).toBe('demo');
  });

  it('reads a complete production configuration', () => {
    const config = parseRuntimeConfig(FULL_ENV);
    expect(config).toEqual({
      mode: 'firebase',
      firebase: {
        apiKey: 'AIzaSyExampleKey123',
        authDomain: 'school-prod.firebaseapp.com',
        projectId: 'school-prod',
        storageBucket: 'school-prod.appspot.com',
        messagingSenderId: '123456789012',
        appId: '1:123456789012:web:abcdef123456',
        measurementId: 'G-ABC123XYZ',
      },
      googleClientId: '123-abc.apps.googleusercontent.com',
      googleSignInEnabled: true,
      appCheckSiteKey: '6LcSiteKey',
      measurementId: 'G-ABC123XYZ',
      pwaEnabled: true,
      staffDomains: ['staff.school.example', 'admin.school.example'],
      emulators: null,
    });
  });

  it('leaves optional services off in production when their variables are absent', () => {
    const {
      VITE_FIREBASE_MEASUREMENT_ID: _m,
      VITE_APP_CHECK_SITE_KEY: _a,
      VITE_GOOGLE_SIGNIN_ENABLED: _g,
      VITE_PWA_ENABLED: _p,
      VITE_STAFF_DOMAIN_1: _s1,
      VITE_STAFF_DOMAIN_2: _s2,
      ...minimal
    } = FULL_ENV;
    const config = parseRuntimeConfig(minimal);
    expect(config.mode).toBe('firebase');
    expect(config.measurementId).toBeUndefined();
    expect(config.firebase).not.toHaveProperty('measurementId');
    expect(config.appCheckSiteKey).toBeUndefined();
    expect(config.googleSignInEnabled).toBe(false);
    expect(config.pwaEnabled).toBe(false);
    expect(config.staffDomains).toEqual([]);
  });

  it('refuses a partly filled Firebase configuration and names each missing variable', () => {
    const error = configError({
      VITE_FIREBASE_API_KEY: 'AIzaSyExampleKey123',
      VITE_FIREBASE_PROJECT_ID: 'school-prod',
    });
    const named = error.issues.map((issue) => issue.variable);
    expect(named).toEqual([
      'VITE_FIREBASE_AUTH_DOMAIN',
      'VITE_FIREBASE_STORAGE_BUCKET',
      'VITE_FIREBASE_MESSAGING_SENDER_ID',
      'VITE_FIREBASE_APP_ID',
    ]);
    for (const variable of named) expect(error.message).toContain(variable);
    expect(error.message).not.toContain('VITE_FIREBASE_API_KEY');
  });

  it('treats a lone measurement id as a partly filled configuration', () => {
    const error = configError({ VITE_FIREBASE_MEASUREMENT_ID: 'G-ABC123XYZ' });
    expect(error.issues).toHaveLength(6);
    expect(error.message).toContain('VITE_FIREBASE_APP_ID');
  });

  it('rejects flag values other than true, false, 1 and 0, naming the variable', () => {
    const error = configError({ VITE_PWA_ENABLED: 'yes please', VITE_GOOGLE_SIGNIN_ENABLED: 'on' });
    expect(error.issues).toEqual([
      { variable: 'VITE_GOOGLE_SIGNIN_ENABLED', problem: 'must be true or false' },
      { variable: 'VITE_PWA_ENABLED', problem: 'must be true or false' },
    ]);
    expect(parseRuntimeConfig({ VITE_PWA_ENABLED: 'TRUE' }).pwaEnabled).toBe(true);
    expect(parseRuntimeConfig({ VITE_GOOGLE_SIGNIN_ENABLED: '0' }).googleSignInEnabled).toBe(false);
  });

  it('rejects malformed values in a complete configuration, naming every bad variable', () => {
    const error = configError({
      ...FULL_ENV,
      VITE_FIREBASE_APP_ID: 'not-an-app-id',
      VITE_FIREBASE_MESSAGING_SENDER_ID: 'abc',
      VITE_STAFF_DOMAIN_2: 'not a domain',
      VITE_GOOGLE_CLIENT_ID: 'client-id',
    });
    expect(error.issues.map((issue) => issue.variable).sort()).toEqual([
      'VITE_FIREBASE_APP_ID',
      'VITE_FIREBASE_MESSAGING_SENDER_ID',
      'VITE_GOOGLE_CLIENT_ID',
      'VITE_STAFF_DOMAIN_2',
    ]);
  });

  it('uses configured staff domains in demo mode instead of the demo ones', () => {
    expect(parseRuntimeConfig({ VITE_STAFF_DOMAIN_1: 'my.school.example' }).staffDomains).toEqual([
      'my.school.example',
    ]);
  });
});

const SERVER_PAGE = {
  fakeFirebaseMark: 'server',
  protocol: 'http:',
  hostname: '192.168.1.20',
  port: '4173',
};

describe('the emulator hosts (server mode and the official Emulator Suite)', () => {
  it('uses the in-page fake in demo mode when nothing points elsewhere', () => {
    expect(parseRuntimeConfig({}).emulators).toBeNull();
    expect(parseRuntimeConfig({}, { ...SERVER_PAGE, fakeFirebaseMark: null }).emulators).toBeNull();
  });

  it('points every service at VITE_FIREBASE_EMULATOR_HOST, and the console control too', () => {
    const { emulators } = parseRuntimeConfig({ VITE_FIREBASE_EMULATOR_HOST: '127.0.0.1:4312' });
    const endpoint = { host: '127.0.0.1', port: 4312 };
    expect(emulators).toEqual({
      auth: endpoint,
      firestore: endpoint,
      functions: endpoint,
      controlUrl: 'http://127.0.0.1:4312',
    });
  });

  it("lets each service override the shared host, as the official suite's separate ports need", () => {
    const { emulators } = parseRuntimeConfig({
      VITE_FIREBASE_EMULATOR_HOST: 'localhost:4400',
      VITE_FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9099',
      VITE_FIREBASE_FIRESTORE_EMULATOR_HOST: '[::1]:8080',
    });
    expect(emulators?.auth).toEqual({ host: 'localhost', port: 9099 });
    expect(emulators?.firestore).toEqual({ host: '[::1]', port: 8080 });
    expect(emulators?.functions).toEqual({ host: 'localhost', port: 4400 });
    expect(emulators?.controlUrl).toBe('http://localhost:4400');
  });

  it('accepts all three per-service hosts without a shared one', () => {
    const { emulators } = parseRuntimeConfig({
      VITE_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      VITE_FIREBASE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
      VITE_FIREBASE_FUNCTIONS_EMULATOR_HOST: '127.0.0.1:5001',
    });
    expect(emulators?.functions).toEqual({ host: '127.0.0.1', port: 5001 });
    expect(emulators?.controlUrl).toBe('http://127.0.0.1:9099');
  });

  it('refuses a service left on the real backend while another is on an emulator', () => {
    const error = configError({ VITE_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(error.issues.map((issue) => issue.variable)).toEqual([
      'VITE_FIREBASE_FIRESTORE_EMULATOR_HOST',
      'VITE_FIREBASE_FUNCTIONS_EMULATOR_HOST',
    ]);
  });

  it('refuses hosts that are not host:port, naming the variable', () => {
    for (const value of ['127.0.0.1', 'http://127.0.0.1:9099', 'localhost:0', 'localhost:70000']) {
      const error = configError({ VITE_FIREBASE_EMULATOR_HOST: value });
      expect(error.issues).toEqual([
        {
          variable: 'VITE_FIREBASE_EMULATOR_HOST',
          problem: 'must be host:port, such as 127.0.0.1:9099',
        },
      ]);
    }
    expect(configError({ VITE_FAKE_FIREBASE: 'remote' }).issues).toEqual([
      { variable: 'VITE_FAKE_FIREBASE', problem: 'must be in-page or server' },
    ]);
  });

  it('connects to the emulators also with a real project configured (the official suite)', () => {
    const config = parseRuntimeConfig({
      ...FULL_ENV,
      VITE_FIREBASE_EMULATOR_HOST: '127.0.0.1:9099',
    });
    expect(config.mode).toBe('firebase');
    expect(config.emulators?.auth).toEqual({ host: '127.0.0.1', port: 9099 });
  });

  it("follows a served page's server-mode mark to the page's own host in demo mode", () => {
    const endpoint = { host: '192.168.1.20', port: 4173 };
    expect(parseRuntimeConfig({}, SERVER_PAGE).emulators).toEqual({
      auth: endpoint,
      firestore: endpoint,
      functions: endpoint,
      controlUrl: 'http://192.168.1.20:4173',
    });
    expect(
      parseRuntimeConfig({}, { ...SERVER_PAGE, hostname: 'school.local', port: '' }).emulators
        ?.auth,
    ).toEqual({ host: 'school.local', port: 80 });
  });

  it('uses server mode on the page origin when the build asks for it (npm run dev)', () => {
    const page = { ...SERVER_PAGE, fakeFirebaseMark: null };
    expect(parseRuntimeConfig({ VITE_FAKE_FIREBASE: 'server' }, page).emulators?.controlUrl).toBe(
      'http://192.168.1.20:4173',
    );
  });

  it('stays in-page when told so, over https, and always in a production build', () => {
    expect(parseRuntimeConfig({ VITE_FAKE_FIREBASE: 'in-page' }, SERVER_PAGE).emulators).toBeNull();
    expect(parseRuntimeConfig({}, { ...SERVER_PAGE, protocol: 'https:' }).emulators).toBeNull();
    expect(parseRuntimeConfig(FULL_ENV, SERVER_PAGE).emulators).toBeNull();
    expect(
      parseRuntimeConfig({ ...FULL_ENV, VITE_FAKE_FIREBASE: 'server' }, SERVER_PAGE).emulators,
    ).toBeNull();
  });
});

describe('getRuntimeConfig', () => {
  it('reads the test environment, which configures no project, as demo mode and memoises it', () => {
    const first = getRuntimeConfig();
    expect(first.mode).toBe('demo');
    expect(getRuntimeConfig()).toBe(first);
  });
});
