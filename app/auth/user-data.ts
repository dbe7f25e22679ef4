// Starts and stops everything that belongs to one signed-in person: the local cache (opened for
// their uid) and the background sync, with refresh queries scoped to what their role may read. The
// backend refuses a query that could return a document the person may not read (as Firestore rules
// do), so each scope here must imply the permission matrix's scope for that role.
import { getDocument, type Filter } from '~/backend/documents';
import { cacheService, clearCache, initCache } from '~/data/cache-service';
import { startSync, stopSync, syncEngine } from '~/data/sync-status';
import { facilitatorSchema } from '~/domain/records';
import type { SessionUser } from './session-user';

type Scope = { filters?: Filter[] } | null | undefined;
type ScopeUser = Pick<SessionUser, 'roles' | 'member' | 'memberUUID' | 'uid'> & {
  /** Classrooms a facilitator teaches (read from their facilitator record at sign-in). */
  classroomIds?: readonly string[];
};

/** Firestore's limit on values in an `in` / `array-contains-any` filter. */
const MAX_DISJUNCTION = 30;

/** How long sign-out waits for a last sync of pending changes. */
const LAST_SYNC_TIMEOUT_MS = 5000;

/** Collections read into memory right after sign-in (the spec's priority collections). */
const PREWARM_COLLECTIONS = ['students', 'families'] as const;

const SHARED_REFERENCE = new Set(['campuses', 'classrooms', 'subjects']);

/** Roles as the `audience` field names them (a superAdmin is in the admin audience too). */
function audienceRoles(user: ScopeUser): string[] {
  const roles = new Set<string>(user.roles);
  if (roles.has('superAdmin')) roles.add('admin');
  return [...roles];
}

/**
 * The refresh query for a collection: undefined = everything, null = skip the collection (the role
 * reads only single documents of it, which its pages fetch themselves).
 */
export function scopeForUser(user: ScopeUser, collection: string): Scope {
  const roles = new Set(user.roles);
  const staff = roles.has('admin') || roles.has('superAdmin') || roles.has('administration');

  // Scoped for everyone, staff included: conversations by participant, notifications by owner
  // (the notifications feed has its own live query, so the sync skips them).
  if (collection === 'conversations') {
    return { filters: [{ field: 'participantIds', op: 'array-contains', value: user.memberUUID }] };
  }
  if (collection === 'Notifications') return null;
  if (staff) return undefined;

  if (SHARED_REFERENCE.has(collection)) return undefined;
  if (collection === 'events' || collection === 'resources') {
    return {
      filters: [{ field: 'audience', op: 'array-contains-any', value: audienceRoles(user) }],
    };
  }
  if (roles.has('facilitator') && collection === 'facilitators') return undefined;
  const classrooms = (user.classroomIds ?? []).slice(0, MAX_DISJUNCTION);
  if (roles.has('facilitator') && classrooms.length > 0) {
    if (collection === 'students') {
      return { filters: [{ field: 'classroomIds', op: 'array-contains-any', value: classrooms }] };
    }
    if (collection === 'attendance') {
      return { filters: [{ field: 'classroomId', op: 'in', value: classrooms }] };
    }
  }
  if (roles.has('student') && collection === 'students') {
    return { filters: [{ field: 'memberUUID', op: '==', value: user.memberUUID }] };
  }
  if (roles.has('parent') && collection === 'students' && user.member?.familyId) {
    return { filters: [{ field: 'familyId', op: '==', value: user.member.familyId }] };
  }
  if (roles.has('parent') && collection === 'parentInquiries') {
    return { filters: [{ field: 'createdBy', op: '==', value: user.memberUUID }] };
  }
  return null;
}

/** The classrooms of a facilitator's own record: from the cache, else the backend; [] offline. */
async function facilitatorClassrooms(user: SessionUser): Promise<string[]> {
  const id = user.member?.facilitatorId;
  if (!user.roles.includes('facilitator') || !id) return [];
  const fromRecord = (record: unknown) => {
    const parsed = facilitatorSchema.pick({ classroomIds: true }).safeParse(record);
    return parsed.success ? parsed.data.classroomIds : [];
  };
  const cached = await cacheService.get('facilitators', id).catch(() => null);
  if (cached) return fromRecord(cached);
  try {
    return fromRecord(await getDocument('facilitators', id, facilitatorSchema));
  } catch {
    return [];
  }
}

export const userDataLifecycle = {
  async start(user: SessionUser): Promise<void> {
    await initCache({ uid: user.uid });
    const scoped: ScopeUser = { ...user, classroomIds: await facilitatorClassrooms(user) };
    startSync({ scopeFor: (collection) => scopeForUser(scoped, collection) });
    // Open the priority collections in memory in the background, so the first list a person opens
    // reads from memory instead of deserialising thousands of records from IndexedDB.
    for (const collection of PREWARM_COLLECTIONS) {
      void cacheService.list(collection, { limit: 1 }).catch(() => undefined);
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
    await clearCache();
  },
};
