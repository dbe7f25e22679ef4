// What the sign-in page says when it cannot go on offline (issue 29, item 4). The page shows only
// when no session can be restored on this device, so it says why: the last session ended when the
// browser closed (it was not remembered: browser-session.ts), or nobody is signed in here. Either
// way, signing in needs a connection. The spec fixes no wording for this; its 'Failed to sign in'
// still heads the error toast of a refused sign-in.
import { lastSessionEndedWithBrowser } from '~/auth/session-ended';

export const SESSION_ENDED_NOTE = 'The last session on this device ended when the browser closed.';
export const OFFLINE_SESSION_ENDED = `${SESSION_ENDED_NOTE} You are offline, and signing in again needs a connection.`;
export const OFFLINE_NOBODY_SIGNED_IN =
  'You are offline, and nobody is signed in on this device. Signing in needs a connection.';

/** Why a person cannot go on offline from the sign-in page. */
export function offlineSignInMessage(): string {
  return lastSessionEndedWithBrowser() ? OFFLINE_SESSION_ENDED : OFFLINE_NOBODY_SIGNED_IN;
}

/**
 * What the sign-in page says before anyone types: offline, why it cannot go on; online, that the
 * last session ended with the browser (so the person knows why they are asked again); else nothing.
 * Read as the page renders (no listener: /login's first-load budget); a sign-in tried after the
 * connection dropped says the same in its error.
 */
export function signInPageNote(
  online = typeof navigator === 'undefined' || navigator.onLine,
): string | null {
  if (!online) return offlineSignInMessage();
  return lastSessionEndedWithBrowser() ? SESSION_ENDED_NOTE : null;
}
