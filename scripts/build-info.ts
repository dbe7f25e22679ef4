// This build's identity and the files that announce it (spec §4 "Version check", §7 builds/).
// The version and build id are decided BEFORE the build, so the same values reach the app (through
// Vite's `define`) and the files written after it:
//   builds/latest.json          {id, timestamp, version}  — fetched by every open tab to spot a newer build
//   builds/meta/{buildId}.json  {id, timestamp, routeRules} — the route rules of this build
// `remix vite:build` evaluates vite.config.ts more than once in one process (client build, then the
// prerender build), so a generated id is pinned in process.env on first use; every evaluation and
// the buildEnd hook then agree on it.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ROUTE_RULES } from '../app/pwa/redirects';
import { buildMetaSchema, compileRouteRules, type BuildMeta } from '../app/pwa/route-rules';
import { parseVersion } from '../app/pwa/version';
import type { Plugin } from 'vite';

export interface BuildIdentity {
  /** major.minor.patch: APP_VERSION, or package.json's version. */
  version: string;
  /** A file-name-safe id: BUILD_ID, or the build time plus a random part. */
  buildId: string;
  /** When the build started (ms since the epoch). */
  timestamp: number;
}

export const latestBuildSchema = z.object({
  id: z.string().min(1),
  timestamp: z.number(),
  version: z.string(),
});

const packageJsonSchema = z.object({ version: z.string() });
const BUILD_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Reads (and on first use pins) this build's version, id and time. Throws on invalid values. */
export function resolveBuildIdentity(env: NodeJS.ProcessEnv = process.env): BuildIdentity {
  const packageJson = packageJsonSchema.parse(
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')),
  );
  const version = env.APP_VERSION ?? packageJson.version;
  if (!parseVersion(version)) {
    throw new Error(`APP_VERSION "${version}" is not major.minor.patch (for example 1.0.8)`);
  }
  env.BUILD_TIMESTAMP ??= String(Date.now());
  const timestamp = Number(env.BUILD_TIMESTAMP);
  if (!Number.isFinite(timestamp)) throw new Error('BUILD_TIMESTAMP must be a number (ms)');
  env.BUILD_ID ??= `${timestamp.toString(36)}-${randomBytes(4).toString('hex')}`;
  const buildId = env.BUILD_ID;
  if (!BUILD_ID.test(buildId)) {
    throw new Error(
      `BUILD_ID "${buildId}" may only hold letters, digits, dot, dash and underscore`,
    );
  }
  return { version, buildId, timestamp };
}

/** The `define` entries that hand the identity to the app (read in app/pwa/version-check.ts). */
export function buildIdentityDefines(identity: BuildIdentity): Record<string, string> {
  return {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(identity.version),
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(identity.buildId),
  };
}

/** Writes builds/latest.json and builds/meta/{buildId}.json into the client folder. */
export async function writeBuildInfo(options: {
  clientDir: string;
  env: Record<string, string | undefined>;
}): Promise<void> {
  // The identity lives in process.env (pinned above), not in Vite's env, which holds VITE_* only.
  void options.env;
  const { version, buildId, timestamp } = resolveBuildIdentity();
  // A rule the app could not compile would only show up as a console error in people's browsers.
  compileRouteRules(ROUTE_RULES);
  const meta: BuildMeta = buildMetaSchema.parse({
    id: buildId,
    timestamp,
    routeRules: ROUTE_RULES,
  });
  const latest = latestBuildSchema.parse({ id: buildId, timestamp, version });
  const buildsDir = join(options.clientDir, 'builds');
  await mkdir(join(buildsDir, 'meta'), { recursive: true });
  await writeFile(join(buildsDir, 'latest.json'), `${JSON.stringify(latest)}\n`);
  await writeFile(join(buildsDir, 'meta', `${buildId}.json`), `${JSON.stringify(meta)}\n`);
}

/**
 * `npm run dev` has no build folder: this answers builds/latest.json and this run's meta file from
 * the same identity and rules, so the version check and the redirects behave as they do when built.
 */
export function buildInfoDevServer(): Plugin {
  return {
    name: 'build-info-dev-server',
    apply: (_config, env) => env.command === 'serve' && !process.env.VITEST,
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0];
        const { version, buildId, timestamp } = resolveBuildIdentity();
        let body: unknown;
        if (path === '/builds/latest.json') body = { id: buildId, timestamp, version };
        else if (path === `/builds/meta/${buildId}.json`) {
          body = { id: buildId, timestamp, routeRules: ROUTE_RULES };
        } else return next();
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(JSON.stringify(body));
      });
    },
  };
}
