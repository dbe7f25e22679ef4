// Files in Firebase Storage, through `firebase/storage` (loaded on first use, like the other
// services in app.ts). In demo mode the fake serves Storage's REST API (mocks/storage.ts).
// CONTRACT (the lead's skeleton; helper D implements it):
import type { BackendError } from './errors';

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

/** Starts a resumable upload of `file` to `storagePath`, reporting progress as it goes. */
export function uploadFile(
  storagePath: string,
  file: Blob,
  options: { contentType: string; onProgress?: (progress: UploadProgress) => void },
): UploadHandle {
  void storagePath;
  void file;
  void options;
  throw new Error('not implemented yet (helper D)');
}

/** The file's bytes (for opening, previewing, downloading and keeping offline). */
export async function getFileBlob(storagePath: string): Promise<Blob> {
  void storagePath;
  throw new Error('not implemented yet (helper D)');
}

export async function deleteFile(storagePath: string): Promise<void> {
  void storagePath;
  throw new Error('not implemented yet (helper D)');
}

export function isCancelled(error: unknown): error is BackendError {
  void error;
  return false;
}
