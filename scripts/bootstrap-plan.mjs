// The decisions of `npm run bootstrap` (scripts/bootstrap.mjs), kept free of Firebase and of the
// file system so that test/unit/bootstrap.test.ts can check every branch: reading the arguments,
// finding the credentials, and turning what the project already holds into the writes that make
// the first superAdmin. The CLI only gathers the state, calls planBootstrap and performs the steps.
//
// Plain JavaScript because the CLI runs under plain Node 20 (`node scripts/bootstrap.mjs`), which
// cannot import the app's TypeScript. The few facts it repeats from the app (the roles, the shape
// of a Members document and of system/collectionVersions, the cached collections, the claims the
// app reads) are compared with the app's own definitions by the unit test, so they cannot drift.

/** An error the CLI prints as it is, without a stack trace, and exits with status 1. */
export class BootstrapError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'BootstrapError';
  }
}

/**
 * The roles of the first account: superAdmin (the only role that may grant admin roles, domain.md)
 * and admin (the dashboard type and the "all records" scopes hang on admin, not on superAdmin). The
 * same pair the app grants to staff-domain accounts (spec §6) and the demo's superAdmin holds.
 */
export const BOOTSTRAP_ROLES = /** @type {const} */ (['superAdmin', 'admin']);

/** Every role (app/domain/roles.ts ROLES): anything else in a stored profile is dropped. */
export const ROLES = /** @type {const} */ ([
  'admin',
  'superAdmin',
  'facilitator',
  'administration',
  'parent',
  'student',
]);

/** Collections of the local cache (app/config/constants.ts CACHED_COLLECTIONS). */
export const CACHED_COLLECTIONS = /** @type {const} */ ([
  'students',
  'families',
  'facilitators',
  'subjects',
  'classrooms',
  'campuses',
  'members',
]);

/** app/config/constants.ts DEFAULT_COLLECTION_VERSION. */
export const DEFAULT_COLLECTION_VERSION = '1.0.0';

/**
 * Stands for `FieldValue.serverTimestamp()` in a planned write; the CLI swaps in the real one, the
 * tests swap in an ISO string (which is what the app's backend adapter turns a Timestamp into).
 */
export const SERVER_TIME = Object.freeze({ serverTimestamp: true });

export const USAGE = `Makes the first superAdmin of a fresh Firebase project.

Usage:
  npm run bootstrap -- --email someone@school.org [options]

Options:
  --email <address>            the account to make superAdmin (created when it does not exist)
  --service-account <file>     a service account key (JSON); default: GOOGLE_APPLICATION_CREDENTIALS
  --project <id>               the Firebase project id; default: the key's project_id
  --name "<display name>"      the display name of a new account and its Members profile
  --force                      run even though a superAdmin already exists
  --dry-run                    read the project and print the plan, write nothing
  --help                       this text

Against the emulators (FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST both set) no key is
needed, but --project is.`;

// The same test browsers apply to <input type="email">: one @, no spaces, a dotted domain.
const EMAIL = /^[^\s@]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;
// Firebase project ids: 6–30 lower-case letters, digits and hyphens, starting with a letter.
const PROJECT_ID = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;

const VALUE_FLAGS = /** @type {const} */ ({
  '--email': 'email',
  '--service-account': 'serviceAccount',
  '--project': 'project',
  '--name': 'name',
});
const BOOLEAN_FLAGS = /** @type {const} */ ({
  '--force': 'force',
  '--dry-run': 'dryRun',
  '--help': 'help',
  '-h': 'help',
});

/**
 * @typedef {object} BootstrapArgs
 * @property {string} email lower-cased
 * @property {string | null} serviceAccount
 * @property {string | null} project
 * @property {string | null} name
 * @property {boolean} force
 * @property {boolean} dryRun
 * @property {boolean} help
 */

/**
 * Reads the command line (without `node` and the script). `--flag value` and `--flag=value` both
 * work. With --help nothing else is checked.
 * @param {readonly string[]} argv
 * @returns {BootstrapArgs}
 */
export function parseArgs(argv) {
  /** @type {Record<string, string>} */
  const values = {};
  const flags = { force: false, dryRun: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const raw = /** @type {string} */ (argv[i]);
    const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const flag = eq === -1 ? raw : raw.slice(0, eq);
    if (Object.hasOwn(BOOLEAN_FLAGS, flag)) {
      if (eq !== -1) throw new BootstrapError(`${flag} takes no value`);
      flags[BOOLEAN_FLAGS[/** @type {keyof typeof BOOLEAN_FLAGS} */ (flag)]] = true;
      continue;
    }
    if (!Object.hasOwn(VALUE_FLAGS, flag)) {
      throw new BootstrapError(
        raw.startsWith('-')
          ? `Unknown option ${flag} (see --help)`
          : `Unexpected argument "${raw}": options start with -- (see --help)`,
      );
    }
    const key = VALUE_FLAGS[/** @type {keyof typeof VALUE_FLAGS} */ (flag)];
    let value;
    if (eq !== -1) value = raw.slice(eq + 1);
    else {
      value = argv[i + 1];
      // `--email --force` is a forgotten value, not an e-mail address called "--force".
      if (value === undefined || value.startsWith('--')) {
        throw new BootstrapError(`${flag} needs a value`);
      }
      i++;
    }
    if (Object.hasOwn(values, key)) throw new BootstrapError(`${flag} is given twice`);
    values[key] = value.trim();
  }
  if (flags.help) {
    return { email: '', serviceAccount: null, project: null, name: null, ...flags };
  }
  const email = values.email;
  if (!email) throw new BootstrapError('Missing --email: the address of the first superAdmin');
  if (!EMAIL.test(email)) {
    throw new BootstrapError(`Not an e-mail address: "${email}" (expected name@school.org)`);
  }
  if (values.project !== undefined && !PROJECT_ID.test(values.project)) {
    throw new BootstrapError(
      `Not a Firebase project id: "${values.project}" (6–30 lower-case letters, digits and hyphens)`,
    );
  }
  if (values.name !== undefined && values.name === '') {
    throw new BootstrapError('--name is empty');
  }
  if (values.serviceAccount !== undefined && values.serviceAccount === '') {
    throw new BootstrapError('--service-account is empty');
  }
  return {
    email: email.toLowerCase(),
    serviceAccount: values.serviceAccount ?? null,
    project: values.project ?? null,
    name: values.name ?? null,
    ...flags,
  };
}

/**
 * @typedef {object} CredentialChoice
 * @property {'key' | 'emulator'} kind
 * @property {string | null} keyPath the service account key to read (kind 'key')
 * @property {string[]} emulators the emulator variables that are set
 */

/**
 * Where the Admin SDK gets its rights: the emulators when both the Auth and the Firestore emulator
 * are named (half and half would write a real project's Firestore for an emulated account), else
 * the key given by --service-account or GOOGLE_APPLICATION_CREDENTIALS.
 * @param {Pick<BootstrapArgs, 'serviceAccount' | 'project'>} args
 * @param {Record<string, string | undefined>} env
 * @returns {CredentialChoice}
 */
export function chooseCredentials(args, env) {
  const auth = env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  const firestore = env.FIRESTORE_EMULATOR_HOST?.trim();
  if (auth || firestore) {
    if (!auth || !firestore) {
      const missing = auth ? 'FIRESTORE_EMULATOR_HOST' : 'FIREBASE_AUTH_EMULATOR_HOST';
      throw new BootstrapError(
        `Only one emulator is set: set ${missing} too, or unset both to use the real project`,
      );
    }
    if (!args.project) throw new BootstrapError('With the emulators, pass --project <id>');
    return {
      kind: 'emulator',
      keyPath: null,
      emulators: ['FIREBASE_AUTH_EMULATOR_HOST', 'FIRESTORE_EMULATOR_HOST'],
    };
  }
  const keyPath = args.serviceAccount ?? env.GOOGLE_APPLICATION_CREDENTIALS?.trim() ?? '';
  if (!keyPath) {
    throw new BootstrapError(
      'No service account: set GOOGLE_APPLICATION_CREDENTIALS or pass --service-account',
    );
  }
  return { kind: 'key', keyPath, emulators: [] };
}

/**
 * @typedef {object} ServiceAccount
 * @property {string} projectId
 * @property {string} clientEmail
 * @property {string} privateKey
 */

/**
 * Checks the text of a key file before the Admin SDK sees it, whose own errors ("Failed to parse
 * private key") do not say which file or which field is wrong.
 * @param {string} text
 * @param {string} path shown in the messages
 * @returns {ServiceAccount}
 */
export function parseServiceAccount(text, path) {
  /** @type {unknown} */
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BootstrapError(`${path} is not JSON: download the key again (see docs/deploy.md)`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new BootstrapError(`${path} is not a service account key (expected a JSON object)`);
  }
  const key = /** @type {Record<string, unknown>} */ (json);
  if (key.type !== 'service_account') {
    throw new BootstrapError(
      `${path} is not a service account key ("type" is ${JSON.stringify(key.type ?? null)}, expected "service_account")`,
    );
  }
  for (const field of ['project_id', 'client_email', 'private_key']) {
    if (typeof key[field] !== 'string' || key[field] === '') {
      throw new BootstrapError(`${path} has no "${field}": download the key again`);
    }
  }
  if (!String(key.private_key).includes('PRIVATE KEY')) {
    throw new BootstrapError(`${path}: "private_key" is not a PEM private key`);
  }
  return {
    projectId: String(key.project_id),
    clientEmail: String(key.client_email),
    privateKey: String(key.private_key),
  };
}

/**
 * @typedef {object} ExistingUser
 * @property {string} uid
 * @property {string} email
 * @property {string | null} displayName
 * @property {boolean} disabled
 * @property {Record<string, unknown> | null} customClaims
 */

/**
 * @typedef {object} ProjectState
 * @property {ExistingUser | null} user the Auth account with the e-mail, if any
 * @property {Record<string, unknown> | null} member its Members document, if any
 * @property {Array<{ uid: string; email: string }>} superAdmins Members documents holding superAdmin
 * @property {boolean} versionsExists whether system/collectionVersions exists
 */

/**
 * @typedef {(
 *   | { kind: 'createUser'; email: string; displayName: string }
 *   | { kind: 'writeMember'; path: string; data: Record<string, unknown> }
 *   | { kind: 'setClaims'; claims: Record<string, unknown> }
 *   | { kind: 'initVersions'; path: string; data: Record<string, unknown> }
 *   | { kind: 'resetLink'; email: string }
 * )} BootstrapStep
 */

/**
 * @typedef {object} BootstrapPlan
 * @property {string | null} uid null until createUser has run (the CLI fills it in)
 * @property {BootstrapStep[]} steps in the order they must run
 * @property {string[]} notes what the run will tell the person
 */

/**
 * Decides the writes. Refuses when the project already has a superAdmin other than this account
 * (unless force): a second bootstrap would let anyone holding a key mint superAdmins silently,
 * and promoting people is what the Members page and the setMemberRoles callable are for. The same
 * account may run it again, so a run cut short (say, after the profile but before the claims)
 * can be finished.
 * @param {{ email: string; name: string | null; force: boolean }} args
 * @param {ProjectState} state
 * @returns {BootstrapPlan}
 */
export function planBootstrap(args, state) {
  const { user, member } = state;
  if (user && user.email.toLowerCase() !== args.email) {
    throw new BootstrapError(`The account found has the e-mail ${user.email}, not ${args.email}`);
  }
  if (user?.disabled) {
    throw new BootstrapError(
      `The account ${args.email} is disabled: enable it in the Firebase console (Authentication → Users) and run again`,
    );
  }
  const others = state.superAdmins.filter((s) => !user || s.uid !== user.uid);
  if (others.length > 0 && !args.force) {
    const names = others.map((s) => s.email || s.uid).join(', ');
    throw new BootstrapError(
      `This project already has a superAdmin (${names}). Promote people from the Members page, or pass --force to add another anyway`,
    );
  }
  if (member && member.status === 'suspended') {
    throw new BootstrapError(
      `The Members profile of ${args.email} is suspended: a superAdmin must reactivate it from the Members page`,
    );
  }

  /** @type {BootstrapStep[]} */
  const steps = [];
  /** @type {string[]} */
  const notes = [];
  const fallbackName = args.email.split('@')[0] ?? args.email;
  const displayName =
    args.name ??
    (typeof member?.displayName === 'string' && member.displayName
      ? member.displayName
      : (user?.displayName ?? fallbackName));

  if (!user) {
    steps.push({ kind: 'createUser', email: args.email, displayName });
    notes.push(`Creates the account ${args.email} (no password: the reset link below sets one).`);
  } else {
    notes.push(`Uses the existing account ${args.email} (uid ${user.uid}).`);
  }

  const existingRoles = Array.isArray(member?.roles)
    ? member.roles.filter((r) => ROLES.includes(r))
    : [];
  // superAdmin and admin first, then whatever the profile held (a parent stays a parent).
  const roles = [...BOOTSTRAP_ROLES, ...existingRoles.filter((r) => !BOOTSTRAP_ROLES.includes(r))];
  const preferences =
    typeof member?.preferences === 'object' && member.preferences !== null
      ? member.preferences
      : { persistLogin: true };
  /** @type {Record<string, unknown>} */
  const data = {
    memberUUID: user?.uid ?? null,
    email: args.email,
    displayName,
    photoURL: typeof member?.photoURL === 'string' ? member.photoURL : '',
    roles,
    status: 'active',
    preferences,
    lastUpdated: SERVER_TIME,
    updatedAt: SERVER_TIME,
    updatedBy: user?.uid ?? null,
  };
  // createdAt is the profile's birth: kept when the document exists (the write is a merge).
  if (!member) data.createdAt = SERVER_TIME;
  steps.push({ kind: 'writeMember', path: `Members/${user?.uid ?? '{uid}'}`, data });
  notes.push(
    member
      ? `Updates Members/${user?.uid}: roles ${roles.join(', ')}, status active.`
      : `Creates the Members profile with roles ${roles.join(', ')}.`,
  );

  // { roles }, as the Members trigger of the Cloud Functions keeps them (app/domain/server/
  // triggers.ts), merged into the account's other claims. Set here as well because that trigger
  // may not be deployed yet, and the app reads the roles from the token (spec §6).
  const previous = user?.customClaims ?? {};
  steps.push({ kind: 'setClaims', claims: { ...previous, roles } });
  notes.push('Sets the custom claim roles: sign out and in again to see it.');

  if (!state.versionsExists) {
    steps.push({
      kind: 'initVersions',
      path: 'system/collectionVersions',
      data: {
        collections: Object.fromEntries(
          CACHED_COLLECTIONS.map((c) => [
            c,
            { version: DEFAULT_COLLECTION_VERSION, updatedAt: SERVER_TIME },
          ]),
        ),
        lastUpdated: SERVER_TIME,
      },
    });
    notes.push('Creates system/collectionVersions (every cached collection at 1.0.0).');
  }

  if (!user) steps.push({ kind: 'resetLink', email: args.email });
  return { uid: user?.uid ?? null, steps, notes };
}

/**
 * Puts the new account's uid into the planned writes (they were planned before it existed).
 * @param {BootstrapStep} step
 * @param {string} uid
 * @returns {BootstrapStep}
 */
export function withUid(step, uid) {
  if (step.kind === 'writeMember') {
    return {
      ...step,
      path: `Members/${uid}`,
      data: { ...step.data, memberUUID: uid, updatedBy: uid },
    };
  }
  return step;
}

/**
 * Replaces every SERVER_TIME in a planned document with `value` (the real sentinel, or a string).
 * @param {unknown} data
 * @param {unknown} value
 * @returns {unknown}
 */
export function resolveServerTime(data, value) {
  if (data === SERVER_TIME) return value;
  if (Array.isArray(data)) return data.map((item) => resolveServerTime(item, value));
  if (typeof data === 'object' && data !== null) {
    return Object.fromEntries(
      Object.entries(data).map(([k, v]) => [k, resolveServerTime(v, value)]),
    );
  }
  return data;
}
