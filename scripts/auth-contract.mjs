#!/usr/bin/env node
// `npm run test:contract`: the app's auth domain functions against the official Firebase Auth
// emulator AND the fake, compared. Owns three child processes and their clean-up:
//   1. firebase-tools@15, installed once into .cache/firebase-tools (about 310 MB, git-ignored),
//      not into everyone's node_modules;
//   2. `firebase emulators:start --only auth` (Node only; firebase/firebase.json turns the UI off), port 9099;
//   3. the fake's server mode (mocks/server.ts, via vite-node) on a free port.
// It then runs test/contract/auth.contract.test.ts once per target through the same app functions,
// each run writing its normalised outcomes to .cache/auth-contract/<target>.json, and fails with a
// readable diff where the fake answers differently from the emulator. The children are stopped on
// success, failure and Ctrl-C alike.
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  childProcesses,
  demoProjectId,
  ensureFirebaseTools,
  FIREBASE_BIN,
  portOpen,
  ROOT,
  seconds,
  startFakeServer,
} from './emulator-tools.mjs';

const OUT_DIR = join(ROOT, '.cache', 'auth-contract');
const VITEST = join(ROOT, 'node_modules', '.bin', 'vitest');
const CONTRACT_CONFIG = 'test/contract/vitest.config.ts';
const EMULATOR_START_TIMEOUT_MS = 120_000;

/** The Auth emulator's host and port, as firebase/firebase.json sets them. */
function authEmulatorAddress() {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase', 'firebase.json'), 'utf8'));
  const auth = config?.emulators?.auth ?? {};
  return { host: auth.host ?? '127.0.0.1', port: Number(auth.port ?? 9099) };
}

const log = (message) => console.log(`[auth-contract] ${message}`);

const { start, run, stopAll } = childProcesses(log);

// ---- the Auth emulator --------------------------------------------------------------------------

async function startAuthEmulator(projectId) {
  const { host, port } = authEmulatorAddress();
  if (await portOpen(host, port)) {
    throw new Error(
      `Port ${port} is already in use (another emulator?). Stop it, or change emulators.auth.port in firebase/firebase.json.`,
    );
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const logPath = join(OUT_DIR, 'emulator.log');
  const logFile = createWriteStream(logPath);
  const started = Date.now();
  const child = start(
    FIREBASE_BIN,
    [
      'emulators:start',
      '--only',
      'auth',
      '--config',
      join(ROOT, 'firebase', 'firebase.json'),
      '--project',
      projectId,
      '--non-interactive',
    ],
    // No update check, no usage prompt: the run must not wait for the network or a person.
    { env: { ...process.env, NO_UPDATE_NOTIFIER: '1', CI: '1' } },
  );
  child.stdout.pipe(logFile);
  child.stderr.pipe(logFile);
  let exited = null;
  child.once('exit', (code, signal) => {
    exited = signal ?? `exit ${code}`;
  });
  while (!(await portOpen(host, port))) {
    if (exited !== null || Date.now() - started > EMULATOR_START_TIMEOUT_MS) {
      const tail = existsSync(logPath) ? readFileSync(logPath, 'utf8').split('\n').slice(-30) : [];
      throw new Error(
        `The Auth emulator did not start (${exited ?? 'timed out'}). Last lines of ${logPath}:\n${tail.join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log(`Auth emulator on ${host}:${port} after ${seconds(Date.now() - started)} (log: ${logPath})`);
  return `${host}:${port}`;
}

// ---- the fake -----------------------------------------------------------------------------------

async function startFake() {
  const { host, port } = await startFakeServer({ start, log });
  return `${host}:${port}`;
}

// ---- the runs and the comparison ----------------------------------------------------------------

async function runSuite(target, host) {
  const out = join(OUT_DIR, `${target}.json`);
  const started = Date.now();
  log(`contract suite against the ${target} (${host})`);
  const code = await run(VITEST, ['run', '--config', CONTRACT_CONFIG], {
    env: {
      ...process.env,
      VITE_FIREBASE_EMULATOR_HOST: host,
      CONTRACT_TARGET: target,
      CONTRACT_OUT: out,
    },
  });
  log(`${target} run: exit ${code} in ${seconds(Date.now() - started)}`);
  if (code !== 0 || !existsSync(out)) {
    throw new Error(`The contract suite failed against the ${target} (see its output above)`);
  }
  return JSON.parse(readFileSync(out, 'utf8')).cases;
}

/** Every step whose outcome differs, as readable lines; empty when the targets agree. */
function compare(reference, candidate) {
  const lines = [];
  const caseNames = [...new Set([...Object.keys(reference), ...Object.keys(candidate)])];
  for (const caseName of caseNames) {
    const expected = reference[caseName] ?? {};
    const actual = candidate[caseName] ?? {};
    const stepNames = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
    for (const stepName of stepNames) {
      if (isDeepStrictEqual(expected[stepName], actual[stepName])) continue;
      lines.push(`  ✗ ${caseName} › ${stepName}`);
      lines.push(...describeDifference(expected[stepName], actual[stepName]));
    }
  }
  return lines;
}

function describeDifference(expected, actual) {
  if (expected === undefined || actual === undefined) {
    return [
      `      emulator: ${JSON.stringify(expected) ?? '(no such step)'}`,
      `      fake:     ${JSON.stringify(actual) ?? '(no such step)'}`,
    ];
  }
  const lines = [];
  const walk = (a, b, path) => {
    const bothObjects =
      a &&
      b &&
      typeof a === 'object' &&
      typeof b === 'object' &&
      !Array.isArray(a) &&
      !Array.isArray(b);
    if (!bothObjects) {
      if (!isDeepStrictEqual(a, b)) {
        lines.push(`      ${path || '(value)'}:`);
        lines.push(`        emulator: ${JSON.stringify(a) ?? 'undefined'}`);
        lines.push(`        fake:     ${JSON.stringify(b) ?? 'undefined'}`);
      }
      return;
    }
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      walk(a[key], b[key], path ? `${path}.${key}` : key);
    }
  };
  walk(expected, actual, '');
  return lines;
}

// ---- main ---------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const projectId = demoProjectId();
  await ensureFirebaseTools({ log, run });
  const emulatorHost = await startAuthEmulator(projectId);
  const fakeHost = await startFake();
  const emulator = await runSuite('emulator', emulatorHost);
  const fake = await runSuite('fake', fakeHost);
  const differences = compare(emulator, fake);
  const steps = Object.values(emulator).reduce((sum, steps) => sum + Object.keys(steps).length, 0);
  if (differences.length > 0) {
    console.log(`\n[auth-contract] the fake differs from the Auth emulator:\n`);
    console.log(differences.join('\n'));
    const failed = differences.filter((line) => line.startsWith('  ✗')).length;
    console.log(
      `\n[auth-contract] ${failed} of ${steps} steps differ (${seconds(Date.now() - started)})`,
    );
    return 1;
  }
  log(
    `the fake and the Auth emulator agree on all ${steps} steps (${seconds(Date.now() - started)})`,
  );
  return 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`[auth-contract] ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await stopAll();
}
process.exit(exitCode);
