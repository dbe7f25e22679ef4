// `npm run bench:demo-backend` (issue 29, part 6): how long the in-page demo backend holds the main
// thread at a time. Builds the app (demo mode, BENCH_BUILD_DIR or build/bench-app, shared with
// bench:load; BENCH_SKIP_BUILD=1 reuses it), serves it precompressed with scripts/serve.mjs's static
// server (the fake in the page, as on a static host) and measures in Debian's Chromium with a
// PerformanceObserver('longtask') installed before the page's first script, medians of
// BENCH_RUNS (≥ 5) runs after one warm-up:
//   - start, first visit: a new browser context opens /login; the fake seeds the demo school and
//     saves it. The longest task from navigation start until the fake's `fake-firebase:install`
//     measure ends (the app's own start runs in that window too, as on a phone);
//   - start, saved school: a second page of the same context (the fake loads the saved school);
//   - a 500-write commit: signed in as the demo admin, 500 new students saved to the cache in one
//     batch, then the sync engine sends them (one documents:commit of 500 writes; the fake checks
//     the rules, the invariants and writes the audit entries). The longest task from the sync's
//     start until it has settled;
//   - baseline, in the same run: the longest task while the app saves those 500 records to its own
//     cache (store.batch), before the sync: the app's share of the same work.
// The goal is that none of the fake's tasks exceeds 50 ms. A long task's window holds the app's own
// work too, so each row also says how long the fake's OWN scripts ran at a time: Chromium's Long
// Animation Frames API attributes every script run over 5 ms to the file its callback came from,
// and the fake is the build's `browser-*.js` chunk (the one entry.client imports for the in-page
// backend; the app's modules it calls run inside its callbacks and count as its time). Not part of
// `npm test`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBenchBrowser, median, signInAsDemoAdmin } from './bench-browser.mjs';
import { createStaticServer } from './serve.mjs';

const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 5));
const root = fileURLToPath(new URL('..', import.meta.url));
const APP_BUILD = process.env.BENCH_BUILD_DIR ?? 'build/bench-app';
const GOAL_MS = 50;

const run = (args, env = {}) =>
  execFileSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
if (!process.env.BENCH_SKIP_BUILD || !existsSync(join(root, APP_BUILD, 'client'))) {
  run(['remix', 'vite:build'], { BUILD_DIR: APP_BUILD });
}

async function serve(buildDir) {
  const server = createStaticServer(join(root, buildDir, 'client'));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    server,
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  };
}

/** Runs before the page's first script: every long task, with its start and duration. */
const OBSERVE_LONG_TASKS = () => {
  const tasks = [];
  Reflect.set(window, '__longTasks', tasks);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      tasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  const scripts = [];
  Reflect.set(window, '__longScripts', scripts);
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) {
      for (const script of frame.scripts ?? []) {
        scripts.push({
          start: script.startTime,
          duration: script.duration,
          url: script.sourceURL,
          fn: script.sourceFunctionName,
          invoker: script.invoker,
        });
      }
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
};

/** The file name of the in-page fake's chunk in this build (entry.client imports it). */
function fakeChunkName(buildDir) {
  const assets = join(root, buildDir, 'client', 'assets');
  const entry = readdirSync(assets).find((f) => /^entry\.client-.*\.js$/.test(f));
  const source = entry ? readFileSync(join(assets, entry), 'utf8') : '';
  const match = /import\("\.\/(browser-[\w-]+\.js)"\)/.exec(source);
  if (!match) throw new Error(`No import of the in-page fake's chunk in ${assets}/${entry}`);
  return match[1];
}

/** The longest single run of the fake's own scripts overlapping [from, to]; 0 when none. */
function longestFakeScript(scripts, chunk, from, to) {
  return scripts
    .filter((s) => s.url.endsWith(`/${chunk}`) && s.start < to && s.start + s.duration > from)
    .reduce((longest, s) => Math.max(longest, s.duration), 0);
}

/** Who ran in the longest task overlapping [from, to]: its script runs over 5 ms, longest first. */
function attribution(tasks, scripts, from, to) {
  const task = tasks
    .filter((t) => t.start < to && t.start + t.duration > from)
    .sort((a, b) => b.duration - a.duration)[0];
  if (!task) return [];
  return scripts
    .filter((s) => s.start < task.start + task.duration && s.start + s.duration > task.start)
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 3)
    .map((s) => `${Math.round(s.duration)} ms ${s.url.split('/').pop()} ${s.fn || s.invoker}`);
}

/** The longest long task that overlaps [from, to] (ms since navigation start); 0 when none. */
function longestIn(tasks, from, to) {
  return tasks
    .filter((task) => task.start < to && task.start + task.duration > from)
    .reduce((longest, task) => Math.max(longest, task.duration), 0);
}

/** Waits for the fake's install measure; returns when it ended, with the page's long tasks. */
async function fakeStarted(page) {
  const end = await page.waitForFunction(
    () => {
      const measure = performance.getEntriesByName('fake-firebase:install')[0];
      return measure ? measure.startTime + measure.duration : null;
    },
    undefined,
    { timeout: 30_000 },
  );
  const installedAt = await end.jsonValue();
  // Long tasks are reported after they end: let the current one finish and be observed.
  await page.waitForTimeout(300);
  const { tasks, scripts } = await page.evaluate(() => ({
    tasks: Reflect.get(window, '__longTasks'),
    scripts: Reflect.get(window, '__longScripts'),
  }));
  return {
    longest: longestIn(tasks, 0, installedAt),
    fake: longestFakeScript(scripts, FAKE_CHUNK, 0, installedAt),
    who: attribution(tasks, scripts, 0, installedAt),
  };
}

async function appRun(browser, base) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(OBSERVE_LONG_TASKS);
  try {
    const first = await context.newPage();
    await first.goto(`${base}/login`);
    const seeded = await fakeStarted(first);
    const second = await context.newPage();
    await second.goto(`${base}/login`);
    const loaded = await fakeStarted(second);
    await second.close();

    await signInAsDemoAdmin(first, base);
    const commit = await first.evaluate(async (chunk) => {
      const lc = Reflect.get(window, '__lc');
      const fake = Reflect.get(window, '__fakeFirebase');
      // Let the first sync after sign-in finish, so the commit is measured alone.
      const idle = async () => {
        const busy = () => {
          const status = lc.sync.getStatus();
          return status.isSyncing || status.pendingChanges > 0;
        };
        for (let i = 0; i < 1200 && busy(); i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      await idle();
      await lc.sync.sync();
      const [template] = await lc.cache.list('students', { limit: 1 });
      if (!template) throw new Error('No cached student to copy');
      const { id: _id, ...fields } = template;
      const operations = Array.from({ length: 500 }, (_, i) => ({
        type: 'save',
        collection: 'students',
        item: { ...fields, firstName: `Bench${i}`, lastName: `Commit${Date.now()}` },
      }));
      const tasks = Reflect.get(window, '__longTasks');
      const longestSince = (from, to) =>
        tasks
          .filter((task) => task.start < to && task.start + task.duration > from)
          .reduce((longest, task) => Math.max(longest, task.duration), 0);
      const saveFrom = performance.now();
      if ((await lc.cache.batch(operations)) !== 500) throw new Error('The batch was not saved');
      const saveTo = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const save = longestSince(saveFrom, saveTo);
      await fake.clearRequestLog();
      const from = performance.now();
      await lc.sync.sync();
      await idle();
      const to = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const commits = (await fake.requests(/documents:commit/)).length;
      // The fake's own share: tasks that overlap its handling of the commit request (the app
      // awaits the answer meanwhile), from the fake's `fake-firebase:commit` measures.
      const inFake = performance
        .getEntriesByName('fake-firebase:commit')
        .filter((m) => m.startTime >= from)
        .reduce(
          (longest, m) => Math.max(longest, longestSince(m.startTime, m.startTime + m.duration)),
          0,
        );
      const fakeScripts = Reflect.get(window, '__longScripts')
        .filter((x) => x.url.endsWith(`/${chunk}`) && x.start < to && x.start + x.duration > from)
        .reduce((longest, x) => Math.max(longest, x.duration), 0);
      return {
        inFake,
        fakeScripts,
        longest: longestSince(from, to),
        save,
        commits,
        pending: lc.sync.getStatus().pendingChanges,
      };
    }, FAKE_CHUNK);
    if (commit.pending !== 0) throw new Error(`${commit.pending} changes still pending`);
    return {
      seeded: seeded.longest,
      seededFake: seeded.fake,
      seededWho: seeded.who,
      loaded: loaded.longest,
      loadedFake: loaded.fake,
      commit: commit.longest,
      commitFake: commit.fakeScripts,
      inFake: commit.inFake,
      save: commit.save,
      commits: commit.commits,
    };
  } finally {
    await context.close();
  }
}

const FAKE_CHUNK = fakeChunkName(APP_BUILD);
const app = await serve(APP_BUILD);
const browser = await launchBenchBrowser();
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');

try {
  const samples = {
    seeded: [],
    seededFake: [],
    loaded: [],
    loadedFake: [],
    commit: [],
    commitFake: [],
    inFake: [],
    save: [],
  };
  const seededWho = [];
  const commits = new Set();
  // One warm-up (compilation caches, the OS's file cache), then the counted runs.
  await appRun(browser, app.url);
  for (let i = 0; i < RUNS; i++) {
    const result = await appRun(browser, app.url);
    samples.seeded.push(result.seeded);
    samples.seededFake.push(result.seededFake);
    seededWho.push(result.seededWho);
    samples.loaded.push(result.loaded);
    samples.loadedFake.push(result.loadedFake);
    samples.commit.push(result.commit);
    samples.commitFake.push(result.commitFake);
    samples.inFake.push(result.inFake);
    samples.save.push(result.save);
    commits.add(result.commits);
  }
  const base = median(samples.save);
  const ratio = (value) => (base > 0 ? `${(value / base).toFixed(2)}×` : '');
  const goal = (value) => (value <= GOAL_MS ? 'met' : 'not met');
  const rows = [
    ['start, first visit (seeds the school)', median(samples.seeded)],
    ['  the fake’s own scripts, longest run', median(samples.seededFake)],
    ['start, saved school (second tab)', median(samples.loaded)],
    ['  the fake’s own scripts, longest run', median(samples.loadedFake)],
    ['a 500-write commit, sync start to settled', median(samples.commit)],
    ['  of which inside the fake’s handling of the commit', median(samples.inFake)],
    ['  the fake’s own scripts, longest run', median(samples.commitFake)],
  ];
  console.log(
    `\nbench:demo-backend — longest main-thread task, medians of ${RUNS} runs (Chromium, ${APP_BUILD})\n`,
  );
  console.log(`| measurement | longest task | / baseline | goal ≤ ${GOAL_MS} ms |`);
  console.log('| --- | --- | --- | --- |');
  for (const [label, value] of rows) {
    console.log(`| ${label} | ${ms(value)} | ${ratio(value)} | ${goal(value)} |`);
  }
  console.log(
    `| baseline: the app saving the same 500 records to its cache | ${ms(base)} | 1.00× | |`,
  );
  console.log(`\nThe fake's chunk: ${FAKE_CHUNK}. Who ran in each first visit's longest task:`);
  for (const who of seededWho) console.log(`  ${who.join('; ') || '(no script over 5 ms)'}`);
  console.log(`\ndocuments:commit requests per 500-write sync: ${[...commits].join(', ')}`);
  console.log('Samples (ms):');
  for (const [key, values] of Object.entries(samples)) {
    console.log(`  ${key}: ${values.map((v) => Math.round(v)).join(', ')}`);
  }
} finally {
  await browser.close();
  app.server.close();
}
