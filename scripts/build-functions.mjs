#!/usr/bin/env node
// `npm run build:functions`: bundles the Cloud Functions (firebase/functions/src) and the app/domain
// modules they import into one CommonJS file, firebase/functions/lib/index.js, the "main" of
// firebase/functions/package.json. firebase-functions and firebase-admin stay external: Cloud Build
// installs them from that package.json. Everything else (zod, the shared decisions) is inlined, so the
// deployed folder needs no copy of the app.
//   node scripts/build-functions.mjs [--out <dir>]   (default firebase/functions/lib)
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FUNCTIONS_DIR = join(ROOT, 'firebase', 'functions');

/** The packages the deployed functions install themselves (firebase/functions/package.json). */
export const EXTERNAL_PACKAGES = ['firebase-functions', 'firebase-admin'];

function outDirFromArgs(argv) {
  const i = argv.indexOf('--out');
  if (i === -1) return join(FUNCTIONS_DIR, 'lib');
  const dir = argv[i + 1];
  if (!dir || dir.startsWith('--')) throw new Error('--out needs a directory, e.g. --out /tmp/fn');
  return resolve(dir);
}

export async function buildFunctions(outDir = join(FUNCTIONS_DIR, 'lib')) {
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, 'index.js');
  const result = await build({
    entryPoints: [join(FUNCTIONS_DIR, 'src', 'index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    // Cloud Functions runs Node 22 (engines in package.json); this esbuild knows targets up to 20,
    // and nothing the functions use differs.
    target: 'node20',
    format: 'cjs',
    sourcemap: 'linked',
    // The app's `~/…` imports, as tsconfig.json maps them.
    tsconfig: join(FUNCTIONS_DIR, 'tsconfig.json'),
    alias: { '~': join(ROOT, 'app') },
    external: EXTERNAL_PACKAGES.flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
    metafile: true,
  });
  return { outfile, inputs: Object.keys(result.metafile.inputs) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  buildFunctions(outDirFromArgs(process.argv.slice(2)))
    .then(({ outfile, inputs }) => {
      console.log(
        `build-functions: ${inputs.length} modules → ${outfile} in ${Date.now() - started} ms`,
      );
    })
    .catch((error) => {
      console.error(`build-functions: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
