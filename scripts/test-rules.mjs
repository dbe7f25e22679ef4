#!/usr/bin/env node
// `npm run test:rules`: the generated firestore.rules and storage.rules in the official Firestore and
// Storage emulators (test/rules/*.rules.test.ts, @firebase/rules-unit-testing). The emulators need
// Java 21 or newer and firebase-tools; where either is missing this says exactly why and exits 0,
// because the suite is optional on machines without them: `npm test` still checks that the committed
// rules are what the generator writes (test/unit/rules-generator.test.ts).
//
// firebase-tools lives in .cache/firebase-tools, as for `npm run test:contract` (installed there once,
// not into node_modules). The emulators get a config of their own in .cache/test-rules, with copies
// of the committed rules files, so the suite needs nothing from the deploy configuration.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TOOLS_DIR = join(ROOT, '.cache', 'firebase-tools');
const FIREBASE_PACKAGE = join(TOOLS_DIR, 'node_modules', 'firebase-tools', 'package.json');
const FIREBASE_BIN = join(TOOLS_DIR, 'node_modules', '.bin', 'firebase');
const FIREBASE_MAJOR = 15;
const JAVA_MINIMUM = 21;
const WORK_DIR = join(ROOT, '.cache', 'test-rules');
const VITEST = join(ROOT, 'node_modules', '.bin', 'vitest');
const SUITE_CONFIG = 'test/rules/vitest.config.ts';
const PORTS = { firestore: 8180, storage: 9299 };

const log = (message) => console.log(`[test-rules] ${message}`);

function skip(reason) {
  console.log(`Skipping the rules emulator suite: ${reason}`);
  console.log(
    'The committed rules are still checked against the generator by `npm run test:unit` (test/unit/rules-generator.test.ts).',
  );
  process.exit(0);
}

/** The major version of `java -version`, or null when there is no java on the PATH. */
function javaMajor() {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  // `java -version` writes to stderr: openjdk version "17.0.15" … (or "1.8.0_392" for Java 8).
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  const first = Number(match[1]);
  return first === 1 ? Number(match[2]) : first;
}

function installedFirebaseVersion() {
  if (!existsSync(FIREBASE_PACKAGE)) return null;
  try {
    return JSON.parse(readFileSync(FIREBASE_PACKAGE, 'utf8')).version ?? null;
  } catch {
    return null;
  }
}

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function ensureFirebaseTools() {
  const version = installedFirebaseVersion();
  if (version && Number(version.split('.')[0]) === FIREBASE_MAJOR) {
    log(`firebase-tools ${version} found in .cache/firebase-tools`);
    return true;
  }
  log(`installing firebase-tools@${FIREBASE_MAJOR} into .cache/firebase-tools (about 310 MB)…`);
  mkdirSync(TOOLS_DIR, { recursive: true });
  const code = await run('npm', [
    'install',
    '--prefix',
    TOOLS_DIR,
    '--no-audit',
    '--no-fund',
    '--no-save',
    `firebase-tools@${FIREBASE_MAJOR}`,
  ]);
  return code === 0 && installedFirebaseVersion() !== null;
}

/** The emulators' own firebase.json, beside copies of the committed rules. */
function writeEmulatorConfig() {
  mkdirSync(WORK_DIR, { recursive: true });
  copyFileSync(join(ROOT, 'firebase', 'firestore.rules'), join(WORK_DIR, 'firestore.rules'));
  copyFileSync(join(ROOT, 'firebase', 'storage.rules'), join(WORK_DIR, 'storage.rules'));
  const config = {
    firestore: { rules: 'firestore.rules' },
    storage: { rules: 'storage.rules' },
    emulators: {
      firestore: { host: '127.0.0.1', port: PORTS.firestore },
      storage: { host: '127.0.0.1', port: PORTS.storage },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  const path = join(WORK_DIR, 'firebase.json');
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
  return path;
}

async function main() {
  const java = javaMajor();
  if (java === null) {
    skip(`Java ${JAVA_MINIMUM} or newer is needed (no java found on the PATH).`);
  }
  if (java < JAVA_MINIMUM) {
    skip(`Java ${JAVA_MINIMUM} or newer is needed (found ${java}).`);
  }
  if (!(await ensureFirebaseTools())) {
    skip(
      `firebase-tools@${FIREBASE_MAJOR} is needed and could not be installed into .cache/firebase-tools.`,
    );
  }
  const config = writeEmulatorConfig();
  const projectId = 'demo-rules-suite';
  log(`Java ${java}; starting the Firestore and Storage emulators (project ${projectId})`);
  const code = await run(FIREBASE_BIN, [
    '--config',
    config,
    '--project',
    projectId,
    'emulators:exec',
    '--only',
    'firestore,storage',
    `"${VITEST}" run --config ${SUITE_CONFIG}`,
  ]);
  process.exit(code);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
