// Server mode (Node): the same msw handlers as the in-page fake, served over HTTP on one port with
// the Firebase Emulator Suite's URL shapes, so the app reaches it through the SDK's
// connect*Emulator functions and every browser on the machine (or the local network) shares one
// demo school. Owns the process's fake state: it is loaded from a JSON file at start and saved
// (temp file + rename) before any request that changed it is answered, like the in-page fake's
// IndexedDB save. The store is module state, so one process serves one fake.
//
//   /identitytoolkit.googleapis.com/…, /securetoken.googleapis.com/…   Auth emulator shape
//   /v1/projects/…                                                       Firestore emulator REST
//   /{projectId}/{region}/{function}                                     Functions emulator
//   /v0/b/{bucket}/o…                                                    Storage emulator REST
//   /__fake/…                                                            console control (JSON, SSE)
//
// The fence (issue 28, README "Security"): it listens on 127.0.0.1 unless told otherwise; a request
// whose Host header is not an IP address, localhost or a listed name is refused (DNS rebinding);
// a cross-origin request is refused, unless its Origin is one the operator configured
// (`allowedOrigins`), which then gets exactly that origin back, never credentials; and the console
// control answers only same-origin requests carrying this process's random secret. The page gets
// the secret from `GET /__fake/secret` rather than from a mark in index.html: the Vite dev server
// renders its own HTML, a cached index.html (HTTP cache, service worker shell) would carry a stale
// one after a restart, and the page only needs it when the console control is first used. That
// answer is as fenced as the rest: same origin only, and unreadable elsewhere without CORS.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import { getResponse } from 'msw';
import { z } from 'zod';
import {
  CONTROL_SECRET_HEADER,
  CONTROL_SECRET_PARAM,
  CONTROL_SECRET_REFUSED,
  CONTROL_SECRET_ROUTE,
  DEFAULT_HOST,
  isAllowedHostHeader,
  networkExposureWarning,
} from './fence';
import { accountSchema, savedDocumentSchema } from './saved-state';
import { ORIGIN_HEADER, STORAGE_HOST } from './storage';
import { store, type Account, type ChangeEvent } from './store';
import { fsFieldsSchema } from './values';
import { fake, handlers, reseed } from './index';
import type { SeedProfile } from './seed';
import type { AddressInfo } from 'node:net';

// scripts/serve.mjs reaches the warning through the bundle (<build>/fake-firebase/server.mjs).
export { networkExposureWarning } from './fence';

/** Where `npm run dev` and `npm start` keep the shared demo school (git-ignored). */
export const DEFAULT_STATE_FILE = '.fake-firebase/state.json';

export interface FakeFirebaseOptions {
  /** JSON file the state is loaded from and saved to; null keeps it in memory only (the default). */
  stateFile?: string | null;
  /** Reseed instead of loading the saved state. */
  fresh?: boolean;
  /**
   * Origins of an app served elsewhere that may call the emulator paths cross-origin (exact
   * `scheme://host:port`, e.g. `http://127.0.0.1:5173`). None by default: `npm start` and
   * `npm run dev` serve the app and the fake on one origin. Never the console control.
   */
  allowedOrigins?: readonly string[];
  /** Host names (besides IP addresses and localhost) the `Host` header may carry. */
  allowedHosts?: readonly string[];
}

export type NextFunction = (error?: unknown) => void;
export type FakeFirebaseMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: NextFunction,
) => void;

// ---- persistence ----------------------------------------------------------------------------

const STATE_VERSION = 1;

const storedDocumentSchema = savedDocumentSchema(fsFieldsSchema);
const stateFileSchema = z.object({
  version: z.literal(STATE_VERSION),
  savedAt: z.number(),
  documents: z.array(z.tuple([z.string(), storedDocumentSchema])),
  accounts: z.array(accountSchema),
});

function accountsFingerprint(): string {
  return JSON.stringify([...store.accounts.values()]);
}

/**
 * Saves the whole state after a change. Writes that arrive while a save runs share the next one;
 * `save()` resolves once a save that started after the call has finished, so an answer never
 * acknowledges a write the file does not hold yet.
 */
class StateFile {
  private changed = 0;
  private saved = 0;
  private running: Promise<void> | null = null;
  private accountsSeen = '';

  constructor(readonly path: string | null) {}

  /** Fills the store from the file; false (and a fresh seed) when there is none or it is unreadable. */
  async load(fresh: boolean): Promise<boolean> {
    let loaded = false;
    if (this.path && !fresh) {
      try {
        const parsed = stateFileSchema.safeParse(JSON.parse(await readFile(this.path, 'utf8')));
        if (parsed.success) {
          store.clearDocuments();
          store.accounts.clear();
          for (const account of parsed.data.accounts) {
            store.accounts.set(account.uid, account satisfies Account);
          }
          for (const [path, doc] of parsed.data.documents) store.put(path, doc, false);
          loaded = true;
        } else {
          console.warn(`[fake-firebase] ${this.path} is not a saved state; reseeding`);
        }
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) {
          console.warn(`[fake-firebase] could not read ${this.path}; reseeding`, error);
        }
      }
    }
    if (!loaded) reseed('demo');
    store.takeChanges();
    this.accountsSeen = accountsFingerprint();
    if (!loaded) await this.save();
    return loaded;
  }

  /**
   * Saves if documents or (when asked to look) accounts changed since the last look; account
   * changes (sign-up, password, claims) are not tracked by the store. Without a change, it still
   * waits for a save in flight: that save may hold this request's write, taken by a concurrent one.
   */
  async saveChanges(checkAccounts = true): Promise<void> {
    const { paths, full } = store.takeChanges();
    const accounts = checkAccounts ? accountsFingerprint() : this.accountsSeen;
    if (paths.length > 0 || full || accounts !== this.accountsSeen) {
      this.accountsSeen = accounts;
      await this.save();
    } else if (this.running) {
      await this.running;
    }
  }

  async save(): Promise<void> {
    this.changed += 1;
    const wanted = this.changed;
    while (this.saved < wanted) {
      this.running ??= this.write().finally(() => {
        this.running = null;
      });
      await this.running;
    }
  }

  private async write(): Promise<void> {
    const generation = this.changed;
    if (this.path) {
      const body = JSON.stringify({
        version: STATE_VERSION,
        savedAt: Date.now(),
        documents: store.allDocuments(),
        accounts: [...store.accounts.values()],
      });
      const temporary = `${this.path}.${process.pid}.tmp`;
      try {
        await mkdir(dirname(this.path), { recursive: true });
        await writeFile(temporary, body);
        await rename(temporary, this.path);
      } catch (error) {
        // The state is still served from memory; losing the file only costs a restart.
        console.warn(`[fake-firebase] could not save ${this.path}`, error);
      }
    }
    this.saved = Math.max(this.saved, generation);
  }
}

interface ProcessState {
  file: StateFile;
  ready: Promise<void>;
  /**
   * The console control's secret: random at each start, so a page (or a test) asks for it again
   * after a restart, and nothing outside this origin ever learns it.
   */
  secret: string;
}

let state: ProcessState | null = null;

/** Loads the state once per process; a second caller must ask for the same file. */
function startState(options: FakeFirebaseOptions): ProcessState {
  const path = options.stateFile ? resolve(options.stateFile) : null;
  if (state) {
    if (state.file.path !== path) {
      throw new Error(
        `The fake Firebase already runs with state ${state.file.path ?? '(memory)'} in this process`,
      );
    }
    return state;
  }
  const file = new StateFile(path);
  const ready = file.load(options.fresh ?? false).then(() => undefined);
  store.setReady(ready);
  state = { file, ready, secret: randomBytes(32).toString('base64url') };
  return state;
}

// ---- URL rewriting ----------------------------------------------------------------------------

/** `/{projectId}/{region}/{function}`: the Functions emulator's callable path. */
const FUNCTION_PATH = /^\/([a-z0-9-]+)\/([a-z]+-[a-z]+\d+)\/([A-Za-z0-9_-]+)$/;

/**
 * The canonical Firebase URL the handlers match for an emulator-shaped path, or null when the path
 * is not the fake's (the app's own pages and files).
 */
export function rewriteEmulatorUrl(method: string, pathAndQuery: string): string | null {
  const url = new URL(pathAndQuery, 'http://fake.invalid');
  const path = url.pathname;
  if (
    path.startsWith('/identitytoolkit.googleapis.com/') ||
    path.startsWith('/securetoken.googleapis.com/')
  ) {
    return `https://${path.slice(1)}${url.search}`;
  }
  if (path.startsWith('/v1/projects/') || path.startsWith('/google.firestore.v1.Firestore/')) {
    return `https://firestore.googleapis.com${path}${url.search}`;
  }
  if (path.startsWith('/v0/b/')) return `${STORAGE_HOST}${path}${url.search}`;
  const callable = FUNCTION_PATH.exec(path);
  if (callable && (method === 'POST' || method === 'OPTIONS')) {
    const [, project, region, name] = callable;
    return `https://${region}-${project}.cloudfunctions.net/${name}${url.search}`;
  }
  return null;
}

// ---- HTTP plumbing ----------------------------------------------------------------------------

/**
 * CORS headers for an origin the operator allowed (`allowedOrigins`): exactly that origin, never
 * credentials (the SDK sends its ID token in a header, not in cookies). A same-origin request needs
 * none; any other origin gets none and is refused before this.
 */
function setCors(req: IncomingMessage, res: ServerResponse, origin: string): void {
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
  res.setHeader(
    'Access-Control-Allow-Headers',
    req.headers['access-control-request-headers'] ?? 'Content-Type,Authorization',
  );
  res.setHeader('Access-Control-Max-Age', '600');
  // Storage's resumable protocol answers in headers the SDK must be able to read cross-origin.
  res.setHeader(
    'Access-Control-Expose-Headers',
    'X-Goog-Upload-URL,X-Goog-Upload-Status,X-Goog-Upload-Size-Received,X-Goog-Upload-Chunk-Granularity',
  );
  // A page on a public origin asking a private address (Chrome's Private Network Access).
  if (req.headers['access-control-request-private-network'] === 'true') {
    res.setHeader('Access-Control-Allow-Private-Network', 'true');
  }
}

type RequestSite =
  { kind: 'same-origin' } | { kind: 'allowed'; origin: string } | { kind: 'refused' };

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Where a request comes from, as the browser tells it: `Origin` (sent on every cross-origin
 * request, and on same-origin ones that are not GET/HEAD) and `Sec-Fetch-Site` (which a page cannot
 * forge). A client that sends neither is not a page on another site (curl, Node, Playwright's
 * request API): it is treated as same-origin, and reads nothing a page elsewhere could.
 */
function requestSite(req: IncomingMessage, allowedOrigins: ReadonlySet<string>): RequestSite {
  const origin = header(req, 'origin');
  const host = header(req, 'host');
  const own = host === undefined ? null : `http://${host}`;
  if (origin !== undefined && origin !== own) {
    return allowedOrigins.has(origin) ? { kind: 'allowed', origin } : { kind: 'refused' };
  }
  const site = header(req, 'sec-fetch-site');
  // `none`: the person typed the address or opened a bookmark.
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return { kind: 'refused' };
  return { kind: 'same-origin' };
}

/** The control's secret, from its header, or for the change feed (EventSource) from the query. */
function presentedSecret(req: IncomingMessage, url: URL, route: string): string | null {
  const fromHeader = header(req, CONTROL_SECRET_HEADER.toLowerCase());
  if (fromHeader !== undefined) return fromHeader;
  return route === 'changes' ? url.searchParams.get(CONTROL_SECRET_PARAM) : null;
}

function secretMatches(presented: string | null, secret: string): boolean {
  if (presented === null) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body ?? null));
}

function toFetchRequest(req: IncomingMessage, url: string, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'host' || name === 'connection') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // Storage hands out upload URLs: they must point back at this server, as the page reached it.
  if (req.headers.host) headers.set(ORIGIN_HEADER, `http://${req.headers.host}`);
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0;
  return new Request(url, { method, headers, body: hasBody ? new Uint8Array(body) : undefined });
}

async function serveFirebase(
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  file: StateFile,
): Promise<void> {
  const body = await readBody(req);
  const response = await getResponse(handlers, toFetchRequest(req, url, body));
  // Saved before the answer: an acknowledged write survives a restart. Only Auth and the
  // callables change accounts; Firestore requests, the bulk of the traffic, skip that comparison.
  await file.saveChanges(!url.startsWith('https://firestore.googleapis.com/'));
  if (!response) {
    sendJson(res, 404, {
      error: { code: 404, message: `The fake Firebase does not serve ${url}`, status: 'NOT_FOUND' },
    });
    return;
  }
  // msw's network error (offline, failNext status 0, a lost commit acknowledgement).
  if (response.type === 'error') {
    res.destroy();
    return;
  }
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'transfer-encoding') res.setHeader(name, value);
  });
  res.end(Buffer.from(await response.arrayBuffer()));
}

// ---- the console control (/__fake/…) ---------------------------------------------------------

const resetSchema = z.object({ profile: z.enum(['demo', 'large', 'empty']).optional() }).partial();
const latencySchema = z.object({
  ms: z.number().min(0),
  /** Only requests whose URL contains it (or, with `flags`, matches it as a RegExp source). */
  match: z.string().optional(),
  flags: z
    .string()
    .regex(/^[dgimsuvy]*$/)
    .optional(),
});
const failNextSchema = z.object({
  /** A plain substring, or with `flags` present a RegExp source. */
  match: z.string(),
  flags: z
    .string()
    .regex(/^[dgimsuvy]*$/)
    .optional(),
  count: z.number().int().min(0),
  status: z.number().int().min(0).max(599).optional(),
});
const countSchema = z.object({ count: z.number().int().min(1).optional() });
const dataSchema = z.record(z.unknown());

function parseJson(body: Buffer): unknown {
  if (body.length === 0) return {};
  return JSON.parse(body.toString('utf8'));
}

function matcher(query: URLSearchParams): string | RegExp | undefined {
  const match = query.get('match');
  if (match === null) return undefined;
  const flags = query.get('flags');
  return flags === null ? match : new RegExp(match, flags);
}

function streamChanges(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
  });
  res.write('retry: 1000\n\n');
  const send = (event: ChangeEvent) => res.write(`data: ${JSON.stringify(event)}\n\n`);
  const stop = store.onChange(send);
  // Keeps proxies and idle timers from closing a quiet stream.
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  heartbeat.unref();
  req.on('close', () => {
    clearInterval(heartbeat);
    stop();
  });
}

async function serveControl(
  req: IncomingMessage,
  res: ServerResponse,
  pathAndQuery: string,
  file: StateFile,
): Promise<void> {
  const url = new URL(pathAndQuery, 'http://fake.invalid');
  const route = url.pathname.slice('/__fake/'.length);
  const method = req.method ?? 'GET';
  const body = parseJson(await readBody(req));
  await store.ready;

  if (route === 'health' && method === 'GET') return sendJson(res, 200, { ok: true });
  if (route === 'changes' && method === 'GET') return streamChanges(req, res);
  if (route === 'reset' && method === 'POST') {
    await fake.reset({
      profile: resetSchema.parse(body).profile satisfies SeedProfile | undefined,
    });
    await file.saveChanges();
    return sendJson(res, 200, { ok: true });
  }
  if (route === 'faults/latency' && method === 'POST') {
    const latency = latencySchema.parse(body);
    const match =
      latency.match === undefined || latency.flags === undefined
        ? latency.match
        : new RegExp(latency.match, latency.flags);
    fake.faults.setLatency(latency.ms, match);
    return sendJson(res, 200, { ok: true });
  }
  if (route === 'faults/fail-next' && method === 'POST') {
    const rule = failNextSchema.parse(body);
    const match = rule.flags === undefined ? rule.match : new RegExp(rule.match, rule.flags);
    fake.faults.failNext(match, rule.count, rule.status);
    return sendJson(res, 200, { ok: true });
  }
  if (route === 'faults/lose-next-commit-ack' && method === 'POST') {
    fake.faults.loseNextCommitAck(countSchema.parse(body).count);
    return sendJson(res, 200, { ok: true });
  }
  if (route === 'faults/clear' && method === 'POST') {
    fake.faults.clear();
    return sendJson(res, 200, { ok: true });
  }
  if (route === 'requests' && method === 'GET') {
    return sendJson(res, 200, await Promise.resolve(fake.requests(matcher(url.searchParams))));
  }
  if (route === 'requests' && method === 'DELETE') {
    fake.clearRequestLog();
    return sendJson(res, 200, { ok: true });
  }
  if (route === 'usage' && method === 'GET') {
    return sendJson(res, 200, await Promise.resolve(fake.usage()));
  }
  if (route === 'usage' && method === 'DELETE') {
    fake.resetUsage();
    return sendJson(res, 200, { ok: true });
  }
  if (route === 'scheduled' && method === 'POST') {
    // The functions' scheduled jobs at an instant (issue 31): held pushes, evening digests.
    const at = z.object({ nowIso: z.string().datetime({ offset: true }) }).parse(body);
    const written = await fake.runScheduled(at.nowIso);
    await file.saveChanges();
    return sendJson(res, 200, { written });
  }
  if (route === 'accounts' && method === 'GET') {
    return sendJson(res, 200, await Promise.resolve(fake.accounts.list()));
  }
  if (route === 'oob-codes' && method === 'GET') {
    // The Auth emulator's answer shape (`/emulator/v1/projects/{id}/oobCodes`), behind the secret.
    return sendJson(res, 200, { oobCodes: await Promise.resolve(fake.accounts.oobCodes()) });
  }
  if (route.startsWith('documents/')) {
    const path = decodeURIComponent(route.slice('documents/'.length));
    const isCollection = path.split('/').length % 2 === 1;
    if (method === 'GET' && isCollection) {
      return sendJson(res, 200, await Promise.resolve(fake.listDocuments(path)));
    }
    if (method === 'GET') return sendJson(res, 200, await Promise.resolve(fake.getDocument(path)));
    if (method === 'PUT') {
      await Promise.resolve(fake.setDocument(path, dataSchema.parse(body)));
      await file.saveChanges();
      return sendJson(res, 200, { ok: true });
    }
    if (method === 'DELETE') {
      await Promise.resolve(fake.deleteDocument(path));
      await file.saveChanges();
      return sendJson(res, 200, { ok: true });
    }
  }
  return sendJson(res, 404, { error: `No control endpoint ${method} /__fake/${route}` });
}

// ---- the public entry points ----------------------------------------------------------------------

/** A refusal by the fence, in the Google APIs' error shape the SDK reads (`PERMISSION_DENIED`). */
function refuseFirebase(res: ServerResponse, message: string): void {
  sendJson(res, 403, { error: { code: 403, message, status: 'PERMISSION_DENIED' } });
}

/** A refusal of the console control, with a `code` the remote control acts on. */
function refuseControl(res: ServerResponse, code: string, message: string): void {
  sendJson(res, 403, { error: message, code });
}

const HOST_REFUSED =
  'This demo server answers only requests addressed to an IP address, localhost, or a name listed ' +
  'in FAKE_FIREBASE_ALLOWED_HOSTS.';
const CROSS_ORIGIN_REFUSED =
  'This demo server does not answer pages on other origins. An app served elsewhere must be ' +
  'listed in the fake’s allowedOrigins.';
const CONTROL_CROSS_ORIGIN_REFUSED =
  'The fake’s console control answers only pages on its own origin.';
const SECRET_REFUSED =
  'The fake’s console control needs the secret of this server start: GET /__fake/secret from ' +
  `the same origin, then send it in the ${CONTROL_SECRET_HEADER} header.`;

/**
 * A connect-style middleware (Vite's dev server, scripts/serve.mjs) that answers the fake's paths
 * and hands every other request to `next`. The first call loads the state.
 */
export function createFakeFirebaseMiddleware(
  options: FakeFirebaseOptions = {},
): FakeFirebaseMiddleware {
  const { file, secret } = startState(options);
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const allowedHosts = options.allowedHosts ?? [];
  return (req, res, next) => {
    const pathAndQuery = req.url ?? '/';
    const method = req.method ?? 'GET';
    const isControl = pathAndQuery.startsWith('/__fake/');
    const target = isControl ? null : rewriteEmulatorUrl(method, pathAndQuery);
    if (!isControl && target === null) {
      next();
      return;
    }
    if (!isAllowedHostHeader(header(req, 'host'), allowedHosts)) {
      if (isControl) refuseControl(res, 'host', HOST_REFUSED);
      else refuseFirebase(res, HOST_REFUSED);
      return;
    }
    const site = requestSite(req, allowedOrigins);
    if (isControl) {
      if (site.kind !== 'same-origin') {
        refuseControl(res, 'cross-origin', CONTROL_CROSS_ORIGIN_REFUSED);
        return;
      }
      const url = new URL(pathAndQuery, 'http://fake.invalid');
      const route = url.pathname.slice('/__fake/'.length);
      if (route === CONTROL_SECRET_ROUTE && method === 'GET') {
        sendJson(res, 200, { secret });
        return;
      }
      if (!secretMatches(presentedSecret(req, url, route), secret)) {
        refuseControl(res, CONTROL_SECRET_REFUSED, SECRET_REFUSED);
        return;
      }
    } else if (site.kind === 'refused') {
      refuseFirebase(res, CROSS_ORIGIN_REFUSED);
      return;
    } else if (site.kind === 'allowed') {
      setCors(req, res, site.origin);
    }
    if (method === 'OPTIONS') {
      res.statusCode = 204;
      res.end();
      return;
    }
    const work = isControl
      ? serveControl(req, res, pathAndQuery, file)
      : serveFirebase(req, res, target ?? '', file);
    work.catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const status = error instanceof z.ZodError || error instanceof SyntaxError ? 400 : 500;
      if (status === 500) console.error('[fake-firebase]', error);
      sendJson(res, status, { error: message });
    });
  };
}

export interface FakeFirebaseServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The fake on its own port, e.g. for the Auth emulator contract test or an app served elsewhere
 * (`VITE_FIREBASE_EMULATOR_HOST=127.0.0.1:<port>`, with that app's origin in `allowedOrigins`).
 * Port 0 picks a free one; it listens on 127.0.0.1 unless `host` says otherwise (and then warns).
 */
export async function startFakeFirebaseServer(
  options: { port?: number; host?: string } & FakeFirebaseOptions = {},
): Promise<FakeFirebaseServer> {
  const host = options.host ?? DEFAULT_HOST;
  const warning = networkExposureWarning(host);
  if (warning) console.warn(warning);
  const middleware = createFakeFirebaseMiddleware({
    ...options,
    allowedHosts: [...(options.allowedHosts ?? []), host],
  });
  const server = createServer((req, res) =>
    middleware(req, res, () => {
      sendJson(res, 404, { error: `Not a fake Firebase path: ${req.url ?? ''}` });
    }),
  );
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolveListen());
  });
  await store.ready;
  const address: AddressInfo | string | null = server.address();
  if (!address || typeof address === 'string') throw new Error('The fake Firebase has no port');
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolveClose, reject) => {
        // Change-feed streams never end on their own.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolveClose()));
      }),
  };
}
