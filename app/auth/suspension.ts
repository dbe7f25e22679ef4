// Suspension bites at the next request (issue 28, item 3). The backend refuses every read and write
// of a member whose profile is not active, with the same permission-denied as any other refusal.
// To tell the two apart, the first refusal forces one ID-token refresh: setMemberStatus disabled
// the account and revoked its refresh tokens, so for a suspended member the refresh fails with
// auth/user-disabled or auth/user-token-expired, and the session ends (signed out, the device
// cleared, the login page saying why). A refresh that works means a plain refusal of that one
// request: nothing more happens, and the caller's own error handling stays as it was.

/**
 * The Auth code of a refused refresh (a FirebaseError's or a BackendError's `code`). Read here
 * rather than through app/backend/errors, whose zod would join the login page's first load.
 */
function codeOf(error: unknown): string {
  return typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string'
    ? error.code
    : 'unknown';
}

export {
  ACCOUNT_SUSPENDED_MESSAGE,
  SIGNED_OUT_REASON_PARAM,
  SUSPENDED_REASON,
} from './signed-out-reason';

/** The refresh failures that mean the account's sessions were ended by the office. */
const ENDED_ACCOUNT_CODES = new Set(['auth/user-disabled', 'auth/user-token-expired']);

/** A refusal is checked again only after this long (one refresh per burst of refused requests). */
export const ACCESS_CHECK_INTERVAL_MS = 60_000;

export interface AccessWatchDeps {
  /** Forces a refresh of the ID token (app/backend); rejects with the Auth code when refused. */
  refreshToken: () => Promise<unknown>;
  /** Signs out and clears the device, then shows the login page with the reason. */
  endSession: () => Promise<void>;
  /** Whether a person is signed in in this tab now (refusals before or after do not count). */
  isSignedIn: () => boolean;
  now?: () => number;
}

export type AccessCheck = 'suspended' | 'active' | 'skipped';

/** What a refused request triggers: at most one token refresh at a time, and not in a burst. */
export function createAccessWatch(deps: AccessWatchDeps) {
  const now = deps.now ?? Date.now;
  let inFlight: Promise<AccessCheck> | null = null;
  let lastCheck = -Infinity;

  async function run(): Promise<AccessCheck> {
    try {
      await deps.refreshToken();
      return 'active';
    } catch (error) {
      if (!ENDED_ACCOUNT_CODES.has(codeOf(error))) {
        // Offline or another passing failure: not a verdict; the next refusal may ask again.
        lastCheck = -Infinity;
        return 'skipped';
      }
      await deps.endSession();
      return 'suspended';
    }
  }

  return {
    /** Called on every permission-denied; resolves with what the check found. */
    refused(): Promise<AccessCheck> {
      if (inFlight) return inFlight;
      if (!deps.isSignedIn() || now() - lastCheck < ACCESS_CHECK_INTERVAL_MS) {
        return Promise.resolve('skipped');
      }
      lastCheck = now();
      const check = run().finally(() => {
        inFlight = null;
      });
      inFlight = check;
      return check;
    },
  };
}
