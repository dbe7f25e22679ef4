// The fake Firebase's single source of truth: documents (encoded exactly as Firestore's REST API
// sends them), auth accounts, the request log, injected faults and change listeners. Handlers read
// and write only through this module. Until `ready` resolves (seed or IndexedDB load), handlers
// wait: answering from an empty store would look like a wiped database to the app.
// It also tracks which documents were written since the last `takeChanges()`, document by document,
// so the browser persists exactly those (never a whole collection copied from memory, which would
// undo what another tab wrote meanwhile).
import type { FsFields } from './values';

export interface StoredDocument {
  fields: FsFields;
  createTime: string;
  updateTime: string;
}

export interface Account {
  uid: string;
  email: string;
  password: string | null;
  displayName: string;
  photoUrl: string;
  disabled: boolean;
  /**
   * Bumped when the account's refresh tokens are revoked (suspension): a refresh token carries the
   * epoch it was issued in and is refused once the account has moved on. Absent means 0.
   */
  sessionEpoch?: number;
  emailVerified: boolean;
  claims: Record<string, unknown>;
  providers: Array<'password' | 'google.com'>;
  createdAt: number;
  lastLoginAt: number;
  passwordUpdatedAt: number;
  /**
   * Unused password-reset codes (an invitation's link, "Forgot password"): each works once, for an
   * hour (mocks/auth.ts `accounts:resetPassword`). Absent means none.
   */
  resetCodes?: Array<{ code: string; issuedAt: number }>;
}

/** A file in the fake's Storage bucket: its bytes and the metadata the service keeps. */
export interface StoredObject {
  bucket: string;
  /** The object's name (its path in the bucket), e.g. `resources/res-1/notes.pdf`. */
  name: string;
  /** The bytes; a Blob so a browser keeps them in IndexedDB without copying them into memory. */
  bytes: Blob;
  size: number;
  contentType: string;
  /** The uid of the ID token that uploaded it (never the client's own metadata). */
  uploadedBy: string;
  /** Custom metadata as the client sent it, with `uploadedBy` set from the token. */
  metadata: Record<string, string>;
  md5Hash: string;
  downloadTokens: string;
  generation: string;
  timeCreated: string;
  updated: string;
}

export interface ChangeEvent {
  path: string;
  kind: 'set' | 'delete';
}

/** Billed Firestore operations of one account (`fake.usage()`). */
export interface Usage {
  reads: number;
  writes: number;
}

/** The account unauthenticated requests are counted under (the public inquiry form). */
export const ANONYMOUS_ACCOUNT = 'anonymous';

export interface RequestLogEntry {
  method: string;
  url: string;
  at: number;
}

interface FailRule {
  match: string | RegExp;
  remaining: number;
  status: number;
}

interface LatencyRule {
  match: string | RegExp;
  ms: number;
}

function matches(match: string | RegExp, url: string): boolean {
  return typeof match === 'string' ? url.includes(match) : match.test(url);
}

/** Splits 'a/b/c/d' into its parent collection path 'a/b/c' and id 'd'. */
export function splitDocumentPath(path: string): { parent: string; id: string } {
  const i = path.lastIndexOf('/');
  if (i < 0) throw new Error(`Not a document path: ${path}`);
  return { parent: path.slice(0, i), id: path.slice(i + 1) };
}

export function isDocumentPath(path: string): boolean {
  const segments = path.split('/');
  return segments.length % 2 === 0 && segments.every((s) => s.length > 0);
}

class FakeStore {
  /** Documents grouped by parent collection path, so a query scans one collection only. */
  private collections = new Map<string, Map<string, StoredDocument>>();
  readonly accounts = new Map<string, Account>();
  private listeners = new Set<(event: ChangeEvent) => void>();
  /** Document paths written or deleted since the last `takeChanges()`. */
  private changedPaths = new Set<string>();
  /** Everything was cleared since the last `takeChanges()` (a reseed): persist the whole state. */
  private clearedAll = false;
  private dirtyListener: (() => void) | null = null;
  /** Storage objects by name (one bucket: the project's default). */
  readonly objects = new Map<string, StoredObject>();
  /** Object names written or deleted since the last `takeChanges()`. */
  private changedObjects = new Set<string>();

  requestLog: RequestLogEntry[] = [];
  latencyMs = 0;
  /** Latency for matching URLs only (e.g. Storage uploads), on top of nothing else. */
  latencyRules: LatencyRule[] = [];
  failRules: FailRule[] = [];
  lostCommitAcks = 0;
  /**
   * Set by a caller that applies `latencyMs` itself before handing a request over (the browser
   * does, outside its cross-tab lock, so a slow demo tab does not hold up every other tab).
   */
  latencyAppliedByCaller = false;
  /** Failed password attempts per e-mail, for TOO_MANY_ATTEMPTS_TRY_LATER. */
  failedLogins = new Map<string, { count: number; at: number }>();
  /**
   * Document reads and writes per account (uid, or `anonymous`), counted as Firestore bills them
   * (issue 29): kept in memory by whoever serves the requests (the server, or in-page each tab).
   */
  private usageByAccount = new Map<string, Usage>();

  /**
   * Bumped by every change to the documents (a put, a delete, a clear, another tab's write): a
   * commit that yields between its checks compares it before applying, and starts over when
   * something else wrote meanwhile (mocks/firestore.ts).
   */
  private documentVersion = 0;

  private readyPromise: Promise<void> | null = null;
  private initializer: () => Promise<void> | void = () => undefined;

  /** Resolves once the initial state is loaded; the first call starts loading (lazy seeding). */
  get ready(): Promise<void> {
    this.readyPromise ??= Promise.resolve().then(() => this.initializer());
    return this.readyPromise;
  }

  /** Decides how the first `ready` fills the store (seed in Node, IndexedDB in the browser). */
  setInitializer(initializer: () => Promise<void> | void): void {
    this.initializer = initializer;
    this.readyPromise = null;
  }

  /** Replaces the pending or finished initial load, e.g. by a reset. */
  setReady(promise: Promise<void>): void {
    this.readyPromise = promise;
  }

  onDirty(listener: (() => void) | null): void {
    this.dirtyListener = listener;
  }

  // ---- documents -------------------------------------------------------------------------

  /** Changes with every write to the documents; equal twice means nothing was written between. */
  get version(): number {
    return this.documentVersion;
  }

  get(path: string): StoredDocument | undefined {
    const { parent, id } = splitDocumentPath(path);
    return this.collections.get(parent)?.get(id);
  }

  list(collectionPath: string): Array<[string, StoredDocument]> {
    const c = this.collections.get(collectionPath);
    return c ? [...c.entries()] : [];
  }

  /** Every collection path whose last segment is `collectionId` (collection-group queries). */
  collectionPathsNamed(collectionId: string): string[] {
    return [...this.collections.keys()].filter(
      (p) => p === collectionId || p.endsWith(`/${collectionId}`),
    );
  }

  put(path: string, doc: StoredDocument, notify = true): void {
    const { parent, id } = splitDocumentPath(path);
    let c = this.collections.get(parent);
    if (!c) {
      c = new Map();
      this.collections.set(parent, c);
    }
    c.set(id, doc);
    this.documentVersion += 1;
    this.markDirty(path);
    if (notify) this.emit({ path, kind: 'set' });
  }

  remove(path: string, notify = true): boolean {
    const { parent, id } = splitDocumentPath(path);
    const c = this.collections.get(parent);
    const existed = c?.delete(id) ?? false;
    if (existed) {
      this.documentVersion += 1;
      this.markDirty(path);
      if (notify) this.emit({ path, kind: 'delete' });
    }
    return existed;
  }

  clearDocuments(): void {
    this.documentVersion += 1;
    this.collections.clear();
    this.changedPaths.clear();
    this.clearedAll = true;
    this.dirtyListener?.();
  }

  // ---- storage objects ---------------------------------------------------------------------

  putObject(object: StoredObject): void {
    this.objects.set(object.name, object);
    this.changedObjects.add(object.name);
    this.dirtyListener?.();
  }

  removeObject(name: string): boolean {
    const existed = this.objects.delete(name);
    if (existed) {
      this.changedObjects.add(name);
      this.dirtyListener?.();
    }
    return existed;
  }

  /** Drops every object (a reseed); persisted as part of the next full save. */
  clearObjects(): void {
    this.objects.clear();
    this.changedObjects.clear();
    this.clearedAll = true;
    this.dirtyListener?.();
  }

  /** Sets (or with `undefined` removes) an object as another tab wrote it: not a change to persist. */
  applyStoredObject(name: string, object: StoredObject | undefined): void {
    if (object) this.objects.set(name, object);
    else this.objects.delete(name);
  }

  private markDirty(path: string): void {
    this.changedPaths.add(path);
    this.dirtyListener?.();
  }

  /** Whether anything was written since the last `takeChanges()`. */
  get hasChanges(): boolean {
    return this.clearedAll || this.changedPaths.size > 0 || this.changedObjects.size > 0;
  }

  /**
   * The document paths and object names written since the last call (or `full` after a clear),
   * and forgets them.
   */
  takeChanges(): { paths: string[]; full: boolean; objects: string[] } {
    const changes = {
      paths: [...this.changedPaths],
      full: this.clearedAll,
      objects: [...this.changedObjects],
    };
    this.changedPaths.clear();
    this.changedObjects.clear();
    this.clearedAll = false;
    return changes;
  }

  /**
   * Sets (or with `undefined` removes) a document as another tab wrote it: not a change of this
   * tab's to persist, and no event (the caller emits once the whole catch-up is applied).
   */
  applyStored(path: string, doc: StoredDocument | undefined): void {
    const { parent, id } = splitDocumentPath(path);
    this.documentVersion += 1;
    if (doc) {
      let c = this.collections.get(parent);
      if (!c) {
        c = new Map();
        this.collections.set(parent, c);
      }
      c.set(id, doc);
    } else {
      const c = this.collections.get(parent);
      c?.delete(id);
      if (c?.size === 0) this.collections.delete(parent);
    }
  }

  /** Every document with its path (persisting the whole state). */
  allDocuments(): Array<[string, StoredDocument]> {
    const out: Array<[string, StoredDocument]> = [];
    for (const [parent, docs] of this.collections) {
      for (const [id, doc] of docs) out.push([`${parent}/${id}`, doc]);
    }
    return out;
  }

  /** Everything under one top-level collection, for persistence. */
  exportTopLevel(name: string): Array<[string, StoredDocument]> {
    const out: Array<[string, StoredDocument]> = [];
    for (const [parent, docs] of this.collections) {
      if (parent === name || parent.startsWith(`${name}/`)) {
        for (const [id, doc] of docs) out.push([`${parent}/${id}`, doc]);
      }
    }
    return out;
  }

  topLevelNames(): string[] {
    return [...new Set([...this.collections.keys()].map((p) => p.split('/')[0] as string))];
  }

  // ---- change events ----------------------------------------------------------------------

  onChange(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: ChangeEvent): void {
    for (const l of [...this.listeners]) {
      try {
        l(event);
      } catch {
        // A broken listener must not undo a write the backend has already applied.
      }
    }
  }

  // ---- accounts ---------------------------------------------------------------------------

  accountByEmail(email: string): Account | undefined {
    const wanted = email.toLowerCase();
    for (const a of this.accounts.values()) if (a.email.toLowerCase() === wanted) return a;
    return undefined;
  }

  // ---- usage (what Firestore would bill) --------------------------------------------------

  /** Adds to an account's bill; on every request's path, so only a Map look-up and two sums. */
  countUsage(account: string, reads: number, writes = 0): void {
    const usage = this.usageByAccount.get(account);
    if (usage) {
      usage.reads += reads;
      usage.writes += writes;
    } else {
      this.usageByAccount.set(account, { reads, writes });
    }
  }

  /** A copy of the counts: `{ [uid]: { reads, writes } }`. */
  usage(): Record<string, Usage> {
    const out: Record<string, Usage> = {};
    for (const [account, usage] of this.usageByAccount) out[account] = { ...usage };
    return out;
  }

  resetUsage(): void {
    this.usageByAccount.clear();
  }

  // ---- faults -------------------------------------------------------------------------------

  /** Consumes a matching failNext rule and returns its status, if any applies to this URL. */
  takeFailure(url: string): number | null {
    for (const rule of this.failRules) {
      if (matches(rule.match, url) && rule.remaining > 0) {
        rule.remaining -= 1;
        this.failRules = this.failRules.filter((r) => r.remaining > 0);
        return rule.status;
      }
    }
    return null;
  }

  /** How long a request to `url` waits: the general latency or the longest matching rule. */
  latencyFor(url: string): number {
    let ms = this.latencyMs;
    for (const rule of this.latencyRules) if (matches(rule.match, url)) ms = Math.max(ms, rule.ms);
    return ms;
  }

  clearFaults(): void {
    this.latencyMs = 0;
    this.latencyRules = [];
    this.failRules = [];
    this.lostCommitAcks = 0;
  }
}

/** The one store behind every handler; module state, so node tests get one per test file. */
export const store = new FakeStore();
export type { FakeStore };
