// The in-page fake's side of the worker channel (decision 058): answers the page's forwarded
// Firebase requests and console calls from the shared state (mocks/shared-state.ts), and sends the
// change feed back. It runs in the page's dedicated Web Worker (mocks/worker.ts), so seeding,
// loading, commits and triggers never hold the page's main thread; the unit tests run it over a
// MessageChannel in the same thread.
import { setOfflineSource } from './faults';
import { SharedFakeState, type SharedStateOptions } from './shared-state';
import { store, type ChangeEvent } from './store';
import { untagDates } from './worker-protocol';
import { fake } from './index';
import type {
  ControlMethod,
  FakePort,
  PageMessage,
  PageState,
  WorkerMessage,
} from './worker-protocol';

export interface HostOptions extends SharedStateOptions {
  /** Told the page's clock with every message (the worker entry moves its own `Date` with it). */
  syncClock?: (pageNow: number) => void;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

type Control = (...args: never[]) => unknown;

/** The console's methods by their dotted name; anything else is refused. */
const CONTROL: Record<ControlMethod, Control> = {
  ready: () => fake.ready(),
  reset: (options?: Parameters<typeof fake.reset>[0]) => fake.reset(options),
  'faults.setLatency': (ms: number, match?: string | RegExp) => fake.faults.setLatency(ms, match),
  'faults.failNext': (match: string | RegExp, count: number, status?: number) =>
    fake.faults.failNext(match, count, status),
  'faults.loseNextCommitAck': (count?: number) => fake.faults.loseNextCommitAck(count),
  'faults.clear': () => fake.faults.clear(),
  requests: (match?: string | RegExp) => fake.requests(match),
  clearRequestLog: () => fake.clearRequestLog(),
  usage: () => fake.usage(),
  resetUsage: () => fake.resetUsage(),
  getDocument: async (path: string) => {
    await store.ready;
    return fake.getDocument(path);
  },
  listDocuments: async (collectionPath: string) => {
    await store.ready;
    return fake.listDocuments(collectionPath);
  },
  setDocument: async (path: string, data: Record<string, unknown>) => {
    await store.ready;
    await fake.setDocument(path, data);
  },
  deleteDocument: async (path: string) => {
    await store.ready;
    await fake.deleteDocument(path);
  },
  runScheduled: (nowIso: string) => fake.runScheduled(nowIso),
  'accounts.list': async () => {
    await store.ready;
    return fake.accounts.list();
  },
};

function isControlMethod(method: string): method is ControlMethod {
  return Object.hasOwn(CONTROL, method);
}

async function toMessage(
  id: number,
  response: Response,
): Promise<Extract<WorkerMessage, { type: 'response' }>> {
  if (response.type === 'error') {
    return { type: 'response', id, ok: false, status: 0, statusText: '', headers: [], body: null };
  }
  const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
  return {
    type: 'response',
    id,
    ok: true,
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body,
  };
}

/**
 * Serves the fake on `port` from now on: loads (or seeds) the shared state at the first message and
 * says `ready`, answers each request and console call, and batches the change feed a task at a time.
 */
export function serveFakeFirebase(port: FakePort, options: HostOptions = {}): SharedFakeState {
  let online = true;
  setOfflineSource(() => !online);
  const shared = new SharedFakeState(options);
  const send = (message: WorkerMessage, transfer: Transferable[] = []) =>
    port.postMessage(message, transfer);

  let pending: ChangeEvent[] = [];
  store.onChange((event) => {
    if (pending.length === 0) {
      setTimeout(() => {
        const events = pending;
        pending = [];
        send({ type: 'changes', events });
      }, 0);
    }
    pending.push({ path: event.path, kind: event.kind });
  });

  const noteState = (state: PageState) => {
    online = state.online;
    options.syncClock?.(state.now);
  };

  const answerRequest = async (message: Extract<PageMessage, { type: 'request' }>) => {
    let response: Response;
    try {
      response = await shared.handle(
        new Request(message.url, {
          method: message.method,
          headers: message.headers,
          body: message.body,
        }),
      );
    } catch (error) {
      // Not persisted means not acknowledged: the client sees a network error and retries.
      console.warn('[fake-firebase] could not save demo data', error);
      response = Response.error();
    }
    const reply = await toMessage(message.id, response);
    send(reply, reply.type === 'response' && reply.body ? [reply.body] : []);
  };

  const answerControl = async (message: Extract<PageMessage, { type: 'control' }>) => {
    try {
      if (!isControlMethod(message.method)) throw new Error(`No console method ${message.method}`);
      const control = CONTROL[message.method];
      const value: unknown = await Reflect.apply(control, undefined, message.args.map(untagDates));
      send({ type: 'result', id: message.id, ok: true, value });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      send({ type: 'result', id: message.id, ok: false, error: text });
    }
  };

  // The state loads (or the school is seeded) at the page's first message, which comes at once:
  // it carries the page's clock, and a seed must date itself by the page's day.
  let loading = false;
  port.addEventListener('message', (event) => {
    const message = event.data as PageMessage;
    noteState(message);
    if (!loading) {
      loading = true;
      store.ready.then(
        () => send({ type: 'ready' }),
        (error: unknown) => send({ type: 'failed', error: String(error) }),
      );
    }
    if (message.type === 'request') void answerRequest(message);
    else if (message.type === 'control') void answerControl(message);
    else if (message.type === 'log') store.requestLog.push(...message.entries);
  });

  return shared;
}
