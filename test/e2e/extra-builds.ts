// Extra production builds for the specs that need more than the suite's one build: two versions of
// the app one after the other (the new-version check), or a build with the PWA flag off. Each build
// goes to its own git-ignored folder and is served by scripts/serve.mjs on a port of its own, so
// the suite's main server is never touched. A build costs about a minute on the CI machine: build
// once per spec file (in beforeAll) and serve it as often as needed.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const basePort = Number(process.env.E2E_PORT ?? 4173);

/** A port for extra servers that cannot collide with the suite's two (E2E_PORT and E2E_PORT+10). */
export function extraPort(offset: number): number {
  return basePort + 20 + offset;
}

/**
 * Builds the app into `build-e2e-<name>` with extra environment variables (for example
 * `{ VITE_PWA_ENABLED: 'false' }` or an `APP_VERSION`). Returns the build folder.
 */
export function buildVariant(name: string, env: Record<string, string>): string {
  const buildDir = `build-e2e-${name}-${basePort}`;
  const result = spawnSync('npx', ['remix', 'vite:build'], {
    cwd: root,
    env: { ...process.env, ...env, BUILD_DIR: buildDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`Build ${name} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return buildDir;
}

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/** Serves a build (static, in-page fake) on `port` and resolves once it answers. */
export async function serveBuild(buildDir: string, port: number): Promise<RunningServer> {
  const child = spawn('node', ['scripts/serve.mjs', '--fake=in-page'], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: buildDir, PORT: String(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const response = await fetch(`${url}/connectivity-check`, { method: 'HEAD' });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`serve.mjs for ${buildDir} exited`);
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`serve.mjs for ${buildDir} did not answer on ${url}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
