// The shapes every server-side decision returns, shared by the two hosts that carry them out: the
// fake (mocks/functions.ts, mocks/triggers.ts, writing into its in-memory store) and the Cloud
// Functions (firebase/functions, writing with firebase-admin). A decision never performs a write
// itself: it says what to write, so both hosts write exactly the same documents.
import type { PermissionContext } from '~/domain/permissions';
import type { Role } from '~/domain/roles';

/** The callable error codes a decision may refuse with (the HttpsError codes of firebase-functions). */
export type RefusalCode =
  | 'unauthenticated'
  | 'permission-denied'
  | 'invalid-argument'
  | 'not-found'
  | 'already-exists'
  | 'resource-exhausted';

export interface Refusal {
  ok: false;
  code: RefusalCode;
  message: string;
}

/**
 * One document write, applied as the backend (no rules). `merge` writes only the given fields,
 * nested maps merged key by key (Firestore's `set(..., { merge: true })`); without it the document
 * is replaced.
 */
export type ServerWrite =
  { path: string; data: Record<string, unknown>; merge?: boolean } | { path: string; delete: true };

/**
 * A change to an Authentication account that goes with the writes. `revokeRefreshTokens` ends every
 * session the account has now: its refresh tokens stop working, so the next token refresh fails
 * (Admin SDK `revokeRefreshTokens`; the fake refuses refresh tokens issued before it).
 */
export type AuthEffect =
  | { kind: 'claims'; uid: string; claims: { roles: Role[] } }
  | { kind: 'disabled'; uid: string; disabled: boolean }
  | { kind: 'revokeRefreshTokens'; uid: string };

export interface Accepted<R> {
  ok: true;
  writes: ServerWrite[];
  result: R;
  auth: AuthEffect[];
}

export type Outcome<R> = Accepted<R> | Refusal;

/** Who calls a callable, from the verified ID token (null: not signed in). */
export interface Caller {
  uid: string;
  roles: readonly Role[];
  memberUUID: string;
}

/** Rule-free synchronous reads of the stored documents (the hosts load what is asked for). */
export type ServerContext = PermissionContext;

export const refuse = (code: RefusalCode, message: string): Refusal => ({
  ok: false,
  code,
  message,
});

export const accept = <R>(
  result: R,
  writes: ServerWrite[] = [],
  auth: AuthEffect[] = [],
): Accepted<R> => ({ ok: true, writes, result, auth });

/** True for a delete write. */
export function isDelete(write: ServerWrite): write is { path: string; delete: true } {
  return 'delete' in write;
}
