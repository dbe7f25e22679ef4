// Where the emulators listen: scripts/test-rules.mjs starts them through `firebase emulators:exec`,
// which sets these variables for the suite.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export function emulatorAddress(variable: string): { host: string; port: number } {
  const value = process.env[variable];
  const match = value ? /^([^:]+):(\d+)$/.exec(value) : null;
  if (!match?.[1] || !match[2]) {
    throw new Error(
      `${variable} is not set: run this suite with \`npm run test:rules\`, which starts the emulators`,
    );
  }
  return { host: match[1], port: Number(match[2]) };
}

/** The committed (generated) rules file. */
export function rulesFile(name: 'firestore.rules' | 'storage.rules'): string {
  return readFileSync(join(root, 'firebase', name), 'utf8');
}

/** One project id for every emulator: a `demo-` id never reaches a real project. */
export const RULES_PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-rules-suite';
