// Issue 32's probes for the documents families add to absence reports (a doctor's note), over HTTP
// against the fake's server mode as an attacker would send them. A document lives in Storage at
// `absenceDocuments/{reportId}/{file name}`: only a guardian of the report's family uploads it,
// with the resources' upload checks (size, allowed type, a name that agrees with the type); the
// office, the uploader and the family read it; a facilitator, a student and another family read
// nothing; the uploader or the office delete it. Each refusal sits beside its control.
import { describe, expect, it } from 'vitest';
import { DEMO_FIREBASE_CONFIG } from '../../app/config/demo';
import { MAX_UPLOAD_BYTES } from '../../app/domain/resources';
import { fake } from '../../mocks/index';
import {
  baseUrl,
  expectAllowed,
  expectDenied,
  getObject,
  merge,
  signIn,
  signInAs,
  startFakeServerPerFile,
  startResumableUpload,
  stored,
  storedList,
  uploadMultipart,
  type Session,
} from './http';

startFakeServerPerFile();

const FAMILY = 'fam-0000';
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
/** The first bytes of a Windows executable ("MZ" …). */
const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);

/** The demo family's seeded report (Ivy's appointment, reported by the demo parent). */
function ownReportId(): string {
  const found = storedList('absenceReports').find((r) => r.data.familyId === FAMILY);
  if (!found) throw new Error('The seed has no report of the demo family');
  return found.id;
}

/** Another family's seeded report, and the guardian of that family who reported it. */
function othersReport(): { id: string; reporter: string } {
  const found = storedList('absenceReports').find(
    (r) => r.data.familyId !== FAMILY && typeof r.data.createdBy === 'string',
  );
  if (!found || typeof found.data.createdBy !== 'string') {
    throw new Error('The seed has no other family’s report');
  }
  return { id: found.id, reporter: found.data.createdBy };
}

/** Signs in as a member by uid (their Members e-mail, the demo password). */
function signInMember(uid: string): Promise<Session> {
  const email = stored(`Members/${uid}`)?.email;
  if (typeof email !== 'string') throw new Error(`No Members/${uid}`);
  return signIn(email);
}

const notePath = (reportId: string, name = 'doctors-note.pdf') =>
  `absenceDocuments/${reportId}/${name}`;

function objectUrl(name: string): string {
  const bucket = encodeURIComponent(DEMO_FIREBASE_CONFIG.storageBucket);
  return `${baseUrl()}/v0/b/${bucket}/o/${encodeURIComponent(name)}`;
}

/** GET of an object's bytes (`?alt=media`), what a download reads. */
function getBytes(session: Session, name: string): Promise<Response> {
  return fetch(`${objectUrl(name)}?alt=media`, {
    headers: { Authorization: `Firebase ${session.idToken}` },
  });
}

function deleteObject(session: Session, name: string): Promise<Response> {
  return fetch(objectUrl(name), {
    method: 'DELETE',
    headers: { Authorization: `Firebase ${session.idToken}` },
  });
}

/** The Storage answers: 200 allowed, 403 refused by the rules (no error status word in Storage). */
async function statusOf(response: Response | Promise<Response>): Promise<number> {
  const answered = await response;
  await answered.arrayBuffer();
  return answered.status;
}

/** The demo parent uploads the demo family's note (the control every refusal below starts from). */
async function parentUploadsNote(): Promise<{ parent: Session; reportId: string; path: string }> {
  const parent = await signInAs('parent');
  const reportId = ownReportId();
  const path = notePath(reportId);
  await expectAllowed(uploadMultipart(parent, path, PDF, 'application/pdf'));
  return { parent, reportId, path };
}

describe('absence documents: upload', () => {
  it('control: a parent uploads a PDF for their own family’s report, reads it back and adds it to the report', async () => {
    const { parent, reportId, path } = await parentUploadsNote();
    const metadata = await getObject(parent, path);
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({
      name: path,
      contentType: 'application/pdf',
      size: String(PDF.length),
      metadata: { uploadedBy: parent.uid },
    });
    const bytes = await getBytes(parent, path);
    expect(bytes.status).toBe(200);
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(PDF);
    // The app then saves the document on the report (store.save: a merging set).
    const document = {
      storagePath: path,
      name: 'doctors-note.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
    };
    await expectAllowed(merge(parent, `absenceReports/${reportId}`, { document }));
    expect(stored(`absenceReports/${reportId}`)?.document).toEqual(document);
  });

  it('refuses another family’s parent uploading to the report, or adding a document to it', async () => {
    const reportId = ownReportId();
    const other = await signInMember(othersReport().reporter);
    expect(await statusOf(uploadMultipart(other, notePath(reportId), PDF, 'application/pdf'))).toBe(
      403,
    );
    const document = {
      storagePath: notePath(reportId),
      name: 'doctors-note.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
    };
    await expectDenied(merge(other, `absenceReports/${reportId}`, { document }));
    expect(stored(`absenceReports/${reportId}`)?.document).toBeUndefined();
    // Nothing was stored: the office reads no file there.
    const office = await signInAs('administration');
    expect(await statusOf(getObject(office, notePath(reportId)))).toBe(404);
    // The same parent uploads to their own family's report.
    const own = othersReport();
    await expectAllowed(uploadMultipart(other, notePath(own.id), PDF, 'application/pdf'));
  });

  it('refuses the office, a facilitator and a student uploading a family’s document', async () => {
    const path = notePath(ownReportId());
    for (const role of ['administration', 'admin', 'facilitator', 'student'] as const) {
      const session = await signInAs(role);
      expect(
        await statusOf(uploadMultipart(session, path, PDF, 'application/pdf')),
        `${role} uploaded`,
      ).toBe(403);
    }
    const office = await signInAs('administration');
    expect(await statusOf(getObject(office, path))).toBe(404);
  });

  it('refuses an upload for a report that does not exist, or outside a report’s folder', async () => {
    const parent = await signInAs('parent');
    expect(
      await statusOf(uploadMultipart(parent, notePath('no-such-report'), PDF, 'application/pdf')),
    ).toBe(403);
    const nested = `absenceDocuments/${ownReportId()}/more/doctors-note.pdf`;
    expect(await statusOf(uploadMultipart(parent, nested, PDF, 'application/pdf'))).toBe(403);
  });

  it('refuses a .exe declared application/pdf (multipart and resumable)', async () => {
    const parent = await signInAs('parent');
    const path = notePath(ownReportId(), 'doctors-note.exe');
    expect(await statusOf(uploadMultipart(parent, path, EXE, 'application/pdf'))).toBe(403);
    expect(await statusOf(startResumableUpload(parent, path, EXE.length, 'application/pdf'))).toBe(
      403,
    );
    // Nor a program declared as what it is.
    const named = notePath(ownReportId(), 'setup.exe');
    expect(await statusOf(uploadMultipart(parent, named, EXE, 'application/x-msdownload'))).toBe(
      403,
    );
    const office = await signInAs('administration');
    expect(await statusOf(getObject(office, path))).toBe(404);
    expect(await statusOf(getObject(office, named))).toBe(404);
  });

  it('refuses a file over the size limit, and an empty one (multipart and resumable)', async () => {
    const parent = await signInAs('parent');
    const path = notePath(ownReportId(), 'scan.pdf');
    const tooLarge = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    tooLarge.set(PDF);
    expect(await statusOf(uploadMultipart(parent, path, tooLarge, 'application/pdf'))).toBe(403);
    expect(
      await statusOf(startResumableUpload(parent, path, MAX_UPLOAD_BYTES + 1, 'application/pdf')),
    ).toBe(403);
    expect(
      await statusOf(uploadMultipart(parent, path, new Uint8Array(0), 'application/pdf')),
    ).toBe(403);
    // The control: the same file at the limit's size is taken.
    await expectAllowed(startResumableUpload(parent, path, MAX_UPLOAD_BYTES, 'application/pdf'));
    const office = await signInAs('administration');
    expect(await statusOf(getObject(office, path))).toBe(404);
  });
});

describe('absence documents: read', () => {
  it('control: the office reads the family’s document, and so does another guardian of the family', async () => {
    const { path } = await parentUploadsNote();
    for (const role of ['administration', 'admin', 'superAdmin'] as const) {
      const session = await signInAs(role);
      expect(await statusOf(getBytes(session, path)), `${role} read`).toBe(200);
    }
    // A second guardian of the demo family (not the uploader) reads it once linked to the family,
    // and not before.
    const { reporter } = othersReport();
    const coGuardian = await signInMember(reporter);
    expect(await statusOf(getBytes(coGuardian, path))).toBe(403);
    const family = stored(`families/${FAMILY}`) ?? {};
    const guardians = Array.isArray(family.guardians) ? family.guardians : [];
    fake.setDocument(`families/${FAMILY}`, {
      ...family,
      guardians: [
        ...guardians,
        { name: 'Second guardian', relationship: 'Parent', memberUUID: reporter, isPrimary: false },
      ],
    });
    expect(await statusOf(getBytes(coGuardian, path))).toBe(200);
  });

  it('refuses a facilitator, a student and another family’s parent reading it', async () => {
    const { path } = await parentUploadsNote();
    for (const role of ['facilitator', 'student'] as const) {
      const session = await signInAs(role);
      expect(await statusOf(getBytes(session, path)), `${role} read the bytes`).toBe(403);
      expect(await statusOf(getObject(session, path)), `${role} read the metadata`).toBe(403);
    }
    const other = await signInMember(othersReport().reporter);
    expect(await statusOf(getBytes(other, path))).toBe(403);
    expect(await statusOf(getObject(other, path))).toBe(403);
  });

  it('refuses a read without a signed-in caller', async () => {
    const { path } = await parentUploadsNote();
    const response = await fetch(`${objectUrl(path)}?alt=media`);
    await response.arrayBuffer();
    expect(response.status).toBe(403);
  });
});

describe('absence documents: delete', () => {
  it('refuses another family, a facilitator and a student deleting it; the uploader may', async () => {
    const { parent, path } = await parentUploadsNote();
    const other = await signInMember(othersReport().reporter);
    expect(await statusOf(deleteObject(other, path))).toBe(403);
    for (const role of ['facilitator', 'student'] as const) {
      expect(await statusOf(deleteObject(await signInAs(role), path)), role).toBe(403);
    }
    const office = await signInAs('administration');
    expect(await statusOf(getObject(office, path))).toBe(200);
    expect(await statusOf(deleteObject(parent, path))).toBe(204);
    expect(await statusOf(getObject(office, path))).toBe(404);
  });

  it('control: the office deletes a family’s document', async () => {
    const { path } = await parentUploadsNote();
    const office = await signInAs('administration');
    expect(await statusOf(deleteObject(office, path))).toBe(204);
    expect(await statusOf(getObject(office, path))).toBe(404);
  });
});
