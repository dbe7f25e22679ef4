// The fake Firebase: its msw handlers (one file per service, merged here) and the single control
// object tests, the demo bootstrap and the browser console use to seed, inspect and break it.
import { authHandlers, liveResetCodes } from './auth';
import { faultHandlers } from './faults';
import { firestoreHandlers, runScheduledWork } from './firestore';
import { functionsHandlers } from './functions';
import { seedStore, seedStoreInSlices, type SeedProfile } from './seed';
import { storageHandlers } from './storage';
import { isDocumentPath, store, type ChangeEvent, type RequestLogEntry, type Usage } from './store';
import { decodeFields, encodeFields, nextServerTime } from './values';
import type { RequestHandler } from 'msw';

/** Fault handling comes first: it logs and may answer before the service handlers do. */
export const handlers: RequestHandler[] = [
  ...faultHandlers,
  ...authHandlers,
  ...firestoreHandlers,
  ...functionsHandlers,
  ...storageHandlers,
];

export interface FakeFirebaseControl {
  ready(): Promise<void>;
  reset(options?: { profile?: SeedProfile }): Promise<void>;
  faults: {
    /**
     * Every request waits `ms`; with `match` (a URL substring or RegExp) only matching requests
     * do, e.g. `setLatency(400, 'firebasestorage')` slows Storage (each upload chunk) alone.
     */
    setLatency(ms: number, match?: string | RegExp): void;
    failNext(match: string | RegExp, count: number, status?: number): void;
    loseNextCommitAck(count?: number): void;
    clear(): void;
  };
  requests(match?: string | RegExp): RequestLogEntry[];
  clearRequestLog(): void;
  /**
   * Firestore's bill so far, per account (uid, or `anonymous`): a query costs a read per document
   * returned (1 when none), a get 1, a commit a write per document written or deleted (issue 29).
   * In-page, each tab counts the requests it served; a reset starts a new bill.
   */
  usage(): Record<string, Usage>;
  resetUsage(): void;
  onChange(listener: (event: ChangeEvent) => void): () => void;
  getDocument(path: string): Record<string, unknown> | null;
  listDocuments(collectionPath: string): Array<{ id: string; data: Record<string, unknown> }>;
  setDocument(path: string, data: Record<string, unknown>): void;
  deleteDocument(path: string): void;
  /**
   * The functions' scheduled jobs at `nowIso` (issue 31): held pushes whose quiet hours ended are
   * sent (`demoPushes`) and the evening digests written (`digests`, `mail`). Requests run them
   * lazily too, at most once a minute. Resolves to the number of documents written.
   */
  runScheduled(nowIso: string): Promise<number>;
  accounts: {
    list(): Array<{
      uid: string;
      email: string;
      disabled: boolean;
      claims: Record<string, unknown>;
    }>;
    /**
     * The live password-reset codes, as the Auth emulator lists them
     * (`/emulator/v1/projects/{id}/oobCodes`): what the e-mails would carry. The contract suite
     * reads them; in server mode only through the secret console control.
     */
    oobCodes(): Array<{ email: string; oobCode: string; requestType: 'PASSWORD_RESET' }>;
  };
}

/** Empties the store and seeds a profile (deterministic for the day). */
export function reseed(profile: SeedProfile = 'demo'): void {
  store.clearDocuments();
  store.clearObjects();
  store.accounts.clear();
  store.failedLogins.clear();
  seedStore(profile);
}

/** `reseed`, yielding between slices of documents (the in-page start, decision 055). */
export async function reseedInSlices(profile: SeedProfile = 'demo'): Promise<void> {
  store.clearDocuments();
  store.clearObjects();
  store.accounts.clear();
  store.failedLogins.clear();
  await seedStoreInSlices(profile);
}

// In Node the store lives in memory and is seeded on first use; the browser installer replaces
// this initializer with one that loads the saved state from IndexedDB first.
store.setInitializer(() => reseed('demo'));

function assertDocumentPath(path: string): void {
  if (!isDocumentPath(path)) throw new Error(`Not a document path: ${path}`);
}

export const fake: FakeFirebaseControl = {
  ready: () => store.ready,
  async reset(options) {
    await store.ready;
    reseed(options?.profile ?? 'demo');
    store.clearFaults();
    store.resetUsage();
  },
  faults: {
    setLatency(ms, match) {
      if (match === undefined) store.latencyMs = Math.max(0, ms);
      else {
        store.latencyRules = store.latencyRules.filter(
          (rule) => String(rule.match) !== String(match),
        );
        if (ms > 0) store.latencyRules.push({ match, ms });
      }
    },
    failNext(match, count, status = 500) {
      store.failRules.push({ match, remaining: count, status });
    },
    loseNextCommitAck(count = 1) {
      store.lostCommitAcks += count;
    },
    clear() {
      store.clearFaults();
    },
  },
  requests(match) {
    if (match === undefined) return [...store.requestLog];
    return store.requestLog.filter((r) =>
      typeof match === 'string' ? r.url.includes(match) : match.test(r.url),
    );
  },
  clearRequestLog() {
    store.requestLog = [];
  },
  usage: () => store.usage(),
  resetUsage() {
    store.resetUsage();
  },
  onChange: (listener) => store.onChange(listener),
  getDocument(path) {
    assertDocumentPath(path);
    const doc = store.get(path);
    return doc ? decodeFields(doc.fields) : null;
  },
  listDocuments(collectionPath) {
    return store.list(collectionPath).map(([id, doc]) => ({ id, data: decodeFields(doc.fields) }));
  },
  setDocument(path, data) {
    assertDocumentPath(path);
    const time = nextServerTime();
    const existing = store.get(path);
    store.put(path, {
      fields: encodeFields(data),
      createTime: existing?.createTime ?? time,
      updateTime: time,
    });
  },
  deleteDocument(path) {
    assertDocumentPath(path);
    store.remove(path);
  },
  runScheduled: (nowIso) => runScheduledWork(nowIso),
  accounts: {
    list: () =>
      [...store.accounts.values()].map((a) => ({
        uid: a.uid,
        email: a.email,
        disabled: a.disabled,
        claims: { ...a.claims },
      })),
    oobCodes: () =>
      [...store.accounts.values()].flatMap((a) =>
        liveResetCodes(a).map((c) => ({
          email: a.email,
          oobCode: c.code,
          requestType: 'PASSWORD_RESET' as const,
        })),
      ),
  },
};
