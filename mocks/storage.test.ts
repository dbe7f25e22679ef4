// The fake Storage service's rules for absence documents (issue 32), as pure functions, and their
// agreement with the generated storage.rules and with where the app uploads one. Over HTTP, as an
// attacker sends them, the same rules are probed in test/security/absence-documents.test.ts.
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../app/domain/resources';
import {
  ABSENCE_DOCUMENTS_FOLDER as APP_FOLDER,
  absenceDocumentPath,
} from '../app/features/absences/document';
import { list } from '../scripts/rules/shape';
import {
  extensionPattern,
  generateStorageRules,
  reportGuardianRoles,
} from '../scripts/rules/storage';
import {
  ABSENCE_DOCUMENTS_FOLDER,
  absenceReportIdOfPath,
  canReadAbsenceDocument,
  canWriteAbsenceDocument,
  REPORT_GUARDIAN_ROLES,
} from './storage';
import type { Principal } from '../app/domain/permissions';
import type { Role } from '../app/domain/roles';

function person(uid: string, roles: Role[], familyIds: string[] = []): Principal {
  return {
    uid,
    email: `${uid}@example.org`,
    roles,
    memberUUID: uid,
    familyIds,
    childIds: [],
    childClassroomIds: [],
    studentId: null,
    facilitatorId: null,
    classroomIds: [],
  };
}

const grace = person('grace', ['parent'], ['fam-1']);
const anita = person('anita', ['parent'], ['fam-1']);
const otherParent = person('manuel', ['parent'], ['fam-2']);
const office = person('sofia', ['administration']);
const admin = person('ada', ['admin']);
const facilitator = person('tom', ['facilitator']);
/** Given the family as if linked to it: still not a guardian (only parents write reports). */
const student = person('leo', ['student'], ['fam-1']);
const report = { familyId: 'fam-1', studentId: 'stu-1', status: 'documentRequested' };
const path = 'absenceDocuments/r1/doctors-note.pdf';
const pdf = (size = 1000) => ({ size, contentType: 'application/pdf' });

describe('absence document paths', () => {
  it('reads the report id of a document path, and of nothing else', () => {
    expect(absenceReportIdOfPath(path)).toBe('r1');
    expect(absenceReportIdOfPath('absenceDocuments/r1/more/note.pdf')).toBeNull();
    expect(absenceReportIdOfPath('absenceDocuments/r1/')).toBeNull();
    expect(absenceReportIdOfPath('absenceDocuments//note.pdf')).toBeNull();
    expect(absenceReportIdOfPath('resources/r1/note.pdf')).toBeNull();
  });

  it('is where the app uploads a document', () => {
    expect(APP_FOLDER).toBe(ABSENCE_DOCUMENTS_FOLDER);
    expect(absenceReportIdOfPath(absenceDocumentPath('r1', 'Doctor’s note.PDF'))).toBe('r1');
    expect(absenceReportIdOfPath(absenceDocumentPath('r1', '../../resources/x.pdf'))).toBe('r1');
  });
});

describe('canReadAbsenceDocument', () => {
  it('lets office staff, the uploader and a guardian of the report’s family read it', () => {
    expect(canReadAbsenceDocument(office, path, report, 'grace')).toBe(true);
    expect(canReadAbsenceDocument(admin, path, report, 'grace')).toBe(true);
    expect(canReadAbsenceDocument(grace, path, report, 'grace')).toBe(true);
    expect(canReadAbsenceDocument(anita, path, report, 'grace')).toBe(true);
    // The uploader, even once the report is gone.
    expect(canReadAbsenceDocument(grace, path, null, 'grace')).toBe(true);
  });

  it('refuses a facilitator, a student and another family', () => {
    expect(canReadAbsenceDocument(facilitator, path, report, 'grace')).toBe(false);
    expect(canReadAbsenceDocument(student, path, report, 'grace')).toBe(false);
    expect(canReadAbsenceDocument(otherParent, path, report, 'grace')).toBe(false);
    expect(canReadAbsenceDocument(anita, path, null, 'grace')).toBe(false);
  });

  it('refuses every path outside a report’s folder, for staff too', () => {
    expect(canReadAbsenceDocument(office, 'absenceDocuments/r1/a/b.pdf', report, null)).toBe(false);
    expect(canReadAbsenceDocument(office, 'elsewhere/r1/b.pdf', report, null)).toBe(false);
  });
});

describe('canWriteAbsenceDocument', () => {
  it('lets a guardian of the report’s family upload an allowed file', () => {
    expect(canWriteAbsenceDocument(grace, path, pdf(), report, null)).toBe(true);
    // Replacing another guardian's upload: the new file names its own uploader.
    expect(canWriteAbsenceDocument(anita, path, pdf(), report, 'grace')).toBe(true);
    expect(
      canWriteAbsenceDocument(
        grace,
        'absenceDocuments/r1/photo.jpg',
        { size: 10, contentType: 'image/jpeg' },
        report,
        null,
      ),
    ).toBe(true);
  });

  it('refuses everybody else an upload, the office included, and a report that does not exist', () => {
    for (const p of [office, admin, facilitator, student, otherParent]) {
      expect(canWriteAbsenceDocument(p, path, pdf(), report, null), p.uid).toBe(false);
    }
    expect(canWriteAbsenceDocument(grace, path, pdf(), null, null)).toBe(false);
    expect(canWriteAbsenceDocument(grace, path, pdf(), { ...report, familyId: 5 }, null)).toBe(
      false,
    );
  });

  it('applies the resources’ upload checks: size, type, and a name that agrees with it', () => {
    expect(canWriteAbsenceDocument(grace, path, pdf(0), report, null)).toBe(false);
    expect(canWriteAbsenceDocument(grace, path, pdf(MAX_UPLOAD_BYTES + 1), report, null)).toBe(
      false,
    );
    expect(canWriteAbsenceDocument(grace, path, pdf(MAX_UPLOAD_BYTES), report, null)).toBe(true);
    const exe = 'absenceDocuments/r1/setup.exe';
    expect(canWriteAbsenceDocument(grace, exe, pdf(), report, null)).toBe(false);
    expect(
      canWriteAbsenceDocument(grace, path, { size: 10, contentType: 'text/html' }, report, null),
    ).toBe(false);
    expect(
      canWriteAbsenceDocument(
        grace,
        path,
        { size: 10, contentType: 'application/pdf; x=y' },
        report,
        null,
      ),
    ).toBe(false);
  });

  it('lets the uploader or office staff delete it, and nobody else', () => {
    expect(canWriteAbsenceDocument(grace, path, null, report, 'grace')).toBe(true);
    expect(canWriteAbsenceDocument(office, path, null, report, 'grace')).toBe(true);
    expect(canWriteAbsenceDocument(admin, path, null, report, 'grace')).toBe(true);
    expect(canWriteAbsenceDocument(anita, path, null, report, 'grace')).toBe(false);
    expect(canWriteAbsenceDocument(facilitator, path, null, report, 'grace')).toBe(false);
    expect(canWriteAbsenceDocument(otherParent, path, null, report, 'grace')).toBe(false);
    expect(canWriteAbsenceDocument(grace, path, null, report, null)).toBe(false);
  });
});

describe('the generated storage.rules say the same', () => {
  const rules = generateStorageRules();
  const start = rules.indexOf('match /absenceDocuments/{reportId}/{fileName}');
  const block = rules.slice(start, rules.indexOf('\n    }\n', start));

  it('matches the same folder, and reads the report across services', () => {
    expect(start).toBeGreaterThan(0);
    expect(block).toContain(`return /databases/(default)/documents/absenceReports/$(reportId);`);
    expect(block).toContain('firestore.exists(reportPath())');
    expect(block).toContain(
      "firestore.get(reportPath()).data.get('familyId', '') in\n            m.get('access', {}).get('familyIds', [])",
    );
  });

  it('names the same guardians (the matrix’s reportOwnChildren roles)', () => {
    expect(REPORT_GUARDIAN_ROLES).toEqual(['parent']);
    expect(reportGuardianRoles()).toEqual([...REPORT_GUARDIAN_ROLES]);
    expect(block).toContain(`m.get('roles', []).hasAny(${list(REPORT_GUARDIAN_ROLES)})`);
  });

  it('reads for staff, the uploader or a guardian; writes for a guardian as uploader; deletes for the uploader or staff', () => {
    expect(block).toContain(
      'allow read: if signedIn() && (uploadedByCaller() || isStaff(member()) || guardsReport(member()));',
    );
    expect(block).toContain(
      "allow create, update: if signedIn() && allowedUpload()\n        && request.resource.metadata.get('uploadedBy', null) == request.auth.uid\n        && guardsReport(member());",
    );
    expect(block).toContain(
      'allow delete: if signedIn() && (uploadedByCaller() || isStaff(member()));',
    );
  });

  it('checks the file name against its type as the fake does', () => {
    const pattern = new RegExp(`^(?:${extensionPattern(['pdf'])})$`);
    expect(pattern.test(path)).toBe(true);
    expect(pattern.test('absenceDocuments/r1/setup.exe')).toBe(false);
  });
});
