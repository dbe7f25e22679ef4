// Starts and stops everything that belongs to one signed-in person: the local cache (opened for
// their uid) and the background sync, with refresh queries scoped to what their role may read. The
// backend refuses a query that could return a document the person may not read (as Firestore rules
// do), so each scope here must imply the permission matrix's scope for that role. Some scopes
// depend on other records (a facilitator's families are those of the students in their
// classrooms); those links are read from the backend when a refresh needs them, so a scope follows
// the records as they change instead of keeping what was true at sign-in.
import { z } from 'zod';
import { getDocument, getMember, listDocuments, type Filter } from '~/backend/documents';
import { liveQueries } from '~/data/live';
import { clearOfflineFiles } from '~/data/offline-files';
import { clearCache, initCache, store } from '~/data/store';
import type { RefreshScope } from '~/data/sync-engine';
import { startSync, stopSync, syncEngine } from '~/data/sync-status';
import { memberAudienceKeys } from '~/domain/audience';
import { OFFICE_PARTICIPANT } from '~/domain/messages';
import { isStaff, STAFF_ROLES, type Role } from '~/domain/roles';
import { outboxSealingFor } from './outbox-key';
import type { SessionUser } from './session-user';

type Scope = RefreshScope | null | undefined;

/** The records a person's scopes are checked against, like the fake's (and the rules') principal. */
export interface ScopeLinks {
  /** Classrooms a facilitator teaches: their record's list and classrooms that list them. */
  taughtClassroomIds: readonly string[];
  /** Families of the students in the classrooms a facilitator teaches. */
  familyIds: readonly string[];
  /** Classrooms of a parent's children. */
  childClassroomIds: readonly string[];
  /** Classrooms a student attends. */
  attendedClassroomIds: readonly string[];
  /** Campuses of the person's own facilitator or student record (audiences). */
  campusIds?: readonly string[];
  /** Campuses of a parent's children (audiences). */
  childCampusIds?: readonly string[];
}

type ScopeUser = Pick<SessionUser, 'roles' | 'member' | 'memberUUID' | 'uid'> & Partial<ScopeLinks>;

/** Firestore's limit on values in an `in` / `array-contains-any` filter. */
const MAX_DISJUNCTION = 30;

/** How long sign-out waits for a last sync of pending changes. */
const LAST_SYNC_TIMEOUT_MS = 5000;

/** How long resolved links serve the refreshes of one sync run before they are read again. */
const LINKS_TTL_MS = 60_000;

/** Collections read into memory right after sign-in (the spec's priority collections). */
const PREWARM_COLLECTIONS = ['students', 'families'] as const;

const SHARED_REFERENCE = new Set(['campuses', 'classrooms', 'subjects']);

/** Collections whose scope reads links for a non-staff person (see scopeForUser). */
const LINKED_COLLECTIONS = new Set([
  'students',
  'attendance',
  'families',
  'facilitators',
  'events',
  'resources',
  'absenceReports',
  'eventReplies',
]);

/**
 * Events and resources: those whose audience keys meet the person's (decision 046), and their own
 * (an author may read what they wrote, even for an audience they are not in).
 */
function audienceScope(user: ScopeUser): RefreshScope {
  const keys = memberAudienceKeys({
    roles: user.roles,
    classroomIds: [...(user.taughtClassroomIds ?? []), ...(user.attendedClassroomIds ?? [])],
    childClassroomIds: user.childClassroomIds ?? [],
    campusIds: user.campusIds ?? [],
    childCampusIds: user.childCampusIds ?? [],
  });
  return {
    anyOf: [
      ...anyOfValues('audienceKeys', 'array-contains-any', keys),
      [{ field: 'createdBy', op: '==', value: user.memberUUID }],
    ],
  };
}

/** One role's part of a scope: everything, nothing, or the union of these queries (maybe none). */
type RoleScope = 'all' | 'none' | Filter[][];

/** One query per 30 values: Firestore takes no more in one `in` / `array-contains-any` filter. */
function anyOfValues(field: string, op: 'in' | 'array-contains-any', values: readonly string[]) {
  const unique = [...new Set(values)].sort();
  const queries: Filter[][] = [];
  for (let i = 0; i < unique.length; i += MAX_DISJUNCTION) {
    queries.push([{ field, op, value: unique.slice(i, i + MAX_DISJUNCTION) }]);
  }
  return queries;
}

function roleScope(role: Role, user: ScopeUser, collection: string): RoleScope {
  if (STAFF_ROLES.includes(role)) return 'all';
  if (SHARED_REFERENCE.has(collection)) return 'all';
  if (role === 'facilitator') {
    const taught = user.taughtClassroomIds ?? [];
    if (collection === 'facilitators') return 'all';
    if (collection === 'students') return anyOfValues('classroomIds', 'array-contains-any', taught);
    if (collection === 'attendance') return anyOfValues('classroomId', 'in', taught);
    if (collection === 'families') return anyOfValues('__name__', 'in', user.familyIds ?? []);
    // Absences reported for the students of their classrooms (ownClassroomReports).
    if (collection === 'absenceReports' || collection === 'eventReplies') {
      return anyOfValues('classroomIds', 'array-contains-any', taught);
    }
  }
  if (role === 'parent') {
    const familyId = user.member?.familyId;
    if (collection === 'students') {
      return familyId ? [[{ field: 'familyId', op: '==', value: familyId }]] : [];
    }
    // Their own family, so its page and the contact-details form open offline too.
    if (collection === 'families') return familyId ? anyOfValues('__name__', 'in', [familyId]) : [];
    if (collection === 'facilitators') {
      return anyOfValues('classroomIds', 'array-contains-any', user.childClassroomIds ?? []);
    }
    // The roll calls of their children's classrooms (the matrix's childrenClassrooms read scope).
    if (collection === 'attendance') {
      return anyOfValues('classroomId', 'in', user.childClassroomIds ?? []);
    }
    if (collection === 'parentInquiries') {
      return [[{ field: 'createdBy', op: '==', value: user.memberUUID }]];
    }
    // Their family's reported absences (ownFamilyReports), whoever of them reported.
    if (collection === 'absenceReports' || collection === 'eventReplies') {
      return familyId ? [[{ field: 'familyId', op: '==', value: familyId }]] : [];
    }
    // The requests about their family's guardians (the matrix's ownFamilyRequests), theirs or not.
    if (collection === 'guardianRequests') {
      return familyId ? [[{ field: 'familyId', op: '==', value: familyId }]] : [];
    }
  }
  if (role === 'student') {
    if (collection === 'students') {
      // By id (their Members profile names it), the one filter the production rules can prove:
      // the matrix's `self` scope is about the document id, which a memberUUID filter says nothing of.
      const studentId = user.member?.studentId;
      return studentId ? anyOfValues('__name__', 'in', [studentId]) : [];
    }
    if (collection === 'facilitators') {
      return anyOfValues('classroomIds', 'array-contains-any', user.attendedClassroomIds ?? []);
    }
    // The roll calls of their own classrooms (selfClassrooms).
    if (collection === 'attendance') {
      return anyOfValues('classroomId', 'in', user.attendedClassroomIds ?? []);
    }
    // Their own reported absences (selfReports), by them or by their family.
    if (collection === 'absenceReports') {
      const studentId = user.member?.studentId;
      return studentId ? [[{ field: 'studentId', op: '==', value: studentId }]] : [];
    }
  }
  return 'none';
}

/**
 * The refresh query for a collection: undefined = everything, null = skip the collection (the role
 * reads only single documents of it, which its pages fetch themselves), otherwise the union of the
 * queries each role may run. A role with links but nothing linked (a facilitator with no students)
 * gets `{ anyOf: [] }`: the collection is readable and empty, so the page can say "none yet".
 * Facilitators, parents and students need their links (resolveScopeLinks) for their scopes.
 */
export function scopeForUser(user: ScopeUser, collection: string): Scope {
  // Scoped for everyone, staff included: conversations by participant (office staff also answer
  // for the office), notifications by owner (the notifications feed has its own live query, so
  // the sync skips them).
  if (collection === 'conversations') {
    // Office staff also read every archived conversation (nobody deletes one; issue 28).
    return isStaff(user.roles)
      ? {
          anyOf: [
            [
              {
                field: 'participantIds',
                op: 'array-contains-any',
                value: [user.memberUUID, OFFICE_PARTICIPANT],
              },
            ],
            [{ field: 'archivedAt', op: '!=', value: null }],
          ],
        }
      : { filters: [{ field: 'participantIds', op: 'array-contains', value: user.memberUUID }] };
  }
  if (collection === 'Notifications') return null;
  // Messages are fetched under each cached conversation, which is their scope (decision 045).
  if (collection === 'messages') return null;
  if (isStaff(user.roles)) return undefined;
  if (user.roles.length > 0 && (collection === 'events' || collection === 'resources')) {
    return audienceScope(user);
  }

  const queries: Filter[][] = [];
  let readable = false;
  for (const role of user.roles) {
    const part = roleScope(role, user, collection);
    if (part === 'all') return undefined;
    if (part === 'none') continue;
    readable = true;
    queries.push(...part);
  }
  if (!readable) return null;
  return queries.length === 1 ? { filters: queries[0] } : { anyOf: queries };
}

const classroomLinks = z.object({
  classroomIds: z.array(z.string()).catch([]),
  campusId: z.string().catch(''),
});
const studentLinks = z.object({
  id: z.string(),
  familyId: z.string().catch(''),
  campusId: z.string().catch(''),
  classroomIds: z.array(z.string()).catch([]),
});

async function studentsIn(filters: Filter[][]) {
  const lists = await Promise.all(
    filters.map((f) => listDocuments('students', studentLinks, { filters: f, all: true })),
  );
  return lists.flat();
}

/**
 * The students of the given classrooms, from this device's cache once the person's students have
 * been fetched (a facilitator's students are exactly those), else from the backend. Links are asked
 * for before every sync and every live query; reading a whole class from the backend each time cost
 * a facilitator about a hundred reads per sync (issue 29). A student just added to a classroom
 * reaches the cache with the students' own refresh, which comes first in a sync.
 */
async function studentsOfClassrooms(classroomIds: readonly string[]) {
  const metadata = store.isInitialized ? await store.getMetadata('students') : null;
  if (metadata?.lastSynced == null || metadata.needsRefetch) {
    return studentsIn(anyOfValues('classroomIds', 'array-contains-any', [...classroomIds]));
  }
  const taught = new Set(classroomIds);
  const cached = await store.list('students', { limit: Infinity });
  return cached.flatMap((record) => {
    const parsed = studentLinks.safeParse(record);
    return parsed.success && parsed.data.classroomIds.some((id) => taught.has(id))
      ? [parsed.data]
      : [];
  });
}

/**
 * A parent's children, from this device's cache once the person's students have been fetched (a
 * parent's students are their family's), else from the backend. The links are asked for before
 * each sync run that refreshes a linked collection: reading the children each time was a third of
 * a parent's school day (issue 29, `npm run bench:reads`). A child added to the family arrives
 * with the students' own refresh, which comes first in a sync.
 */
async function childrenOf(familyId: string) {
  const metadata = store.isInitialized ? await store.getMetadata('students') : null;
  if (metadata?.lastSynced == null || metadata.needsRefetch) {
    return studentsIn([[{ field: 'familyId', op: '==', value: familyId }]]);
  }
  const cached = await store.list('students', { limit: Infinity });
  return cached.flatMap((record) => {
    const parsed = studentLinks.safeParse(record);
    return parsed.success && parsed.data.familyId === familyId ? [parsed.data] : [];
  });
}

/** A facilitator's record: the member's link, else the record with their memberUUID (as the rules). */
async function ownFacilitatorId(linked: string | undefined, memberUUID: string) {
  if (linked) return linked;
  const found = await listDocuments('facilitators', z.object({ id: z.string() }), {
    filters: [{ field: 'memberUUID', op: '==', value: memberUUID }],
    limit: 1,
  });
  return found[0]?.id ?? null;
}

/**
 * Reads, from the backend, the records a non-staff person's scopes depend on (the refresh runs
 * only online). Each read is one the person is allowed: their own facilitator record, the students
 * of their classrooms, their children, their own student record.
 */
export async function resolveScopeLinks(
  user: ScopeUser,
): Promise<ScopeLinks & { member: ScopeUser['member'] }> {
  const member = user.member ?? (await getMember(user.uid));
  const roles = new Set(user.roles);
  const links: ScopeLinks = {
    taughtClassroomIds: [],
    familyIds: [],
    childClassroomIds: [],
    attendedClassroomIds: [],
  };

  const facilitatorId = roles.has('facilitator')
    ? await ownFacilitatorId(member?.facilitatorId, user.memberUUID)
    : null;
  if (facilitatorId) {
    const [record, listed] = await Promise.all([
      getDocument('facilitators', facilitatorId, classroomLinks),
      listDocuments('classrooms', z.object({ id: z.string() }), {
        filters: [{ field: 'facilitatorIds', op: 'array-contains', value: facilitatorId }],
        all: true,
      }),
    ]);
    // Either side of the link may be the one that was kept up to date, as the rules allow both.
    const taught = [...new Set([...(record?.classroomIds ?? []), ...listed.map((c) => c.id)])];
    const students = await studentsOfClassrooms(taught);
    links.taughtClassroomIds = taught;
    if (record?.campusId) links.campusIds = [...(links.campusIds ?? []), record.campusId];
    links.familyIds = [...new Set(students.map((s) => s.familyId).filter(Boolean))];
  }
  if (roles.has('parent') && member?.familyId) {
    const children = await childrenOf(member.familyId);
    links.childClassroomIds = [...new Set(children.flatMap((s) => s.classroomIds))];
    links.childCampusIds = [...new Set(children.map((s) => s.campusId).filter(Boolean))];
  }
  if (roles.has('student') && member?.studentId) {
    const own = await getDocument('students', member.studentId, classroomLinks);
    links.attendedClassroomIds = own?.classroomIds ?? [];
    if (own?.campusId) links.campusIds = [...(links.campusIds ?? []), own.campusId];
  }
  return { ...links, member };
}

/**
 * The scope function the sync engine calls before each refresh. Links are read only for the
 * collections that need them, and once per LINKS_TTL_MS (one sync run refreshes several such
 * collections); a failed read is not kept, so the next refresh tries again.
 */
function scopeFunction(user: SessionUser, now: () => number = Date.now) {
  let links: { at: number; value: Promise<ScopeUser> } | null = null;
  const linked = (): Promise<ScopeUser> => {
    if (links && now() - links.at < LINKS_TTL_MS) return links.value;
    const value = resolveScopeLinks(user).then((resolved) => ({ ...user, ...resolved }));
    const entry = { at: now(), value };
    links = entry;
    value.catch(() => {
      if (links === entry) links = null;
    });
    return value;
  };
  const staff = isStaff(user.roles);
  return (collection: string): Scope | Promise<Scope> =>
    staff || !LINKED_COLLECTIONS.has(collection)
      ? scopeForUser(user, collection)
      : linked().then((withLinks) => scopeForUser(withLinks, collection));
}

export const userDataLifecycle = {
  async start(user: SessionUser): Promise<void> {
    // Not remembered on this device: pending changes are written sealed (decision 051).
    await initCache({ uid: user.uid, sealing: await outboxSealingFor(user) });
    const scopeFor = scopeFunction(user);
    startSync({ scopeFor });
    // The open screen's live queries read within the same scope (issue 29).
    (await liveQueries()).setScope(scopeFor);
    // Open the priority collections in memory in the background, so the first list a person opens
    // reads from memory instead of deserialising thousands of records from IndexedDB.
    for (const collection of PREWARM_COLLECTIONS) {
      void store.list(collection, { limit: 1 }).catch(() => undefined);
    }
  },
  /** Makes a last attempt to send pending changes (bounded), then removes the local data. */
  async stop(): Promise<void> {
    if (syncEngine.getStatus().pendingChanges > 0 && syncEngine.connectivity.isOnline()) {
      await Promise.race([
        syncEngine.sync(),
        new Promise((resolve) => setTimeout(resolve, LAST_SYNC_TIMEOUT_MS)),
      ]);
    }
    stopSync();
    (await liveQueries()).stopAll();
    await clearCache();
    // Files kept offline are the person's too (resources, issue 14).
    await clearOfflineFiles();
  },
};
