// Every network call of app/backend goes through `request`, so that offline and hanging calls fail
// fast as transient BackendErrors instead of leaving the sync engine or a form waiting forever.
import { BackendError, toBackendError } from './errors';

/**
 * How long one backend call may take before it is abandoned. firestore/lite does not retry, but a
 * fetch on a half-dead connection can hang without limit. An abandoned write may still land; the
 * sync engine's client-generated ids make its retry harmless (architecture.md rule 3).
 */
export const BACKEND_REQUEST_TIMEOUT_MS = 20_000;

type RefusalListener = (error: BackendError) => void;
const refusalListeners = new Set<RefusalListener>();

/**
 * Calls `listener` whenever a backend call is refused with permission-denied: the one place every
 * read and write passes, the sync engine's replay and a route's own read alike. The session uses it
 * to tell a suspended account (whose token no longer refreshes) from a plain refusal (issue 28).
 */
export function onPermissionDenied(listener: RefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

function reportRefusal(error: BackendError): BackendError {
  if (error.code.replace(/^(functions|firestore)\//, '') === 'permission-denied') {
    for (const listener of [...refusalListeners]) listener(error);
  }
  return error;
}

function isOffline(): boolean {
  // navigator.onLine === true proves little, but false reliably means no network at all.
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Runs `call`, mapping any failure to a BackendError whose message is `message`. Pass
 * `timeoutMs: Infinity` for calls that wait for the person (a sign-in popup).
 */
export async function request<T>(
  message: string,
  call: () => Promise<T>,
  timeoutMs = BACKEND_REQUEST_TIMEOUT_MS,
): Promise<T> {
  if (isOffline()) {
    throw new BackendError(message, {
      code: 'unavailable',
      cause: new Error('The device is offline'),
    });
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    if (!Number.isFinite(timeoutMs)) return;
    timer = setTimeout(() => {
      reject(
        new BackendError(message, {
          code: 'deadline-exceeded',
          cause: new Error(`No answer within ${timeoutMs} ms`),
        }),
      );
    }, timeoutMs);
  });
  try {
    return await Promise.race([call(), timeout]);
  } catch (error) {
    throw reportRefusal(toBackendError(error, message));
  } finally {
    clearTimeout(timer);
  }
}
