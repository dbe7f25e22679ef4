// @vitest-environment node
// The deployable bundle builds (scripts/build-functions.mjs), needs nothing at run time but
// firebase-functions, firebase-admin and Node's own modules (Cloud Build installs only what
// firebase/functions/package.json names), and exports every function in asia-south1.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CACHED_COLLECTION_NAMES } from '~/domain/server/versions';
import { buildFunctions, EXTERNAL_PACKAGES } from '../../../scripts/build-functions.mjs';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
// Inside the repository (git-ignored .cache), so the bundle's requires resolve the root
// node_modules; not firebase/functions/lib, so a test run never replaces a bundle built for deploy.
const OUT = join(ROOT, '.cache', 'functions-build-test');

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const allowed = (id: string) =>
  builtins.has(id) || EXTERNAL_PACKAGES.some((p) => id === p || id.startsWith(`${p}/`));

describe('the functions bundle', () => {
  it('builds, requiring only firebase-functions, firebase-admin and Node built-ins', async () => {
    // No time limit: how long esbuild takes says more about the machine than about the bundle.
    const { outfile } = await buildFunctions(OUT);
    // As in firebase/functions, whose package.json has no "type": the bundle is CommonJS (the
    // repository root is "type": "module").
    writeFileSync(join(OUT, 'package.json'), '{ "type": "commonjs" }\n');
    const code = readFileSync(outfile, 'utf8');
    const required = [...code.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1] ?? '');
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((id) => !allowed(id))).toEqual([]);
    // The shared decisions are inside, not imported from the app at run time.
    expect(code).toContain('Only a superAdmin may grant or remove admin or superAdmin.');

    const bundle = createRequire(outfile)(outfile) as Record<
      string,
      { __endpoint?: { region?: string[]; callableTrigger?: object; eventTrigger?: object } }
    >;
    const callables = Object.entries(bundle)
      .filter(([, fn]) => fn.__endpoint?.callableTrigger)
      .map(([name]) => name)
      .sort();
    expect(callables).toEqual([
      'inviteMember',
      'logUnregisterdSignin',
      'setMemberRoles',
      'setMemberStatus',
      'submitInquiry',
    ]);
    for (const fn of Object.values(bundle)) expect(fn.__endpoint?.region).toEqual(['asia-south1']);
    // A write trigger for every cached collection (the version bump).
    const documents = Object.values(bundle)
      .map((fn) => fn.__endpoint?.eventTrigger)
      .filter((trigger): trigger is object => trigger !== undefined)
      .map((trigger) => JSON.stringify(trigger));
    for (const collection of Object.keys(CACHED_COLLECTION_NAMES)) {
      expect(documents.some((d) => d.includes(`${collection}/{`))).toBe(true);
    }
  }, 20_000);
});
