// The messages between a page and its in-page fake's Web Worker (decision 058). Plain structured-
// cloneable records: request and response bodies travel as transferred ArrayBuffers, RegExps as
// themselves. Types only: neither side pays for it at run time.
import type { ChangeEvent, RequestLogEntry } from './store';

/** The console control's methods the worker answers (mocks/console.ts), by dotted name. */
export type ControlMethod =
  | 'ready'
  | 'reset'
  | 'faults.setLatency'
  | 'faults.failNext'
  | 'faults.loseNextCommitAck'
  | 'faults.clear'
  | 'requests'
  | 'clearRequestLog'
  | 'usage'
  | 'resetUsage'
  | 'getDocument'
  | 'listDocuments'
  | 'setDocument'
  | 'deleteDocument'
  | 'runScheduled'
  | 'accounts.list';

/** What every message from the page carries: the page's clock and whether it is online. */
export interface PageState {
  /** The page's `Date.now()` when it sent the message (a test's clock moves the fake's too). */
  now: number;
  online: boolean;
}

export type PageMessage =
  | (PageState & {
      type: 'request';
      id: number;
      url: string;
      method: string;
      headers: Array<[string, string]>;
      body: ArrayBuffer | null;
    })
  | (PageState & { type: 'control'; id: number; method: ControlMethod; args: unknown[] })
  | (PageState & { type: 'state' })
  /** Requests the page failed itself while offline, for the request log. */
  | (PageState & { type: 'log'; entries: RequestLogEntry[] });

export type WorkerMessage =
  | {
      type: 'response';
      id: number;
      /** false: a network error (`Response.error()`). */
      ok: boolean;
      status: number;
      statusText: string;
      headers: Array<[string, string]>;
      body: ArrayBuffer | null;
    }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: string }
  | { type: 'changes'; events: ChangeEvent[] }
  /** The saved state is loaded (or seeded): sent once. */
  | { type: 'ready' }
  /** The state could not be loaded: every request fails until the page reloads. */
  | { type: 'failed'; error: string };

/** One end of the channel: a Worker from the page, the worker's global scope from inside. */
export interface FakePort {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  /** A worker that fails to load says so (the page's end only). */
  addEventListener(type: 'error', listener: () => void): void;
}
