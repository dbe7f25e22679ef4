// The fake's console control as the page sees it (`window.__fakeFirebase`): the browser tests, the
// benchmarks and a developer at the console use it. Every method answers a promise, whichever fake
// is behind it: the fake server (server mode, mocks/remote-control.ts, over HTTP) or the fake in
// this tab's own Web Worker (in-page mode, mocks/browser.ts, over postMessage). `onChange` listens
// to the fake's change feed and returns the unsubscribe function.
import type { SeedProfile } from './seed';
import type { ChangeEvent, RequestLogEntry, Usage } from './store';

export interface ConsoleAccount {
  uid: string;
  email: string;
  disabled: boolean;
  claims: Record<string, unknown>;
}

export interface FakeFirebaseConsole {
  /** Tells tests and the console which fake they talk to. */
  readonly mode: 'server' | 'in-page';
  /** Resolves once the fake has its state (seeded, or loaded from where it keeps it). */
  ready(): Promise<void>;
  reset(options?: { profile?: SeedProfile }): Promise<void>;
  faults: {
    setLatency(ms: number, match?: string | RegExp): Promise<void>;
    failNext(match: string | RegExp, count: number, status?: number): Promise<void>;
    loseNextCommitAck(count?: number): Promise<void>;
    clear(): Promise<void>;
  };
  requests(match?: string | RegExp): Promise<RequestLogEntry[]>;
  clearRequestLog(): Promise<void>;
  /** Billed reads and writes per account since the start, the last reset or `resetUsage()`. */
  usage(): Promise<Record<string, Usage>>;
  resetUsage(): Promise<void>;
  onChange(listener: (event: ChangeEvent) => void): () => void;
  getDocument(path: string): Promise<Record<string, unknown> | null>;
  listDocuments(
    collectionPath: string,
  ): Promise<Array<{ id: string; data: Record<string, unknown> }>>;
  setDocument(path: string, data: Record<string, unknown>): Promise<void>;
  deleteDocument(path: string): Promise<void>;
  /** The functions' scheduled jobs at `nowIso` (held pushes, digests): documents written. */
  runScheduled(nowIso: string): Promise<number>;
  accounts: { list(): Promise<ConsoleAccount[]> };
}

declare global {
  interface Window {
    __fakeFirebase?: FakeFirebaseConsole;
  }
}
