// The soak engine (issue 10, "What to build" 6), shared by `npm run soak` (scripts/soak.mjs →
// test/soak/soak.run.ts) and the short soak in `npm test` (test/e2e/soak.spec.ts). It drives the
// built app in demo mode through a seeded random sequence of operations in one, two or three tabs
// of one browser context, and keeps a model of what the backend must hold afterwards.
// Its state, per run: the model (one entry per record it created, keyed by a unique last name), the
// open tabs, whether the context is offline, and the findings so far. Every few operations it
// settles (online, faults cleared, outboxes drained, a sync per tab) and compares the backend with
// the model and each tab's cache with the backend.
// The in-page fake's faults are per tab (each page has its own copy of the fake's controls).
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from '../e2e/fixtures';
import { mulberry32, type Random } from './random';

export type TabMode = 1 | 2 | 3 | 'mix';

export interface SoakOptions {
  seed: number;
  iterations: number;
  tabs: TabMode;
  /** Operations between two settles (default 10). */
  settleEvery?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface SoakCounts {
  /** A record (or an acknowledged edit of it) the model expects and the backend does not have. */
  lost: number;
  /** Extra backend copies of one logical record. */
  duplicated: number;
  /** In the backend but not shown in a tab after settling (with no change of it pending). */
  hidden: number;
  /** Deleted in the model, present in the backend. */
  resurrected: number;
  /** Shown in a tab after settling, with nothing pending, but not in the backend. */
  phantom: number;
  /** Shown in a tab with other names than the backend's, with nothing pending. */
  stale: number;
  /** Backend documents that fail the student schema (a damaged change was applied). */
  invalid: number;
}

export interface SoakResult extends SoakCounts {
  seed: number;
  iterations: number;
  tabs: TabMode;
  ms: number;
  /** First iteration (1-based, at the settle that found it) where model and backend disagreed. */
  firstDisagreement: number | null;
  /** First iteration where any count became non-zero. */
  firstFinding: number | null;
  /** Damaged queue changes injected, and how many of them were held back as failed (expected). */
  injectedDamage: number;
  heldDamage: number;
  /** Operations the app refused or that failed to run (timeouts, a tab that was gone), for context. */
  refusedWrites: number;
  opErrors: number;
  /** Document ids on which the tabs' views of the backend disagreed at a settle. */
  diverged: number;
  /** One line per finding (kind, record, where), first ones only. */
  details: string[];
}

export const COUNT_KINDS = [
  'lost',
  'duplicated',
  'hidden',
  'resurrected',
  'phantom',
  'stale',
  'invalid',
] as const satisfies readonly (keyof SoakCounts)[];

type OpKind =
  | 'create'
  | 'edit'
  | 'delete'
  | 'batch'
  | 'formCreate'
  | 'formEdit'
  | 'flap'
  | 'fail503'
  | 'latency'
  | 'loseAck'
  | 'syncNow'
  | 'reloadMidSync'
  | 'damageChunk'
  | 'damageRecord'
  | 'damageQueue'
  | 'pause';

const WEIGHTS: Record<OpKind, number> = {
  create: 20,
  edit: 20,
  delete: 7,
  batch: 8,
  formCreate: 1.5,
  formEdit: 1.5,
  flap: 7,
  fail503: 6,
  latency: 4,
  loseAck: 5,
  syncNow: 6,
  reloadMidSync: 1.5,
  damageChunk: 1,
  damageRecord: 1,
  damageQueue: 2,
  pause: 6,
};

interface PlannedOp {
  /** 1-based iteration number. */
  iteration: number;
  kind: OpKind;
  tab: number;
  /** Seed of this operation's own choices, so they do not shift the plan when outcomes differ. */
  seed: number;
}

interface Segment {
  index: number;
  activeTabs: number;
  ops: PlannedOp[];
}

interface ModelRecord {
  key: string;
  id: string | null;
  firstName: string;
  dateOfBirth: string;
  deleted: boolean;
  /** A damaged change of it was injected: no more operations on it, its expected state is frozen. */
  tainted: boolean;
  /** Tab that created it in `segment`; other segments share records out by a hash. */
  createdBy: { segment: number; tab: number };
}

interface BackendDoc {
  id: string;
  data: Record<string, unknown>;
}

interface TabView {
  records: { id: string; firstName: unknown; lastName: unknown }[];
  /**
   * The students list's first page as a tab opening it cold reads it (from the list index,
   * app/data/list-index.ts), and the same page worked out from every record the tab holds.
   */
  firstPage: { fromIndex: string[]; fromRecords: string[] };
  pending: { id: string; itemId: string; failed: boolean; data: Record<string, unknown> | null }[];
}

const STUDENT_DEFAULTS = { familyId: 'fam-0000', campusId: 'campus-north', status: 'enrolled' };
const OP_TIMEOUT_MS = 20_000;
const SETTLE_TIMEOUT_MS = 45_000;

/** Letters only, so a last name passes any name rule of the forms. */
function letters(n: number): string {
  let out = '';
  let v = Math.max(0, Math.floor(n));
  do {
    out = String.fromCharCode(97 + (v % 26)) + out;
    v = Math.floor(v / 26);
  } while (v > 0);
  return out;
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const FIRST_NAMES = ['Ada', 'Bea', 'Cal', 'Dov', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivo', 'Jun', 'Kai'];

/** The whole plan of a run, from the seed alone. */
export function planRun(seed: number, iterations: number, tabs: TabMode, settleEvery = 10) {
  const rng = mulberry32(seed);
  const segments: Segment[] = [];
  let iteration = 0;
  while (iteration < iterations) {
    const activeTabs = tabs === 'mix' ? rng.between(1, 3) : tabs;
    const ops: PlannedOp[] = [];
    const size = Math.min(settleEvery, iterations - iteration);
    for (let i = 0; i < size; i++) {
      iteration++;
      ops.push({
        iteration,
        kind: rng.weighted(WEIGHTS),
        tab: rng.int(activeTabs),
        seed: rng.int(2 ** 31),
      });
    }
    segments.push({ index: segments.length, activeTabs, ops });
  }
  return segments;
}

/** Runs `fn` with a time limit; the error names the operation. */
async function withTimeout<T>(label: string, ms: number, fn: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      fn(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${label}: timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/** A promise-chain mutex: navigations and offline flaps take turns (a page cannot load offline). */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

async function waitReady(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => Boolean(window.__lc?.cache?.isInitialized)), {
      timeout: 30_000,
    })
    .toBe(true);
}

/** The fake backend's students as this tab's fake sees them (its methods may return promises). */
function backendDocs(page: Page): Promise<BackendDoc[]> {
  return page.evaluate(async () => {
    const fake = window.__fakeFirebase;
    if (!fake) throw new Error('window.__fakeFirebase is missing');
    await fake.ready();
    const docs = await Promise.resolve(fake.listDocuments('students'));
    return docs.map((d) => ({ id: d.id, data: d.data }));
  });
}

/** What a tab shows (every cached student) and what it still has queued. */
function tabView(page: Page): Promise<TabView> {
  return page.evaluate(async () => {
    const lc = window.__lc;
    if (!lc) throw new Error('window.__lc is missing');
    // A cold first page comes from the list index, not from the records: forget the copy in
    // memory first, so that the index is what answers.
    const sort = [{ field: 'lastName' }, { field: 'firstName' }];
    const row = (r: { id: string; firstName?: unknown; lastName?: unknown }) =>
      `${r.id} ${String(r.firstName)} ${String(r.lastName)}`;
    lc.cache.invalidate('students');
    const fromIndex = (await lc.cache.list('students', { sort, limit: 50 })).map(row);
    const records = await lc.cache.list('students', { sort, limit: Infinity });
    const fromRecords = records.slice(0, 50).map(row);
    const pending = await lc.outbox.pendingChanges();
    return {
      firstPage: { fromIndex, fromRecords },
      records: records.map((r) => ({ id: r.id, firstName: r.firstName, lastName: r.lastName })),
      pending: pending
        .filter((c) => c.collectionName === 'students')
        .map((c) => ({ id: c.id, itemId: c.itemId, failed: c.error !== undefined, data: c.data })),
    };
  });
}

function isValidStudent(data: Record<string, unknown>): boolean {
  // The few facts of studentSchema (app/domain/records.ts) a damaged change can break; the test
  // does not import app code into Node.
  const str = (v: unknown) => typeof v === 'string' && v.length > 0;
  const dateOk =
    typeof data.dateOfBirth === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(data.dateOfBirth);
  const classroomsOk = data.classroomIds === undefined || Array.isArray(data.classroomIds);
  return str(data.firstName) && str(data.lastName) && dateOk && classroomsOk;
}

export async function runSoak(
  browser: Browser,
  baseURL: string,
  options: SoakOptions,
): Promise<SoakResult> {
  const started = Date.now();
  const { seed, iterations, tabs: tabMode } = options;
  const settleEvery = options.settleEvery ?? 10;
  const log = options.log ?? (() => undefined);
  const plan = planRun(seed, iterations, tabMode, settleEvery);
  const maxTabs = tabMode === 'mix' ? 3 : tabMode;
  const prefix = `Soak${letters(seed)}x`;

  const model = new Map<string, ModelRecord>();
  let created = 0;
  let offline = false;
  const navigation = new Mutex();
  const findings = new Map<keyof SoakCounts, Set<string>>(COUNT_KINDS.map((k) => [k, new Set()]));
  const details: string[] = [];
  const injectedDamage = new Set<string>();
  const heldDamage = new Set<string>();
  const diverged = new Set<string>();
  let refusedWrites = 0;
  let opErrors = 0;
  let firstDisagreement: number | null = null;
  let firstFinding: number | null = null;

  const context: BrowserContext = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
  });
  const pages: Page[] = [];

  const note = (kind: keyof SoakCounts, key: string, text: string, iteration: number) => {
    const set = findings.get(kind);
    if (!set || set.has(key)) return;
    set.add(key);
    if (details.length < 40) details.push(`[${kind}] ${text} (found at iteration ${iteration})`);
  };

  const ownerOf = (record: ModelRecord, segment: Segment) =>
    record.createdBy.segment === segment.index
      ? record.createdBy.tab
      : hash(`${record.key}/${segment.index}`) % segment.activeTabs;

  /** Live records this tab may touch in this segment (records are shared out, one tab each). */
  const mine = (segment: Segment, tab: number) =>
    [...model.values()].filter(
      (r) => !r.deleted && !r.tainted && r.id !== null && ownerOf(r, segment) === tab,
    );

  const newRecord = (segment: Segment, tab: number, rng: Random): ModelRecord => ({
    key: `${prefix}${letters(created++)}`,
    id: null,
    firstName: rng.pick(FIRST_NAMES) ?? 'Ada',
    dateOfBirth: `20${rng.between(10, 19)}-0${rng.between(1, 9)}-1${rng.between(0, 9)}`,
    deleted: false,
    tainted: false,
    createdBy: { segment: segment.index, tab },
  });

  const studentFields = (r: ModelRecord) => ({
    ...STUDENT_DEFAULTS,
    firstName: r.firstName,
    lastName: r.key,
    dateOfBirth: r.dateOfBirth,
  });

  async function openTab(index: number): Promise<Page> {
    const page = await context.newPage();
    // The first tab signs in without "Keep me signed in"; the session then lives for the browser
    // session and every later tab of the context is signed in already (issue 29, decision 051), as
    // a person's second tab is.
    if (index === 0) {
      await signIn(page, 'admin');
    } else {
      // It restores the session and opens the cache while the first tab's first sync holds the
      // shared fake: on a loaded machine that start takes longer than one expect's 10 s.
      await page.goto('/dash/home');
      await expect(page.getByTestId('start-cover')).toHaveCount(0, { timeout: 60_000 });
    }
    await waitReady(page);
    return page;
  }

  async function setOffline(value: boolean) {
    await navigation.run(async () => {
      await context.setOffline(value);
      offline = value;
    });
  }

  /** A client-side navigation through Remix's router (a full load only when it is missing). */
  async function navigate(page: Page, path: string) {
    const routed = await page.evaluate((to) => {
      const router: unknown = Reflect.get(window, '__remixRouter');
      const go: unknown =
        typeof router === 'object' && router !== null ? Reflect.get(router, 'navigate') : null;
      if (typeof go !== 'function') return false;
      void Reflect.apply(go, router, [to]);
      return true;
    }, path);
    if (!routed) await page.goto(path);
  }

  /** Writes into LearningCenterDB inside the app's write lock, as another tab of the app would. */
  function damage(
    page: Page,
    what:
      | { kind: 'chunk'; chunk: number }
      | { kind: 'record'; chunk: number; pick: number }
      | { kind: 'queue'; change: Record<string, unknown> | null },
  ): Promise<string | null> {
    return page.evaluate(async (w) => {
      const call = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
        });
      return navigator.locks.request('LearningCenterDB:write', async () => {
        const db = await call(indexedDB.open('LearningCenterDB'));
        try {
          const storeName = w.kind === 'queue' ? 'pendingChanges' : 'collections';
          const key = w.kind === 'queue' ? 'students' : `students::${w.chunk}`;
          const os = () => db.transaction(storeName, 'readwrite').objectStore(storeName);
          if (w.kind === 'chunk') {
            await call(os().put('garbage', key));
            return key;
          }
          const current: unknown = await call(os().get(key));
          if (w.kind === 'record') {
            if (typeof current !== 'object' || current === null) return null;
            const items: unknown = Reflect.get(current, 'items');
            if (typeof items !== 'object' || items === null) return null;
            const ids = Object.keys(items);
            const id = ids[w.pick % Math.max(1, ids.length)];
            const item: unknown = id === undefined ? undefined : Reflect.get(items, id);
            if (id === undefined || typeof item !== 'object' || item === null) return null;
            // Keeps the chunk's `validated` stamp: a reader must not trust it blindly.
            await call(
              os().put({ ...current, items: { ...items, [id]: { ...item, firstName: 42 } } }, key),
            );
            return id;
          }
          const changes: unknown =
            typeof current === 'object' && current !== null
              ? Reflect.get(current, 'changes')
              : undefined;
          const list = Array.isArray(changes) ? [...changes] : [];
          const last: unknown = list[list.length - 1];
          const lastTime =
            typeof last === 'object' && last !== null ? Number(Reflect.get(last, 'timestamp')) : 0;
          const entry = w.change
            ? { ...w.change, timestamp: Math.max(Date.now(), (lastTime || 0) + 1) }
            : { garbage: true, firstName: 7 };
          list.push(entry);
          // The rest of the record (a sealed queue's payload: decision 051) is kept as it is.
          const record = typeof current === 'object' && current !== null ? current : {};
          await call(os().put({ ...record, collectionName: 'students', changes: list }, key));
          return w.change ? String(w.change.id) : 'malformed';
        } finally {
          db.close();
        }
      });
    }, what);
  }

  /** Every tab forgets its copies in memory, as after a restart: the next read comes from disk. */
  async function invalidateAll() {
    await Promise.all(pages.map((p) => p.evaluate(() => window.__lc?.cache.invalidate())));
  }

  async function runOp(segment: Segment, op: PlannedOp): Promise<void> {
    const page = pages[op.tab];
    if (!page) return;
    const rng = mulberry32(op.seed);
    const records = mine(segment, op.tab);
    let kind = op.kind;
    if (['edit', 'delete', 'formEdit', 'damageQueue'].includes(kind) && records.length === 0) {
      kind = 'create';
    }
    if ((kind === 'formCreate' || kind === 'formEdit' || kind === 'reloadMidSync') && offline) {
      kind = kind === 'formEdit' ? 'edit' : 'create';
    }
    switch (kind) {
      case 'create': {
        const record = newRecord(segment, op.tab, rng);
        const id = await page.evaluate(
          async (item) => (await window.__lc?.cache.save('students', item))?.id ?? null,
          studentFields(record),
        );
        if (id) model.set(record.key, { ...record, id });
        else refusedWrites++;
        return;
      }
      case 'edit': {
        const record = rng.pick(records);
        if (!record?.id) return;
        const firstName = `${rng.pick(FIRST_NAMES) ?? 'Ada'}${letters(op.iteration)}`;
        const ok = await page.evaluate(
          async (change) => Boolean(await window.__lc?.cache.save('students', change)),
          { id: record.id, firstName },
        );
        if (ok) record.firstName = firstName;
        else refusedWrites++;
        return;
      }
      case 'delete': {
        const record = rng.pick(records);
        if (!record?.id) return;
        const ok = await page.evaluate(
          async (id) => Boolean(await window.__lc?.cache.delete('students', id)),
          record.id,
        );
        if (ok) record.deleted = true;
        else refusedWrites++;
        return;
      }
      case 'batch': {
        // Two to four writes in one batch: creates, edits and a delete, each on its own record.
        const pool = [...records];
        const ops: (
          { type: 'save'; item: Record<string, unknown> } | { type: 'delete'; id: string }
        )[] = [];
        const effects: (() => void)[] = [];
        const creates: ModelRecord[] = [];
        for (let n = rng.between(2, 4); n > 0; n--) {
          const choice = rng.int(3);
          const target =
            pool.length > 0 && choice > 0 ? pool.splice(rng.int(pool.length), 1)[0] : undefined;
          if (target?.id && choice === 1) {
            const firstName = `${rng.pick(FIRST_NAMES) ?? 'Ada'}${letters(op.iteration)}b`;
            ops.push({ type: 'save', item: { id: target.id, firstName } });
            effects.push(() => (target.firstName = firstName));
          } else if (target?.id && choice === 2) {
            ops.push({ type: 'delete', id: target.id });
            effects.push(() => (target.deleted = true));
          } else {
            const record = newRecord(segment, op.tab, rng);
            record.id = `temp_${crypto.randomUUID()}`;
            creates.push(record);
            ops.push({ type: 'save', item: { ...studentFields(record), id: record.id } });
          }
        }
        const applied = await page.evaluate(
          async (list) =>
            (await window.__lc?.cache.batch(
              list.map((o) =>
                o.type === 'save'
                  ? { type: 'save' as const, collection: 'students', item: o.item }
                  : { type: 'delete' as const, collection: 'students', id: o.id },
              ),
            )) ?? 0,
          ops,
        );
        if (applied === ops.length) {
          for (const effect of effects) effect();
          for (const record of creates) model.set(record.key, record);
        } else refusedWrites++;
        return;
      }
      case 'formCreate': {
        const record = newRecord(segment, op.tab, rng);
        await navigation.run(async () => {
          if (offline) return;
          await navigate(page, `/dash/students/new?familyId=${STUDENT_DEFAULTS.familyId}`);
          await expect(page.getByRole('heading', { level: 1, name: 'New student' })).toBeVisible();
          await page.getByLabel('First name').fill(record.firstName);
          await page.getByLabel('Last name').fill(record.key);
          await page.getByLabel('Date of birth').fill(record.dateOfBirth);
          await page.getByRole('button', { name: 'Create student' }).first().click();
          await expect(
            page.getByRole('heading', { level: 1, name: `${record.firstName} ${record.key}` }),
          ).toBeVisible();
          const id = /\/dash\/students\/([^/?#]+)/.exec(page.url())?.[1] ?? null;
          model.set(record.key, { ...record, id: id ? decodeURIComponent(id) : null });
        });
        return;
      }
      case 'formEdit': {
        const record = rng.pick(records);
        if (!record?.id) return;
        const { id } = record;
        const shown = await page.evaluate(
          async (itemId) => Boolean(await window.__lc?.cache.get('students', itemId)),
          id,
        );
        if (!shown) return;
        const firstName = `${rng.pick(FIRST_NAMES) ?? 'Ada'}${letters(op.iteration)}f`;
        await navigation.run(async () => {
          if (offline) return;
          await navigate(page, `/dash/students/${encodeURIComponent(id)}/edit`);
          const field = page.getByLabel('First name');
          await expect(field).toBeVisible();
          await field.fill(firstName);
          await page.getByRole('button', { name: 'Save changes' }).first().click();
          await expect(
            page.getByRole('heading', { level: 1, name: `${firstName} ${record.key}` }),
          ).toBeVisible();
          record.firstName = firstName;
        });
        return;
      }
      case 'flap':
        await setOffline(!offline);
        return;
      case 'fail503': {
        const count = rng.between(1, 3);
        await page.evaluate(
          (n) => window.__fakeFirebase?.faults.failNext('documents:commit', n, 503),
          count,
        );
        return;
      }
      case 'latency': {
        const ms = rng.chance(0.3) ? 0 : rng.between(20, 250);
        await page.evaluate((value) => window.__fakeFirebase?.faults.setLatency(value), ms);
        return;
      }
      case 'loseAck':
        await page.evaluate(() => window.__fakeFirebase?.faults.loseNextCommitAck());
        return;
      case 'syncNow':
        await page.evaluate(() => void window.__lc?.sync.sync());
        return;
      case 'reloadMidSync': {
        const wait = rng.between(0, 200);
        await navigation.run(async () => {
          if (offline) return;
          await page.evaluate(() => void window.__lc?.sync.sync());
          await page.waitForTimeout(wait);
          await page.reload();
          await waitReady(page);
        });
        return;
      }
      case 'damageChunk':
        await damage(page, { kind: 'chunk', chunk: rng.int(16) });
        await invalidateAll();
        return;
      case 'damageRecord':
        await damage(page, { kind: 'record', chunk: rng.int(16), pick: rng.int(1000) });
        await invalidateAll();
        return;
      case 'damageQueue': {
        if (rng.chance(0.3)) {
          await damage(page, { kind: 'queue', change: null });
          return;
        }
        const record = rng.pick(records);
        if (!record?.id) return;
        const changeId = `soak-damage-${op.iteration}`;
        // From now on the record's expected state is frozen: this change must be held, not applied.
        record.tainted = true;
        injectedDamage.add(changeId);
        await damage(page, {
          kind: 'queue',
          change: {
            id: changeId,
            collectionName: 'students',
            itemId: record.id,
            operation: 'update',
            data: { firstName: 7, classroomIds: 'not-an-array' },
            retryCount: 0,
            revision: 0,
          },
        });
        return;
      }
      case 'pause':
        await page.waitForTimeout(rng.between(50, 400));
        return;
    }
  }

  /** Online, no faults, every outbox drained (or holding only failed changes), a sync per tab. */
  async function settle(): Promise<void> {
    await setOffline(false);
    await Promise.all(
      pages.map(async (page) => {
        await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
        await page.evaluate(async () => {
          const faults = window.__fakeFirebase?.faults;
          await Promise.resolve(faults?.clear());
          await Promise.resolve(faults?.setLatency(0));
        });
      }),
    );
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    for (;;) {
      const drained = await Promise.all(
        pages.map((page) =>
          page.evaluate(async () => {
            const lc = window.__lc;
            if (!lc) return false;
            // Changes backed off by a 503 would wait 5 s or more: the soak does not wait that out.
            for (const change of await lc.outbox.pendingChanges()) {
              if (change.error === undefined && change.nextAttemptAt !== undefined) {
                await lc.outbox.retry(change.id);
              }
            }
            await lc.sync.sync();
            const pending = await lc.outbox.pendingChanges();
            return pending.every((c) => c.error !== undefined) && !lc.sync.getStatus().isSyncing;
          }),
        ),
      );
      if (drained.every(Boolean)) break;
      if (Date.now() > deadline)
        throw new Error('The outboxes did not drain within the settle time');
      await pages[0]?.waitForTimeout(200);
    }
    // Each tab reads every student, as a person scrolling the list would (this is when a tab
    // finds damaged data on disk: a first page alone comes from the list index and opens no
    // chunk); then one more sync per tab, one at a time, as the person's next sync would be.
    await Promise.all(
      pages.map((page) =>
        page.evaluate(async () => {
          await window.__lc?.cache.list('students', { limit: Infinity });
        }),
      ),
    );
    for (const page of pages) {
      await page.evaluate(async () => {
        const lc = window.__lc;
        if (!lc) return;
        for (let i = 0; i < 50; i++) {
          const report = await lc.sync.sync();
          if (report.skipped !== 'running') return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      });
    }
  }

  /** Compares the backend with the model and every tab with the backend. */
  async function check(iteration: number, judge?: Page): Promise<void> {
    const views = await Promise.all(pages.map((page) => backendDocs(page)));
    const backend = judge ? await backendDocs(judge) : (views[0] ?? []);
    const byId = new Map(backend.map((d) => [d.id, d]));
    // The tabs' views of the backend must agree (one backend for every tab).
    views.forEach((view, tab) => {
      const seen = new Map(view.map((d) => [d.id, JSON.stringify(d.data)]));
      for (const doc of backend) {
        if (seen.get(doc.id) !== JSON.stringify(doc.data)) diverged.add(`${doc.id}@${tab}`);
      }
      for (const id of seen.keys()) if (!byId.has(id)) diverged.add(`${id}@${tab}`);
    });

    let disagrees = false;
    const byKey = new Map<string, BackendDoc[]>();
    for (const doc of backend) {
      const key = doc.data.lastName;
      if (typeof key === 'string' && key.startsWith(prefix)) {
        byKey.set(key, [...(byKey.get(key) ?? []), doc]);
      }
      if (!isValidStudent(doc.data)) {
        note(
          'invalid',
          doc.id,
          `backend document ${doc.id} fails the student schema: ${JSON.stringify(doc.data).slice(0, 160)}`,
          iteration,
        );
        disagrees = true;
      }
    }
    for (const record of model.values()) {
      const docs = byKey.get(record.key) ?? [];
      if (docs.length > 1) {
        note(
          'duplicated',
          record.key,
          `${record.key} is in the backend ${docs.length} times (${docs.map((d) => d.id).join(', ')})`,
          iteration,
        );
        disagrees = true;
      }
      if (record.deleted) {
        if (docs.length > 0) {
          note(
            'resurrected',
            record.key,
            `${record.key} (${record.id}) was deleted but is in the backend`,
            iteration,
          );
          disagrees = true;
        }
        continue;
      }
      const doc = docs[0];
      if (!doc) {
        note(
          'lost',
          record.key,
          `${record.key} (${record.id}) was written and acknowledged locally, the backend does not have it`,
          iteration,
        );
        disagrees = true;
      } else if (
        doc.data.firstName !== record.firstName ||
        doc.data.dateOfBirth !== record.dateOfBirth
      ) {
        if (isValidStudent(doc.data)) {
          note(
            'lost',
            record.key,
            `${record.key} (${doc.id}): the backend has firstName ${JSON.stringify(doc.data.firstName)}, the last acknowledged edit was ${JSON.stringify(record.firstName)}`,
            iteration,
          );
          disagrees = true;
        }
      }
    }
    for (const [key, docs] of byKey) {
      if (!model.has(key)) {
        note(
          'duplicated',
          key,
          `${key} is in the backend (${docs.map((d) => d.id).join(', ')}) but no write of it was acknowledged`,
          iteration,
        );
        disagrees = true;
      }
    }

    const tabViews = await Promise.all(pages.map((page) => tabView(page)));
    tabViews.forEach((view, tab) => {
      // The cold first page must be the page the records make (ties at the page's edge aside,
      // which compare as sets).
      const { fromIndex, fromRecords } = view.firstPage;
      const asSet = (rows: string[]) => [...rows].sort().join('\n');
      if (asSet(fromIndex) !== asSet(fromRecords)) {
        const missing = fromRecords.filter((r) => !fromIndex.includes(r));
        const extra = fromIndex.filter((r) => !fromRecords.includes(r));
        note(
          'stale',
          `first-page@${tab}`,
          `tab ${tab + 1}'s cold first page (the list index) is not the page its records make: it lacks ${JSON.stringify(missing.slice(0, 3))} and has ${JSON.stringify(extra.slice(0, 3))}`,
          iteration,
        );
      }
      const pendingIds = new Set(view.pending.map((c) => c.itemId));
      const shown = new Map(view.records.map((r) => [r.id, r]));
      for (const doc of backend) {
        if (pendingIds.has(doc.id)) continue;
        const record = shown.get(doc.id);
        if (!record) {
          note(
            'hidden',
            doc.id,
            `tab ${tab + 1} does not show ${doc.id} (${String(doc.data.firstName)} ${String(doc.data.lastName)}), which the backend has`,
            iteration,
          );
        } else if (
          record.firstName !== doc.data.firstName ||
          record.lastName !== doc.data.lastName
        ) {
          note(
            'stale',
            doc.id,
            `tab ${tab + 1} shows ${doc.id} as ${JSON.stringify(record.firstName)} ${JSON.stringify(record.lastName)}, the backend has ${JSON.stringify(doc.data.firstName)} ${JSON.stringify(doc.data.lastName)}`,
            iteration,
          );
        }
      }
      for (const record of view.records) {
        if (!byId.has(record.id) && !pendingIds.has(record.id)) {
          note(
            'phantom',
            record.id,
            `tab ${tab + 1} shows ${record.id} (${String(record.lastName)}) with nothing pending, the backend does not have it`,
            iteration,
          );
        }
      }
      for (const change of view.pending) {
        if (change.failed && injectedDamage.has(change.id)) heldDamage.add(change.id);
      }
    });
    if (disagrees && firstDisagreement === null) firstDisagreement = iteration;
    const anyFinding = COUNT_KINDS.some((k) => (findings.get(k)?.size ?? 0) > 0);
    if (anyFinding && firstFinding === null) firstFinding = iteration;
  }

  /** The person discards what failed for good, so the next segment starts from a clean queue. */
  async function discardFailed(): Promise<void> {
    for (const page of pages) {
      await page.evaluate(async () => {
        const lc = window.__lc;
        if (!lc) return;
        for (const change of await lc.outbox.pendingChanges()) {
          if (change.error !== undefined) await lc.sync.discardChange(change.id);
        }
      });
    }
  }

  try {
    pages.push(await openTab(0));
    for (let i = 1; i < maxTabs; i++) pages.push(await openTab(i));
    for (const page of pages) {
      page.on('pageerror', (error) => log(`page error: ${error.message}`));
    }
    for (const segment of plan) {
      const byTab = new Map<number, PlannedOp[]>();
      for (const op of segment.ops) byTab.set(op.tab, [...(byTab.get(op.tab) ?? []), op]);
      // Each tab runs its operations in order; the tabs run at the same time.
      await Promise.all(
        [...byTab.values()].map(async (ops) => {
          for (const op of ops) {
            try {
              await withTimeout(`iteration ${op.iteration} (${op.kind})`, OP_TIMEOUT_MS, () =>
                runOp(segment, op),
              );
            } catch (error) {
              opErrors++;
              if (process.env.SOAK_SCREENSHOTS) {
                await pages[op.tab]
                  ?.screenshot({ path: `${process.env.SOAK_SCREENSHOTS}/op-${op.iteration}.png` })
                  .catch(() => undefined);
              }
              log(
                `op error at iteration ${op.iteration} (${op.kind}, tab ${op.tab + 1}): ${String(error).split('\n')[0]}`,
              );
            }
          }
        }),
      );
      const last = segment.ops[segment.ops.length - 1]?.iteration ?? 0;
      await settle();
      await check(last);
      await discardFailed();
      if (segment.index % 10 === 9) {
        const counts = COUNT_KINDS.map((k) => `${k} ${findings.get(k)?.size ?? 0}`).join(', ');
        log(
          `… ${last}/${iterations} iterations, ${Math.round((Date.now() - started) / 1000)} s: ${counts}`,
        );
      }
    }
    // The last word goes to a fresh page: it loads the backend as a new visitor would find it.
    await settle();
    const judge = await openTab(maxTabs);
    await check(iterations, judge);
  } finally {
    await context.close();
  }

  const count = (k: keyof SoakCounts) => findings.get(k)?.size ?? 0;
  return {
    seed,
    iterations,
    tabs: tabMode,
    ms: Date.now() - started,
    lost: count('lost'),
    duplicated: count('duplicated'),
    hidden: count('hidden'),
    resurrected: count('resurrected'),
    phantom: count('phantom'),
    stale: count('stale'),
    invalid: count('invalid'),
    firstDisagreement,
    firstFinding,
    injectedDamage: injectedDamage.size,
    heldDamage: heldDamage.size,
    refusedWrites,
    opErrors,
    diverged: diverged.size,
    details,
  };
}

export function failed(result: SoakResult): boolean {
  return COUNT_KINDS.some((k) => result[k] !== 0);
}

/** The lines printed for a run: the counts, and on a failure how to replay it. */
export function summary(result: SoakResult): string[] {
  const counts = COUNT_KINDS.map((k) => `${k} ${result[k]}`).join(', ');
  const lines = [
    `soak seed ${result.seed}, ${result.iterations} iterations, tabs ${result.tabs}: ${counts}; ` +
      `${(result.ms / 1000).toFixed(1)} s`,
    `  (damaged queue changes injected ${result.injectedDamage}, held back ${result.heldDamage}; writes the app refused ${result.refusedWrites}, ` +
      `operation errors ${result.opErrors}, documents the tabs' backends disagreed on ${result.diverged})`,
  ];
  if (failed(result)) {
    const upTo = result.firstFinding ?? result.iterations;
    lines.push(
      `  FAILED. First disagreement of model and backend: ${result.firstDisagreement === null ? 'none' : `iteration ${result.firstDisagreement}`}; first finding at iteration ${upTo}.`,
      `  Replay: npm run soak -- --seed ${result.seed} --iterations ${upTo} --tabs ${result.tabs}`,
      ...result.details.map((d) => `  ${d}`),
    );
  }
  return lines;
}
