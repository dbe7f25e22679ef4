// Whether the last sign-in on this device ended with its browser session (issue 29, item 4): the
// start that removed it (shared-device.ts) notes it, the next session forgets it, and the login page
// says it, so the person knows why they are asked to sign in again. Its own tiny module: the login
// page's first load carries it (and nothing else of browser-session.ts).

/** localStorage: the last sign-in here ended with its browser session. */
export const SESSION_ENDED_KEY = 'lc-session-ended';

/** Records that the last sign-in here ended with its browser session, or forgets it. */
export function noteSessionEnded(ended: boolean): void {
  try {
    if (ended) localStorage.setItem(SESSION_ENDED_KEY, 'browser-closed');
    else localStorage.removeItem(SESSION_ENDED_KEY);
  } catch {
    // Only the login page's explanation is lost.
  }
}

/** Whether the last sign-in here ended when the browser closed (nobody has signed in since). */
export function lastSessionEndedWithBrowser(): boolean {
  try {
    return localStorage.getItem(SESSION_ENDED_KEY) === 'browser-closed';
  } catch {
    return false;
  }
}
