// Carries out a shared decision with the Admin SDK: its writes in one batch (atomic, like the fake's
// backend commit) and its account changes. Rules do not apply to the Admin SDK; the decisions
// themselves checked who may do what.
import { FieldValue, type DocumentData } from 'firebase-admin/firestore';
import { isDelete, type AuthEffect, type ServerWrite } from '~/domain/server/outcome';
import { auth, db } from './admin';

/**
 * How trigger writes are stamped, as the fake stamps them: a new document gets createdAt and
 * updatedAt, a merge updatedAt (server time). Callables put their own times in their data.
 */
export type Stamping = 'none' | 'trigger';

export async function applyWrites(
  writes: readonly ServerWrite[],
  stamping: Stamping = 'none',
): Promise<void> {
  if (writes.length === 0) return;
  const firestore = db();
  const batch = firestore.batch();
  for (const write of writes) {
    const ref = firestore.doc(write.path);
    if (isDelete(write)) {
      batch.delete(ref);
      continue;
    }
    const data: DocumentData = { ...write.data };
    if (stamping === 'trigger') {
      if (!write.merge) data.createdAt = FieldValue.serverTimestamp();
      data.updatedAt = FieldValue.serverTimestamp();
    }
    if (write.merge) batch.set(ref, data, { merge: true });
    else batch.set(ref, data);
  }
  await batch.commit();
}

function isUserNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'auth/user-not-found'
  );
}

/**
 * Applies account changes. A Members profile may exist without an account (imported families who
 * have not been invited yet): there is then nothing to change, which is not an error.
 */
export async function applyAuthEffects(effects: readonly AuthEffect[]): Promise<void> {
  for (const effect of effects) {
    try {
      if (effect.kind === 'claims') {
        await auth().setCustomUserClaims(effect.uid, { roles: effect.claims.roles });
      } else if (effect.kind === 'revokeRefreshTokens') {
        // Ends the account's sessions: its next token refresh fails (auth/user-token-expired).
        await auth().revokeRefreshTokens(effect.uid);
      } else {
        await auth().updateUser(effect.uid, { disabled: effect.disabled });
      }
    } catch (error) {
      if (!isUserNotFound(error)) throw error;
    }
  }
}
