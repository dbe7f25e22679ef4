// The demo server's fence (issue 28): where the fake Firebase in server mode listens, which Host
// names it answers, and the names of the console control's per-start secret. Shared by
// mocks/server.ts (and through its bundle scripts/serve.mjs), vite.config.ts (`npm run dev`) and
// mocks/remote-control.ts (in the page), so it imports nothing: not Node, not msw.

/** Where `npm start`, `npm run dev` and a standalone fake listen unless HOST says otherwise. */
export const DEFAULT_HOST = '127.0.0.1';

/** The request header that carries the console control's per-start secret. */
export const CONTROL_SECRET_HEADER = 'X-Fake-Firebase-Secret';
/** The query parameter that carries it where no header can be set: EventSource (the change feed). */
export const CONTROL_SECRET_PARAM = 'secret';
/** `GET /__fake/secret` hands the secret to a same-origin caller (the page, a test in Node). */
export const CONTROL_SECRET_ROUTE = 'secret';
/** The `code` of the 403 a control request without the right secret gets (the client re-asks). */
export const CONTROL_SECRET_REFUSED = 'control-secret';

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** The host name of a `Host` header or a HOST value (`[::1]:4173` → `[::1]`), lower-cased. */
function hostName(host: string): string | null {
  const trimmed = host.trim().toLowerCase();
  if (trimmed === '') return null;
  // A bare IPv6 address (HOST=::1) has colons but no brackets.
  if (!trimmed.startsWith('[') && trimmed.split(':').length > 2) return `[${trimmed}]`;
  try {
    return new URL(`http://${trimmed}`).hostname;
  } catch {
    return null;
  }
}

/** Whether `host` (a HOST value or a Host header) can only be reached from this computer. */
export function isLoopbackHost(host: string): boolean {
  const name = hostName(host);
  if (name === null) return false;
  if (name === 'localhost' || name.endsWith('.localhost') || name === '[::1]') return true;
  return IPV4.test(name) && name.startsWith('127.');
}

/**
 * Whether a request's `Host` header names this server in a way a DNS-rebinding page cannot: an IP
 * address, `localhost`, or a name the operator listed (the HOST it listens on,
 * FAKE_FIREBASE_ALLOWED_HOSTS). A page on `evil.example` that re-points its name at 127.0.0.1 is
 * "same-origin" to the browser; its requests still say `Host: evil.example`.
 */
export function isAllowedHostHeader(host: string | undefined, extra: readonly string[]): boolean {
  if (host === undefined) return false;
  const name = hostName(host);
  if (name === null) return false;
  if (isLoopbackHost(name) || IPV4.test(name) || name.startsWith('[')) return true;
  return extra.some((allowed) => hostName(allowed) === name);
}

/**
 * The warning printed when the demo server listens beyond this computer, or null when it does
 * not. Loopback names (127.0.0.1, localhost, ::1) are not reachable from the network.
 */
export function networkExposureWarning(host: string): string | null {
  if (isLoopbackHost(host)) return null;
  return [
    `WARNING: the demo server listens on ${host}, not only on this computer.`,
    'Anyone on the network can open the demo, sign in with the published demo passwords, and read',
    'and change its data. Never put real children’s or families’ data in it.',
    `Leave HOST unset to keep it on ${DEFAULT_HOST}.`,
  ].join('\n');
}

/** A comma-separated list from the environment (FAKE_FIREBASE_ALLOWED_HOSTS). */
export function listFromEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
