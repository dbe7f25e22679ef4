// Files in Firebase Storage, through `firebase/storage` (loaded on first use, like the other
// services in app.ts). In demo mode the fake serves Storage's REST API (mocks/storage.ts).
// Every failure comes out as a BackendError whose message can be shown as it is: the SDK's
// `storage/*` codes are mapped to the backend's codes (so `permanent` decides retries as for
// Firestore) and to words a person understands.
import { UPLOAD_MESSAGES, uploadProblem } from '~/domain/resources';
import { getAuthInstance, getStorageInstance } from './app';
import { BackendError, firebaseCodeOf } from './errors';
import { request } from './request';
import type { UploadTaskSnapshot } from 'firebase/storage';

export interface UploadProgress {
  bytesTransferred: number;
  totalBytes: number;
}

export interface UploadResult {
  storagePath: string;
  size: number;
  mimeType: string;
}

export interface UploadHandle {
  /** Resolves when the file is stored; rejects with a BackendError (code 'cancelled' after cancel()). */
  done: Promise<UploadResult>;
  /** Stops the upload; `done` rejects with code 'cancelled'. */
  cancel(): void;
}

export const STORAGE_MESSAGES = {
  uploadRefused: 'You may not upload files here.',
  readRefused: 'You may not open this file.',
  deleteRefused: 'You may not delete this file.',
  notFound: 'This file is no longer available.',
  cancelled: 'The upload was cancelled.',
  interrupted: 'The upload was interrupted. Check your connection and try again.',
  readFailed: 'The file could not be opened. Check your connection and try again.',
  deleteFailed: 'The file could not be deleted. Try again.',
  signedOut: 'Your session has ended. Sign in again to continue.',
} as const;

type Operation = 'upload' | 'read' | 'delete';

const REFUSED: Record<Operation, string> = {
  upload: STORAGE_MESSAGES.uploadRefused,
  read: STORAGE_MESSAGES.readRefused,
  delete: STORAGE_MESSAGES.deleteRefused,
};
const FAILED: Record<Operation, string> = {
  upload: STORAGE_MESSAGES.interrupted,
  read: STORAGE_MESSAGES.readFailed,
  delete: STORAGE_MESSAGES.deleteFailed,
};

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The SDK's `storage/*` error as a BackendError with a message for the person. */
export function storageError(error: unknown, operation: Operation): BackendError {
  if (error instanceof BackendError) return error;
  const code = firebaseCodeOf(error);
  const make = (message: string, mapped: string, permanent?: boolean) =>
    new BackendError(message, { code: mapped, permanent, cause: error });
  switch (code) {
    case 'storage/canceled':
      return make(STORAGE_MESSAGES.cancelled, 'cancelled', true);
    case 'storage/unauthorized':
      return make(REFUSED[operation], 'permission-denied');
    case 'storage/unauthenticated':
      return make(STORAGE_MESSAGES.signedOut, 'unauthenticated');
    case 'storage/object-not-found':
      return make(STORAGE_MESSAGES.notFound, 'not-found');
    case 'storage/quota-exceeded':
      // The service's answer to a file over the size its rules allow.
      return make(UPLOAD_MESSAGES.tooLarge, 'resource-exhausted', true);
    case 'storage/invalid-argument':
    case 'storage/invalid-format':
      return make(FAILED[operation], 'invalid-argument');
    default:
      // retry-limit-exceeded (no connection for the whole retry time), unknown, internal errors.
      return make(
        operation === 'upload' && isOffline() ? UPLOAD_MESSAGES.offline : FAILED[operation],
        'unavailable',
        false,
      );
  }
}

/** Rejects `done` at once: a check that fails before anything is sent. */
function refusedHandle(error: BackendError): UploadHandle {
  const done = Promise.reject(error);
  // The caller may attach its handler later; an unobserved rejection must not be reported.
  done.catch(() => undefined);
  return { done, cancel: () => undefined };
}

/**
 * Starts a resumable upload of `file` to `storagePath`, reporting progress as it goes. Too large,
 * empty or disallowed files and an offline device are refused before anything is sent. The
 * uploader's uid goes into the file's custom metadata (`uploadedBy`); the backend trusts the ID
 * token for it, not the metadata. No request timeout: a large file on a slow line takes as long as
 * it takes (the SDK gives up after STORAGE_UPLOAD_RETRY_MS without progress).
 */
export function uploadFile(
  storagePath: string,
  file: Blob,
  options: { contentType: string; onProgress?: (progress: UploadProgress) => void },
): UploadHandle {
  const problem = uploadProblem({
    name: storagePath.slice(storagePath.lastIndexOf('/') + 1),
    size: file.size,
    type: options.contentType,
  });
  if (problem !== null) {
    return refusedHandle(
      new BackendError(problem, {
        code: problem === UPLOAD_MESSAGES.tooLarge ? 'resource-exhausted' : 'invalid-argument',
        permanent: true,
      }),
    );
  }
  if (isOffline()) {
    return refusedHandle(
      new BackendError(UPLOAD_MESSAGES.offline, { code: 'unavailable', permanent: false }),
    );
  }

  let cancelled = false;
  let cancelTask: (() => void) | null = null;
  const done = (async (): Promise<UploadResult> => {
    const [storage, auth, { ref, uploadBytesResumable }] = await Promise.all([
      getStorageInstance(),
      getAuthInstance(),
      import('firebase/storage'),
    ]);
    if (cancelled) throw storageError({ code: 'storage/canceled' }, 'upload');
    const uid = auth.currentUser?.uid;
    const task = uploadBytesResumable(ref(storage, storagePath), file, {
      contentType: options.contentType,
      customMetadata: uid ? { uploadedBy: uid } : {},
    });
    cancelTask = () => task.cancel();
    options.onProgress?.({ bytesTransferred: 0, totalBytes: file.size });
    const snapshot = await new Promise<UploadTaskSnapshot>((resolve, reject) => {
      task.on(
        'state_changed',
        (progress) =>
          options.onProgress?.({
            bytesTransferred: progress.bytesTransferred,
            totalBytes: progress.totalBytes,
          }),
        reject,
        () => resolve(task.snapshot),
      );
    });
    return {
      storagePath: snapshot.metadata.fullPath,
      size: snapshot.metadata.size,
      mimeType: snapshot.metadata.contentType ?? options.contentType,
    };
  })().catch((error: unknown) => {
    throw storageError(error, 'upload');
  });
  done.catch(() => undefined);
  return {
    done,
    cancel() {
      cancelled = true;
      cancelTask?.();
    },
  };
}

/**
 * The file's bytes (for opening, previewing, downloading and keeping offline), typed with the
 * file's content type. Read with getBytes (an `arraybuffer` XHR) and getMetadata rather than
 * getBlob: getBlob asks for a `blob` XHR, which the in-page fake's XHR interception
 * (@mswjs/interceptors 0.41) decodes as text, mangling every binary file; getBytes also works in
 * Node, where getBlob does not exist.
 */
export async function getFileBlob(storagePath: string): Promise<Blob> {
  try {
    // Downloads wait for their bytes; the SDK itself gives up after STORAGE_OPERATION_RETRY_MS.
    return await request(
      STORAGE_MESSAGES.readFailed,
      async () => {
        const [storage, { getBytes, getMetadata, ref }] = await Promise.all([
          getStorageInstance(),
          import('firebase/storage'),
        ]);
        const fileRef = ref(storage, storagePath);
        try {
          const [bytes, metadata] = await Promise.all([getBytes(fileRef), getMetadata(fileRef)]);
          return new Blob([bytes], { type: metadata.contentType ?? 'application/octet-stream' });
        } catch (error) {
          throw storageError(error, 'read');
        }
      },
      Infinity,
    );
  } catch (error) {
    throw storageError(error, 'read');
  }
}

export async function deleteFile(storagePath: string): Promise<void> {
  await request(STORAGE_MESSAGES.deleteFailed, async () => {
    const [storage, { deleteObject, ref }] = await Promise.all([
      getStorageInstance(),
      import('firebase/storage'),
    ]);
    try {
      await deleteObject(ref(storage, storagePath));
    } catch (error) {
      throw storageError(error, 'delete');
    }
  });
}

export function isCancelled(error: unknown): error is BackendError {
  return error instanceof BackendError && error.code === 'cancelled';
}
