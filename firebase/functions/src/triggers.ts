// The Firestore triggers' hosts: the written document before and after, Firestore reads for the
// shared decision (app/domain/server/triggers.ts), then its writes (stamped as the fake stamps
// trigger writes) and its claims. The audit trail's writer comes from the event's auth context
// when a Firebase Auth user made the write (writerOfAuthContext); otherwise the decision reads the
// document's updatedBy, or records a delete as 'unknown (deleted)'.
import type { DocData } from '~/domain/permissions';
import { changeTriggers, type TriggerParts } from '~/domain/server/triggers';
import { applyAuthEffects, applyWrites } from './apply';
import { decideWithReads, plainDoc } from './context';
import { reachHost, sendPushes } from './reach';

/** The parts of a snapshot the hosts read (a DocumentSnapshot, or a test's stand-in). */
export interface SnapshotLike {
  exists: boolean;
  data(): unknown;
}

function dataOf(snapshot: SnapshotLike | undefined): DocData | null {
  return snapshot?.exists ? plainDoc(snapshot.data()) : null;
}

/** The parts of a Firestore event's auth context the audit reads (FirestoreAuthEvent). */
export interface AuthContextLike {
  authType?: string;
  authId?: string;
}

/**
 * The writer's uid (= memberUUID) when a Firebase Auth user made the write. Firestore names such a
 * principal `app_user`; service accounts (the callables, scripts, the console), the system (TTL
 * deletes) and unknown principals name no member, so the decision falls back to updatedBy.
 */
export function writerOfAuthContext(event: AuthContextLike | undefined): string | null {
  return event?.authType === 'app_user' && event.authId ? event.authId : null;
}

/** Runs the chosen trigger decisions for one document write and carries them out. */
export async function handleDocumentWrite(
  path: string,
  before: SnapshotLike | undefined,
  after: SnapshotLike | undefined,
  eventTime: string,
  parts: TriggerParts,
  writer: string | null = null,
): Promise<{ writes: number; claims: number }> {
  const change = { path, before: dataOf(before), after: dataOf(after), writer };
  const time = new Date(eventTime);
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const outcome = await decideWithReads(
    (ctx) =>
      changeTriggers(
        [change],
        ctx,
        now.toISOString(),
        parts,
        parts.reach ? reachHost() : undefined,
      ),
    now,
  );
  await applyWrites(outcome.writes, 'trigger');
  await applyAuthEffects(outcome.auth);
  // After the writes: a push's link names a notification that exists.
  await sendPushes(outcome.pushes);
  return { writes: outcome.writes.length, claims: outcome.auth.length };
}
