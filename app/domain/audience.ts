// Who an event or a resource is for (decision 046). A record names roles (`audience`) and may narrow
// them to classrooms (`classroomIds`) or, without classrooms, to a campus (`campusId`). A person is
// in the audience when one of their roles is named and, where the record is narrowed, one of their
// classrooms or campuses for that role matches: a facilitator's taught classrooms, a student's own,
// a parent's children's. Firestore cannot ask "role in audience AND classroom in …" in one query,
// so the record carries `audienceKeys`, derived here, and a person asks for
// `audienceKeys array-contains-any memberAudienceKeys(them)`. The rules (the fake's, production's)
// decide with `inAudience`, which is the same comparison, so the query and the rule agree.
import { withImpliedRoles, type Role } from './roles';

export interface AudienceTarget {
  audience?: readonly string[];
  classroomIds?: readonly string[];
  campusId?: string | null;
}

/** What a person's audience membership depends on (a subset of the permission Principal). */
export interface AudienceMember {
  roles: readonly Role[];
  /** Classrooms a facilitator teaches or a student attends. */
  classroomIds: readonly string[];
  /** Classrooms of a parent's children. */
  childClassroomIds: readonly string[];
  /** Campuses of the person's own facilitator or student record. */
  campusIds?: readonly string[];
  /** Campuses of a parent's children. */
  childCampusIds?: readonly string[];
}

/** Roles as audiences name them: a superAdmin is in the admin audience too. */
export function audienceRolesOf(roles: readonly string[]): string[] {
  return withImpliedRoles(roles);
}

const classroomKey = (role: string, classroomId: string) => `${role}@classroom:${classroomId}`;
const campusKey = (role: string, campusId: string) => `${role}@campus:${campusId}`;

/**
 * Most keys a record may carry (roles × classrooms): the rules check each position of the list on
 * its own, as they cannot loop. An audience wider than this is a campus or the whole school.
 */
export const MAX_AUDIENCE_KEYS = 40;

/** The keys a record is stored with: one per audience role, narrowed as the record is. */
export function audienceKeysOf(target: AudienceTarget): string[] {
  const keys = new Set<string>();
  const classrooms = target.classroomIds ?? [];
  for (const role of new Set(target.audience ?? [])) {
    if (classrooms.length > 0) for (const c of classrooms) keys.add(classroomKey(role, c));
    else if (target.campusId) keys.add(campusKey(role, target.campusId));
    else keys.add(role);
  }
  return [...keys].sort();
}

/** The keys a person matches: each of their roles, and its classrooms and campuses. */
export function memberAudienceKeys(member: AudienceMember): string[] {
  const keys = new Set<string>();
  for (const role of audienceRolesOf(member.roles)) {
    keys.add(role);
    const forChildren = role === 'parent';
    const own = role === 'facilitator' || role === 'student';
    const classrooms = forChildren ? member.childClassroomIds : own ? member.classroomIds : [];
    const campuses = forChildren
      ? (member.childCampusIds ?? [])
      : own
        ? (member.campusIds ?? [])
        : [];
    for (const c of classrooms) keys.add(classroomKey(role, c));
    for (const c of campuses) keys.add(campusKey(role, c));
  }
  return [...keys].sort();
}

export function inAudience(member: AudienceMember, target: AudienceTarget): boolean {
  const mine = new Set(memberAudienceKeys(member));
  return audienceKeysOf(target).some((key) => mine.has(key));
}

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** True when a stored record's `audienceKeys` are exactly the ones its fields imply. */
export function audienceKeysMatch(data: Record<string, unknown>): boolean {
  const stored = [...new Set(stringsOf(data.audienceKeys))].sort();
  const derived = audienceKeysOf({
    audience: stringsOf(data.audience),
    classroomIds: stringsOf(data.classroomIds),
    campusId: typeof data.campusId === 'string' ? data.campusId : null,
  });
  return stored.length === derived.length && stored.every((key, i) => key === derived[i]);
}
