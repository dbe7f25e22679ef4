// The collection registry: which collections the store and the outbox know, and each one's sync
// parameters. The seven cached collections of spec §9 take their values from COLLECTION_SYNC_CONFIG;
// the others (attendance, events, …) are our own choice (docs/decisions/020-collection-registry.md).
// To add a collection, add one entry to EXTRA_COLLECTIONS (or call registerCollection at start-up).
import {
  COLLECTION_SYNC_CONFIG,
  DEFAULT_COLLECTION_VERSION,
  type CollectionSyncConfig,
} from '~/config/constants';
import { deviceTimeZone, schoolDay } from '~/domain/clock';
import { RECORD_SCHEMAS } from '~/domain/records';
import type { z } from 'zod';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface CollectionDefinition extends CollectionSyncConfig {
  /** The name the cache, the pending-changes queue and the routes use. */
  name: string;
  /** The backend's collection path (Firestore names are case-sensitive: 'Members', 'Notifications'). */
  remoteName: string;
  /**
   * Whether items are kept in the local cache and refreshed by the sync engine. A collection that is
   * not cached (Notifications, which has its own live query) can still be written offline: its writes
   * go through the same pending-changes queue.
   */
  cached: boolean;
  /**
   * A slice refreshed on its own, shorter cadence (decision 044): the records whose `field` equals
   * `value(now)` (attendance: today's roll calls), fetched with the person's scope and written over
   * their cached copies without replacing the rest of the collection.
   */
  slice?: CollectionSlice;
  /**
   * Records of the collection are never deleted by the app (they are archived) and never enter a
   * person's scope without a write or a change of that scope: a due refresh then asks only for what
   * changed since the last fetch (`updatedAt >`, decision 053), and the whole collection is fetched
   * again when the scope changed or `wholeRefreshMs` ran out (issue 29: the cost of a school day).
   */
  changesOnlyWhenDue?: boolean;
  /**
   * With `changesOnlyWhenDue`: how long refreshes by changes may stand in for a whole fetch
   * (default: the cache duration). A whole fetch is what removes a record deleted at the backend.
   */
  wholeRefreshMs?: number;
  /**
   * A subcollection cached under one name (decision 045): the records of `remoteName` under every
   * cached record of this parent collection (messages of each conversation). Cache ids are
   * `${parentId}/${id}`; the backend path is `${parent remoteName}/${parentId}/${remoteName}/${id}`.
   */
  subcollectionOf?: string;
  /**
   * Array fields that only ever grow (messages' readBy): a write of one is sent as an array union,
   * so two people adding themselves at the same time both stay (decision 045).
   */
  unionFields?: readonly string[];
}

export interface CollectionSlice {
  /** The field the slice is selected by (an equality filter, which needs no composite index). */
  field: string;
  /** The value the field must have now. */
  value: (now: number) => string;
  /** How often the slice is fetched while online. */
  frequencyMs: number;
}

/**
 * Today's roll-call date for the sync's "today's roll calls" slice: the school day (the one clock)
 * in the device's zone, where the person taking the roll is. The whole collection still syncs every
 * 30 minutes, so a campus on another day is never missed for long.
 */
export function isoDay(now: number): string {
  return schoolDay(deviceTimeZone(), new Date(now));
}

/** How often today's roll calls are fetched while online (decision 044). */
export const TODAYS_ROLL_CALLS_REFRESH_MS = 2 * MINUTE;

export const COLLECTION_NOT_FOUND_MESSAGE = 'Collection not found in cache configuration';

/** Collections beyond spec §9 that are cached and writable offline (domain.md). */
const EXTRA_COLLECTIONS: readonly CollectionDefinition[] = [
  // Roll calls are taken in classrooms without Wi-Fi and change all morning: synced first, what
  // changed in the (scoped) collection every 30 minutes, and today's roll calls every 2 minutes on
  // their own (decision 044). Past roll calls rarely change, so the short cadence costs one small
  // query. The app never deletes a roll call, and one enters a person's scope only with a write or
  // with a change of scope (a child's new classroom), which fetches it whole; the whole collection
  // comes again once a day (issue 29: re-reading it every 30 minutes was half a parent's day).
  {
    ...extra('attendance', {
      syncFrequencyMs: 30 * MINUTE,
      cacheDurationMs: 7 * DAY,
      prioritySync: true,
    }),
    slice: { field: 'date', value: isoDay, frequencyMs: TODAYS_ROLL_CALLS_REFRESH_MS },
    changesOnlyWhenDue: true,
    wholeRefreshMs: DAY,
  },
  extra('events', { syncFrequencyMs: 6 * HOUR, cacheDurationMs: 14 * DAY, prioritySync: false }),
  // Never deleted and participants fixed once started (issue 28): refreshed by their changes.
  {
    ...extra('conversations', {
      syncFrequencyMs: 15 * MINUTE,
      cacheDurationMs: 7 * DAY,
      prioritySync: false,
    }),
    changesOnlyWhenDue: true,
  },
  // Every message of the person's conversations, fetched per conversation (decision 045). Synced
  // with the conversations; a new message's notification and an open thread fetch sooner.
  {
    ...extra('messages', {
      syncFrequencyMs: 15 * MINUTE,
      cacheDurationMs: 7 * DAY,
      prioritySync: false,
    }),
    subcollectionOf: 'conversations',
    unionFields: ['readBy'],
  },
  extra('parentInquiries', {
    syncFrequencyMs: 1 * HOUR,
    cacheDurationMs: 7 * DAY,
    prioritySync: false,
  }),
  // A parent's requests to add or remove a guardian (issue 28): few, and the office answers within
  // the day; the family page refreshes them when due, and a parent's request is queued offline.
  extra('guardianRequests', {
    syncFrequencyMs: 1 * HOUR,
    cacheDurationMs: 7 * DAY,
    prioritySync: false,
  }),
  // Absences families report (issue 32): read on the roll call, the office's list and the parent's
  // page, and queued offline like every write. Refreshed every 15 minutes; the roll call and the
  // office's list follow them live while open.
  // Never deleted (a family withdraws one), and about a student whose family and classrooms it
  // keeps: refreshed by their changes, whole once a day.
  {
    ...extra('absenceReports', {
      syncFrequencyMs: 15 * MINUTE,
      cacheDurationMs: 7 * DAY,
      prioritySync: true,
    }),
    changesOnlyWhenDue: true,
    wholeRefreshMs: DAY,
  },
  // Families' replies to events (issue 32): never deleted, each about one child of a family and
  // classrooms it keeps; refreshed by their changes, and followed live on the organiser's page.
  {
    ...extra('eventReplies', {
      syncFrequencyMs: 15 * MINUTE,
      cacheDurationMs: 7 * DAY,
      prioritySync: false,
    }),
    changesOnlyWhenDue: true,
    wholeRefreshMs: DAY,
  },
  extra('resources', {
    syncFrequencyMs: 24 * HOUR,
    cacheDurationMs: 30 * DAY,
    prioritySync: false,
  }),
  {
    ...extra('Notifications', { syncFrequencyMs: DAY, cacheDurationMs: DAY, prioritySync: false }),
    cached: false,
  },
  // The audit trail (issue 28): read by admins only, online, one record's entries at a time
  // (app/features/audit/history.ts: collection == X and docId == id, newest first, 50 at most);
  // never cached, since it grows with every write and no page needs it offline, and never written
  // by a client (the rules refuse; the triggers write it).
  {
    ...extra('auditLog', { syncFrequencyMs: DAY, cacheDurationMs: 0, prioritySync: false }),
    cached: false,
  },
];

function extra(
  name: string,
  params: Pick<CollectionSyncConfig, 'syncFrequencyMs' | 'cacheDurationMs' | 'prioritySync'>,
): CollectionDefinition {
  return {
    name,
    remoteName: name,
    cached: true,
    requiresAuth: true,
    version: DEFAULT_COLLECTION_VERSION,
    ...params,
  };
}

/** The Members profile collection is spelt with a capital M in Firestore (spec §3). */
const REMOTE_NAMES: Record<string, string> = { members: 'Members' };

const registry = new Map<string, CollectionDefinition>();

for (const [name, config] of Object.entries(COLLECTION_SYNC_CONFIG)) {
  registry.set(name, { ...config, name, remoteName: REMOTE_NAMES[name] ?? name, cached: true });
}
for (const definition of EXTRA_COLLECTIONS) registry.set(definition.name, definition);

/** Adds or replaces a collection definition (for collections added after start-up, and tests). */
export function registerCollection(definition: CollectionDefinition): void {
  registry.set(definition.name, definition);
}

/** The definition of `name`, or throws 'Collection not found in cache configuration'. */
export function getCollectionDefinition(name: string): CollectionDefinition {
  const definition = registry.get(name);
  if (!definition) throw new Error(COLLECTION_NOT_FOUND_MESSAGE);
  return definition;
}

export function isKnownCollection(name: string): boolean {
  return registry.has(name);
}

/** Every cached collection, priority collections first (spec §4 "Synchronisation"). */
export function cachedCollections(): CollectionDefinition[] {
  return [...registry.values()]
    .filter((d) => d.cached)
    .sort((a, b) => Number(b.prioritySync) - Number(a.prioritySync));
}

const schemasByRemoteName: Record<string, z.ZodType<unknown>> = RECORD_SCHEMAS;

/** The record schema of a collection (records.ts, keyed by the backend's collection name). */
export function recordSchemaFor(collection: string): z.ZodType<unknown> | undefined {
  const definition = registry.get(collection);
  const remoteName = definition?.remoteName ?? collection;
  return Object.hasOwn(schemasByRemoteName, remoteName)
    ? schemasByRemoteName[remoteName]
    : undefined;
}

/**
 * Where a cached record lives at the backend: its collection path and document id. A subcollection's
 * cache id `${parentId}/${id}` becomes `${parent}/${parentId}/${remoteName}` + `id` (decision 045).
 */
export function remoteRefOf(
  definition: CollectionDefinition,
  itemId: string,
): { collection: string; id: string } {
  if (!definition.subcollectionOf) return { collection: definition.remoteName, id: itemId };
  const slash = itemId.indexOf('/');
  if (slash <= 0 || slash === itemId.length - 1 || itemId.indexOf('/', slash + 1) !== -1) {
    throw new Error(`Invalid ${definition.name} id: ${itemId} (expected <parentId>/<id>)`);
  }
  return {
    collection: childCollectionPath(definition, itemId.slice(0, slash)),
    id: itemId.slice(slash + 1),
  };
}

/** The backend path of a subcollection under one parent record. */
export function childCollectionPath(definition: CollectionDefinition, parentId: string): string {
  const parent = definition.subcollectionOf
    ? getCollectionDefinition(definition.subcollectionOf)
    : null;
  if (!parent) throw new Error(`${definition.name} is not a subcollection`);
  return `${parent.remoteName}/${parentId}/${definition.remoteName}`;
}

/** The field a subcollection's cached records name their parent by: conversations → conversationId. */
export function parentIdField(definition: CollectionDefinition): string {
  const parent = definition.subcollectionOf ?? '';
  return `${parent.endsWith('s') ? parent.slice(0, -1) : parent}Id`;
}
