// `npm run bench:reads` (issue 29, "Reads, counted"): what the app really reads from Firestore, per
// person, in the large demo school (5,200 students), counted by the fake the way Firestore bills
// (mocks/firestore.ts: a query a read per document returned and 1 when none, a get 1, a commit a
// write per document; `/__fake/usage`, per uid).
//
// The built app (demo mode, BUILD_DIR=build-bench-reads) runs in Debian's Chromium against the
// server-mode fake (scripts/serve.mjs --fake=server --fresh, port 4302, a state file of its own in
// the temp folder), reset to the `large` profile. For each role (office staff, facilitator, parent,
// student: the demo accounts of mocks/demo-accounts.ts), in a browser context of its own, the page's
// clock installed at the real time (Playwright `clock`; the fake on the server keeps the real one):
//   FIRST SYNC  from "Sign in" (Keep me signed in ticked) until the first sync has finished and
//               nothing has been fetched for a while: the dashboard's start, /dash/home included;
//   DAY         one school day of steady state: the clock jumps 15 minutes at a time
//               (BENCH_SYNC_EVERY_MIN), 32 times over 8 hours, each jump firing the app's own timers
//               once (its background sync, the today's-roll-call slice), and the bench waits until
//               the page is quiet again; on the way it opens the home, the roll call of the
//               facilitator's first classroom for today (facilitator and office staff) and the inbox,
//               at 08:00 and again at 12:00, client-side (the Remix router), as a person would;
//   SYNC NOW    Sync status → "Sync now", with nothing changed anywhere, until the page is quiet;
//   NEXT DAY    the page closed, the clock moved on to the next morning (24 h 15 min after the
//               sign-in), the app opened again on /dash/home from its cache (still signed in).
// Reads and writes are taken from /__fake/usage between phases (the role's uid; anything billed to
// another account is printed too). Prints a table, PASS/FAIL for the issue's budgets (a parent's
// day ≤ 200 reads, a facilitator's first sync ≤ 2,000, "Sync now" with nothing changed ≤ 20 for
// every role), and the monthly Firestore bill at 300, 3,000 and 30,000 students from the price
// below, with its assumptions. Exits 1 when a budget fails or a phase could not run.
//
//   npm run bench:reads                         # builds build-bench-reads, then measures
//   BENCH_SKIP_BUILD=1 npm run bench:reads      # reuses the last build
//   BENCH_BUILD_DIR=build-x BENCH_PORT=4399 …   BENCH_ROLES=parent,student …   BENCH_PROFILE=demo …
//   BENCH_VERBOSE=1 …                           # the day's reads step by step, by collection
//
// What the demo cannot show: production's live queries are onSnapshot listeners (billed a read per
// document of the first snapshot, then one per changed document); demo mode re-queries through
// firestore/lite when the fake announces a change in the watched collection (app/backend/live.ts).
// With nothing changing during the bench the two cost the same: the first answer. The rules' get()
// of the caller's Members document (about one read per request in production) is not counted; the
// Firestore requests are printed so it can be estimated.
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBenchBrowser } from './bench-browser.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const BUILD_DIR = process.env.BENCH_BUILD_DIR ?? 'build-bench-reads';
const PORT = Number(process.env.BENCH_PORT ?? 4302);
const PROFILE = process.env.BENCH_PROFILE ?? 'large';
const SYNC_EVERY_MIN = Number(process.env.BENCH_SYNC_EVERY_MIN ?? 15);
const DAY_HOURS = 8;
const STEPS = Math.round((DAY_HOURS * 60) / SYNC_EVERY_MIN);
/** The page counts as quiet after this long without a Firebase request in flight. */
const QUIET_MS = 600;
const SETTLE_TIMEOUT_MS = 180_000;
const PASSWORD = 'demo-password';
/** BENCH_VERBOSE=1: the reads of every step of the day, by collection. */
const VERBOSE = Boolean(process.env.BENCH_VERBOSE);
/** The app opened again the next morning, a little later than the day before's sign-in. */
const NEXT_MORNING_MS = (24 * 60 + 15) * 60_000;
const MINUTE = 60_000;

// Firestore's price (Standard edition, beyond the free quota), from
// https://firebase.google.com/docs/firestore/pricing "Pricing by location", as stored by the search
// corpus and read on 2026-11-28: a single-region location (e.g. Oregon, us-west1) $0.03 per 100,000
// document reads and $0.09 per 100,000 writes; the US multi-region $0.06 and $0.18. Free every day:
// 50,000 reads and 20,000 writes. Check the page for the school's own location before budgeting.
const PRICE_PER_100K_READS_USD = 0.03;
const PRICE_PER_100K_WRITES_USD = 0.09;
const MULTI_REGION_PRICE_PER_100K_READS_USD = 0.06;
const MULTI_REGION_PRICE_PER_100K_WRITES_USD = 0.18;
const FREE_READS_PER_DAY = 50_000;
const FREE_WRITES_PER_DAY = 20_000;
const SCHOOL_DAYS_PER_MONTH = 21;
/** People per student, from the demo seed's ratios (docs/deploy.md "Assumptions", 300 students). */
const PEOPLE_PER_STUDENT = {
  staff: 3 / 300,
  facilitator: 8 / 300,
  parent: 186 / 300,
  student: 1 / 4,
};

const BUDGETS = { parentDay: 200, facilitatorFirstSync: 2000, syncNow: 20 };

/** The demo accounts (mocks/demo-accounts.ts): e-mail and fixed uid. */
const ROLES = [
  {
    key: 'staff',
    label: 'office staff',
    email: 'office@demo-learning.example',
    uid: 'demo-administration',
    rollCall: true,
  },
  {
    key: 'facilitator',
    label: 'facilitator',
    email: 'facilitator@demo-learning.example',
    uid: 'demo-facilitator',
    rollCall: true,
  },
  {
    key: 'parent',
    label: 'parent',
    email: 'parent@demo-learning.example',
    uid: 'demo-parent',
    rollCall: false,
  },
  {
    key: 'student',
    label: 'student',
    email: 'student@demo-learning.example',
    uid: 'demo-student',
    rollCall: false,
  },
].filter(
  (role) => !process.env.BENCH_ROLES || process.env.BENCH_ROLES.split(',').includes(role.key),
);

/** Requests of the fake's Firebase paths (mocks/server.ts), not the change feed or the app's files. */
const FIREBASE_PATH =
  /^\/(v1\/projects\/|identitytoolkit\.googleapis\.com\/|securetoken\.googleapis\.com\/|v0\/b\/|[a-z0-9-]+\/[a-z]+-[a-z]+\d+\/)/;
const FIRESTORE_PATH = /^\/v1\/projects\//;

// ---- build and serve ---------------------------------------------------------------------------

if (!process.env.BENCH_SKIP_BUILD) {
  execFileSync('npx', ['remix', 'vite:build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BUILD_DIR },
  });
}

const stateFile = join(tmpdir(), `learning-centre-bench-reads-${PORT}.json`);
const base = `http://127.0.0.1:${PORT}`;
const serverProcess = spawn('node', ['scripts/serve.mjs', '--fake=server', '--fresh'], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), BUILD_DIR, FAKE_FIREBASE_STATE: stateFile },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopServer = () => {
  if (serverProcess.exitCode === null) serverProcess.kill('SIGTERM');
  rmSync(stateFile, { force: true });
};
process.on('exit', stopServer);

async function waitForServer() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (serverProcess.exitCode !== null) throw new Error('scripts/serve.mjs exited');
    try {
      if ((await fetch(`${base}/__fake/health`)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The fake server on ${base} did not start`);
}

let secret = null;
/** The console control (`/__fake/…`), with the secret of this server start. */
async function control(method, route, body) {
  secret ??= (await (await fetch(`${base}/__fake/secret`)).json()).secret;
  const response = await fetch(`${base}/__fake/${route}`, {
    method,
    headers: {
      'X-Fake-Firebase-Secret': secret,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /__fake/${route}: ${response.status}`);
  return response.json();
}

const usage = () => control('GET', 'usage');
const resetUsage = () => control('DELETE', 'usage');

// ---- driving the page --------------------------------------------------------------------------

/** What a role's pages asked for: Firestore and Auth requests, and reads by collection (page-side). */
function newCounts() {
  return { firestore: 0, auth: 0, byCollection: new Map() };
}

/** The collection a Firestore request reads (`messages` for a conversation's subcollection). */
function collectionsRead(url, postData, body) {
  const path = new URL(url).pathname;
  if (path.endsWith(':runQuery') || path.endsWith(':runAggregationQuery')) {
    let query = null;
    try {
      const parsed = JSON.parse(postData ?? 'null');
      query = parsed?.structuredQuery ?? parsed?.structuredAggregationQuery?.structuredQuery;
    } catch {
      // not JSON: counted under "?"
    }
    const name = query?.from?.[0]?.collectionId ?? '?';
    if (path.endsWith(':runAggregationQuery')) return [[`${name} (count)`, 1]];
    const docs = Array.isArray(body) ? body.filter((entry) => entry?.document).length : 0;
    return [[name, Math.max(1, docs)]];
  }
  if (path.endsWith(':batchGet') && Array.isArray(body)) {
    return body.map((entry) => {
      const name = entry?.found?.name ?? entry?.missing ?? '';
      return [name.split('/documents/')[1]?.split('/')[0] ?? '?', 1];
    });
  }
  if (path.endsWith(':commit') || path.endsWith(':beginTransaction') || path.endsWith(':rollback'))
    return [];
  // A GET of one document.
  return [[path.split('/documents/')[1]?.split('/')[0] ?? '?', 1]];
}

/**
 * Follows a page's Firebase requests: how many are in flight (the quiet test), and into `counts`
 * how many went to Firestore and to Auth, and how many documents each collection's answers held.
 */
function trackRequests(page, counts) {
  const tracker = { inFlight: 0, lastActivity: Date.now() };
  const mine = (request) => {
    const url = new URL(request.url());
    return url.origin === base && FIREBASE_PATH.test(url.pathname);
  };
  page.on('request', (request) => {
    if (!mine(request)) return;
    tracker.inFlight += 1;
    tracker.lastActivity = Date.now();
    const path = new URL(request.url()).pathname;
    if (FIRESTORE_PATH.test(path)) counts.firestore += 1;
    else if (/^\/(identitytoolkit|securetoken)\./.test(path)) counts.auth += 1;
  });
  const done = async (request, finished) => {
    if (!mine(request)) return;
    try {
      if (finished && FIRESTORE_PATH.test(new URL(request.url()).pathname)) {
        const response = await request.response();
        if (response?.ok()) {
          const body = await response.json().catch(() => null);
          for (const [name, reads] of collectionsRead(request.url(), request.postData(), body)) {
            counts.byCollection.set(name, (counts.byCollection.get(name) ?? 0) + reads);
          }
        }
      }
    } catch {
      // The page went away meanwhile: the fake's own count is what the table shows.
    } finally {
      tracker.inFlight = Math.max(0, tracker.inFlight - 1);
      tracker.lastActivity = Date.now();
    }
  };
  page.on('requestfinished', (request) => void done(request, true));
  page.on('requestfailed', (request) => void done(request, false));
  return tracker;
}

/** Whether the app's sync engine says it is running (demo mode's `window.__lc.sync`). */
function engineBusy(page) {
  return page
    .evaluate(() => {
      const status = window.__lc?.sync?.getStatus?.();
      return status ? Boolean(status.isSyncing) : false;
    })
    .catch(() => false);
}

/**
 * Waits until no Firebase request has been in flight for QUIET_MS (real time) and the engine is
 * not syncing; `minimumMs` first, so work a timer has just started gets the chance to begin.
 */
async function settle(page, tracker, minimumMs = 300) {
  await page.waitForTimeout(minimumMs);
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const quietFor = Date.now() - tracker.lastActivity;
    if (tracker.inFlight === 0 && quietFor >= QUIET_MS && !(await engineBusy(page))) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`the page did not settle within ${SETTLE_TIMEOUT_MS / 1000} s`);
}

/** Counts the engine's runs (each move into a syncing state) from now on, in the page. */
async function countSyncRuns(page) {
  await page.waitForFunction(() => Boolean(window.__lc?.sync?.subscribeStatus), null, {
    timeout: 60_000,
  });
  await page.evaluate(() => {
    const engine = window.__lc.sync;
    window.__benchSyncRuns = 0;
    let syncing = Boolean(engine.getStatus().isSyncing);
    engine.subscribeStatus(() => {
      const now = Boolean(engine.getStatus().isSyncing);
      if (now && !syncing) window.__benchSyncRuns += 1;
      syncing = now;
    });
  });
}

const syncRuns = (page) => page.evaluate(() => window.__benchSyncRuns ?? 0).catch(() => 0);

async function signIn(page, email) {
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill(PASSWORD);
  const remember = page.getByLabel('Keep me signed in on this device');
  if (await remember.count()) await remember.check();
  await resetUsage();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/dash\//, { timeout: 60_000 });
  await page.getByRole('navigation', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
}

/** A client-side navigation, as a click on a link makes, then waits for the page's heading. */
async function visit(page, tracker, to) {
  await page.evaluate((path) => window.__remixRouter?.navigate(path), to);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === to, { timeout: 30_000 });
  await page.locator('main h1').first().waitFor({ timeout: 60_000 });
  await settle(page, tracker);
}

/** Sync status → "Sync now" in the header, as a person does; the engine's sync() if there is none. */
async function syncNow(page, tracker) {
  const status = page.getByRole('button', { name: /^Sync status/ }).first();
  if (await status.count()) {
    await status.click();
    const button = page.getByRole('button', { name: 'Sync now' });
    await button.waitFor({ timeout: 10_000 });
    await button.click();
    await settle(page, tracker, 500);
    await page.keyboard.press('Escape');
    return 'the "Sync now" button';
  }
  await page.evaluate(() => window.__lc.sync.sync());
  await settle(page, tracker, 500);
  return "the engine's sync() (no Sync status button found)";
}

/** The billed reads and writes of `uid` since the last reset, and anyone else's. */
async function takeUsage(uid) {
  const all = await usage();
  const own = all[uid] ?? { reads: 0, writes: 0 };
  const others = Object.entries(all).filter(([account]) => account !== uid);
  await resetUsage();
  return { ...own, others };
}

/** The roll call of `classroomId` for today by the page's clock (a UTC date, as the app's todayIso). */
async function rollCallPath(page, classroomId) {
  const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
  return `/dash/attendance?classroom=${classroomId}&date=${today}`;
}

async function measureRole(browser, role, classroomId) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const start = Date.now();
  await context.clock.install({ time: start });
  const result = { role: role.label, key: role.key, phases: {}, notes: [] };
  const counts = newCounts();
  let page = await context.newPage();
  let tracker = trackRequests(page, counts);
  const phase = async (name, run) => {
    const before = { ...counts, byCollection: new Map(counts.byCollection) };
    const pageBefore = page;
    const runsBefore = await syncRuns(page);
    try {
      const note = await run();
      if (note) result.notes.push(`${name}: ${note}`);
      const taken = await takeUsage(role.uid);
      const byCollection = [...counts.byCollection]
        .map(([collection, reads]) => [
          collection,
          reads - (before.byCollection.get(collection) ?? 0),
        ])
        .filter(([, reads]) => reads > 0)
        .sort((a, b) => b[1] - a[1]);
      result.phases[name] = {
        ...taken,
        requests: counts.firestore - before.firestore,
        authRequests: counts.auth - before.auth,
        // A new page counts its runs from zero; the first sync's run starts before the counter.
        syncRuns: (await syncRuns(page)) - (page === pageBefore ? runsBefore : 0),
        byCollection,
      };
    } catch (error) {
      result.phases[name] = { error: error instanceof Error ? error.message : String(error) };
      await resetUsage().catch(() => undefined);
    }
  };

  await phase('firstSync', async () => {
    await signIn(page, role.email);
    await countSyncRuns(page);
    await page.waitForFunction(() => window.__lc?.sync?.getStatus?.().lastSyncTime != null, null, {
      timeout: SETTLE_TIMEOUT_MS,
    });
    await settle(page, tracker, 1000);
  });

  await phase('day', async () => {
    const screens = [
      '/dash/home',
      ...(role.rollCall && classroomId ? [() => rollCallPath(page, classroomId)] : []),
      '/dash/messages',
    ];
    const visitsAt = new Map();
    for (const startStep of [0, Math.round(STEPS / 2)]) {
      screens.forEach((screen, i) => visitsAt.set(startStep + i, screen));
    }
    for (let step = 0; step < STEPS; step++) {
      const before = VERBOSE ? new Map(counts.byCollection) : null;
      await page.clock.fastForward(SYNC_EVERY_MIN * MINUTE);
      await settle(page, tracker, 800);
      const screen = visitsAt.get(step);
      const to = screen && (typeof screen === 'function' ? await screen() : screen);
      if (to) await visit(page, tracker, to);
      if (before) {
        const read = [...counts.byCollection]
          .map(([name, reads]) => `${name} ${reads - (before.get(name) ?? 0)}`)
          .filter((entry) => !entry.endsWith(' 0'));
        console.log(
          `    ${role.label}, step ${step + 1}${to ? ` (+ ${to})` : ''}: ${read.join(', ')}`,
        );
      }
    }
  });

  await phase('syncNow', () => syncNow(page, tracker));

  await phase('nextDay', async () => {
    await page.close();
    await context.clock.setSystemTime(start + NEXT_MORNING_MS);
    page = await context.newPage();
    tracker = trackRequests(page, counts);
    await page.goto(`${base}/dash/home`);
    await page.getByRole('navigation', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
    await countSyncRuns(page);
    await settle(page, tracker, 2000);
    if (!page.url().includes('/dash/')) return `ended on ${new URL(page.url()).pathname}`;
    return null;
  });

  await context.close();
  return result;
}

// ---- report --------------------------------------------------------------------------------------

const fmt = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-GB') : 'n/a');
const usd = (n) => `$${n >= 100 ? Math.round(n).toLocaleString('en-GB') : n.toFixed(2)}`;

const PHASES = [
  ['firstSync', 'first sync'],
  ['day', `school day (${STEPS} × ${SYNC_EVERY_MIN} min)`],
  ['syncNow', '"Sync now", nothing changed'],
  ['nextDay', 'next morning, from the cache'],
];

function printTable(results) {
  console.log("\nReads (writes) per person, billed as Firestore does (the fake's /__fake/usage)");
  const header = ['phase', ...results.map((r) => r.role)];
  const rows = PHASES.map(([key, label]) => [
    label,
    ...results.map((r) => {
      const p = r.phases[key];
      if (!p) return '–';
      if (p.error) return 'failed';
      return `${fmt(p.reads)} (${fmt(p.writes)})`;
    }),
  ]);
  const widths = header.map((_, i) =>
    Math.max(...[header, ...rows].map((row) => String(row[i]).length)),
  );
  const line = (row) => row.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of rows) console.log(line(row));

  console.log(
    '\nDetails: Firestore requests, sync runs, reads by collection (counted in the page)',
  );
  for (const r of results) {
    for (const [key, label] of PHASES) {
      const p = r.phases[key];
      if (!p) continue;
      if (p.error) {
        console.log(`  ${r.role}, ${label}: FAILED: ${p.error}`);
        continue;
      }
      const runs = key === 'firstSync' ? '' : `, ${p.syncRuns} sync runs`;
      const auth = p.authRequests > 0 ? `, ${p.authRequests} Auth requests` : '';
      const top = p.byCollection
        .slice(0, 8)
        .map(([collection, reads]) => `${collection} ${fmt(reads)}`)
        .join(', ');
      console.log(
        `  ${r.role}, ${label}: ${p.requests} Firestore requests${auth}${runs}; ${top || 'no reads'}`,
      );
      for (const [account, u] of p.others ?? []) {
        console.log(`    also billed to ${account}: ${u.reads} reads, ${u.writes} writes`);
      }
    }
    for (const note of r.notes) console.log(`  ${r.role}, ${note}`);
  }
}

function checkBudgets(results) {
  const byKey = Object.fromEntries(results.map((r) => [r.key, r]));
  const checks = [];
  const check = (name, value, limit) =>
    checks.push({ name, value, limit, pass: Number.isFinite(value) && value <= limit });
  if (byKey.parent) check("parent's school day", byKey.parent.phases.day?.reads, BUDGETS.parentDay);
  if (byKey.facilitator)
    check(
      "facilitator's first sync",
      byKey.facilitator.phases.firstSync?.reads,
      BUDGETS.facilitatorFirstSync,
    );
  for (const r of results)
    check(`"Sync now" (${r.role})`, r.phases.syncNow?.reads, BUDGETS.syncNow);
  console.log('\nBudgets (issue 29)');
  for (const c of checks) {
    console.log(
      `  ${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${fmt(c.value)} reads (budget ≤ ${fmt(c.limit)})`,
    );
  }
  return checks.every((c) => c.pass);
}

function printCost(results, schoolStudents) {
  const byKey = Object.fromEntries(results.map((r) => [r.key, r]));
  const missing = Object.keys(PEOPLE_PER_STUDENT).filter(
    (key) =>
      !byKey[key]?.phases.day || byKey[key].phases.day.error || byKey[key].phases.nextDay?.error,
  );
  if (missing.length > 0) {
    console.log(
      `\nMonthly cost: not computed (no day or next-morning figure for ${missing.join(', ')}).`,
    );
    return;
  }
  /** One person's school day: the morning's start from the cache, then the day's steady state. */
  const perDay = (key, field) => byKey[key].phases.nextDay[field] + byKey[key].phases.day[field];
  console.log(
    `\nMonthly Firestore cost (${SCHOOL_DAYS_PER_MONTH} school days, $${PRICE_PER_100K_READS_USD} per 100,000 reads, ` +
      `$${PRICE_PER_100K_WRITES_USD} per 100,000 writes, beyond ${fmt(FREE_READS_PER_DAY)} reads and ` +
      `${fmt(FREE_WRITES_PER_DAY)} writes free a day)`,
  );
  for (const students of [300, 3000, 30000]) {
    let reads = 0;
    let writes = 0;
    const parts = [];
    for (const [key, ratio] of Object.entries(PEOPLE_PER_STUDENT)) {
      const people = Math.round(students * ratio);
      // Office staff see the whole school: their reads grow with it. The others' scope is their own
      // classrooms or family, the same size in any school.
      const scale = key === 'staff' ? students / schoolStudents : 1;
      const personReads = perDay(key, 'reads') * scale;
      reads += people * personReads;
      writes += people * perDay(key, 'writes');
      parts.push(`${fmt(people)} ${key} × ${fmt(personReads)}`);
    }
    const dayAt = (readPrice, writePrice) =>
      (Math.max(0, reads - FREE_READS_PER_DAY) * readPrice) / 100_000 +
      (Math.max(0, writes - FREE_WRITES_PER_DAY) * writePrice) / 100_000;
    const day = dayAt(PRICE_PER_100K_READS_USD, PRICE_PER_100K_WRITES_USD);
    const multiRegion = dayAt(
      MULTI_REGION_PRICE_PER_100K_READS_USD,
      MULTI_REGION_PRICE_PER_100K_WRITES_USD,
    );
    console.log(
      `  ${fmt(students)} students: ${fmt(reads)} reads and ${fmt(writes)} writes a school day ` +
        `(${parts.join(', ')}) → ${usd(day)} a day, ${usd(day * SCHOOL_DAYS_PER_MONTH)} a month ` +
        `(multi-region: ${usd(multiRegion * SCHOOL_DAYS_PER_MONTH)} a month)`,
    );
  }
  console.log(
    '  Assumptions: staff, facilitators, parents (one account per family) and student accounts scale with\n' +
      '  students as in the demo seed (1 office member per 100 students, 8 facilitators per 300, 186\n' +
      '  families per 300, a quarter of students with an account); everyone opens the app every school day\n' +
      '  (the next-morning start) and keeps it open 8 hours (the day above), an upper bound for parents and\n' +
      "  students; office staff's reads scale with the school, the others' do not; first syncs (a new device)\n" +
      "  and the rules' get() of the caller's profile are not included; nights and weekends cost nothing.",
  );
}

// ---- run -----------------------------------------------------------------------------------------

let ok = true;
try {
  await waitForServer();
  await control('POST', 'reset', { profile: PROFILE });
  const students = (await control('GET', 'documents/students')).length;
  const facilitator = await control('GET', 'documents/facilitators/fac-000');
  const classroomId = facilitator?.classroomIds?.[0];
  console.log(
    `Profile ${PROFILE}: ${fmt(students)} students; roll call: classroom ${classroomId ?? 'none'}; ` +
      `build ${BUILD_DIR}; ${new Date().toISOString()}`,
  );
  const browser = await launchBenchBrowser();
  const results = [];
  for (const role of ROLES) {
    const started = Date.now();
    const result = await measureRole(browser, role, classroomId);
    results.push(result);
    console.log(`  ${role.label}: measured in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  await browser.close();
  printTable(results);
  ok = checkBudgets(results) && ok;
  printCost(results, students);
  if (results.some((r) => Object.values(r.phases).some((p) => p.error))) ok = false;
} catch (error) {
  console.error(error);
  ok = false;
} finally {
  stopServer();
}
process.exit(ok ? 0 : 1);
