// Keeps a conversation's `participantNames` (each participant's name and role label, by id) equal
// to what the Members profiles say, whenever a conversation is created or its participants change,
// and whenever a profile's name or roles change (every conversation that person takes part in).
// A parent or a facilitator cannot read the Members list, so without these names the inbox could
// only call the people it cannot name "Centre staff" (issue 30). Clients never write the field
// (IMMUTABLE_FIELDS and the create invariant in app/domain/permissions.ts); the trigger's own
// merge finds the names right on its next run and writes nothing more (idempotent).
import { OFFICE_NAME, OFFICE_PARTICIPANT, participantRole } from '~/domain/messages';
import { str, strings } from './notifications';
import type { DocumentChange } from './access';
import type { ServerContext, ServerWrite } from './outcome';

export const PARTICIPANT_NAMES_FIELD = 'participantNames';

export interface ParticipantName {
  name: string;
  role: string;
}

/** The profile of a participant id: a Members document by its id, or by its memberUUID. */
function memberOf(id: string, ctx: ServerContext): Record<string, unknown> | null {
  return (
    ctx.get(`Members/${id}`) ??
    ctx.list('Members').find((m) => m.data.memberUUID === id)?.data ??
    null
  );
}

/** The names a conversation with these participants should carry (ids with no profile are left out). */
export function participantNamesOf(
  participantIds: readonly string[],
  ctx: ServerContext,
): Record<string, ParticipantName> {
  const names: Record<string, ParticipantName> = {};
  for (const id of [...participantIds].sort()) {
    if (id === OFFICE_PARTICIPANT) {
      names[id] = { name: OFFICE_NAME, role: 'Office' };
      continue;
    }
    const shown = shownAs(memberOf(id, ctx));
    if (shown) names[id] = shown;
  }
  return names;
}

function sameNames(stored: unknown, wanted: Record<string, ParticipantName>): boolean {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return false;
  const entries = Object.entries(stored as Record<string, unknown>);
  if (entries.length !== Object.keys(wanted).length) return false;
  return entries.every(([id, value]) => {
    const want = wanted[id];
    if (!want || typeof value !== 'object' || value === null) return false;
    const v = value as Record<string, unknown>;
    return v.name === want.name && v.role === want.role;
  });
}

/**
 * The write for one change: the names of a conversation that was created or whose participants
 * changed, when its stored names differ. Nothing for a delete, another collection, an update that
 * left the participants alone (an archive), or names already right.
 */
export function participantNameWrites(change: DocumentChange, ctx: ServerContext): ServerWrite[] {
  const segments = change.path.split('/');
  if (segments.length !== 2 || segments[0] !== 'conversations' || !change.after) return [];
  const participants = strings(change.after.participantIds);
  const participantsChanged =
    change.before === null ||
    JSON.stringify(strings(change.before.participantIds)) !== JSON.stringify(participants);
  if (!participantsChanged && change.after[PARTICIPANT_NAMES_FIELD] !== undefined) return [];
  const wanted = participantNamesOf(participants, ctx);
  if (sameNames(change.after[PARTICIPANT_NAMES_FIELD], wanted)) return [];
  // Participants are fixed once a conversation starts (IMMUTABLE_FIELDS), so a merge of the map
  // never leaves a former participant's name behind in practice.
  return [{ path: change.path, data: { [PARTICIPANT_NAMES_FIELD]: wanted }, merge: true }];
}

/** The name and role label a Members profile gives its conversations (null: no name to give). */
function shownAs(member: Record<string, unknown> | null): ParticipantName | null {
  const name = str(member?.displayName)?.trim();
  return member && name ? { name, role: participantRole(strings(member.roles)) } : null;
}

/**
 * The writes for a renamed person: when a Members profile's display name or roles (its role label)
 * change, every conversation the person takes part in (by the profile's id or memberUUID) gets the
 * names its participants' profiles give now. Nothing for any other write, a profile whose name and
 * label stayed the same (most profile writes: access links, status, preferences), or a conversation
 * whose stored names are already right, so the conversations' own trigger runs find nothing to do.
 * A deleted profile leaves the names as they were: a conversation still says who wrote in it.
 */
export function renamedParticipantWrites(
  change: DocumentChange,
  ctx: ServerContext,
): ServerWrite[] {
  const segments = change.path.split('/');
  if (segments.length !== 2 || segments[0] !== 'Members' || !segments[1]) return [];
  if (!change.before || !change.after) return [];
  const before = shownAs(change.before);
  const after = shownAs(change.after);
  if (before?.name === after?.name && before?.role === after?.role) return [];
  const ids = new Set(
    [segments[1], str(change.after.memberUUID), str(change.before.memberUUID)].filter(
      (id): id is string => Boolean(id),
    ),
  );
  const writes: ServerWrite[] = [];
  for (const conversation of ctx.list('conversations')) {
    const participants = strings(conversation.data.participantIds);
    if (!participants.some((id) => ids.has(id))) continue;
    const wanted = participantNamesOf(participants, ctx);
    if (sameNames(conversation.data[PARTICIPANT_NAMES_FIELD], wanted)) continue;
    writes.push({
      path: `conversations/${conversation.id}`,
      data: { [PARTICIPANT_NAMES_FIELD]: wanted },
      merge: true,
    });
  }
  return writes;
}
