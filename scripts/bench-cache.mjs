// `npm run bench:cache`: builds bench/ with vite, serves it, and runs the cache benchmark in Debian's
// Chromium. Prints medians over RUNS runs and the ratios against baselines measured in the same run.
// Not part of `npm test`: it measures speed, it does not assert it (architecture.md "Benchmarks").
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBenchBrowser, median } from './bench-browser.mjs';

const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 5));
const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'build', 'bench');

if (!process.env.BENCH_SKIP_BUILD) {
  execFileSync('npx', ['vite', 'build', '--config', 'bench/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
  let file = join(outDir, path);
  if (!file.startsWith(outDir)) return void res.writeHead(403).end();
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!existsSync(file)) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;

const browser = await launchBenchBrowser();

const fmt = (ms) => `${ms.toFixed(1)} ms`;

try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('state')?.textContent === 'ready');
  const call = (name) => page.evaluate((n) => window.bench[n](), name);

  // One warm-up of each, so JIT and IndexedDB start-up are not in the first sample.
  for (const name of [
    'writeCache',
    'writeRawIdb',
    'readFilterSortCold',
    'readFilterSortColdWhole',
    'readFilterSortWarm',
  ]) {
    await call(name);
  }
  const samples = {
    writeCache: [],
    writeRawIdb: [],
    writeLocalforagePerItem: [],
    cold: [],
    coldWhole: [],
    warm: [],
  };
  for (let i = 0; i < RUNS; i++) {
    // Interleaved, so drift (GC, disk) hits every variant alike.
    samples.writeRawIdb.push(await call('writeRawIdb'));
    samples.writeCache.push(await call('writeCache'));
    samples.writeLocalforagePerItem.push(await call('writeLocalforagePerItem'));
    samples.cold.push(await call('readFilterSortCold'));
    samples.coldWhole.push(await call('readFilterSortColdWhole'));
    samples.warm.push(await call('readFilterSortWarm'));
  }
  const replays = [];
  for (let i = 0; i < RUNS; i++) replays.push(await call('replay'));

  const cache = median(samples.writeCache);
  const raw = median(samples.writeRawIdb);
  const perItem = median(samples.writeLocalforagePerItem);
  const cold = median(samples.cold);
  const coldWhole = median(samples.coldWhole);
  const warm = median(samples.warm);
  const replayMs = median(replays.map((r) => r.ms));
  const commits = [...new Set(replays.map((r) => r.commits))];
  const created = [...new Set(replays.map((r) => r.created))];

  console.log(`\nCache benchmark — Chromium ${browser.version()}, medians of ${RUNS} runs\n`);
  console.log('Write 10,000 student records');
  console.log(`  store (chunked records)             ${fmt(cache)}`);
  console.log(
    `  (a) raw IndexedDB, one transaction  ${fmt(raw)}   ratio cache/(a) = ${(cache / raw).toFixed(2)}×  (goal ≤ 1.0×)`,
  );
  console.log(
    `  (b) localforage setItem per item    ${fmt(perItem)}   ratio (b)/cache = ${(perItem / cache).toFixed(1)}×`,
  );
  console.log('Read back, filter (status), sort (lastName, firstName), first 50 of 10,000');
  console.log(
    `  cold tab, from the list index       ${fmt(cold)}   (goal ≤ 20 ms: ${cold <= 20 ? 'met' : 'NOT met'})` +
      `   ratio to the whole read = ${(cold / coldWhole).toFixed(2)}×`,
  );
  console.log(
    `  samples, from the list index        ${samples.cold.map((x) => x.toFixed(1)).join(', ')}`,
  );
  console.log(
    `  cold tab, whole collection first    ${fmt(coldWhole)}   (baseline: every record read)`,
  );
  console.log(
    `  warm (collection in memory)         ${fmt(warm)}   (goal < 20 ms: ${warm < 20 ? 'met' : 'NOT met'})`,
  );
  console.log('Replay 1,000 pending creates against the in-page fake Firebase');
  console.log(`  time                                ${fmt(replayMs)}`);
  console.log(`  commit requests per replay          ${commits.join(', ')}   (goal: exactly 2)`);
  console.log(`  documents created per replay        ${created.join(', ')}   (expected 1000)`);
} finally {
  await browser.close();
  server.close();
}
