// What the scripts that drive the official Firebase emulators share (test:contract, test:emulators,
// test:rules): firebase-tools@15 installed once into .cache/firebase-tools (about 310 MB,
// git-ignored) rather than into everyone's node_modules, the child processes each script owns and
// ends on success, failure and Ctrl-C alike, and a few small probes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const FIREBASE_MAJOR = 15;
const TOOLS_DIR = join(ROOT, '.cache', 'firebase-tools');
const FIREBASE_PACKAGE = join(TOOLS_DIR, 'node_modules', 'firebase-tools', 'package.json');
export const FIREBASE_BIN = join(TOOLS_DIR, 'node_modules', '.bin', 'firebase');

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** One source for the project id: the demo config the app itself uses. */
export function demoProjectId() {
  const source = readFileSync(join(ROOT, 'app', 'config', 'demo.ts'), 'utf8');
  const match = /DEMO_PROJECT_ID = '([a-z0-9-]+)'/.exec(source);
  if (!match) throw new Error('DEMO_PROJECT_ID not found in app/config/demo.ts');
  return match[1];
}

/** Whether something listens on host:port. */
export function portOpen(host, port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The major version of `java -version`, or null when there is no java on the PATH. */
export function javaMajor() {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  // `java -version` writes to stderr: openjdk version "17.0.15" … (or "1.8.0_392" for Java 8).
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  const first = Number(match[1]);
  return first === 1 ? Number(match[2]) : first;
}

/**
 * The child processes of one script. Each child leads its own process group, so its whole tree
 * (an emulator's java or worker processes) can be ended; they are all ended when the script exits
 * or is interrupted.
 */
export function childProcesses(log) {
  const children = new Set();

  function start(command, args, options = {}) {
    const child = spawn(command, args, {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  }

  function signalGroup(child, signal) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  }

  /** SIGTERM to each child's group, then SIGKILL for what is left after `graceMs`. */
  async function stopAll(graceMs = 10_000) {
    await Promise.all(
      [...children].map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => {
              signalGroup(child, 'SIGKILL');
              resolve();
            }, graceMs);
            child.once('exit', () => {
              clearTimeout(timer);
              // The emulator's own children share the group: make sure they end too.
              signalGroup(child, 'SIGKILL');
              resolve();
            });
            signalGroup(child, 'SIGTERM');
          }),
      ),
    );
  }

  /** Runs a command to its end, passing its output through; resolves with its exit code. */
  function run(command, args, options = {}) {
    return new Promise((resolve, reject) => {
      const child = start(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
      child.once('error', reject);
      child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  }

  process.on('exit', () => {
    for (const child of children) signalGroup(child, 'SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      log(`${signal}: stopping what this run started`);
      void stopAll(3_000).finally(() => process.exit(130));
    });
  }

  return { start, run, stopAll };
}

function installedFirebaseVersion() {
  if (!existsSync(FIREBASE_PACKAGE) || !existsSync(FIREBASE_BIN)) return null;
  try {
    return JSON.parse(readFileSync(FIREBASE_PACKAGE, 'utf8')).version ?? null;
  } catch {
    return null;
  }
}

/** Installs firebase-tools@15 into .cache/firebase-tools unless it is there; throws if it cannot. */
export async function ensureFirebaseTools({ log, run }) {
  const version = installedFirebaseVersion();
  if (version && Number(version.split('.')[0]) === FIREBASE_MAJOR) {
    log(`firebase-tools ${version} already in .cache/firebase-tools`);
    return;
  }
  log(`installing firebase-tools@${FIREBASE_MAJOR} into .cache/firebase-tools (about 310 MB)…`);
  mkdirSync(TOOLS_DIR, { recursive: true });
  const started = Date.now();
  const code = await run('npm', [
    'install',
    '--prefix',
    TOOLS_DIR,
    '--no-audit',
    '--no-fund',
    '--no-save',
    `firebase-tools@${FIREBASE_MAJOR}`,
  ]);
  if (code !== 0 || !installedFirebaseVersion()) {
    throw new Error(`npm install of firebase-tools@${FIREBASE_MAJOR} failed (exit ${code})`);
  }
  log(`installed firebase-tools ${installedFirebaseVersion()} in ${seconds(Date.now() - started)}`);
}

const VITE_NODE = join(ROOT, 'node_modules', '.bin', 'vite-node');

/**
 * Starts the fake Firebase in server mode (test/contract/fake-server.ts, through vite-node), shaped
 * like the Emulator Suite; resolves with its address once it has announced it.
 */
export async function startFakeServer({ start, log }) {
  const started = Date.now();
  const child = start(VITE_NODE, [
    '--config',
    'test/contract/vitest.config.ts',
    'test/contract/fake-server.ts',
  ]);
  child.stderr.pipe(process.stderr);
  const lines = createInterface({ input: child.stdout });
  const announced = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The fake's server exited (${code})`)));
    lines.on('line', (line) => {
      try {
        const parsed = JSON.parse(line);
        if (typeof parsed.port === 'number') resolve(parsed);
      } catch {
        process.stdout.write(`[fake] ${line}\n`);
      }
    });
  });
  log(`fake on ${announced.fakeFirebaseUrl} after ${seconds(Date.now() - started)}`);
  return { host: '127.0.0.1', port: announced.port };
}
