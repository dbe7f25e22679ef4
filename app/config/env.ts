// Public runtime configuration, read once from the `VITE_*` variables Vite inlines at build time.
// With no Firebase project configured the app runs in demo mode against the embedded fake; a half
// filled configuration is refused outright, because silently falling back to demo mode would let a
// production deployment show invented data.
import { DEMO_FIREBASE_CONFIG, DEMO_STAFF_DOMAINS } from './demo';

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  messagingSenderId: string;
  appId: string;
  measurementId?: string;
}

export interface RuntimeConfig {
  /** `demo` when no Firebase project is configured: every Firebase request is served by the fake. */
  mode: 'demo' | 'firebase';
  firebase: FirebaseWebConfig;
  googleClientId?: string;
  /** Whether Google sign-in is offered. Defaults to on in demo mode (the fake's account chooser). */
  googleSignInEnabled: boolean;
  appCheckSiteKey?: string;
  /** Web Push's public VAPID key for `firebase/messaging` getToken (issue 31); absent: no push. */
  vapidKey?: string;
  measurementId?: string;
  pwaEnabled: boolean;
  /** Lower-cased e-mail domains whose accounts are granted admin + superAdmin (spec §6). */
  staffDomains: string[];
  /**
   * Where the SDK's emulator connections point (`connect*Emulator`), or null for the real services
   * (firebase mode) or the in-page fake (demo mode). Set by `VITE_FIREBASE_EMULATOR_HOST` and its
   * per-service overrides, or in demo mode by server mode (the fake served by `npm run dev` or
   * `npm start` on the page's own origin).
   */
  emulators: EmulatorHosts | null;
}

export interface EmulatorEndpoint {
  /** Host name or IP address; an IPv6 address keeps its brackets (`[::1]`). */
  host: string;
  port: number;
}

export interface EmulatorHosts {
  auth: EmulatorEndpoint;
  firestore: EmulatorEndpoint;
  functions: EmulatorEndpoint;
  /** Base URL of the fake's console control (`/__fake/…`); only the fake's server mode has one. */
  controlUrl: string;
}

/**
 * What the served page says about itself: `scripts/serve.mjs` in server mode marks index.html with
 * `<html data-fake-firebase="server">`, and the page's own host is then the emulator host.
 */
export interface PageContext {
  fakeFirebaseMark: string | null;
  /** `location.protocol`, `location.hostname` (IPv6 with brackets) and `location.port`. */
  protocol: string;
  hostname: string;
  port: string;
}

export interface ConfigIssue {
  variable: string;
  problem: string;
}

/** A partly filled or invalid configuration; the root UI renders the message as an error page. */
export class ConfigError extends Error {
  readonly issues: ConfigIssue[];

  constructor(issues: ConfigIssue[]) {
    super(
      `Invalid runtime configuration: ${issues.map((i) => `${i.variable} ${i.problem}`).join('; ')}`,
    );
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** The variables that together describe a Firebase project, mapped to their config keys. */
const REQUIRED_FIREBASE_VARS = {
  VITE_FIREBASE_API_KEY: 'apiKey',
  VITE_FIREBASE_AUTH_DOMAIN: 'authDomain',
  VITE_FIREBASE_PROJECT_ID: 'projectId',
  VITE_FIREBASE_STORAGE_BUCKET: 'storageBucket',
  VITE_FIREBASE_MESSAGING_SENDER_ID: 'messagingSenderId',
  VITE_FIREBASE_APP_ID: 'appId',
} as const;
type RequiredFirebaseVar = keyof typeof REQUIRED_FIREBASE_VARS;
const REQUIRED_VAR_NAMES = Object.keys(REQUIRED_FIREBASE_VARS).filter(
  (name): name is RequiredFirebaseVar => name in REQUIRED_FIREBASE_VARS,
);

/** Every variable this module reads; anything else in the environment is ignored. */
export const RUNTIME_CONFIG_VARIABLES = [
  ...REQUIRED_VAR_NAMES,
  'VITE_FIREBASE_MEASUREMENT_ID',
  'VITE_GOOGLE_CLIENT_ID',
  'VITE_GOOGLE_SIGNIN_ENABLED',
  'VITE_APP_CHECK_SITE_KEY',
  'VITE_FIREBASE_VAPID_KEY',
  'VITE_PWA_ENABLED',
  'VITE_STAFF_DOMAIN_1',
  'VITE_STAFF_DOMAIN_2',
  'VITE_FIREBASE_EMULATOR_HOST',
  'VITE_FIREBASE_AUTH_EMULATOR_HOST',
  'VITE_FIREBASE_FIRESTORE_EMULATOR_HOST',
  'VITE_FIREBASE_FUNCTIONS_EMULATOR_HOST',
  'VITE_FAKE_FIREBASE',
] as const;

/** The per-service emulator variables, each falling back to VITE_FIREBASE_EMULATOR_HOST. */
const SERVICE_EMULATOR_VARS = {
  auth: 'VITE_FIREBASE_AUTH_EMULATOR_HOST',
  firestore: 'VITE_FIREBASE_FIRESTORE_EMULATOR_HOST',
  functions: 'VITE_FIREBASE_FUNCTIONS_EMULATOR_HOST',
} as const;

/** `host:port` as the emulators' own variables spell it (FIRESTORE_EMULATOR_HOST=127.0.0.1:8080). */
// Plain checks, not zod: this module runs before anything else on every page, and zod would add
// about 13 KiB gzip to the first load of /login (issue 11, part 5). Same shape as zod's safeParse.
type Parsed<T> = { success: true; data: T } | { success: false };
interface Check<T = string> {
  safeParse(value: string): Parsed<T>;
}

function pattern(regex: RegExp): Check {
  return {
    safeParse: (value) => (regex.test(value) ? { success: true, data: value } : { success: false }),
  };
}

function oneOf<const T extends string>(values: readonly T[]): Check<T> {
  return {
    safeParse: (value) => {
      const found = values.find((candidate) => candidate === value);
      return found === undefined ? { success: false } : { success: true, data: found };
    },
  };
}

const EMULATOR_HOST = /^(\[[0-9a-fA-F:.]+\]|[a-zA-Z0-9](?:[a-zA-Z0-9.-]*[a-zA-Z0-9])?):(\d{1,5})$/;
const emulatorHostSchema = {
  safeParse(value: string): Parsed<EmulatorEndpoint> {
    if (!EMULATOR_HOST.test(value)) return { success: false };
    const colon = value.lastIndexOf(':');
    const port = Number(value.slice(colon + 1));
    if (port < 1 || port > 65535) return { success: false };
    return { success: true, data: { host: value.slice(0, colon), port } };
  },
};

const fakeFirebaseSchema = oneOf(['in-page', 'server']);

function endpointUrl(endpoint: EmulatorEndpoint): string {
  return `http://${endpoint.host}:${endpoint.port}`;
}

const FLAG_VALUES: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

const domainSchema = pattern(
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/,
);
const authDomainSchema = domainSchema;
const projectIdSchema = pattern(/^[a-z0-9][a-z0-9-]{3,}[a-z0-9]$/);
const apiKeySchema = pattern(/^\S+$/);
const senderIdSchema = pattern(/^\d+$/);
const appIdSchema = pattern(/^\d+:\d+:[a-z]+:\S+$/);
const measurementIdSchema = pattern(/^G-[A-Z0-9]+$/);

const FIREBASE_VAR_SCHEMAS: Record<RequiredFirebaseVar, Check> = {
  VITE_FIREBASE_API_KEY: apiKeySchema,
  VITE_FIREBASE_AUTH_DOMAIN: authDomainSchema,
  VITE_FIREBASE_PROJECT_ID: projectIdSchema,
  VITE_FIREBASE_STORAGE_BUCKET: domainSchema,
  VITE_FIREBASE_MESSAGING_SENDER_ID: senderIdSchema,
  VITE_FIREBASE_APP_ID: appIdSchema,
};

/** Empty and whitespace-only values count as unset: `.env` templates often leave `KEY=`. */
function read(env: Record<string, string | undefined>, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/**
 * Validates the public runtime configuration. Pure: pass it `import.meta.env` or a test record.
 * Throws ConfigError naming every bad variable at once, so one fix-and-reload cycle is enough.
 */
export function parseRuntimeConfig(
  env: Record<string, string | undefined>,
  page: PageContext | null = null,
): RuntimeConfig {
  const issues: ConfigIssue[] = [];

  const flag = (name: string): boolean | undefined => {
    const raw = read(env, name);
    if (raw === undefined) return undefined;
    const value = FLAG_VALUES[raw.toLowerCase()];
    if (value === undefined) issues.push({ variable: name, problem: 'must be true or false' });
    return value;
  };
  const optional = (name: string, schema: Check, problem: string) => {
    const raw = read(env, name);
    if (raw === undefined) return undefined;
    if (!schema.safeParse(raw).success) issues.push({ variable: name, problem });
    return raw;
  };

  const firebaseValues = REQUIRED_VAR_NAMES.map((name) => [name, read(env, name)] as const);
  const measurementId = optional(
    'VITE_FIREBASE_MEASUREMENT_ID',
    measurementIdSchema,
    'must look like G-XXXXXXX',
  );
  const anyFirebaseVar =
    firebaseValues.some(([, value]) => value !== undefined) || measurementId !== undefined;
  const mode = anyFirebaseVar ? 'firebase' : 'demo';

  const firebase: Record<string, string> = {};
  if (mode === 'firebase') {
    for (const [name, value] of firebaseValues) {
      if (value === undefined) {
        issues.push({
          variable: name,
          problem: 'is missing (the Firebase project is partly configured)',
        });
      } else if (!FIREBASE_VAR_SCHEMAS[name].safeParse(value).success) {
        issues.push({ variable: name, problem: 'has an invalid value' });
      } else {
        firebase[REQUIRED_FIREBASE_VARS[name]] = value;
      }
    }
  }

  const googleClientId = optional(
    'VITE_GOOGLE_CLIENT_ID',
    pattern(/^\S+\.apps\.googleusercontent\.com$/),
    'must end with .apps.googleusercontent.com',
  );
  const googleSignInEnabled = flag('VITE_GOOGLE_SIGNIN_ENABLED');
  const appCheckSiteKey = optional('VITE_APP_CHECK_SITE_KEY', apiKeySchema, 'has an invalid value');
  // A VAPID public key is 87 base64url characters (an uncompressed P-256 point).
  const vapidKey = optional(
    'VITE_FIREBASE_VAPID_KEY',
    pattern(/^[A-Za-z0-9_-]{80,100}$/),
    'must be the base64url public key of a Web Push key pair',
  );
  const pwaEnabled = flag('VITE_PWA_ENABLED');
  const staffDomains: string[] = [];
  for (const name of ['VITE_STAFF_DOMAIN_1', 'VITE_STAFF_DOMAIN_2']) {
    const domain = read(env, name)?.toLowerCase();
    if (domain === undefined) continue;
    if (domainSchema.safeParse(domain).success) staffDomains.push(domain);
    else issues.push({ variable: name, problem: 'must be a domain name such as school.example' });
  }

  const emulators = readEmulatorHosts(env, mode, page, issues);

  if (issues.length > 0) throw new ConfigError(issues);

  if (mode === 'demo') {
    // App Check and Analytics talk to Google directly, which the fake cannot answer: left off.
    return {
      mode,
      firebase: { ...DEMO_FIREBASE_CONFIG },
      googleClientId,
      googleSignInEnabled: googleSignInEnabled ?? true,
      // The installable, offline shell is on by default in demo mode (issue 11).
      pwaEnabled: pwaEnabled ?? true,
      staffDomains: staffDomains.length > 0 ? staffDomains : [...DEMO_STAFF_DOMAINS],
      emulators,
    };
  }
  const value = (key: string): string => {
    const found = firebase[key];
    if (found === undefined) throw new ConfigError([{ variable: key, problem: 'is missing' }]);
    return found;
  };
  const firebaseConfig = {
    apiKey: value('apiKey'),
    authDomain: value('authDomain'),
    projectId: value('projectId'),
    storageBucket: value('storageBucket'),
    messagingSenderId: value('messagingSenderId'),
    appId: value('appId'),
  };
  return {
    mode,
    firebase: measurementId ? { ...firebaseConfig, measurementId } : firebaseConfig,
    googleClientId,
    googleSignInEnabled: googleSignInEnabled ?? false,
    appCheckSiteKey,
    vapidKey,
    measurementId,
    pwaEnabled: pwaEnabled ?? false,
    staffDomains,
    emulators,
  };
}

/**
 * The emulator hosts, in this order: the build-time variables (the fake's server or the official
 * Emulator Suite, in either mode); then, in demo mode only, server mode on the page's own origin
 * when the build asks for it (`VITE_FAKE_FIREBASE=server`, set by `npm run dev`) or the served page
 * is marked; otherwise none. A production build never follows a page mark: only its own
 * variables can send it to an emulator.
 */
function readEmulatorHosts(
  env: Record<string, string | undefined>,
  mode: RuntimeConfig['mode'],
  page: PageContext | null,
  issues: ConfigIssue[],
): EmulatorHosts | null {
  const parseHost = (name: string): EmulatorEndpoint | undefined => {
    const raw = read(env, name);
    if (raw === undefined) return undefined;
    const parsed = emulatorHostSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    issues.push({ variable: name, problem: 'must be host:port, such as 127.0.0.1:9099' });
    return undefined;
  };
  const rawFake = read(env, 'VITE_FAKE_FIREBASE');
  const fake = rawFake === undefined ? undefined : fakeFirebaseSchema.safeParse(rawFake);
  if (fake && !fake.success) {
    issues.push({ variable: 'VITE_FAKE_FIREBASE', problem: 'must be in-page or server' });
  }

  const generalSet = read(env, 'VITE_FIREBASE_EMULATOR_HOST') !== undefined;
  const general = parseHost('VITE_FIREBASE_EMULATOR_HOST');
  const serviceVars = Object.entries(SERVICE_EMULATOR_VARS);
  if (generalSet || serviceVars.some(([, name]) => read(env, name) !== undefined)) {
    const auth = parseHost(SERVICE_EMULATOR_VARS.auth) ?? general;
    const firestore = parseHost(SERVICE_EMULATOR_VARS.firestore) ?? general;
    const functions = parseHost(SERVICE_EMULATOR_VARS.functions) ?? general;
    if (!auth || !firestore || !functions) {
      // Some services on an emulator and the others on the real project would mix test and real data.
      if (!generalSet) {
        for (const [service, name] of serviceVars) {
          if (read(env, name) !== undefined) continue;
          issues.push({
            variable: name,
            problem: `is missing (set it or VITE_FIREBASE_EMULATOR_HOST, or ${service} would use the real service)`,
          });
        }
      }
      return null;
    }
    return { auth, firestore, functions, controlUrl: endpointUrl(general ?? auth) };
  }

  if (mode !== 'demo' || (fake?.success && fake.data === 'in-page')) return null;
  const wanted = (fake?.success && fake.data === 'server') || page?.fakeFirebaseMark === 'server';
  // Server mode speaks plain http; a page behind https would be refused its emulator requests.
  if (!wanted || !page || page.protocol !== 'http:' || page.hostname === '') return null;
  const origin: EmulatorEndpoint = { host: page.hostname, port: Number(page.port || 80) };
  return { auth: origin, firestore: origin, functions: origin, controlUrl: endpointUrl(origin) };
}

let cached: RuntimeConfig | undefined;

/** What the page tells about itself, in a browser; null elsewhere (tests, Node). */
function readPageContext(): PageContext | null {
  if (typeof document === 'undefined' || typeof location === 'undefined') return null;
  return {
    fakeFirebaseMark: document.documentElement.getAttribute('data-fake-firebase') ?? null,
    protocol: location.protocol,
    hostname: location.hostname,
    port: location.port,
  };
}

/** The app's runtime configuration, parsed from `import.meta.env` (and the page) on first use. */
export function getRuntimeConfig(): RuntimeConfig {
  if (cached) return cached;
  const env: Record<string, string | undefined> = {};
  const source: Record<string, unknown> = import.meta.env;
  for (const name of RUNTIME_CONFIG_VARIABLES) {
    const value = source[name];
    if (typeof value === 'string') env[name] = value;
  }
  cached = parseRuntimeConfig(env, readPageContext());
  return cached;
}
