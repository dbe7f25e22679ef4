// `npm run soak`: the randomised fault run of issue 10 against the BUILT app in demo mode, in Debian
// Chromium. Not part of `npm test` (test/e2e/soak.spec.ts is its short version there).
//   npm run soak -- --seed 42 --iterations 1000 --tabs 2     (--tabs 1|2|3|mix, or a list: 1,2,mix)
//   --build-dir build-x (default build; built first when missing), --port 4306 (default 4179)
// A failing run prints its seed and the command that replays it. Exit status: 0 when every count
// (lost, duplicated, hidden, resurrected, phantom, stale, invalid) is 0.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const value = args[i + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}

const seed = Number(option('seed', String(Date.now() % 2_147_483_647)));
const iterations = Number(option('iterations', '200'));
const tabs = option('tabs', '2');
const buildDir = option('build-dir', process.env.BUILD_DIR ?? 'build');
const port = option('port', process.env.E2E_PORT ?? '4179');
if (!Number.isInteger(seed) || !Number.isInteger(iterations) || iterations < 1) {
  console.error(
    'usage: npm run soak -- [--seed N] [--iterations N] [--tabs 1|2|3|mix] [--build-dir DIR] [--port N]',
  );
  process.exit(2);
}

const env = { ...process.env, BUILD_DIR: buildDir, E2E_PORT: port };
if (!existsSync(join(root, buildDir, 'client', 'index.html'))) {
  console.log(`Building the app into ${buildDir}/ …`);
  const build = spawnSync('npx', ['remix', 'vite:build'], { cwd: root, env, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log(
  `Soak: seed ${seed}, ${iterations} iterations, tabs ${tabs}, build ${buildDir}, port ${port}`,
);
const run = spawnSync(
  'npx',
  [
    'playwright',
    'test',
    '--config',
    'test/soak/soak.config.ts',
    '--output',
    `test-results-soak-${port}`,
    '--reporter',
    'list',
  ],
  {
    cwd: root,
    env: {
      ...env,
      SOAK_SEED: String(seed),
      SOAK_ITERATIONS: String(iterations),
      SOAK_TABS: tabs,
    },
    stdio: 'inherit',
  },
);
process.exit(run.status ?? 1);
