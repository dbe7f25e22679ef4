// @vitest-environment node
// A family's document on an absence report, end to end against the fake Firebase (msw/node): the
// demo parent uploads a doctor's note through app/backend/storage.ts and the real `firebase/storage`
// SDK to the report's folder, their device saves it on the report through the cache and the
// pending-changes queue, and it syncs; the office reads the bytes back, a facilitator may not.
// Node's environment, not jsdom's: jsdom's Blob is not a body Node's fetch can send.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scopeForUser } from '~/auth/user-data';
import { STORAGE_MESSAGES, getFileBlob, uploadFile } from '~/backend/storage';
import { rejectionOf, signInAs } from '~/backend/test-helpers';
import type { Connectivity } from '~/data/connectivity';
import { createStore } from '~/data/store';
import { createSyncEngine } from '~/data/sync-engine';
import { memberSchema } from '~/domain/records';
import { fake } from '../../../mocks/index';
import { clearUploadSessions } from '../../../mocks/storage';
import { absenceDocumentPath, fileNameOf, planDocument, attachDocumentForm } from './document';
import { absenceReportRecordSchema } from './report-form';

const FAMILY = 'fam-0000';
const online: Connectivity = {
  isOnline: () => true,
  subscribe: () => () => {},
  check: async () => true,
  start: () => {},
  stop: () => {},
};
const disposers: Array<() => void> = [];
let counter = 0;

beforeEach(async () => {
  await fake.reset({ profile: 'demo' });
});
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
  clearUploadSessions();
});

/** The demo family's seeded report (Ivy's appointment). */
function ownReportId(): string {
  const found = fake.listDocuments('absenceReports').find((r) => r.data.familyId === FAMILY);
  if (!found) throw new Error('The seed has no report of the demo family');
  return found.id;
}

/** A PDF of `size` bytes that starts like one. */
function pdf(size: number): Blob {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return new Blob([bytes], { type: 'application/pdf' });
}

describe('a doctor’s note on an absence report', () => {
  it('is uploaded by the parent, saved on the report through the queue, and read by the office', async () => {
    const uid = await signInAs('parent');
    const reportId = ownReportId();
    const file = pdf(300 * 1024);
    const stored = await uploadFile(absenceDocumentPath(reportId, 'Doctor’s note.pdf'), file, {
      contentType: 'application/pdf',
    }).done;
    expect(stored).toEqual({
      storagePath: `absenceDocuments/${reportId}/Doctor’s note.pdf`,
      size: file.size,
      mimeType: 'application/pdf',
    });

    // The parent's device: its cache holds the family's reports, as the page's action reads them.
    const { store, outbox } = createStore({ dbName: `absence-document-${++counter}` });
    await store.init({ uid });
    disposers.push(() => store.dispose());
    const member = memberSchema.parse(fake.getDocument(`Members/${uid}`));
    const engine = createSyncEngine({
      store,
      outbox,
      connectivity: online,
      scopeFor: (collection) =>
        collection === 'absenceReports'
          ? scopeForUser({ roles: ['parent'], member, memberUUID: uid, uid }, collection)
          : null,
    });
    await engine.sync();
    expect(await store.get('absenceReports', reportId)).not.toBeNull();

    const form = attachDocumentForm(reportId, {
      storagePath: stored.storagePath,
      name: fileNameOf(stored.storagePath),
      mimeType: stored.mimeType,
      size: stored.size,
    });
    const document = planDocument(Object.fromEntries(form.entries()), reportId);
    expect(document).not.toBeNull();
    expect(await store.save('absenceReports', { id: reportId, document })).not.toBeNull();
    await engine.sync();
    expect(await outbox.pendingChanges()).toEqual([]);
    const saved = absenceReportRecordSchema.parse({
      id: reportId,
      ...fake.getDocument(`absenceReports/${reportId}`),
    });
    expect(saved.document).toEqual(document);
    expect(saved.status).toBe('reported');

    await signInAs('administration');
    const read = await getFileBlob(stored.storagePath);
    expect(read.size).toBe(file.size);
    expect(read.type).toBe('application/pdf');

    await signInAs('facilitator');
    const refused = await rejectionOf(getFileBlob(stored.storagePath));
    expect(refused.message).toBe(STORAGE_MESSAGES.readRefused);
  });

  it('is refused to the office and to a parent for a report that does not exist', async () => {
    await signInAs('administration');
    const office = await rejectionOf(
      uploadFile(absenceDocumentPath(ownReportId(), 'note.pdf'), pdf(2048), {
        contentType: 'application/pdf',
      }).done,
    );
    expect(office.message).toBe(STORAGE_MESSAGES.uploadRefused);
    await signInAs('parent');
    const missing = await rejectionOf(
      uploadFile(absenceDocumentPath('no-such-report', 'note.pdf'), pdf(2048), {
        contentType: 'application/pdf',
      }).done,
    );
    expect(missing.message).toBe(STORAGE_MESSAGES.uploadRefused);
  });
});
