// Keeps Members/{uid}.access (app/domain/access-links.ts) up to date: after a write to a students,
// families, facilitators, classrooms or Members document, the links of every member it can affect
// are recomputed from the state after the write, and written where they differ. Firestore rules
// read that one field instead of listing collections, so it must follow every change of the records
// it is computed from, whoever makes the change.
import { accessLinksOf, accessLinksSchema } from '~/domain/access-links';
import { ACCESS_LINKS_FIELD } from '~/domain/permissions';
import { resolvePrincipal, type DocData } from '~/domain/permissions';
import { storedRoles } from './callables';
import { str, strings } from './notifications';
import type { ServerContext, ServerWrite } from './outcome';

/** A document before and after one write (null: absent). */
export interface DocumentChange {
  path: string;
  before: DocData | null;
  after: DocData | null;
}

/** The Members fields the links are computed from; other member edits leave them as they are. */
const MEMBER_LINK_FIELDS = ['roles', 'memberUUID', 'familyId', 'studentId', 'facilitatorId'];

const both = (change: DocumentChange, read: (d: DocData) => string[]): string[] => [
  ...new Set([
    ...(change.before ? read(change.before) : []),
    ...(change.after ? read(change.after) : []),
  ]),
];

/** The Members document ids of these memberUUIDs (the id is the memberUUID in this product). */
function membersByUUID(uuids: readonly string[], ctx: ServerContext): string[] {
  if (uuids.length === 0) return [];
  const ids = new Set<string>();
  for (const uuid of uuids) {
    const byField = ctx.list('Members').filter((m) => m.data.memberUUID === uuid);
    if (byField.length > 0) for (const m of byField) ids.add(m.id);
    else ids.add(uuid);
  }
  return [...ids];
}

function membersWhere(field: string, values: readonly string[], ctx: ServerContext): string[] {
  if (values.length === 0) return [];
  return ctx
    .list('Members')
    .filter((m) => {
      const value = str(m.data[field]);
      return value !== null && values.includes(value);
    })
    .map((m) => m.id);
}

/** Parents of these families: their guardians, and members whose profile names the family. */
function parentsOf(familyIds: readonly string[], ctx: ServerContext): string[] {
  const guardians = familyIds.flatMap((id) => guardianUUIDs(ctx.get(`families/${id}`)));
  return [...membersByUUID(guardians, ctx), ...membersWhere('familyId', familyIds, ctx)];
}

function guardianUUIDs(family: DocData | null): string[] {
  const guardians = Array.isArray(family?.guardians) ? family.guardians : [];
  return guardians
    .map((g: unknown) =>
      typeof g === 'object' && g !== null && 'memberUUID' in g ? str(g.memberUUID) : null,
    )
    .filter((u): u is string => u !== null);
}

/** Members of these facilitators: the record's memberUUID, and profiles naming the facilitator. */
function facilitatorMembers(facilitatorIds: readonly string[], ctx: ServerContext): string[] {
  const uuids = facilitatorIds
    .map((id) => str(ctx.get(`facilitators/${id}`)?.memberUUID))
    .filter((u): u is string => u !== null);
  return [...membersByUUID(uuids, ctx), ...membersWhere('facilitatorId', facilitatorIds, ctx)];
}

/** Facilitators teaching these classrooms: named by the classroom or naming it themselves. */
function teachersOf(classroomIds: readonly string[], ctx: ServerContext): string[] {
  if (classroomIds.length === 0) return [];
  const ids = new Set<string>();
  for (const id of classroomIds) {
    for (const f of strings(ctx.get(`classrooms/${id}`)?.facilitatorIds)) ids.add(f);
  }
  for (const f of ctx.list('facilitators')) {
    if (strings(f.data.classroomIds).some((c) => classroomIds.includes(c))) ids.add(f.id);
  }
  return [...ids];
}

/** The Members document ids whose links a write can change. */
export function affectedMembers(change: DocumentChange, ctx: ServerContext): string[] {
  const [collection, id = ''] = change.path.split('/');
  if (change.path.split('/').length !== 2) return [];
  const affected = new Set<string>();
  const add = (ids: readonly string[]) => ids.forEach((m) => affected.add(m));
  switch (collection) {
    case 'families':
      add(membersByUUID(both(change, guardianUUIDs), ctx));
      add(membersWhere('familyId', [id], ctx));
      break;
    case 'students': {
      // The student themself, the parents of the family before and after, and the facilitators
      // of the classrooms before and after (their studentFamilyIds).
      add(membersWhere('studentId', [id], ctx));
      add(
        parentsOf(
          both(change, (d) => strings([d.familyId])),
          ctx,
        ),
      );
      add(
        facilitatorMembers(
          teachersOf(
            both(change, (d) => strings(d.classroomIds)),
            ctx,
          ),
          ctx,
        ),
      );
      break;
    }
    case 'facilitators':
      add(
        membersByUUID(
          both(change, (d) => strings([d.memberUUID])),
          ctx,
        ),
      );
      add(membersWhere('facilitatorId', [id], ctx));
      break;
    case 'classrooms':
      add(
        facilitatorMembers(
          both(change, (d) => strings(d.facilitatorIds)),
          ctx,
        ),
      );
      add(facilitatorMembers(teachersOf([id], ctx), ctx));
      break;
    case 'Members': {
      const relevant =
        !change.before ||
        !change.after ||
        !(ACCESS_LINKS_FIELD in change.after) ||
        MEMBER_LINK_FIELDS.some(
          (f) => JSON.stringify(change.before?.[f]) !== JSON.stringify(change.after?.[f]),
        );
      if (change.after && relevant) affected.add(id);
      break;
    }
    default:
      break;
  }
  return [...affected].sort();
}

/** The `access` writes for a write: each affected member whose stored links differ. */
export function accessLinkWrites(change: DocumentChange, ctx: ServerContext): ServerWrite[] {
  return accessLinkWritesFor([change], ctx);
}

/**
 * The `access` writes for several writes seen together (one commit): each member that any of them
 * affects is recomputed once, in the order the writes first name them. A member's links depend only
 * on the state after the writes, so this is what one call per write would write, without
 * recomputing a facilitator's links for each of 500 imported students (issue 29).
 */
export function accessLinkWritesFor(
  changes: readonly DocumentChange[],
  ctx: ServerContext,
): ServerWrite[] {
  const members = new Set<string>();
  for (const change of changes) for (const uid of affectedMembers(change, ctx)) members.add(uid);
  return accessLinkWritesOf(members, ctx);
}

/**
 * The `access` writes of these members (Members document ids), in their order: each whose stored
 * links differ from the links the state gives them. The fake calls it a few members at a time
 * (mocks/triggers.ts, decision 055).
 */
export function accessLinkWritesOf(members: Iterable<string>, ctx: ServerContext): ServerWrite[] {
  const writes: ServerWrite[] = [];
  for (const uid of members) {
    const member = ctx.get(`Members/${uid}`);
    if (!member) continue;
    const principal = resolvePrincipal(
      {
        uid,
        email: str(member.email),
        roles: storedRoles(member),
        memberUUID: str(member.memberUUID) ?? uid,
      },
      ctx,
    );
    const links = accessLinksOf(principal, ctx);
    const stored = accessLinksSchema.safeParse(member[ACCESS_LINKS_FIELD]);
    if (
      stored.success &&
      JSON.stringify(stored.data) === JSON.stringify(accessLinksSchema.parse(links))
    )
      continue;
    writes.push({ path: `Members/${uid}`, data: { [ACCESS_LINKS_FIELD]: links }, merge: true });
  }
  return writes;
}
