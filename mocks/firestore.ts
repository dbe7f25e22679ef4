// Firestore's REST API as firebase/firestore/lite uses it: batchGet, runQuery,
// runAggregationQuery, commit (atomic, with preconditions and transforms) and GET of one document.
// Every document read or written is checked against the permission matrix; one refusal refuses
// the whole request, as Firestore rules do.
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { now as clockNow } from '../app/domain/clock';
import {
  canRead,
  canWrite,
  collectionOfPath,
  type PermissionContext,
  type Principal,
} from '../app/domain/permissions';
import { createContext, principalFromRequest } from './principal';
import { QueryError, runStructuredQuery, structuredQuerySchema, type QueryDoc } from './query';
import { shapeProblem } from './shapes';
import { commitQueue, forEachInSlices, Slice } from './slices';
import {
  ANONYMOUS_ACCOUNT,
  isDocumentPath,
  splitDocumentPath,
  store,
  type StoredDocument,
} from './store';
import {
  commitChangeTriggersInSlices,
  scheduledWrites,
  setAppOrigin,
  writerOf,
  type DocumentChange,
  type TriggerWrite,
} from './triggers';
import {
  cloneFields,
  compareTimestamps,
  decodeFields,
  encodeFields,
  fsFieldsSchema,
  fsValueSchema,
  getField,
  nextServerTime,
  numericValue,
  setField,
  timestampToIso,
  valuesEqual,
  type FsFields,
  type FsValue,
} from './values';

const BASE = String.raw`^https://firestore\.googleapis\.com/v1/projects/([^/]+)/databases/([^/]+)/documents`;
const rpc = (name: string) => new RegExp(`${BASE}(/.*)?:${name}$`);

// ---- errors, exactly as Firestore words them --------------------------------------------------

function firestoreError(code: number, status: string, message: string): Response {
  return HttpResponse.json({ error: { code, message, status } }, { status: code });
}
const permissionDenied = () =>
  firestoreError(403, 'PERMISSION_DENIED', 'Missing or insufficient permissions.');
const unauthenticated = () =>
  firestoreError(
    401,
    'UNAUTHENTICATED',
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  );
const invalidArgument = (message: string) => firestoreError(400, 'INVALID_ARGUMENT', message);

class CommitError extends Error {
  constructor(readonly response: Response) {
    super('commit failed');
  }
}

// ---- naming -------------------------------------------------------------------------------

interface Target {
  project: string;
  database: string;
  /** Relative path after /documents (may be empty). */
  parent: string;
}

function parseTarget(url: string, pattern: RegExp): Target | null {
  const m = pattern.exec(new URL(url).origin + new URL(url).pathname);
  if (!m) return null;
  return {
    project: decodeURIComponent(m[1] ?? ''),
    database: decodeURIComponent(m[2] ?? ''),
    parent: decodeURIComponent(m[3] ?? '').replace(/^\//, ''),
  };
}

function prefixOf(t: Target): string {
  return `projects/${t.project}/databases/${t.database}/documents/`;
}

function relativePath(name: string): string | null {
  const i = name.indexOf('/documents/');
  if (i < 0) return null;
  const path = name.slice(i + '/documents/'.length);
  return isDocumentPath(path) ? path : null;
}

function encodeDocument(prefix: string, path: string, doc: StoredDocument) {
  return {
    name: `${prefix}${path}`,
    fields: doc.fields,
    createTime: doc.createTime,
    updateTime: doc.updateTime,
  };
}

// ---- usage, as Firestore bills it ------------------------------------------------------------
// A query costs one read per document it returns and one when it returns none; a document get one
// read, found or missing; an aggregation one read per 1,000 index entries it counts (at least one);
// a commit one write per document it sets or deletes, plus what the triggers it fires write.
// Refused requests (rules, bad arguments, failed preconditions) are not counted, nor reads that
// rules' get() calls or the callables make.

/** The account a request is billed to: the caller's uid, or `anonymous`. */
function accountOf(principal: Principal | null): string {
  return principal?.uid ?? ANONYMOUS_ACCOUNT;
}

/** Index entries one aggregation read covers. */
const AGGREGATION_ENTRIES_PER_READ = 1000;

// ---- permission helpers ---------------------------------------------------------------------

function readable(
  principal: Principal | null,
  ctx: PermissionContext,
  path: string,
  doc: StoredDocument | undefined,
): boolean {
  if (!principal) return false;
  const collection = collectionOfPath(path);
  if (!collection) return false;
  const { id } = splitDocumentPath(path);
  const data = doc ? decodeFields(doc.fields) : null;
  return canRead(principal, collection, { path, id, data }, ctx);
}

async function readBody(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.text());
  } catch {
    return null;
  }
}

// ---- batchGet -------------------------------------------------------------------------------

const batchGetSchema = z.object({
  documents: z.array(z.string()).default([]),
  transaction: z.string().optional(),
  newTransaction: z.unknown().optional(),
});

// ---- runQuery -------------------------------------------------------------------------------

const runQuerySchema = z.object({ structuredQuery: structuredQuerySchema });

function candidatesFor(target: Target, query: z.infer<typeof structuredQuerySchema>): QueryDoc[] {
  const from = query.from[0];
  if (!from) return [];
  const parent = target.parent;
  const paths = from.allDescendants
    ? store
        .collectionPathsNamed(from.collectionId)
        .filter((p) => !parent || p.startsWith(`${parent}/`))
    : [parent ? `${parent}/${from.collectionId}` : from.collectionId];
  return paths.flatMap((p) => store.list(p).map(([id, doc]) => ({ path: `${p}/${id}`, doc })));
}

type QueryOutcome = { ok: true; page: QueryDoc[] } | { ok: false; response: Response };

function executeQuery(
  target: Target,
  query: z.infer<typeof structuredQuerySchema>,
  principal: Principal | null,
  ctx: PermissionContext,
): QueryOutcome {
  try {
    const { matched, page } = runStructuredQuery(
      candidatesFor(target, query),
      query,
      prefixOf(target),
    );
    // Rules are not filters: a query that could return a forbidden document is refused whole.
    if (!principal) return { ok: false, response: permissionDenied() };
    for (const d of matched) {
      if (!readable(principal, ctx, d.path, d.doc))
        return { ok: false, response: permissionDenied() };
    }
    if (matched.length === 0) {
      // An empty result still needs a collection the caller may read at all.
      const probe = `${target.parent ? `${target.parent}/` : ''}${query.from[0]?.collectionId ?? ''}/__probe__`;
      if (!readable(principal, ctx, probe, undefined))
        return { ok: false, response: permissionDenied() };
    }
    return { ok: true, page };
  } catch (e) {
    if (e instanceof QueryError) return { ok: false, response: invalidArgument(e.message) };
    throw e;
  }
}

function project(fields: FsFields, select: { fields?: Array<{ fieldPath: string }> } | undefined) {
  if (!select?.fields) return fields;
  const out: FsFields = {};
  for (const f of select.fields) {
    const v = getField(fields, f.fieldPath);
    if (v !== undefined) setField(out, f.fieldPath, structuredClone(v));
  }
  return out;
}

// ---- runAggregationQuery --------------------------------------------------------------------

const aggregationSchema = z.object({
  structuredAggregationQuery: z.object({
    structuredQuery: structuredQuerySchema,
    aggregations: z
      .array(
        z.object({
          alias: z.string(),
          count: z.object({ upTo: z.unknown().optional() }).optional(),
          sum: z.object({ field: z.object({ fieldPath: z.string() }) }).optional(),
          avg: z.object({ field: z.object({ fieldPath: z.string() }) }).optional(),
        }),
      )
      .default([]),
  }),
});

// ---- commit ---------------------------------------------------------------------------------

const preconditionSchema = z
  .object({ exists: z.boolean().optional(), updateTime: z.string().optional() })
  .optional();

const transformSchema = z.object({
  fieldPath: z.string(),
  setToServerValue: z.string().optional(),
  increment: fsValueSchema.optional(),
  maximum: fsValueSchema.optional(),
  minimum: fsValueSchema.optional(),
  appendMissingElements: z.object({ values: z.array(fsValueSchema).default([]) }).optional(),
  removeAllFromArray: z.object({ values: z.array(fsValueSchema).default([]) }).optional(),
});
type Transform = z.infer<typeof transformSchema>;

const writeSchema = z.object({
  update: z.object({ name: z.string(), fields: fsFieldsSchema.optional() }).optional(),
  delete: z.string().optional(),
  verify: z.string().optional(),
  transform: z
    .object({ document: z.string(), fieldTransforms: z.array(transformSchema).default([]) })
    .optional(),
  updateMask: z.object({ fieldPaths: z.array(z.string()).default([]) }).optional(),
  updateTransforms: z.array(transformSchema).optional(),
  currentDocument: preconditionSchema,
});

export type CommitWrite = z.infer<typeof writeSchema>;

/** The envelope only: the writes are parsed one by one, in slices (`parseWrites`). */
const commitSchema = z.object({
  writes: z.array(z.unknown()).default([]),
  transaction: z.string().optional(),
});

function applyTransform(fields: FsFields, t: Transform, commitTime: string): FsValue {
  const current = getField(fields, t.fieldPath);
  let next: FsValue;
  if (t.setToServerValue) {
    next = { timestampValue: commitTime };
  } else if (t.increment || t.maximum || t.minimum) {
    const operand = (t.increment ?? t.maximum ?? t.minimum) as FsValue;
    const a = current ? numericValue(current) : null;
    const b = numericValue(operand);
    if (a === null || b === null || !current) {
      next = operand;
    } else if (t.increment) {
      const bothInts = 'integerValue' in current && 'integerValue' in operand;
      next = bothInts ? { integerValue: String(a + b) } : { doubleValue: a + b };
    } else {
      const keepCurrent = t.maximum ? a >= b : a <= b;
      next = keepCurrent ? current : operand;
    }
  } else if (t.appendMissingElements) {
    const existing =
      current && 'arrayValue' in current ? [...(current.arrayValue.values ?? [])] : [];
    for (const v of t.appendMissingElements.values) {
      if (!existing.some((e) => valuesEqual(e, v))) existing.push(v);
    }
    next = { arrayValue: { values: existing } };
  } else if (t.removeAllFromArray) {
    const remove = t.removeAllFromArray.values;
    const existing = current && 'arrayValue' in current ? (current.arrayValue.values ?? []) : [];
    next = {
      arrayValue: { values: existing.filter((e) => !remove.some((r) => valuesEqual(e, r))) },
    };
  } else {
    throw new CommitError(invalidArgument(`Unsupported transform on ${t.fieldPath}`));
  }
  setField(fields, t.fieldPath, structuredClone(next));
  return next;
}

function checkPrecondition(
  name: string,
  existing: StoredDocument | null,
  pre: z.infer<typeof preconditionSchema>,
): void {
  if (!pre) return;
  if (pre.exists === true && !existing) {
    throw new CommitError(firestoreError(404, 'NOT_FOUND', `No document to update: ${name}`));
  }
  if (pre.exists === false && existing) {
    throw new CommitError(
      firestoreError(409, 'ALREADY_EXISTS', `Document already exists: ${name}`),
    );
  }
  if (pre.updateTime !== undefined) {
    if (!existing || compareTimestamps(existing.updateTime, pre.updateTime) !== 0) {
      throw new CommitError(
        firestoreError(
          400,
          'FAILED_PRECONDITION',
          `the stored version (${existing?.updateTime ?? 'none'}) does not match the required base version (${pre.updateTime})`,
        ),
      );
    }
  }
}

interface CommitResult {
  commitTime: string;
  writeResults: Array<{ updateTime: string; transformResults?: FsValue[] }>;
  changed: Array<{ path: string; kind: 'set' | 'delete' }>;
  /** Billed writes: each set, update or delete (not a verify), with the triggers' writes. */
  written: number;
}

// ---- commits in slices (decision 055) ---------------------------------------------------------
// In-page the fake shares the main thread with the app, so a commit's checks (rules, invariants,
// shapes, transforms: ~1 ms a write) run in slices that yield to the event loop. Atomicity stays:
// the checks stage every write aside and the store changes only afterwards, in one synchronous
// step, so a read sees all of a commit or none of it. Commits (and callables that write) run one at
// a time (`commitQueue`). Whatever else changes the documents, or answers a read (its readTime
// would come after this commit's time without seeing it), while a commit is checking sends the
// commit back to its start, with a new commit time; after MAX_RESTARTS it runs in one go.

/** Restarts of a commit's checks before they run without yielding. */
const MAX_RESTARTS = 3;

/** Reads answered so far (a commit compares it around its checks, see above). */
let readsServed = 0;

/** A read's time: issued after every commit it sees, and counted for commits in flight. */
function readTimeNow(): string {
  readsServed += 1;
  return nextServerTime();
}

interface StagedCommit {
  commitTime: string;
  /** Each written path's document after the commit (null: deleted), in order of first write. */
  staged: Map<string, StoredDocument | null>;
  /** Each written path's document before the commit. */
  originals: Map<string, StoredDocument | null>;
  writeResults: CommitResult['writeResults'];
  written: number;
}

/**
 * Checks every write against the current state and stages the outcome; writes nothing. Throws a
 * CommitError for the first refusal.
 */
async function stageWrites(
  writes: readonly CommitWrite[],
  principal: Principal | null | 'backend',
  ctx: PermissionContext,
  slice: Slice,
): Promise<StagedCommit> {
  const commitTime = nextServerTime();
  const staged = new Map<string, StoredDocument | null>();
  const originals = new Map<string, StoredDocument | null>();
  const current = (path: string): StoredDocument | null =>
    staged.has(path) ? (staged.get(path) ?? null) : (store.get(path) ?? null);
  const writeResults: CommitResult['writeResults'] = [];
  let written = 0;
  // Rules see earlier writes of the same commit (like getAfter()), so a conversation and its
  // first message can be created in one batch.
  const rulesCtx: PermissionContext = {
    ...ctx,
    requestTime: timestampToIso(commitTime),
    get: (path) => {
      if (!staged.has(path)) return ctx.get(path);
      const doc = staged.get(path);
      return doc ? decodeFields(doc.fields) : null;
    },
  };

  for (const w of writes) {
    await slice.check();
    const name = w.update?.name ?? w.delete ?? w.verify ?? w.transform?.document;
    const path = name ? relativePath(name) : null;
    if (!name || !path)
      throw new CommitError(invalidArgument('Invalid write: missing document name'));
    const before = current(path);
    checkPrecondition(name, before, w.currentDocument);

    if (w.verify) {
      writeResults.push({ updateTime: commitTime });
      continue;
    }
    let after: StoredDocument | null;
    const transformResults: FsValue[] = [];
    if (w.delete) {
      after = null;
    } else {
      let fields: FsFields;
      if (w.update) {
        const incoming = w.update.fields ?? {};
        if (w.updateMask) {
          fields = before ? cloneFields(before.fields) : {};
          for (const fp of w.updateMask.fieldPaths) {
            const v = getField(incoming, fp);
            setField(fields, fp, v === undefined ? undefined : structuredClone(v));
          }
        } else {
          fields = cloneFields(incoming);
        }
      } else {
        fields = before ? cloneFields(before.fields) : {};
      }
      for (const t of [...(w.updateTransforms ?? []), ...(w.transform?.fieldTransforms ?? [])]) {
        transformResults.push(applyTransform(fields, t, commitTime));
      }
      after = { fields, createTime: before?.createTime ?? commitTime, updateTime: commitTime };
    }

    if (principal !== 'backend') {
      const collection = collectionOfPath(path);
      const allowed =
        principal !== null &&
        collection !== null &&
        canWrite(
          principal,
          collection,
          {
            ref: { path, id: splitDocumentPath(path).id },
            before: before ? decodeFields(before.fields) : null,
            after: after ? decodeFields(after.fields) : null,
          },
          rulesCtx,
        );
      if (!allowed) throw new CommitError(permissionDenied());
      // As typed rules would: a client's document must have its record's shape (mocks/shapes.ts).
      const problem = after ? shapeProblem(path, after.fields) : null;
      if (problem) throw new CommitError(invalidArgument(problem));
    }
    if (!originals.has(path)) originals.set(path, store.get(path) ?? null);
    staged.set(path, after);
    written += 1;
    writeResults.push(
      transformResults.length > 0
        ? { updateTime: commitTime, transformResults }
        : { updateTime: commitTime },
    );
  }
  return { commitTime, staged, originals, writeResults, written };
}

/** The writer of a commit and the rules' view of the store it is checked against. */
interface Writer {
  principal: Principal | null | 'backend';
  ctx: PermissionContext;
}

/**
 * Stages the writes against one consistent state: when the documents changed or a read was
 * answered while the checks yielded, they run again (a refusal too, which that state may explain).
 */
async function stageConsistently(
  writes: readonly CommitWrite[],
  writer: () => Writer,
  slice: Slice,
): Promise<StagedCommit & Writer> {
  for (let attempt = 0; ; attempt += 1) {
    // The last attempt never yields, so nothing can come between its checks and its apply.
    const attemptSlice = attempt < MAX_RESTARTS ? slice : new Slice(slice.label, Infinity);
    const version = store.version;
    const reads = readsServed;
    const unchanged = () => store.version === version && readsServed === reads;
    // Who writes, and the rules' view of the store, as of this attempt (the view is memoised).
    const { principal, ctx } = writer();
    try {
      const staged = await stageWrites(writes, principal, ctx, attemptSlice);
      if (unchanged()) return { ...staged, principal, ctx };
    } catch (e) {
      if (!(e instanceof CommitError) || unchanged()) throw e;
    }
  }
}

/**
 * Applies all writes or none. Exported for callables that write as the backend (no rules).
 * `triggers` runs the write triggers after the commit; by default only a client's commit does.
 * A callable passes true, as its Admin SDK writes fire the deployed triggers in production; the
 * triggers' own writes never do here (production would deliver them again, and every decision
 * would find nothing left to do). Runs after every commit queued before it (`commitQueue`).
 */
export function applyWrites(
  writes: readonly CommitWrite[],
  principal: Principal | null | 'backend',
  ctx: PermissionContext,
  triggers = principal !== 'backend',
): Promise<CommitResult> {
  return commitQueue.run(() => applyWritesHoldingQueue(writes, principal, ctx, triggers));
}

/**
 * A client's commit: the caller is resolved in the queue, at each attempt (a Members document a
 * commit before it changed may change who they are); null when the token is no longer valid.
 */
function applyClientWrites(
  writes: readonly CommitWrite[],
  request: Request,
): Promise<CommitResult | null> {
  return commitQueue.run(async () => {
    if (!principalFromRequest(request).ok) return null;
    const writer = (): Writer => {
      const caller = principalFromRequest(request);
      // Checked above, and a token's validity does not depend on the store.
      return caller.ok ? caller : { principal: null, ctx: createContext() };
    };
    return applyQueuedWrites(writes, writer, true, new Slice('commit'));
  });
}

/** `applyWrites` for a caller that already runs in `commitQueue` (a callable's decision). */
export function applyWritesHoldingQueue(
  writes: readonly CommitWrite[],
  principal: Principal | null | 'backend',
  ctx: PermissionContext,
  triggers = principal !== 'backend',
): Promise<CommitResult> {
  return applyQueuedWrites(writes, () => ({ principal, ctx }), triggers, new Slice('commit'));
}

async function applyQueuedWrites(
  writes: readonly CommitWrite[],
  writer: () => Writer,
  triggers: boolean,
  slice: Slice,
): Promise<CommitResult> {
  const { commitTime, staged, originals, writeResults, written, principal, ctx } =
    await stageConsistently(writes, writer, slice);

  // The commit itself: synchronous, so no read sees part of it (map sets only: cheap).
  const changed: CommitResult['changed'] = [];
  for (const [path, doc] of staged) {
    if (doc) {
      store.put(path, doc, false);
      changed.push({ path, kind: 'set' });
    } else if (store.remove(path, false)) {
      changed.push({ path, kind: 'delete' });
    }
  }
  for (const event of changed) store.emit(event);
  let total = written;
  // What Cloud Function triggers would do after the commit (mocks/triggers.ts: the shared
  // decisions of app/domain/server — notifications, claims, access links, audience keys; not the
  // version bump, which the app makes itself), as the backend, in the same request: persisted with
  // it and announced by its own change events. As in production, they follow the commit: a read in
  // between sees the commit without them.
  if (triggers && changed.length > 0) {
    // The triggers see each written document once, as it was before the commit and after it (a
    // commit's several writes to one path are one change).
    const documentChanges: DocumentChange[] = [];
    await forEachInSlices(changed, slice, ({ path, kind }) => {
      const previous = originals.get(path);
      const before = previous ? decodeFields(previous.fields) : null;
      const doc = staged.get(path);
      if (kind === 'set' && doc) {
        documentChanges.push({ path, before, after: decodeFields(doc.fields) });
      } else {
        documentChanges.push({ path, before, after: null, writer: writerOf(principal) });
      }
    });
    const triggered = await commitChangeTriggersInSlices(
      documentChanges,
      createContext(),
      timestampToIso(commitTime),
      slice,
    );

    if (triggered.length > 0) {
      const backend = await applyQueuedWrites(
        triggered.map(backendWrite),
        () => ({ principal: 'backend', ctx }),
        false,
        slice,
      );
      total += backend.written;
    }
  }
  return { commitTime, writeResults, changed, written: total };
}

const BACKEND_DOCUMENT_PREFIX = 'projects/fake/databases/(default)/documents/';

/** A trigger's write as a commit write: server timestamps like the client's, merges by mask. */
function backendWrite(write: TriggerWrite): CommitWrite {
  const name = `${BACKEND_DOCUMENT_PREFIX}${write.path}`;
  if (write.delete) return { delete: name };
  const fields = encodeFields(write.data);
  const updatedAt = { fieldPath: 'updatedAt', setToServerValue: 'REQUEST_TIME' };
  if (write.fields) {
    return {
      update: { name, fields },
      updateMask: { fieldPaths: write.fields },
      updateTransforms: [updatedAt],
      currentDocument: { exists: true },
    };
  }
  return {
    update: { name, fields },
    updateTransforms: [{ fieldPath: 'createdAt', setToServerValue: 'REQUEST_TIME' }, updatedAt],
  };
}

// ---- scheduled work (issue 31) -----------------------------------------------------------------

/** How often requests may run the scheduled work lazily (the functions' jobs run every minute). */
const SCHEDULE_EVERY_MS = 60_000;
let lastScheduledRun: number | null = null;

/**
 * The functions' scheduled jobs at `nowIso` (held pushes released, evening digests), as the
 * backend, after every commit queued before. `fake.runScheduled` calls it; requests call it lazily.
 */
export async function runScheduledWork(nowIso: string): Promise<number> {
  lastScheduledRun = Date.parse(nowIso);
  return commitQueue.run(async () => {
    const writes = scheduledWrites(createContext(), nowIso);
    if (writes.length === 0) return 0;
    const result = await applyWritesHoldingQueue(
      writes.map(backendWrite),
      'backend',
      createContext(),
      false,
    );
    return result.written;
  });
}

/** Runs the scheduled work when a minute has passed since it last ran (by the app's clock). */
function runScheduledLazily(request: Request): void {
  setAppOrigin(request.headers.get('origin'));
  const at = clockNow().getTime();
  if (
    lastScheduledRun !== null &&
    at - lastScheduledRun < SCHEDULE_EVERY_MS &&
    at >= lastScheduledRun
  ) {
    return;
  }
  runScheduledWork(new Date(at).toISOString()).catch((error: unknown) => {
    console.error('[fake] scheduled work failed', error);
  });
}

/** A commit's writes, parsed one by one in slices; null when one is not a write. */
async function parseWrites(raw: readonly unknown[]): Promise<CommitWrite[] | null> {
  const slice = new Slice('commit:parse');
  const writes: CommitWrite[] = [];
  for (const item of raw) {
    const write = writeSchema.safeParse(item);
    if (!write.success) return null;
    writes.push(write.data);
    await slice.check();
  }
  return writes;
}

// ---- handlers -------------------------------------------------------------------------------

export const firestoreHandlers = [
  http.post(rpc('batchGet'), async ({ request }) => {
    const target = parseTarget(request.url, rpc('batchGet'));
    const body = batchGetSchema.safeParse(await readBody(request));
    if (!target || !body.success) return invalidArgument('Invalid batchGet request');
    const caller = principalFromRequest(request);
    if (!caller.ok) return unauthenticated();
    const readTime = readTimeNow();
    const results: unknown[] = [];
    for (const name of body.data.documents) {
      const path = relativePath(name);
      if (!path) return invalidArgument(`Invalid document name: ${name}`);
      const doc = store.get(path);
      if (!readable(caller.principal, caller.ctx, path, doc)) return permissionDenied();
      results.push(
        doc
          ? { found: encodeDocument(name.slice(0, name.length - path.length), path, doc), readTime }
          : { missing: name, readTime },
      );
    }
    store.countUsage(accountOf(caller.principal), results.length);
    return HttpResponse.json(results);
  }),

  http.post(rpc('runQuery'), async ({ request }) => {
    runScheduledLazily(request);
    const target = parseTarget(request.url, rpc('runQuery'));
    const body = runQuerySchema.safeParse(await readBody(request));
    if (!target || !body.success) return invalidArgument('Invalid runQuery request');
    const caller = principalFromRequest(request);
    if (!caller.ok) return unauthenticated();
    const outcome = executeQuery(target, body.data.structuredQuery, caller.principal, caller.ctx);
    if (!outcome.ok) return outcome.response;
    const readTime = readTimeNow();
    const prefix = prefixOf(target);
    store.countUsage(accountOf(caller.principal), Math.max(1, outcome.page.length));
    if (outcome.page.length === 0) return HttpResponse.json([{ readTime }]);
    return HttpResponse.json(
      outcome.page.map((d) => ({
        document: {
          ...encodeDocument(prefix, d.path, d.doc),
          fields: project(d.doc.fields, body.data.structuredQuery.select),
        },
        readTime,
      })),
    );
  }),

  http.post(rpc('runAggregationQuery'), async ({ request }) => {
    const target = parseTarget(request.url, rpc('runAggregationQuery'));
    const body = aggregationSchema.safeParse(await readBody(request));
    if (!target || !body.success) return invalidArgument('Invalid runAggregationQuery request');
    const caller = principalFromRequest(request);
    if (!caller.ok) return unauthenticated();
    const { structuredQuery, aggregations } = body.data.structuredAggregationQuery;
    const outcome = executeQuery(target, structuredQuery, caller.principal, caller.ctx);
    if (!outcome.ok) return outcome.response;
    store.countUsage(
      accountOf(caller.principal),
      Math.max(1, Math.ceil(outcome.page.length / AGGREGATION_ENTRIES_PER_READ)),
    );
    const aggregateFields: Record<string, FsValue> = {};
    for (const a of aggregations) {
      if (a.count) {
        aggregateFields[a.alias] = { integerValue: String(outcome.page.length) };
        continue;
      }
      const fieldPath = (a.sum ?? a.avg)?.field.fieldPath ?? '';
      const nums = outcome.page
        .map((d) => getField(d.doc.fields, fieldPath))
        .map((v) => (v ? numericValue(v) : null))
        .filter((n): n is number => n !== null);
      const total = nums.reduce((s, n) => s + n, 0);
      if (a.sum) {
        aggregateFields[a.alias] = Number.isSafeInteger(total)
          ? { integerValue: String(total) }
          : { doubleValue: total };
      } else {
        aggregateFields[a.alias] =
          nums.length === 0 ? { nullValue: null } : { doubleValue: total / nums.length };
      }
    }
    return HttpResponse.json([{ result: { aggregateFields }, readTime: readTimeNow() }]);
  }),

  http.post(rpc('commit'), async ({ request }) => {
    runScheduledLazily(request);
    const body = commitSchema.safeParse(await readBody(request));
    if (!body.success) return invalidArgument('Invalid commit request');
    const writes = await parseWrites(body.data.writes);
    if (!writes) return invalidArgument('Invalid commit request');
    // Billed to the token's uid, which the store cannot change.
    const caller = principalFromRequest(request);
    if (!caller.ok) return unauthenticated();
    let result: CommitResult | null;
    try {
      result = await applyClientWrites(writes, request);
    } catch (e) {
      if (e instanceof CommitError) return e.response;
      throw e;
    }
    if (!result) return unauthenticated();
    store.countUsage(accountOf(caller.principal), 0, result.written);
    // The classic duplicate-write trap: the write happened, the client never hears about it.
    if (store.lostCommitAcks > 0) {
      store.lostCommitAcks -= 1;
      return HttpResponse.error();
    }
    return HttpResponse.json({ commitTime: result.commitTime, writeResults: result.writeResults });
  }),

  http.post(rpc('beginTransaction'), () =>
    HttpResponse.json({ transaction: btoa(`fake-tx-${nextServerTime()}`) }),
  ),
  http.post(rpc('rollback'), () => HttpResponse.json({})),

  // A single document by path (GET), which some SDK paths and tools use.
  http.get(new RegExp(`${BASE}/(.+)$`), ({ request }) => {
    const target = parseTarget(request.url, new RegExp(`${BASE}(/.+)$`));
    if (!target || !isDocumentPath(target.parent)) return invalidArgument('Invalid document path');
    const caller = principalFromRequest(request);
    if (!caller.ok) return unauthenticated();
    const path = target.parent;
    const doc = store.get(path);
    if (!readable(caller.principal, caller.ctx, path, doc)) return permissionDenied();
    const prefix = prefixOf(target);
    store.countUsage(accountOf(caller.principal), 1);
    if (!doc) return firestoreError(404, 'NOT_FOUND', `Document "${prefix}${path}" not found.`);
    return HttpResponse.json(encodeDocument(prefix, path, doc));
  }),
];
