// Precompressed copies of the client build (issue 11, part 5): for every text asset above
// MIN_BYTES in <clientDir>, a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) next to it, so
// scripts/serve.mjs (sirv's `brotli`/`gzip` options) sends them without compressing per request.
// Runs last among the build steps that write into build/client (after the service worker's
// precache list), so the final sw.js and index.html are compressed too. A copy that would not be
// smaller is not written.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The extensions worth compressing: text. Images and fonts are compressed already. */
export const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.webmanifest',
  '.txt',
  '.map',
]);
/** Below about one TCP packet compression saves nothing worth a second file. */
export const MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

export async function compressBuild(options: { clientDir: string }): Promise<void> {
  const jobs: Promise<void>[] = [];
  for await (const file of walk(options.clientDir)) {
    if (!COMPRESSIBLE.has(extname(file))) continue;
    if ((await stat(file)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const content = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: 9 }),
        ]);
        if (br.length < content.length) await writeFile(`${file}.br`, br);
        if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      })(),
    );
  }
  await Promise.all(jobs);
}
