// What an edit form's save needs from the data layer besides the store's save (decision 052): the
// freshest copy of the record the device can have, to compare with what the form opened, and the
// name of whoever changed it last. Online, the record is read from the backend first (a short time
// limit: a slow network must not hold the save), and that copy goes into the cache with this
// device's pending changes laid over it, as any refresh does; offline, the cache's copy it is.
import { z } from 'zod';
import { getCollectionDefinition, recordSchemaFor, remoteRefOf } from './collections';
import { store as appStore, type CachedRecord, type Store } from './store';

/** How long a save waits for the backend's copy before it compares with the cache's. */
export const FRESH_READ_TIMEOUT_MS = 3000;

const recordWithId = z.object({ id: z.string().min(1) }).passthrough();

/** Reads one record from the backend (null: not there, or not readable as a record). */
export type RemoteRead = (collection: string, id: string) => Promise<CachedRecord | null>;

export interface FreshestOptions {
  store?: Store;
  /** Whether the device is online (the app's connectivity by default). */
  isOnline?: () => boolean;
  readRemote?: RemoteRead;
  timeoutMs?: number;
}

/** The backend's copy through app/backend, loaded on first use like the sync engine's. */
const readFromBackend: RemoteRead = async (collection, id) => {
  const { getDocument } = await import('~/backend/documents');
  const definition = getCollectionDefinition(collection);
  const ref = remoteRefOf(definition, id);
  const schema = recordSchemaFor(collection) ?? recordWithId;
  const document = await getDocument(ref.collection, ref.id, schema);
  const parsed = recordWithId.safeParse(document);
  return parsed.success ? { ...parsed.data, id } : null;
};

async function appOnline(): Promise<boolean> {
  const { syncEngine } = await import('./sync-status');
  return syncEngine.connectivity.isOnline();
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The freshest copy of a record this device can have: the backend's (read now, with this device's
 * pending changes laid over it, and kept in the cache) when online and answering in time, else the
 * cache's. Null when neither has it.
 */
export async function freshestRecord(
  collection: string,
  id: string,
  options: FreshestOptions = {},
): Promise<CachedRecord | null> {
  const store = options.store ?? appStore;
  const online = options.isOnline ? options.isOnline() : await appOnline();
  if (online) {
    try {
      const read = (options.readRemote ?? readFromBackend)(collection, id);
      const remote = await within(read, options.timeoutMs ?? FRESH_READ_TIMEOUT_MS);
      if (remote !== 'timeout' && remote) {
        await store.applySlice(getCollectionDefinition(collection), [remote]);
      }
    } catch {
      // Offline after all, or refused: the cache's copy is the freshest this device has.
    }
  }
  return store.get(collection, id);
}

/**
 * The display name of a member (a record's `updatedBy`) from the lists this device holds: the
 * Members profiles, else a facilitator's name; "Someone" when none knows them.
 */
export async function memberName(
  uid: unknown,
  options: { store?: Store; fallback?: string } = {},
): Promise<string> {
  const store = options.store ?? appStore;
  const fallback = options.fallback ?? 'Someone';
  if (typeof uid !== 'string' || uid === '') return fallback;
  const member = await store.get('members', uid);
  const displayName = member?.displayName;
  if (typeof displayName === 'string' && displayName.trim() !== '') return displayName.trim();
  const [facilitator] = await store.list('facilitators', {
    filters: [{ field: 'memberUUID', op: '==', value: uid }],
    limit: 1,
  });
  const first = facilitator?.firstName;
  const last = facilitator?.lastName;
  if (typeof first === 'string' && typeof last === 'string') return `${first} ${last}`.trim();
  return fallback;
}
