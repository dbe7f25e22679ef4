// `npm run bench:attendance` (issue 12, "Benchmark"): how fast the attendance screens answer, in
// Debian's Chromium against the production build, with the demo backend in the page (the in-page
// fake Firebase, as a static host serves the demo).
//
//   npm run bench:attendance                        # builds build/bench-app, then measures
//   BENCH_SKIP_BUILD=1 npm run bench:attendance     # reuses the last build
//   BENCH_BUILD_DIR=build-x BENCH_SKIP_BUILD=1 …    # measures another build folder
//   BENCH_RUNS=9 …   BENCH_ACCOUNT=admin …   CHROMIUM_PATH=/path/to/chromium …
//   BENCH_VIEWPORT=390x844 …                        # a phone's window instead of 1280x900
//   BENCH_SCREENSHOTS=dir …                         # a PNG of each screen after its warm-up run
//   BENCH_PROFILE=dir …                             # a CPU profile (.cpuprofile) of each counted step
//
// Set-up, before signing in (so the first sync fetches it), through the fake's console control
// `window.__fakeFirebase`: the demo facilitator's first classroom gets exactly 30 enrolled students
// (the seeded ones plus `stu-bench-NN` copies of one of them) and exactly 60 school days of roll calls
// before today (the seeded ones are replaced); today's roll call is removed, so the class starts
// "not taken". Then the demo facilitator (BENCH_ACCOUNT=admin: the demo admin) signs in.
//
// Each run, interleaved so drift (GC, other jobs on the machine) hits every measurement alike, each
// step starting from /dash/attendance (today's classes, its data loaded) reached client-side:
//   OPEN      on /dash/attendance, a tap on the class in today's classes (the link named
//             "<classroom>, <state>"; without one, e.g. at a weekend or as staff, a client-side
//             navigation to /dash/attendance?classroom=…&date=<today>) until all 30 student buttons
//             (accessible name starting with the student's name) are in the DOM and enabled;
//   SAVE      offline (the browser context offline): one student tapped, then "Save roll call"
//             clicked until the page confirms it (a toast or "Waiting to sync"); right after, the
//             pending change must be in the queue (`window.__lc.outbox`), else the time until it is
//             counted. Also printed: when the store's outbox.record resolved (click → in the queue).
//             Back online, the queue is drained before the next measurement;
//   REGISTER  a client-side navigation to /dash/attendance/register for the classroom and the 60
//             days' range until the register table has its 30th student row;
//   BASELINE  a client-side navigation to /dash/students?classroom=… (the same 30 students) until
//             its table says 30 rows (aria-rowcount) and has rendered every row its virtual window
//             renders (all 30 when the window is tall enough; at 900 px it renders the first 23).
// Every time is taken in the page with performance.now(): a MutationObserver (plus a frame poll),
// started before the click, notes the first DOM state that meets the condition (before it is
// painted). One warm-up run is not counted. Prints medians of BENCH_RUNS (≥ 5) runs, each one's
// ratio to the baseline, and the goals (open ≤ 100 ms, save ≤ 50 ms, register ≤ 150 ms). A screen
// that is missing or never becomes ready is reported "not available" with the reason.
// Not part of `npm test`: it measures, it does not assert (architecture.md "Benchmarks").
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBenchBrowser, median } from './bench-browser.mjs';
import { createStaticServer } from './serve.mjs';

const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 5));
const root = fileURLToPath(new URL('..', import.meta.url));
const BUILD_DIR = process.env.BENCH_BUILD_DIR ?? 'build/bench-app';
const ACCOUNT = process.env.BENCH_ACCOUNT === 'admin' ? 'admin' : 'facilitator';
const EMAIL = `${ACCOUNT}@demo-learning.example`;
const PASSWORD = 'demo-password';
const STUDENTS = 30;
const DAYS = 60;
const READY_TIMEOUT_MS = 10_000;
// A folder for a screenshot of each screen after its warm-up run (to look at what was measured).
const SCREENSHOTS = process.env.BENCH_SCREENSHOTS;
// A folder for a CPU profile of each counted step (open it in DevTools' Performance panel; a build
// made with `npx remix vite:build --minify false` keeps the function names readable).
const PROFILE = process.env.BENCH_PROFILE;
const [WIDTH, HEIGHT] = (process.env.BENCH_VIEWPORT ?? '1280x900').split('x').map(Number);
const GOALS = { open: 100, save: 50, register: 150 };

if (!process.env.BENCH_SKIP_BUILD) {
  execFileSync('npx', ['remix', 'vite:build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BUILD_DIR },
  });
}

if (SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
if (PROFILE) mkdirSync(PROFILE, { recursive: true });

const server = createStaticServer(join(root, BUILD_DIR, 'client'));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

/**
 * In the page, before signing in: 30 enrolled students and 60 school days of roll calls in the demo
 * facilitator's first classroom. Returns what the measurements need to know.
 */
async function seedBenchData(page, { students, days }) {
  await page.waitForFunction(() => Boolean(window.__fakeFirebase));
  return page.evaluate(
    async ({ students, days }) => {
      const fake = window.__fakeFirebase;
      await fake.ready();
      const facilitator = await fake.getDocument('facilitators/fac-000');
      const classroomId = facilitator?.classroomIds?.[0];
      if (!classroomId) throw new Error('The demo facilitator fac-000 has no classroom.');
      const classroom = await fake.getDocument(`classrooms/${classroomId}`);
      const byMember = facilitator.memberUUID;
      const all = await fake.listDocuments('students');
      const enrolled = all.filter(
        (s) => s.data.status === 'enrolled' && s.data.classroomIds?.includes(classroomId),
      );
      const writes = [];
      // More than 30 (not in the demo seed): the extra ones leave the classroom.
      for (const extra of enrolled.slice(students)) {
        writes.push(
          fake.setDocument(`students/${extra.id}`, {
            ...extra.data,
            classroomIds: extra.data.classroomIds.filter((id) => id !== classroomId),
          }),
        );
      }
      const roster = enrolled.slice(0, students).map((s) => s.id);
      const template = enrolled[0] ?? all.find((s) => s.data.status === 'enrolled');
      if (!template) throw new Error('The demo seed has no enrolled student to copy.');
      const FIRST = [
        'Asha',
        'Ben',
        'Chloe',
        'Dev',
        'Elif',
        'Farid',
        'Gita',
        'Hugo',
        'Ines',
        'Jonas',
      ];
      const LAST = ['Rao', 'Okafor', 'Lindqvist', 'Moreau'];
      for (let n = 1; roster.length < students; n++) {
        const id = `stu-bench-${String(n).padStart(2, '0')}`;
        writes.push(
          fake.setDocument(`students/${id}`, {
            ...template.data,
            firstName: FIRST[(n - 1) % FIRST.length],
            lastName: `${LAST[Math.floor((n - 1) / FIRST.length) % LAST.length]}-${n}`,
            classroomIds: [classroomId],
            status: 'enrolled',
            notes: '',
          }),
        );
        roster.push(id);
      }
      // Roll calls: exactly `days` school days before today (UTC dates, as the app's todayIso).
      const DAY = 24 * 60 * 60 * 1000;
      const midnight = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
      const today = midnight.toISOString().slice(0, 10);
      const dates = [];
      for (let d = new Date(midnight.getTime() - DAY); dates.length < days;) {
        const weekday = d.getUTCDay();
        if (weekday !== 0 && weekday !== 6) dates.unshift(d.toISOString().slice(0, 10));
        d = new Date(d.getTime() - DAY);
      }
      const keep = new Set(dates.map((date) => `${classroomId}_${date}`));
      for (const old of await fake.listDocuments('attendance')) {
        if (old.data.classroomId === classroomId && !keep.has(old.id)) {
          writes.push(fake.deleteDocument(`attendance/${old.id}`));
        }
      }
      const STATUSES = ['absent', 'late', 'excused'];
      dates.forEach((date, d) => {
        const at = `${date}T09:30:00.000Z`;
        const entries = {};
        roster.forEach((studentId, s) => {
          // Deterministic, about 90 % present, every status on the page.
          const k = (d * 31 + s * 17) % 30;
          entries[studentId] = { status: k < 27 ? 'present' : STATUSES[k - 27], at, by: byMember };
        });
        writes.push(
          fake.setDocument(`attendance/${classroomId}_${date}`, {
            classroomId,
            date,
            entries,
            updatedBy: byMember,
          }),
        );
      });
      await Promise.all(writes);
      const names = await Promise.all(
        roster.map(async (id) => {
          const doc = await fake.getDocument(`students/${id}`);
          return `${doc.firstName} ${doc.lastName}`;
        }),
      );
      return {
        classroomId,
        classroomName: classroom.name,
        today,
        from: dates[0],
        to: dates[dates.length - 1],
        names,
      };
    },
    { students, days },
  );
}

async function signIn(page) {
  await page.getByLabel('E-mail address').fill(EMAIL);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/dash\//);
  await page.locator('main h1').first().waitFor();
}

/**
 * Runs in the page: starts a MutationObserver and a frame poll, then the action (a click or a
 * client-side navigation), and resolves with the milliseconds until `kind`'s condition first holds.
 */
function measureInPage({ kind, action, arg, timeoutMs }) {
  const labelOf = (el) =>
    (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
  const enabled = (el) => !el.disabled && el.getAttribute('aria-disabled') !== 'true';
  const visible = (el) => el.getClientRects().length > 0;
  const savedMarks = () =>
    (document.querySelector('main')?.innerText.match(/Waiting to sync/g) ?? []).length +
    document.querySelectorAll('[data-testid=toast]').length;
  const checks = {
    // Every student's button is there and enabled.
    rollCall: () => {
      const labels = [...document.querySelectorAll('main button')].filter(enabled).map(labelOf);
      return arg.names.every((name) => labels.some((label) => label.startsWith(name)));
    },
    // A confirmation that was not on the page when the click happened: the "Waiting to sync"
    // marker or a toast.
    saved: () => savedMarks() > window.__benchSavedBefore,
    // The register table's 30th student row.
    register: () =>
      [...document.querySelectorAll('main table')].some(
        (table) => table.querySelectorAll('tbody tr').length >= arg.rows,
      ),
    // The students list: 30 rows in its count, and every row its window renders.
    studentsList: () =>
      [...document.querySelectorAll('main [role=table]')].some(
        (table) =>
          table.getAttribute('aria-rowcount') === String(arg.rows + 1) &&
          table.querySelectorAll('[role=row][data-index]').length >= arg.rendered,
      ),
  };
  const checkKind = checks[kind];
  // After a client-side navigation, only the new page counts.
  const check =
    action.type === 'navigate'
      ? () => `${location.pathname}${location.search}` === action.to && checkKind()
      : checkKind;
  if (kind === 'saved') {
    window.__benchSavedBefore = savedMarks();
    // Notes when the change reaches the queue (the store's outbox.record resolving), to split the
    // save into the offline write and what follows it (revalidation, re-render).
    window.__benchQueuedAt = null;
    const outbox = window.__lc?.outbox;
    if (outbox && !Object.hasOwn(outbox, 'record')) {
      const original = outbox.record.bind(outbox);
      outbox.record = async (lock, changes) => {
        const result = await original(lock, changes);
        if (changes.some((c) => c.collectionName === 'attendance')) {
          window.__benchQueuedAt = performance.now();
        }
        return result;
      };
    }
  }
  return new Promise((resolve, reject) => {
    let done = false;
    const started = performance.now();
    window.__benchStartedAt = started;
    const finish = (value, error) => {
      if (done) return;
      done = true;
      observer.disconnect();
      if (error) reject(error);
      else resolve(value);
    };
    const test = () => {
      if (!done && check()) finish(performance.now() - started);
    };
    const observer = new MutationObserver(test);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    const poll = () => {
      test();
      if (!done) requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
    setTimeout(() => finish(null, new Error(`${kind} not ready after ${timeoutMs} ms`)), timeoutMs);
    if (action.type === 'navigate') {
      const router = window.__remixRouter;
      if (!router) return finish(null, new Error('no window.__remixRouter'));
      void router.navigate(action.to);
    } else {
      const target = [...document.querySelectorAll(action.selector)].find(
        (el) => visible(el) && labelOf(el).startsWith(action.label),
      );
      if (!target) return finish(null, new Error(`nothing to click named “${action.label}…”`));
      target.click();
    }
  });
}

let profiler = null;
async function measure(page, kind, action, arg = {}) {
  const run = () =>
    page.evaluate(measureInPage, { kind, action, arg, timeoutMs: READY_TIMEOUT_MS });
  if (!PROFILE || currentRun === 0) return run();
  profiler ??= await page.context().newCDPSession(page);
  await profiler.send('Profiler.enable');
  await profiler.send('Profiler.setSamplingInterval', { interval: 100 });
  await profiler.send('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await profiler.send('Profiler.stop');
    writeFileSync(join(PROFILE, `${kind}-${currentRun}.cpuprofile`), JSON.stringify(profile));
  }
}

const reason = (error) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 160);

const browser = await launchBenchBrowser();
const context = await browser.newContext({
  serviceWorkers: 'block',
  viewport: { width: WIDTH || 1280, height: HEIGHT || 900 },
});
const page = await context.newPage();
page.on('pageerror', (error) => console.error('page error:', error.message));
// "Leave with unsaved marks?" must never hold a measurement up (every save completes first).
page.on('dialog', (dialog) => void dialog.accept());

const results = { open: [], save: [], register: [], baseline: [] };
const failures = {};
let lateQueue = 0;
const queuedSamples = [];
let currentRun = 0;
let registerShape = { rows: 0, cells: 0 };
let firstSave = null;
const fail = (name, error) => {
  failures[name] ??= reason(error);
};

try {
  await page.goto(`${base}/login`);
  const data = await seedBenchData(page, { students: STUDENTS, days: DAYS });
  await signIn(page);
  const rollCallUrl = `/dash/attendance?classroom=${encodeURIComponent(data.classroomId)}&date=${data.today}`;
  const registerUrl =
    `/dash/attendance/register?classroom=${encodeURIComponent(data.classroomId)}` +
    `&from=${data.from}&to=${data.to}`;
  const studentsUrl = `/dash/students?classroom=${encodeURIComponent(data.classroomId)}`;
  const firstName = data.names[0];

  // How many rows the students list's virtual window renders here (not timed).
  let rendered = STUDENTS;
  try {
    await page.goto(`${base}${studentsUrl}`);
    const table = page.getByRole('table', { name: /./ }).first();
    await table.waitFor();
    await page.waitForTimeout(500);
    rendered = Math.min(STUDENTS, await table.locator('[role=row][data-index]').count());
  } catch (error) {
    fail('baseline', error);
  }

  /**
   * Every timed navigation starts from the same light page: /dash/attendance with today's classes
   * (its data, and so the cache in memory, loaded), reached by a client-side navigation.
   */
  async function startPage() {
    await page.evaluate((to) => window.__remixRouter?.navigate(to), '/dash/attendance');
    await page.waitForURL((url) => url.pathname === '/dash/attendance' && url.search === '');
    await page.getByRole('heading', { level: 1, name: 'Roll call' }).waitFor();
    await page.getByText('Open a roll call').first().waitFor();
    await page.waitForTimeout(150);
  }

  const opened = { link: 0, url: 0 };
  async function openRollCall() {
    await startPage();
    // The link's text, as a person reads it ("Sunflowers (ages 4–5), not taken"); other campuses
    // have classrooms of the same name, so the link must also lead to this classroom.
    const linkSelector = `main a[href*="classroom=${data.classroomId}&"]`;
    const hasLink = await page.evaluate(
      ({ selector, prefix }) =>
        [...document.querySelectorAll(selector)].some((a) =>
          (a.textContent ?? '').replace(/\s+/g, ' ').trim().startsWith(prefix),
        ),
      { selector: linkSelector, prefix: `${data.classroomName}, ` },
    );
    if (process.env.BENCH_DEBUG && opened.link + opened.url === 0) {
      console.log(await page.locator('main').ariaSnapshot());
    }
    const action = hasLink
      ? { type: 'click', selector: linkSelector, label: `${data.classroomName}, ` }
      : { type: 'navigate', to: rollCallUrl };
    const ms = await measure(page, 'rollCall', action, { names: data.names });
    opened[hasLink ? 'link' : 'url'] += 1;
    return ms;
  }

  async function openRegister() {
    await startPage();
    const ms = await measure(
      page,
      'register',
      { type: 'navigate', to: registerUrl },
      { rows: STUDENTS },
    );
    // Not timed: the table really is 30 students by the 60 days.
    registerShape = await page.evaluate(() => {
      const table = document.querySelector('main table');
      const first = table?.querySelector('tbody tr');
      return {
        rows: table?.querySelectorAll('tbody tr').length ?? 0,
        cells: first ? first.querySelectorAll('td').length : 0,
      };
    });
    return ms;
  }

  async function openStudents() {
    await startPage();
    return measure(
      page,
      'studentsList',
      { type: 'navigate', to: studentsUrl },
      { rows: STUDENTS, rendered },
    );
  }

  async function saveOffline() {
    await context.setOffline(true);
    try {
      // One change: the first student's status moves on by one tap.
      await page
        .getByRole('button', { name: new RegExp(`^${escape(firstName)}`) })
        .first()
        .click();
      const before = await pendingRollCalls(page, data);
      const ms = await measure(page, 'saved', {
        type: 'click',
        selector: 'button',
        label: 'Save roll call',
      });
      const queuedAfter = await page.evaluate(() =>
        window.__benchQueuedAt === null ? null : window.__benchQueuedAt - window.__benchStartedAt,
      );
      if (currentRun > 0) queuedSamples.push(queuedAfter);
      // The queue must hold the change now; if it does not yet, the save lasts until it does.
      if ((await pendingRollCalls(page, data)) > before) return ms;
      const started = Date.now();
      while ((await pendingRollCalls(page, data)) <= before) {
        if (Date.now() - started > READY_TIMEOUT_MS) throw new Error('nothing reached the queue');
        await page.waitForTimeout(2);
      }
      lateQueue += 1;
      return ms + (Date.now() - started);
    } finally {
      await context.setOffline(false);
      await drainQueue(page);
      // The next save must be able to show its own confirmation.
      await page
        .waitForFunction(
          () =>
            !document.querySelector('main')?.innerText.includes('Waiting to sync') &&
            !document.querySelector('[data-testid=toast]'),
          undefined,
          { timeout: 8_000 },
        )
        .catch(() => {});
    }
  }

  const steps = [
    ['open', openRollCall],
    ['save', saveOffline],
    ['register', openRegister],
    ['baseline', openStudents],
  ];
  for (let run = 0; run <= RUNS; run++) {
    currentRun = run;
    let rollCallOpen = false;
    for (const [name, step] of steps) {
      // Saving needs an open roll call.
      if (name === 'save' && !rollCallOpen) {
        fail('save', new Error('the roll call did not open'));
        if (run > 0) results.save.push(null);
        continue;
      }
      try {
        const ms = await step();
        if (name === 'open') rollCallOpen = true;
        if (run > 0) results[name].push(ms);
        else if (name === 'save') firstSave = ms;
        if (run === 0 && SCREENSHOTS) {
          await page.screenshot({ path: join(SCREENSHOTS, `bench-attendance-${name}.png`) });
        }
      } catch (error) {
        fail(name, error);
        if (run > 0) results[name].push(null);
      }
    }
  }

  const fmt = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'not available');
  const baseline = median(results.baseline);
  const rows = [
    ['open the roll call (30 students)', 'open'],
    ['save it offline', 'save'],
    [`register (30 students × ${DAYS} days)`, 'register'],
    ['baseline: students list, same 30', 'baseline'],
  ];
  console.log(
    `\nbench:attendance — Chromium ${browser.version()}, ${ACCOUNT}, ${WIDTH}×${HEIGHT}, medians of ${RUNS} runs` +
      ` (+1 warm-up)\nclassroom ${data.classroomName} (${data.classroomId}), roll calls ${data.from} … ${data.to}\n`,
  );
  console.log('| measurement | median | ratio to baseline | goal | samples |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [label, name] of rows) {
    const value = median(results[name]);
    const ok = Number.isFinite(value);
    const ratio =
      name === 'baseline' || !ok || !Number.isFinite(baseline)
        ? ''
        : `${(value / baseline).toFixed(2)}×`;
    const goal = GOALS[name]
      ? `≤ ${GOALS[name]} ms: ${ok ? (value <= GOALS[name] ? '**met**' : '**not met**') : 'n/a'}`
      : '';
    const samples = results[name].map((x) => (Number.isFinite(x) ? x.toFixed(0) : '–')).join(', ');
    console.log(`| ${label} | ${fmt(value)} | ${ratio} | ${goal} | ${samples} |`);
  }
  for (const [name, why] of Object.entries(failures))
    console.log(`\n${name}: not available — ${why}`);
  console.log(
    `\nopen: ${opened.link} tap(s) on today's classes link, ${opened.url} navigation(s) to the roll-call URL.` +
      `\nsave: counted runs change one student of the saved roll call; the first save of the day` +
      ` (warm-up, all ${STUDENTS} entries written) took ${fmt(firstSave)}.` +
      `\nsave: the change was in the queue (outbox.record resolved) after a median of ${fmt(median(queuedSamples))}` +
      ` of the save (same runs); the rest is the page's revalidation and re-render.` +
      `\nregister: the table had ${registerShape.rows} student rows × ${registerShape.cells} date cells.`,
  );
  const backend = await page.evaluate(
    (id) => window.__fakeFirebase?.getDocument(`attendance/${id}`),
    `${data.classroomId}_${data.today}`,
  );
  console.log(
    `backend: today's roll call holds ${Object.keys(backend?.entries ?? {}).length} entries after the saves.`,
  );
  if (lateQueue > 0) {
    console.log(
      `\nsave: in ${lateQueue} run(s) the queue got the change after the page confirmed it.`,
    );
  }
  if (rendered < STUDENTS) {
    console.log(
      `\nThe students list is a virtual table: at this window size it renders ${rendered} of the ${STUDENTS} rows.`,
    );
  }
} finally {
  await browser.close();
  server.close();
}

/** The pending changes of the benchmark's roll calls in the queue. */
async function pendingRollCalls(page, data) {
  return page.evaluate(async (prefix) => {
    const outbox = window.__lc?.outbox;
    if (!outbox) throw new Error('window.__lc.outbox is missing (not a demo build?)');
    return (await outbox.pendingIn('attendance')).filter((c) => c.itemId.startsWith(prefix)).length;
  }, `${data.classroomId}_`);
}

/** Online again: sync now and wait until the queue is empty, so the next run starts clean. */
async function drainQueue(page) {
  await page.evaluate(async (timeoutMs) => {
    const lc = window.__lc;
    if (!lc) return;
    const started = Date.now();
    while ((await lc.outbox.pendingChanges()).length > 0) {
      if (Date.now() - started > timeoutMs) throw new Error('the queue did not drain when online');
      await lc.sync.sync();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, READY_TIMEOUT_MS);
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
