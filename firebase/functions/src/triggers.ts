// The Firestore triggers' hosts: the written document before and after, Firestore reads for the
// shared decision (app/domain/server/triggers.ts), then its writes (stamped as the fake stamps
// trigger writes) and its claims.
import type { DocData } from '~/domain/permissions';
import { changeTriggers, type TriggerParts } from '~/domain/server/triggers';
import { applyAuthEffects, applyWrites } from './apply';
import { decideWithReads, plainDoc } from './context';

/** The parts of a snapshot the hosts read (a DocumentSnapshot, or a test's stand-in). */
export interface SnapshotLike {
  exists: boolean;
  data(): unknown;
}

function dataOf(snapshot: SnapshotLike | undefined): DocData | null {
  return snapshot?.exists ? plainDoc(snapshot.data()) : null;
}

/** Runs the chosen trigger decisions for one document write and carries them out. */
export async function handleDocumentWrite(
  path: string,
  before: SnapshotLike | undefined,
  after: SnapshotLike | undefined,
  eventTime: string,
  parts: TriggerParts,
): Promise<{ writes: number; claims: number }> {
  const change = { path, before: dataOf(before), after: dataOf(after) };
  const time = new Date(eventTime);
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const outcome = await decideWithReads(
    (ctx) => changeTriggers([change], ctx, now.toISOString(), parts),
    now,
  );
  await applyWrites(outcome.writes, 'trigger');
  await applyAuthEffects(outcome.auth);
  return { writes: outcome.writes.length, claims: outcome.auth.length };
}
