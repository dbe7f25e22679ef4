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

/**
 * The key a Date travels under in a console call's arguments. A page whose clock a test installed
 * (Playwright's `page.clock`) makes Dates that structured cloning turns into empty objects, so the
 * page sends each Date as `{ [DATE_TAG]: milliseconds }` and the worker makes it a Date again.
 */
export const DATE_TAG = '__fakeFirebaseDate';

function isDateLike(value: unknown): value is Date {
  return (
    Object.prototype.toString.call(value) === '[object Date]' &&
    typeof (value as { getTime?: unknown }).getTime === 'function'
  );
}

/** A console call's argument with every Date (at any depth) tagged for the trip. */
export function tagDates(value: unknown): unknown {
  if (isDateLike(value)) return { [DATE_TAG]: value.getTime() };
  if (Array.isArray(value)) return value.map(tagDates);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tagDates(v)]));
  }
  return value;
}

/** The worker's end: the tagged Dates as Dates again. */
export function untagDates(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(untagDates);
  if (typeof value === 'object' && value !== null && !isDateLike(value)) {
    const entries = Object.entries(value);
    const [only] = entries;
    if (entries.length === 1 && only?.[0] === DATE_TAG && typeof only[1] === 'number') {
      return new Date(only[1]);
    }
    return Object.fromEntries(entries.map(([k, v]) => [k, untagDates(v)]));
  }
  return value;
}
