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
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  childProcesses,
  ensureFirebaseTools,
  FIREBASE_BIN,
  FIREBASE_MAJOR,
  javaMajor,
  ROOT,
} from './emulator-tools.mjs';

const JAVA_MINIMUM = 21;
const WORK_DIR = join(ROOT, '.cache', 'test-rules');
const VITEST = join(ROOT, 'node_modules', '.bin', 'vitest');
const SUITE_CONFIG = 'test/rules/vitest.config.ts';
const PORTS = { firestore: 8180, storage: 9299 };

const log = (message) => console.log(`[test-rules] ${message}`);
const { run } = childProcesses(log);

function skip(reason) {
  console.log(`Skipping the rules emulator suite: ${reason}`);
  console.log(
    'The committed rules are still checked against the generator by `npm run test:unit` (test/unit/rules-generator.test.ts).',
  );
  process.exit(0);
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
  try {
    await ensureFirebaseTools({ log, run });
  } catch {
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
