// The bump of system/collectionVersions after a write to a cached collection (spec §3, §9). The
// sync engine refetches a collection whose remote version differs from the one it cached with, so
// a patch bump makes every device pick up a change made anywhere: in the app (which also bumps it
// itself today), in the console, by a script or by another function.
import type { ServerContext, ServerWrite } from './outcome';

export const COLLECTION_VERSIONS_DOC = 'system/collectionVersions';

/**
 * The cached collections by their Firestore collection id, with the name the client's registry
 * (app/data/collections.ts) gives them and reads versions under. The domain may not import the data
 * layer, so this list is kept here and a test compares it with the registry's cached collections.
 */
export const CACHED_COLLECTION_NAMES: Readonly<Record<string, string>> = {
  students: 'students',
  families: 'families',
  facilitators: 'facilitators',
  subjects: 'subjects',
  classrooms: 'classrooms',
  campuses: 'campuses',
  Members: 'members',
  attendance: 'attendance',
  events: 'events',
  conversations: 'conversations',
  messages: 'messages',
  parentInquiries: 'parentInquiries',
  resources: 'resources',
  guardianRequests: 'guardianRequests',
  absenceReports: 'absenceReports',
  eventReplies: 'eventReplies',
};

/** The cache name of the collection a document path is in (a subcollection by its own id). */
export function cachedCollectionOf(path: string): string | null {
  const segments = path.split('/');
  if (segments.length < 2 || segments.length % 2 !== 0) return null;
  const collectionId = segments[segments.length - 2] ?? '';
  return Object.hasOwn(CACHED_COLLECTION_NAMES, collectionId)
    ? (CACHED_COLLECTION_NAMES[collectionId] ?? null)
    : null;
}

/** "1.2.3" → "1.2.4"; anything unparsable starts again from the default "1.0.0" → "1.0.1". */
export function nextPatchVersion(version: unknown): string {
  const match = typeof version === 'string' ? /^(\d+)\.(\d+)\.(\d+)$/.exec(version.trim()) : null;
  if (!match) return '1.0.1';
  return `${match[1]}.${match[2]}.${Number(match[3]) + 1}`;
}

function versionOf(doc: Record<string, unknown> | null, name: string): unknown {
  const collections = doc?.collections;
  if (typeof collections !== 'object' || collections === null) return undefined;
  const entry: unknown = Object.getOwnPropertyDescriptor(collections, name)?.value;
  return typeof entry === 'object' && entry !== null && 'version' in entry
    ? entry.version
    : undefined;
}

/**
 * The version bump for writes to these document paths: each cached collection once, the other
 * collections' entries kept (a merge). Nothing for paths outside the cached collections.
 */
export function versionBumpWrites(
  paths: readonly string[],
  ctx: ServerContext,
  nowIso: string,
): ServerWrite[] {
  const names = [...new Set(paths.map(cachedCollectionOf).filter((n): n is string => n !== null))];
  if (names.length === 0) return [];
  const current = ctx.get(COLLECTION_VERSIONS_DOC);
  const now = new Date(nowIso);
  const collections: Record<string, { version: string; updatedAt: Date }> = {};
  for (const name of names.sort()) {
    collections[name] = { version: nextPatchVersion(versionOf(current, name)), updatedAt: now };
  }
  return [{ path: COLLECTION_VERSIONS_DOC, data: { collections, lastUpdated: now }, merge: true }];
}
