#!/usr/bin/env node
// `npm run test:emulators`: the Cloud Functions in the official Functions + Auth emulators (Node
// only), compared with the fake. Steps, each child process stopped on success, failure and Ctrl-C:
//   1. firebase-tools@15 in .cache/firebase-tools (installed once, as scripts/auth-contract.mjs does);
//   2. the functions bundle (scripts/build-functions.mjs) staged in .cache/functions-emulator with
//      its package.json and an emulator-only firebase.json (its own ports, no UI), so the run
//      leaves firebase/ untouched and does not depend on the deploy configuration;
//   3. `firebase emulators:start --only auth,functions`;
//   4. the fake's server mode (test/contract/fake-server.ts, via vite-node);
//   5. every case below sent, in the callable protocol's REST shape the app's SDK uses
//      (POST /<project>/asia-south1/<name>, body { data }, Authorization: Bearer <ID token>), to the
//      emulated functions and to the fake, with ID tokens the Auth emulator issued (custom claims
//      { roles }); the answers must be equal.
// The Firestore emulator needs Java 21 (this machine may have less), so only what runs without
// Firestore is called: every refusal (decided before any read) and the invitation of a taken address
// (Auth only). The script prints which cases could not run and why, and exits 1 on any difference.
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { buildFunctions } from './build-functions.mjs';
import {
  childProcesses,
  demoProjectId,
  ensureFirebaseTools,
  FIREBASE_BIN,
  javaMajor,
  portOpen,
  ROOT,
  seconds,
  startFakeServer,
} from './emulator-tools.mjs';

const WORK_DIR = join(ROOT, '.cache', 'functions-emulator');
const STAGE_DIR = join(WORK_DIR, 'functions');
const AUTH_PORT = 9199;
const FUNCTIONS_PORT = 5101;
const HOST = '127.0.0.1';
const REGION = 'asia-south1';
const START_TIMEOUT_MS = 180_000;

const log = (message) => console.log(`[functions-emulator] ${message}`);

const { start, run, stopAll } = childProcesses(log);

// ---- 2. the staged functions ---------------------------------------------------------------------

async function stageFunctions() {
  mkdirSync(STAGE_DIR, { recursive: true });
  copyFileSync(
    join(ROOT, 'firebase', 'functions', 'package.json'),
    join(STAGE_DIR, 'package.json'),
  );
  const { outfile, inputs } = await buildFunctions(join(STAGE_DIR, 'lib'));
  writeFileSync(
    join(WORK_DIR, 'firebase.json'),
    `${JSON.stringify(
      {
        functions: { source: 'functions' },
        emulators: {
          auth: { host: HOST, port: AUTH_PORT },
          functions: { host: HOST, port: FUNCTIONS_PORT },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      },
      null,
      2,
    )}\n`,
  );
  log(`functions bundled (${inputs.length} modules) → ${outfile}`);
}

// ---- 3. the emulators -----------------------------------------------------------------------------

async function startEmulators(projectId) {
  for (const port of [AUTH_PORT, FUNCTIONS_PORT]) {
    if (await portOpen(HOST, port))
      throw new Error(`Port ${port} is already in use (another emulator?).`);
  }
  const logPath = join(WORK_DIR, 'emulators.log');
  // Emptied first: the last run's "All emulators ready" must not count for this one.
  writeFileSync(logPath, '');
  const logFile = createWriteStream(logPath);
  const started = Date.now();
  const child = start(
    FIREBASE_BIN,
    [
      'emulators:start',
      '--only',
      'auth,functions',
      '--project',
      projectId,
      '--config',
      join(WORK_DIR, 'firebase.json'),
      '--non-interactive',
    ],
    { cwd: WORK_DIR, env: { ...process.env, NO_UPDATE_NOTIFIER: '1', CI: '1' } },
  );
  child.stdout.pipe(logFile);
  child.stderr.pipe(logFile);
  let exited = null;
  child.once('exit', (code, signal) => {
    exited = signal ?? `exit ${code}`;
  });
  const ready = async () =>
    /All emulators ready/.test(readFileSync(logPath, 'utf8')) &&
    (await portOpen(HOST, AUTH_PORT)) &&
    (await portOpen(HOST, FUNCTIONS_PORT));
  while (!(await ready())) {
    if (exited !== null || Date.now() - started > START_TIMEOUT_MS) {
      const tail = existsSync(logPath) ? readFileSync(logPath, 'utf8').split('\n').slice(-40) : [];
      throw new Error(
        `The emulators did not start (${exited ?? 'timed out'}). Last lines of ${logPath}:\n${tail.join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const loaded = readFileSync(logPath, 'utf8').match(/http function initialized[^\n]*/g) ?? [];
  log(
    `emulators ready after ${seconds(Date.now() - started)}: ${loaded.length} callables loaded (log: ${logPath})`,
  );
}

// ---- 4. the fake ------------------------------------------------------------------------------------

async function startFake() {
  const { host, port } = await startFakeServer({ start, log });
  return `${host}:${port}`;
}

// ---- 5. the cases -------------------------------------------------------------------------------------

const PASSWORD = 'emulator-password';
const AUTH_REST = `http://${HOST}:${AUTH_PORT}/identitytoolkit.googleapis.com/v1`;

async function json(response) {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return { raw: text, status: response.status };
  }
}

/** An Auth emulator account with custom claims { roles }, and an ID token that carries them. */
async function emulatorUser(projectId, email, roles) {
  const signUp = await json(
    await fetch(`${AUTH_REST}/accounts:signUp?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    }),
  );
  if (!signUp.localId)
    throw new Error(`Auth emulator sign-up of ${email} failed: ${JSON.stringify(signUp)}`);
  if (roles.length > 0) {
    const updated = await fetch(`${AUTH_REST}/projects/${projectId}/accounts:update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({
        localId: signUp.localId,
        customAttributes: JSON.stringify({ roles }),
      }),
    });
    if (!updated.ok)
      throw new Error(`Setting the claims of ${email} failed: ${await updated.text()}`);
  }
  const signIn = await json(
    await fetch(`${AUTH_REST}/accounts:signInWithPassword?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    }),
  );
  if (!signIn.idToken)
    throw new Error(`Auth emulator sign-in of ${email} failed: ${JSON.stringify(signIn)}`);
  return signIn.idToken;
}

/** A callable's answer in one comparable shape: { result } or { code, message }. */
async function call(base, projectId, name, token, data) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`http://${base}/${projectId}/${REGION}/${name}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ data }),
  });
  const body = await json(response);
  if (body.error) {
    return {
      code: String(body.error.status).toLowerCase().replace(/_/g, '-'),
      message: body.error.message,
    };
  }
  return 'result' in body ? { result: body.result } : { unexpected: body };
}

const TAKEN_ADDRESS = 'parent@demo-learning.example';

const INQUIRY = {
  parentName: 'Asha Whitfield',
  email: 'asha@mail.example',
  childName: 'Maya Whitfield',
  childDateOfBirth: '2019-04-01',
};

/** [title, callable, caller (a role, or null), data]. */
const CASES = [
  [
    'invite without signing in',
    'inviteMember',
    null,
    { email: 'n@mail.example', roles: ['parent'] },
  ],
  [
    'invite by office staff',
    'inviteMember',
    'administration',
    { email: 'n@mail.example', roles: ['parent'] },
  ],
  [
    'invite of an admin by an admin',
    'inviteMember',
    'admin',
    { email: 'n@mail.example', roles: ['admin'] },
  ],
  ['invite with a bad address', 'inviteMember', 'admin', { email: 'nope', roles: ['parent'] }],
  [
    'invite of a taken address (Auth only)',
    'inviteMember',
    'admin',
    { email: TAKEN_ADDRESS, roles: ['parent'] },
  ],
  ['roles changed by a parent', 'setMemberRoles', 'parent', { uid: 'x', roles: ['parent'] }],
  ['roles with a bad role', 'setMemberRoles', 'admin', { uid: 'x', roles: ['wizard'] }],
  [
    'status changed by a facilitator',
    'setMemberStatus',
    'facilitator',
    { uid: 'x', status: 'suspended' },
  ],
  ['status with a bad value', 'setMemberStatus', 'admin', { uid: 'x', status: 'away' }],
  ['inquiry with a bad e-mail', 'submitInquiry', null, { ...INQUIRY, email: 'bad' }],
  [
    'inquiry with a future birth date',
    'submitInquiry',
    null,
    { ...INQUIRY, childDateOfBirth: '2999-01-01' },
  ],
  ['sign-in report that is not one', 'logUnregisterdSignin', null, { providerData: 7 }],
];

const NOT_RUN = [
  'logUnregisterdSignin accepted (writes unregisteredSignins)',
  'inviteMember accepted (writes the Members profile)',
  'setMemberRoles / setMemberStatus accepted or not-found (read and write Members)',
  'submitInquiry accepted and its rate limit (read and write inquiryRateLimits, parentInquiries)',
  'every Firestore trigger (notifications, claims, access links, versions)',
];

async function main() {
  const projectId = demoProjectId();
  mkdirSync(WORK_DIR, { recursive: true });
  await ensureFirebaseTools({ log, run });
  await stageFunctions();
  await startEmulators(projectId);
  const fake = await startFake();
  const emulator = `${HOST}:${FUNCTIONS_PORT}`;

  const tokens = new Map();
  // Callers on a neutral domain (the fake's demo staff domains would add roles to theirs).
  for (const role of ['admin', 'administration', 'parent', 'facilitator']) {
    tokens.set(role, await emulatorUser(projectId, `${role}@emulator.example`, [role]));
  }
  // The taken address of the invitation case: a demo account in the fake, created here too.
  await emulatorUser(projectId, TAKEN_ADDRESS, []);
  const differences = [];
  for (const [title, name, role, data] of CASES) {
    const token = role ? tokens.get(role) : null;
    const fromEmulator = await call(emulator, projectId, name, token, data);
    const fromFake = await call(fake, projectId, name, token, data);
    const same = isDeepStrictEqual(fromEmulator, fromFake);
    log(`${same ? '✓' : '✗'} ${title}: ${JSON.stringify(fromEmulator)}`);
    if (!same)
      differences.push(
        `  ✗ ${title}\n      emulator: ${JSON.stringify(fromEmulator)}\n      fake:     ${JSON.stringify(fromFake)}`,
      );
  }
  const java = javaMajor();
  log(
    `not run here (they need the Firestore emulator, which needs Java 21; this machine: ${java === null ? 'no Java' : `Java ${java}`}):`,
  );
  for (const line of NOT_RUN) log(`  - ${line}`);
  if (differences.length > 0) {
    throw new Error(`The emulated functions and the fake differ:\n${differences.join('\n')}`);
  }
  log(`${CASES.length} cases: the emulated functions and the fake agree`);
}

main()
  .then(() => stopAll())
  .then(() => process.exit(0))
  .catch(async (error) => {
    console.error(`[functions-emulator] ${error instanceof Error ? error.message : String(error)}`);
    await stopAll(3_000);
    process.exit(1);
  });
