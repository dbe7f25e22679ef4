// The three backend calls the sync engine needs, as a small port: the app uses app/backend (loaded
// lazily, so Firebase is not fetched before the first sync), tests may pass an in-memory stand-in.
import { z } from 'zod';
import type { BatchOperation, Filter } from '~/backend/documents';

export type { BatchOperation, Filter };

export interface RemoteVersion {
  version: string;
}

export interface SyncBackend {
  /** Every document of a collection that matches `filters` (no limit), parsed with `schema`. */
  listDocuments<T>(
    collection: string,
    schema: z.ZodType<T, z.ZodTypeDef, unknown>,
    options: { filters?: Filter[] },
  ): Promise<T[]>;
  /** Applies the operations atomically (at most 500). */
  commitBatch(operations: BatchOperation[]): Promise<void>;
  /** The `collections` map of system/collectionVersions, or null when the document is missing. */
  getCollectionVersions(): Promise<Record<string, RemoteVersion> | null>;
}

/** The app's backend: app/backend's domain functions, imported on first use. */
export function createFirebaseSyncBackend(): SyncBackend {
  const load = () => import('~/backend/documents');
  return {
    async listDocuments(collection, schema, options) {
      const documents = await load();
      return documents.listDocuments(collection, schema, { ...options, all: true });
    },
    async commitBatch(operations) {
      const documents = await load();
      await documents.commitBatch(operations);
    },
    async getCollectionVersions() {
      const documents = await load();
      const versions = await documents.getCollectionVersions();
      return versions ? versions.collections : null;
    },
  };
}

const backendErrorShape = z.object({
  message: z.string(),
  code: z.string(),
  permanent: z.boolean(),
});

export interface SyncFailure {
  permanent: boolean;
  message: string;
  code: string;
}

/**
 * Whether retrying can help. app/backend's BackendError says so itself; anything else (a TypeError
 * from fetch, a time-out) is treated as transient, because giving up on a write is the costlier error.
 */
export function classifyFailure(error: unknown): SyncFailure {
  const parsed = backendErrorShape.safeParse(error);
  if (parsed.success) return parsed.data;
  const message = error instanceof Error ? error.message : String(error);
  return { permanent: false, message, code: 'unknown' };
}
