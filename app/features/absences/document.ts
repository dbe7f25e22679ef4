// A document a family adds to its absence report (issue 32), such as a doctor's note: where it is
// stored, the words a person reads when something goes wrong, and the check of the `document` the
// page's action saves on the report. The checks of a picked file are ./document-file.ts, loaded
// with the page's component only (the home tile reaches this module through the route module). The file goes to Storage at `absenceDocuments/{reportId}/{file name}`, where
// the storage rules (scripts/rules/storage.ts, and the fake's mocks/storage.ts) let only a guardian
// of the report's family upload it, and the office, the uploader and the family read it.
import { z } from 'zod';
import { BackendError } from '~/backend/errors';
import {
  extensionAgrees,
  isAllowedType,
  MAX_UPLOAD_BYTES,
  safeFileName,
  typeLabel,
  UPLOAD_MESSAGES,
} from '~/domain/resources';
import type { AbsenceReportRecord } from './report-form';

/** The Storage folder of absence documents (the storage rules match the same). */
export const ABSENCE_DOCUMENTS_FOLDER = 'absenceDocuments';

/** Where a report's document is stored: `absenceDocuments/{reportId}/{safe file name}`. */
export function absenceDocumentPath(reportId: string, fileName: string): string {
  return `${ABSENCE_DOCUMENTS_FOLDER}/${reportId}/${safeFileName(fileName)}`;
}

/** The file name of a storage path (its last segment). */
export function fileNameOf(storagePath: string): string {
  return storagePath.slice(storagePath.lastIndexOf('/') + 1);
}

/**
 * Is `storagePath` a file in this report's folder? A `document` written by hand that points
 * elsewhere (another report's note, a resource) is not offered for download.
 */
export function isDocumentOf(reportId: string, storagePath: string): boolean {
  const prefix = `${ABSENCE_DOCUMENTS_FOLDER}/${reportId}/`;
  if (reportId === '' || reportId.includes('/') || !storagePath.startsWith(prefix)) return false;
  const name = storagePath.slice(prefix.length);
  return name !== '' && !name.includes('/');
}

export const DOCUMENT_MESSAGES = {
  choose: 'Choose a file to upload.',
  tooLarge: 'This file is larger than 25 MB. Choose a smaller file, such as a photo of the note.',
  wrongType:
    'This kind of file cannot be uploaded. Choose a PDF, a photo or scan (JPEG or PNG), or a document (Word or text).',
  offline: 'You are offline. A document can be uploaded when you are back online.',
  offlineDownload: 'You are offline. The document can be downloaded when you are back online.',
  notSent:
    'This report has not reached the school yet. You can add a document once it has been sent.',
  uploadFailed: 'The document could not be uploaded. Nothing was changed; try again.',
  cancelled: 'Upload cancelled. Nothing was changed.',
  added: 'The document was added to the report.',
  notSaved:
    'The document was uploaded but could not be added to the report on this device. Try again.',
  invalid: 'The uploaded document could not be added to the report. Upload it again.',
  withdrawn: 'This report was withdrawn, so no document can be added to it.',
  downloadFailed: 'The document could not be downloaded. Check your connection and try again.',
} as const;

/**
 * The resources' upload messages speak of sharing and links; a family adding a note to a report
 * reads these instead. Anything else (a name that does not agree with its type, a file that is not
 * what it says) is already about the file, and is said as it is.
 */
export function documentMessage(message: string): string {
  switch (message) {
    case UPLOAD_MESSAGES.tooLarge:
      return DOCUMENT_MESSAGES.tooLarge;
    case UPLOAD_MESSAGES.wrongType:
      return DOCUMENT_MESSAGES.wrongType;
    case UPLOAD_MESSAGES.offline:
      return DOCUMENT_MESSAGES.offline;
    default:
      return message;
  }
}

/** The message of a failed or refused upload, for the person (a BackendError's is theirs already). */
export function uploadFailureMessage(error: unknown): string {
  return error instanceof BackendError
    ? documentMessage(error.message)
    : DOCUMENT_MESSAGES.uploadFailed;
}

/** Did the upload end because the person cancelled it? */
export function isCancelledUpload(error: unknown): boolean {
  return error instanceof BackendError && error.code === 'cancelled';
}

/** The message of a failed download. */
export function downloadFailureMessage(error: unknown): string {
  return error instanceof BackendError ? error.message : DOCUMENT_MESSAGES.downloadFailed;
}

/** A report a family may add a document to: not withdrawn, and already at the school. */
export function documentBlocker(
  report: Pick<AbsenceReportRecord, 'status'>,
  waitingToSend: boolean,
): string | null {
  if (report.status === 'withdrawn') return DOCUMENT_MESSAGES.withdrawn;
  if (waitingToSend) return DOCUMENT_MESSAGES.notSent;
  return null;
}

// ---- the page's action: the document saved on the report ------------------------------------------

export const ATTACH_DOCUMENT_INTENT = 'attach-document';

const documentFormSchema = z.object({
  reportId: z.string().trim().min(1),
  storagePath: z.string().trim().min(1).max(500),
  name: z.string().trim().min(1).max(200),
  mimeType: z.string().trim().min(1).max(100),
  size: z.coerce.number().int().positive().max(MAX_UPLOAD_BYTES),
});

export type AbsenceDocument = NonNullable<AbsenceReportRecord['document']>;

/**
 * The `document` to save on the report, from the form the page sends after the upload, or null
 * when it is not one this app uploads for this report: the path is the name in the report's
 * folder, the type is on the list and agrees with the name.
 */
export function planDocument(
  input: Record<string, unknown>,
  reportId: string,
): AbsenceDocument | null {
  const parsed = documentFormSchema.safeParse(input);
  if (!parsed.success) return null;
  const { storagePath, name, mimeType, size } = parsed.data;
  if (parsed.data.reportId !== reportId) return null;
  if (!isDocumentOf(reportId, storagePath) || fileNameOf(storagePath) !== name) return null;
  if (!isAllowedType(mimeType) || !extensionAgrees(name, mimeType)) return null;
  return { storagePath, name, mimeType, size };
}

/** The form the page sends to its action once the file is stored. */
export function attachDocumentForm(reportId: string, document: AbsenceDocument): FormData {
  const form = new FormData();
  form.set('intent', ATTACH_DOCUMENT_INTENT);
  form.set('reportId', reportId);
  form.set('storagePath', document.storagePath);
  form.set('name', document.name);
  form.set('mimeType', document.mimeType);
  form.set('size', String(document.size));
  return form;
}

/** "PDF, 120 KB", "JPEG image, 2.1 MB": what the card says of a document beside its name. */
export function documentDetails(document: Pick<AbsenceDocument, 'mimeType' | 'size'>): string {
  const kind = isAllowedType(document.mimeType)
    ? typeLabel(document.mimeType).replace(/^an? /, '')
    : 'File';
  const size =
    document.size < 1024
      ? `${document.size} ${document.size === 1 ? 'byte' : 'bytes'}`
      : document.size < 1024 * 1024
        ? `${Math.round(document.size / 1024)} KB`
        : `${(document.size / (1024 * 1024)).toFixed(1)} MB`;
  return `${kind}, ${size}`;
}
