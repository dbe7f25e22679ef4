// The one error type app/backend throws. The sync engine decides "retry later" versus "give up and
// show the person" from `permanent`, and the UI words sign-in problems from the raw Firebase `code`.
import { z } from 'zod';

/** Spec §8 messages the backend's domain functions use. */
export const BACKEND_MESSAGES = {
  getFailed: 'Failed to get data',
  saveFailed: 'Failed to save item',
  deleteFailed: 'Failed to delete item',
  batchTooLarge: 'Batch operations exceed the maximum limit of 500 operations',
  documentSaved: 'Document saved successfully',
  documentUpdated: 'Document updated successfully',
  documentDeleted: 'Document deleted successfully',
  batchCompleted: 'Batch operation completed successfully',
  functionsNotInitialized: 'Firebase Functions not initialized',
  storageNotInitialized: 'Firebase Storage not initialized',
  authNotInitialized: 'Firebase Auth not initialized',
  firestoreNotInitialized: 'Firestore not initialized',
  servicesFailed: 'One or more Firebase services failed to initialize',
  noUser: 'No user is signed in',
  signInFailed: 'Failed to sign in',
  googleSignInFailed: 'Failed to sign in with Google',
  signOutFailed: 'Failed to sign out',
  passwordResetFailed: 'Failed to send password reset email',
  passwordUpdateFailed: 'Failed to update password',
  deleteUserFailed: 'Failed to delete user',
  callFailed: 'Failed to call the backend function',
} as const;

/**
 * Firestore/Functions codes (and their auth equivalents) that retrying cannot fix: the request is
 * wrong or refused as such. Everything else — network, unavailable, deadline-exceeded, internal,
 * unknown, aborted, resource-exhausted, unauthenticated (a later sign-in fixes it) — is transient.
 */
const PERMANENT_CODES = new Set([
  'permission-denied',
  'invalid-argument',
  'not-found',
  'failed-precondition',
  'already-exists',
  'out-of-range',
  'unimplemented',
]);

/** Auth codes that are transient; every other `auth/*` code is the person's input or account. */
const TRANSIENT_AUTH_CODES = new Set([
  'auth/network-request-failed',
  'auth/internal-error',
  'auth/timeout',
  'auth/too-many-requests',
]);

export function isPermanentCode(code: string): boolean {
  if (code.startsWith('auth/')) return !TRANSIENT_AUTH_CODES.has(code);
  // Callable errors arrive as `functions/<code>`; Firestore codes come bare.
  return PERMANENT_CODES.has(code.replace(/^(functions|firestore)\//, ''));
}

export class BackendError extends Error {
  /** The Firebase code, e.g. 'permission-denied', 'unavailable', 'auth/invalid-credential'. */
  readonly code: string;
  /** True when retrying the same request cannot succeed. */
  readonly permanent: boolean;

  constructor(message: string, options: { code: string; permanent?: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'BackendError';
    this.code = options.code;
    this.permanent = options.permanent ?? isPermanentCode(options.code);
  }
}

const firebaseErrorSchema = z.object({ code: z.string(), message: z.string().optional() });

/** The code of a Firebase SDK error (FirebaseError/FirestoreError), or 'unknown' for anything else. */
export function firebaseCodeOf(error: unknown): string {
  if (error instanceof BackendError) return error.code;
  const parsed = firebaseErrorSchema.safeParse(error);
  if (!parsed.success) return 'unknown';
  const { code, message = '' } = parsed.data;
  // firestore/lite maps HTTP statuses, not the body's status, so ALREADY_EXISTS (HTTP 409) arrives
  // as 'aborted'. The body's message survives in the error text; recover the precise code from it.
  if (code === 'aborted' && /already exists/i.test(message)) return 'already-exists';
  return code;
}

/**
 * Wraps any SDK failure in a BackendError with the user-facing `message`, keeping code and cause.
 * A BackendError passes through unchanged: it already says what went wrong (for example
 * 'Firestore not initialized' is more useful than a generic 'Failed to get data').
 */
export function toBackendError(error: unknown, message: string): BackendError {
  if (error instanceof BackendError) return error;
  return new BackendError(message, { code: firebaseCodeOf(error), cause: error });
}
