// A family's document on an absence report (issue 32): where it is stored, the checks a picked
// file passes before it is uploaded, the words a person reads, and the `document` the action saves.
import { describe, expect, it } from 'vitest';
import { BackendError } from '~/backend/errors';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '~/domain/resources';
import {
  absenceDocumentPath,
  ATTACH_DOCUMENT_INTENT,
  attachDocumentForm,
  DOCUMENT_MESSAGES,
  documentBlocker,
  documentDetails,
  documentMessage,
  downloadFailureMessage,
  fileNameOf,
  isCancelledUpload,
  isDocumentOf,
  planDocument,
  uploadFailureMessage,
} from './document';

describe('absenceDocumentPath', () => {
  it('puts the file in the report’s folder under a safe name', () => {
    expect(absenceDocumentPath('r1', 'doctors-note.pdf')).toBe(
      'absenceDocuments/r1/doctors-note.pdf',
    );
    expect(absenceDocumentPath('r1', '../../resources/x.pdf')).toBe(
      'absenceDocuments/r1/.._.._resources_x.pdf',
    );
    expect(fileNameOf(absenceDocumentPath('r1', 'a/b.pdf'))).toBe('a_b.pdf');
  });

  it('knows a path of the report’s folder from one elsewhere', () => {
    expect(isDocumentOf('r1', 'absenceDocuments/r1/note.pdf')).toBe(true);
    expect(isDocumentOf('r1', 'absenceDocuments/r2/note.pdf')).toBe(false);
    expect(isDocumentOf('r1', 'absenceDocuments/r1/')).toBe(false);
    expect(isDocumentOf('r1', 'absenceDocuments/r1/a/note.pdf')).toBe(false);
    expect(isDocumentOf('r1', 'resources/r1/note.pdf')).toBe(false);
    expect(isDocumentOf('', 'absenceDocuments//note.pdf')).toBe(false);
  });
});

describe('documentMessage', () => {
  it('turns the resources’ link advice into advice about a document', () => {
    expect(documentMessage(UPLOAD_MESSAGES.tooLarge)).toBe(DOCUMENT_MESSAGES.tooLarge);
    expect(documentMessage(UPLOAD_MESSAGES.offline)).toBe(DOCUMENT_MESSAGES.offline);
    expect(documentMessage(UPLOAD_MESSAGES.empty)).toBe(UPLOAD_MESSAGES.empty);
  });
});

describe('failures after the checks', () => {
  it('says a backend refusal as it is, and anything else plainly', () => {
    const refused = new BackendError('You may not upload files here.', {
      code: 'permission-denied',
    });
    expect(uploadFailureMessage(refused)).toBe('You may not upload files here.');
    const offline = new BackendError(UPLOAD_MESSAGES.offline, { code: 'unavailable' });
    expect(uploadFailureMessage(offline)).toBe(DOCUMENT_MESSAGES.offline);
    expect(uploadFailureMessage(new Error('boom'))).toBe(DOCUMENT_MESSAGES.uploadFailed);
    expect(downloadFailureMessage(new Error('boom'))).toBe(DOCUMENT_MESSAGES.downloadFailed);
    expect(isCancelledUpload(new BackendError('x', { code: 'cancelled' }))).toBe(true);
    expect(isCancelledUpload(refused)).toBe(false);
  });
});

describe('documentBlocker', () => {
  it('blocks a withdrawn report and one that has not reached the school', () => {
    expect(documentBlocker({ status: 'withdrawn' }, false)).toBe(DOCUMENT_MESSAGES.withdrawn);
    expect(documentBlocker({ status: 'reported' }, true)).toBe(DOCUMENT_MESSAGES.notSent);
    expect(documentBlocker({ status: 'documentRequested' }, false)).toBeNull();
    expect(documentBlocker({ status: 'acknowledged' }, false)).toBeNull();
  });
});

describe('planDocument', () => {
  const document = {
    storagePath: 'absenceDocuments/r1/note.pdf',
    name: 'note.pdf',
    mimeType: 'application/pdf',
    size: 1200,
  };
  const values = (overrides: Record<string, unknown> = {}) => ({
    intent: ATTACH_DOCUMENT_INTENT,
    reportId: 'r1',
    ...document,
    size: '1200',
    ...overrides,
  });

  it('gives the document the page uploaded, from the form it sends', () => {
    const form = attachDocumentForm('r1', document);
    expect(Object.fromEntries(form.entries())).toEqual(values());
    expect(planDocument(values(), 'r1')).toEqual(document);
  });

  it('refuses a document of another report, folder, name or type', () => {
    expect(planDocument(values(), 'r2')).toBeNull();
    expect(planDocument(values({ reportId: 'r2' }), 'r1')).toBeNull();
    expect(planDocument(values({ storagePath: 'absenceDocuments/r2/note.pdf' }), 'r1')).toBeNull();
    expect(planDocument(values({ storagePath: 'resources/r1/note.pdf' }), 'r1')).toBeNull();
    expect(planDocument(values({ name: 'other.pdf' }), 'r1')).toBeNull();
    expect(planDocument(values({ mimeType: 'text/html' }), 'r1')).toBeNull();
    expect(planDocument(values({ mimeType: 'image/png' }), 'r1')).toBeNull();
    expect(planDocument(values({ size: '0' }), 'r1')).toBeNull();
    expect(planDocument(values({ size: String(MAX_UPLOAD_BYTES + 1) }), 'r1')).toBeNull();
    expect(planDocument(values({ size: 'lots' }), 'r1')).toBeNull();
  });
});

describe('documentDetails', () => {
  it('says the kind and size of the file', () => {
    expect(documentDetails({ mimeType: 'application/pdf', size: 1 })).toBe('PDF, 1 byte');
    expect(documentDetails({ mimeType: 'image/jpeg', size: 350 * 1024 })).toBe(
      'JPEG image, 350 KB',
    );
    expect(
      documentDetails({
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        size: 2.5 * 1024 * 1024,
      }),
    ).toBe('Word document, 2.5 MB');
    expect(documentDetails({ mimeType: 'application/x-unknown', size: 2048 })).toBe('File, 2 KB');
  });
});
