// Server mode, in the browser: `window.__fakeFirebase` as a client of the fake server's console
// control (`/__fake/…`, mocks/server.ts). Same methods as the in-page FakeFirebaseControl, each
// returning a promise; `onChange` listens to the server's change feed (Server-Sent Events) and
// returns an unsubscribe. Imports nothing of msw: in server mode the ~96 KiB of msw and its
// interceptors never load.
//
// The server answers its control only on its own origin and only with the secret of its current
// start (mocks/server.ts, issue 28). The secret is asked for (`GET /__fake/secret`) at the first
// control call, not at page load, so a person who never opens the console pays nothing; after a
// restart of the server the old secret is refused, and the client asks again once.
import { z } from 'zod';
import {
  CONTROL_SECRET_HEADER,
  CONTROL_SECRET_PARAM,
  CONTROL_SECRET_REFUSED,
  CONTROL_SECRET_ROUTE,
} from './fence';
import type { ConsoleAccount, FakeFirebaseConsole } from './console';
import type { ChangeEvent } from './store';

export type RemoteAccount = ConsoleAccount;

/** The console control of the fake server (`mode: 'server'`). */
export type RemoteFakeFirebaseControl = FakeFirebaseConsole & { readonly mode: 'server' };

const dataSchema = z.record(z.unknown());
const requestLogSchema = z.array(z.object({ method: z.string(), url: z.string(), at: z.number() }));
const documentListSchema = z.array(z.object({ id: z.string(), data: dataSchema }));
const accountListSchema = z.array(
  z.object({
    uid: z.string(),
    email: z.string(),
    disabled: z.boolean(),
    claims: dataSchema,
  }),
);
const usageSchema = z.record(
  z.object({ reads: z.number().int().min(0), writes: z.number().int().min(0) }),
);
const changeEventSchema = z.object({ path: z.string(), kind: z.enum(['set', 'delete']) });
const secretSchema = z.object({ secret: z.string().min(1) });
const refusalSchema = z.object({ code: z.string() });

/** Path segments are encoded one by one, so ids with reserved characters survive the URL. */
function documentUrl(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** `/__fake/requests` query: a substring, or a RegExp as source + flags. */
function matchQuery(match: string | RegExp | undefined): string {
  if (match === undefined) return '';
  const params = new URLSearchParams({ match: typeof match === 'string' ? match : match.source });
  if (typeof match !== 'string') params.set('flags', match.flags);
  return `?${params.toString()}`;
}

/** A control client for the fake server at `baseUrl` (e.g. `http://127.0.0.1:4173`). */
export function createRemoteFakeFirebase(baseUrl: string): RemoteFakeFirebaseControl {
  const root = `${baseUrl.replace(/\/$/, '')}/__fake/`;

  let secret: Promise<string> | null = null;
  /** The secret of the server's current start, asked for once and kept until it is refused. */
  function currentSecret(): Promise<string> {
    secret ??= fetch(`${root}${CONTROL_SECRET_ROUTE}`, { cache: 'no-store' })
      .then(async (response) => {
        if (!response.ok) {
          throw new Error(
            `The fake Firebase at ${baseUrl} refused its control secret (${response.status})`,
          );
        }
        return secretSchema.parse(await response.json()).secret;
      })
      .catch((error: unknown) => {
        secret = null;
        throw error;
      });
    return secret;
  }

  /** Whether the server refused the secret (it restarted since): then it is asked for again. */
  async function secretRefused(response: Response): Promise<boolean> {
    if (response.status !== 403) return false;
    const parsed = refusalSchema.safeParse(
      await response
        .clone()
        .json()
        .catch(() => null),
    );
    return parsed.success && parsed.data.code === CONTROL_SECRET_REFUSED;
  }

  async function call(method: string, route: string, body?: unknown): Promise<unknown> {
    const send = async () =>
      fetch(`${root}${route}`, {
        method,
        headers: {
          [CONTROL_SECRET_HEADER]: await currentSecret(),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
      });
    let response = await send();
    if (await secretRefused(response)) {
      secret = null;
      response = await send();
    }
    if (!response.ok) {
      throw new Error(
        `The fake Firebase at ${baseUrl} answered ${method} /__fake/${route} with ${response.status}` +
          ' (is this the official Emulator Suite? It has no console control.)',
      );
    }
    return response.json();
  }

  // One change-feed connection for all listeners, opened with the first and closed with the last.
  // EventSource cannot send a header: the secret goes in the query string of this one request.
  const listeners = new Set<(event: ChangeEvent) => void>();
  let source: EventSource | null = null;
  let opening = false;
  const openFeed = (refreshed = false) => {
    opening = true;
    currentSecret()
      .then((key) => {
        opening = false;
        if (listeners.size === 0 || source) return;
        const params = new URLSearchParams({ [CONTROL_SECRET_PARAM]: key });
        const feed = new EventSource(`${root}changes?${params.toString()}`);
        source = feed;
        feed.onmessage = (message) => {
          let parsed;
          try {
            parsed = changeEventSchema.safeParse(JSON.parse(String(message.data)));
          } catch {
            return;
          }
          if (!parsed.success) return;
          for (const listener of [...listeners]) {
            try {
              listener(parsed.data);
            } catch (error) {
              console.warn('[fake-firebase] a change listener failed', error);
            }
          }
        };
        // A refused reconnection (the server restarted with a new secret) closes the feed for
        // good: ask for the new secret and open it again, unless a feed opened with a fresh
        // secret was refused before it ever opened (then something else is wrong: stop).
        let opened = false;
        feed.onopen = () => {
          opened = true;
        };
        feed.onerror = () => {
          if (feed.readyState !== EventSource.CLOSED || source !== feed) return;
          source = null;
          if (refreshed && !opened) {
            console.warn('[fake-firebase] the change feed was refused');
            return;
          }
          secret = null;
          if (listeners.size > 0) openFeed(true);
        };
      })
      .catch((error: unknown) => {
        opening = false;
        console.warn('[fake-firebase] the change feed could not start', error);
      });
  };

  return {
    mode: 'server',
    ready: async () => {
      await call('GET', 'health');
    },
    reset: async (options) => {
      await call('POST', 'reset', { profile: options?.profile });
    },
    faults: {
      setLatency: async (ms, match) => {
        await call(
          'POST',
          'faults/latency',
          match === undefined || typeof match === 'string'
            ? { ms, match }
            : { ms, match: match.source, flags: match.flags },
        );
      },
      failNext: async (match, count, status) => {
        await call(
          'POST',
          'faults/fail-next',
          typeof match === 'string'
            ? { match, count, status }
            : { match: match.source, flags: match.flags, count, status },
        );
      },
      loseNextCommitAck: async (count) => {
        await call('POST', 'faults/lose-next-commit-ack', { count });
      },
      clear: async () => {
        await call('POST', 'faults/clear', {});
      },
    },
    requests: async (match) =>
      requestLogSchema.parse(await call('GET', `requests${matchQuery(match)}`)),
    clearRequestLog: async () => {
      await call('DELETE', 'requests');
    },
    usage: async () => usageSchema.parse(await call('GET', 'usage')),
    resetUsage: async () => {
      await call('DELETE', 'usage');
    },
    onChange(listener) {
      listeners.add(listener);
      if (!source && !opening) openFeed();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && source) {
          source.close();
          source = null;
        }
      };
    },
    getDocument: async (path) =>
      dataSchema.nullable().parse(await call('GET', `documents/${documentUrl(path)}`)),
    listDocuments: async (collectionPath) =>
      documentListSchema.parse(await call('GET', `documents/${documentUrl(collectionPath)}`)),
    setDocument: async (path, data) => {
      await call('PUT', `documents/${documentUrl(path)}`, data);
    },
    deleteDocument: async (path) => {
      await call('DELETE', `documents/${documentUrl(path)}`);
    },
    runScheduled: async (nowIso) =>
      z.object({ written: z.number() }).parse(await call('POST', 'scheduled', { nowIso })).written,
    accounts: {
      list: async () => accountListSchema.parse(await call('GET', 'accounts')),
    },
  };
}

/** Installs the remote control as `window.__fakeFirebase` (the console and the browser tests use it). */
export function installRemoteFakeFirebase(baseUrl: string): RemoteFakeFirebaseControl {
  const control = createRemoteFakeFirebase(baseUrl);
  window.__fakeFirebase = control;
  return control;
}
