// Public runtime configuration, read once from the `VITE_*` variables Vite inlines at build time.
// With no Firebase project configured the app runs in demo mode against the embedded fake; a half
// filled configuration is refused outright, because silently falling back to demo mode would let a
// production deployment show invented data.
import { z } from 'zod';
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
  measurementId?: string;
  pwaEnabled: boolean;
  /** Lower-cased e-mail domains whose accounts are granted admin + superAdmin (spec §6). */
  staffDomains: string[];
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
  'VITE_PWA_ENABLED',
  'VITE_STAFF_DOMAIN_1',
  'VITE_STAFF_DOMAIN_2',
] as const;

const FLAG_VALUES: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

const domainSchema = z
  .string()
  .regex(/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/);
const authDomainSchema = domainSchema;
const projectIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{3,}[a-z0-9]$/);
const apiKeySchema = z.string().regex(/^\S+$/);
const senderIdSchema = z.string().regex(/^\d+$/);
const appIdSchema = z.string().regex(/^\d+:\d+:[a-z]+:\S+$/);
const measurementIdSchema = z.string().regex(/^G-[A-Z0-9]+$/);

const FIREBASE_VAR_SCHEMAS: Record<RequiredFirebaseVar, z.ZodType<string>> = {
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
export function parseRuntimeConfig(env: Record<string, string | undefined>): RuntimeConfig {
  const issues: ConfigIssue[] = [];

  const flag = (name: string): boolean | undefined => {
    const raw = read(env, name);
    if (raw === undefined) return undefined;
    const value = FLAG_VALUES[raw.toLowerCase()];
    if (value === undefined) issues.push({ variable: name, problem: 'must be true or false' });
    return value;
  };
  const optional = (name: string, schema: z.ZodType<string>, problem: string) => {
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
    z.string().regex(/^\S+\.apps\.googleusercontent\.com$/),
    'must end with .apps.googleusercontent.com',
  );
  const googleSignInEnabled = flag('VITE_GOOGLE_SIGNIN_ENABLED');
  const appCheckSiteKey = optional('VITE_APP_CHECK_SITE_KEY', apiKeySchema, 'has an invalid value');
  const pwaEnabled = flag('VITE_PWA_ENABLED');
  const staffDomains: string[] = [];
  for (const name of ['VITE_STAFF_DOMAIN_1', 'VITE_STAFF_DOMAIN_2']) {
    const domain = read(env, name)?.toLowerCase();
    if (domain === undefined) continue;
    if (domainSchema.safeParse(domain).success) staffDomains.push(domain);
    else issues.push({ variable: name, problem: 'must be a domain name such as school.example' });
  }

  if (issues.length > 0) throw new ConfigError(issues);

  if (mode === 'demo') {
    // App Check and Analytics talk to Google directly, which the fake cannot answer: left off.
    return {
      mode,
      firebase: { ...DEMO_FIREBASE_CONFIG },
      googleClientId,
      googleSignInEnabled: googleSignInEnabled ?? true,
      pwaEnabled: pwaEnabled ?? false,
      staffDomains: staffDomains.length > 0 ? staffDomains : [...DEMO_STAFF_DOMAINS],
    };
  }
  const firebaseConfig = z
    .object({
      apiKey: z.string(),
      authDomain: z.string(),
      projectId: z.string(),
      storageBucket: z.string(),
      messagingSenderId: z.string(),
      appId: z.string(),
    })
    .parse(firebase);
  return {
    mode,
    firebase: measurementId ? { ...firebaseConfig, measurementId } : firebaseConfig,
    googleClientId,
    googleSignInEnabled: googleSignInEnabled ?? false,
    appCheckSiteKey,
    measurementId,
    pwaEnabled: pwaEnabled ?? false,
    staffDomains,
  };
}

let cached: RuntimeConfig | undefined;

/** The app's runtime configuration, parsed from `import.meta.env` on first use. */
export function getRuntimeConfig(): RuntimeConfig {
  if (cached) return cached;
  const env: Record<string, string | undefined> = {};
  const source: Record<string, unknown> = import.meta.env;
  for (const name of RUNTIME_CONFIG_VARIABLES) {
    const value = source[name];
    if (typeof value === 'string') env[name] = value;
  }
  cached = parseRuntimeConfig(env);
  return cached;
}
