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
    expect(config.pwaEnabled).toBe(false);
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

describe('getRuntimeConfig', () => {
  it('reads the test environment, which configures no project, as demo mode and memoises it', () => {
    const first = getRuntimeConfig();
    expect(first.mode).toBe('demo');
    expect(getRuntimeConfig()).toBe(first);
  });
});
