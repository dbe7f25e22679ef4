// Why a person was signed out, as the login page reads it from its URL. Its own small module: the
// login page needs these words, not the suspension watch (app/auth/suspension.ts) behind them.

/** Shown on the login page after a suspended member was signed out (no spec §8 message fits). */
export const ACCOUNT_SUSPENDED_MESSAGE =
  'Your account has been suspended. Please contact the office.';

/** The login page's query parameter that says why the person was signed out. */
export const SIGNED_OUT_REASON_PARAM = 'reason';
export const SUSPENDED_REASON = 'suspended';
