// Demo mode, in-page: the fake Firebase answers this page's Firebase requests (fetch and XHR
// interception), not a service worker, because the PWA owns the service-worker scope.
//
// The fake itself runs in this tab's own Web Worker (mocks/worker.ts, decision 058): the page keeps
// only the interceptors and this client, which forwards each request to the worker and hands back
// its answer. So seeding the school, loading the saved state, a 500-write commit and its triggers
// never hold the page's main thread, and the page's first load carries none of msw's handlers.
// What the tabs share (one IndexedDB database, a cross-tab lock, a change feed) is described in
// mocks/shared-state.ts; it is unchanged, each tab's worker is one of its tabs.
//
// Offline, a request fails here at once, as a real one does, without waiting for the worker; a
// tab that opens offline starts its worker only when it is needed (the offline cold start).
// `window.__fakeFirebase` is the console control (mocks/console.ts): every call goes to the worker.
import { BatchInterceptor } from '@mswjs/interceptors';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest';
import { FIREBASE_URL } from './firebase-url';
import { tagDates } from './worker-protocol';
import type { FakeFirebaseConsole } from './console';
import type { ChangeEvent, RequestLogEntry } from './store';
import type {
  ControlMethod,
  FakePort,
  PageMessage,
  PageState,
  WorkerMessage,
} from './worker-protocol';

/** Starts the fake's worker (a test gives one that serves it in the same thread). */
export type SpawnFake = () => FakePort;

const spawnWorker: SpawnFake = () =>
  new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'fake-firebase' });

const COMMIT_URL = /^https:\/\/firestore\.googleapis\.com\/.*:commit$/;

function pageState(): PageState {
  return {
    now: Date.now(),
    online: typeof navigator === 'undefined' || navigator.onLine !== false,
  };
}

interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The page's end of the channel: requests and console calls out, answers and changes in. */
export class FakeClient {
  private port: FakePort | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private readonly listeners = new Set<(event: ChangeEvent) => void>();
  /** Requests failed offline before the worker started, for its request log. */
  private offlineLog: RequestLogEntry[] = [];
  private failure: string | null = null;
  private markReady: () => void = () => undefined;
  /** Resolves when the worker has its state (seeded or loaded). */
  readonly ready = new Promise<void>((resolve) => {
    this.markReady = resolve;
  });

  constructor(private readonly spawn: SpawnFake) {}

  /** The worker, started on first use. */
  private connect(): FakePort {
    if (this.port) return this.port;
    const port = this.spawn();
    this.port = port;
    let heard = false;
    port.addEventListener('message', (event) => {
      heard = true;
      this.receive(event.data as WorkerMessage);
    });
    // Before its first message, an error is the worker failing to load: nothing will answer.
    // Later, it is an exception the worker's own handlers did not catch; the worker goes on.
    port.addEventListener('error', () => {
      if (heard) console.warn('[fake-firebase] the demo backend reported an error');
      else this.fail('The demo backend could not start');
    });
    // The first message starts the worker's load, with this page's clock.
    port.postMessage({ type: 'state', ...pageState() } satisfies PageMessage);
    if (this.offlineLog.length > 0) {
      port.postMessage({
        type: 'log',
        entries: this.offlineLog,
        ...pageState(),
      } satisfies PageMessage);
      this.offlineLog = [];
    }
    return port;
  }

  /** Starts the worker now (online), so its state loads while the app starts. */
  start(): void {
    this.connect();
  }

  /**
   * Tells a started worker that the page went on- or offline (a request may be waiting in it); back
   * online, starts the worker if change listeners wait for it.
   */
  noteState(): void {
    const state = pageState();
    if (this.port) this.port.postMessage({ type: 'state', ...state } satisfies PageMessage);
    else if (state.online && this.listeners.size > 0) this.connect();
  }

  private fail(error: string): void {
    this.failure = error;
    console.warn(`[fake-firebase] ${error}`);
    for (const waiting of this.waiting.values()) waiting.reject(new Error(error));
    this.waiting.clear();
  }

  private receive(message: WorkerMessage): void {
    switch (message.type) {
      case 'ready':
        this.markReady();
        return;
      case 'failed':
        this.fail(`The demo backend could not load its data: ${message.error}`);
        return;
      case 'changes':
        for (const event of message.events) {
          for (const listener of [...this.listeners]) {
            try {
              listener(event);
            } catch (error) {
              console.warn('[fake-firebase] a change listener failed', error);
            }
          }
        }
        return;
      case 'response':
      case 'result': {
        const waiting = this.waiting.get(message.id);
        if (!waiting) return;
        this.waiting.delete(message.id);
        if (message.type === 'response') waiting.resolve(message);
        else if (message.ok) waiting.resolve(message.value);
        else waiting.reject(new Error(message.error));
      }
    }
  }

  private ask(message: PageMessage, transfer: Transferable[] = []): Promise<unknown> {
    if (this.failure !== null) return Promise.reject(new Error(this.failure));
    const port = this.connect();
    return new Promise((resolve, reject) => {
      if (message.type === 'request' || message.type === 'control')
        this.waiting.set(message.id, { resolve, reject });
      port.postMessage(message, transfer);
    });
  }

  /** Answers one Firebase request from the worker (offline: a network error, at once). */
  async handle(req: Request): Promise<Response> {
    const state = pageState();
    if (!state.online) {
      const entry = { method: req.method, url: req.url, at: Date.now() };
      if (this.port) this.port.postMessage({ type: 'log', entries: [entry], ...state });
      else this.offlineLog.push(entry);
      return Response.error();
    }
    const started = performance.now();
    const body = req.method === 'GET' || req.method === 'HEAD' ? null : await req.arrayBuffer();
    const id = this.nextId++;
    try {
      const answer = (await this.ask(
        {
          type: 'request',
          id,
          url: req.url,
          method: req.method,
          headers: [...req.headers],
          body,
          ...state,
        },
        body ? [body] : [],
      )) as Extract<WorkerMessage, { type: 'response' }>;
      if (!answer.ok) return Response.error();
      return new Response(answer.body, {
        status: answer.status,
        statusText: answer.statusText,
        headers: answer.headers,
      });
    } catch {
      return Response.error();
    } finally {
      // Read by `npm run bench:demo-backend`: the page's longest task while a commit is answered.
      if (COMMIT_URL.test(req.url) && typeof performance.measure === 'function')
        performance.measure('fake-firebase:commit', { start: started });
    }
  }

  /** A console call, answered by the worker. */
  call<T>(method: ControlMethod, ...args: unknown[]): Promise<T> {
    const id = this.nextId++;
    return this.ask({
      type: 'control',
      id,
      method,
      args: args.map(tagDates),
      ...pageState(),
    }) as Promise<T>;
  }

  onChange(listener: (event: ChangeEvent) => void): () => void {
    // Offline, nothing changes that this page could be told of: the worker starts once online.
    if (pageState().online) this.connect();
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The console control over this client (`window.__fakeFirebase`). */
  console(): FakeFirebaseConsole {
    return {
      mode: 'in-page',
      ready: () => this.call('ready'),
      reset: (options) => this.call('reset', options),
      faults: {
        setLatency: (ms, match) => this.call('faults.setLatency', ms, match),
        failNext: (match, count, status) => this.call('faults.failNext', match, count, status),
        loseNextCommitAck: (count) => this.call('faults.loseNextCommitAck', count),
        clear: () => this.call('faults.clear'),
      },
      requests: (match) => this.call('requests', match),
      clearRequestLog: () => this.call('clearRequestLog'),
      usage: () => this.call('usage'),
      resetUsage: () => this.call('resetUsage'),
      onChange: (listener) => this.onChange(listener),
      getDocument: (path) => this.call('getDocument', path),
      listDocuments: (collectionPath) => this.call('listDocuments', collectionPath),
      setDocument: (path, data) => this.call('setDocument', path, data),
      deleteDocument: (path) => this.call('deleteDocument', path),
      runScheduled: (nowIso) => this.call('runScheduled', nowIso),
      accounts: { list: () => this.call('accounts.list') },
    };
  }
}

let installed: { client: FakeClient; control: FakeFirebaseConsole } | null = null;

/**
 * Installs the fake (once): this page's Firebase requests are intercepted from now on and answered
 * by the worker, which starts at once unless the page opens offline. Returns the console control
 * at once; each request waits in the worker until its state is loaded. Call before any Firebase
 * code runs. Requests to other hosts pass through untouched.
 */
export function startFakeFirebase(spawn: SpawnFake = spawnWorker): FakeFirebaseConsole {
  if (installed) return installed.control;
  const started = performance.now();
  const client = new FakeClient(spawn);
  const interceptor = new BatchInterceptor({
    name: 'fake-firebase',
    interceptors: [new FetchInterceptor(), new XMLHttpRequestInterceptor()],
  });
  interceptor.on('request', async ({ request: req, controller }) => {
    if (!FIREBASE_URL.test(req.url)) return;
    controller.respondWith(await client.handle(req));
  });
  interceptor.apply();
  const control = client.console();
  installed = { client, control };
  if (typeof window !== 'undefined') {
    window.__fakeFirebase = control;
    window.addEventListener('online', () => client.noteState());
    window.addEventListener('offline', () => client.noteState());
  }
  if (pageState().online) client.start();
  void client.ready.then(() => {
    // Read by the load-time measurement (mocks/README.md): how long the first load of the state takes.
    if (typeof performance.measure === 'function')
      performance.measure('fake-firebase:install', { start: started });
  });
  return control;
}

/** `startFakeFirebase`, resolving once the worker has its state (tests, benchmarks). */
export async function installFakeFirebase(spawn?: SpawnFake): Promise<FakeFirebaseConsole> {
  const control = startFakeFirebase(spawn);
  await control.ready();
  return control;
}
