// storage.rules, generated from app/domain/resources.ts (the upload limits and who may touch a
// resource file) and the permission matrix's staff roles. A resource file lives at
// resources/{resourceId}/{file name}; its resource document (read across services with
// firestore.get) says who may read it, the way canReadFile and canWriteFile decide in the fake.
// An absence document (issue 32) lives at absenceDocuments/{reportId}/{file name}; its report says
// whose family it is, the way canReadAbsenceDocument and canWriteAbsenceDocument decide in the fake
// (mocks/storage.ts). Any other path matches nothing, so it is refused.
import { ACCESS_LINKS_FIELD, PERMISSION_MATRIX, STAFF_ROLES } from '../../app/domain/permissions';
import { MAX_UPLOAD_BYTES, UPLOAD_CONTENT_TYPES, UPLOAD_TYPES } from '../../app/domain/resources';
import { ROLES } from '../../app/domain/roles';
import { GENERATED_HEADER } from './firestore';
import { list, literal } from './shape';

/**
 * The rules regex (RE2; `matches` must match the whole string) for a file path whose last segment
 * is a name, then a dot and one of `extensions`, as extensionAgrees reads it (the path is
 * lower-cased first; a bare `.pdf` has no extension).
 */
export function extensionPattern(extensions: readonly string[]): string {
  for (const e of extensions) {
    if (!/^[a-z0-9]+$/.test(e)) throw new Error(`The extension "${e}" cannot be written in rules`);
  }
  return `.*/[^/]+[.](${extensions.join('|')})`;
}

/** A rules map literal: each allowed content type → the pattern its file names must match. */
export function extensionPatternsMap(indent: string): string {
  const entries = UPLOAD_CONTENT_TYPES.map(
    (type) =>
      `${indent}  ${literal(type)}: ${literal(extensionPattern(UPLOAD_TYPES[type].extensions))}`,
  );
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

/**
 * The roles that write their own family's absence reports (the matrix's `reportOwnChildren`): the
 * guardians, who alone add a document to a report.
 */
export function reportGuardianRoles(): string[] {
  return ROLES.filter(
    (role) => PERMISSION_MATRIX.absenceReports[role].write === 'reportOwnChildren',
  );
}

export function generateStorageRules(): string {
  const types = list(UPLOAD_CONTENT_TYPES);
  const guardians = reportGuardianRoles();
  if (guardians.length === 0) throw new Error('No role reports its own children’s absences');
  return `${GENERATED_HEADER.replace('and app/domain/records.ts', 'and app/domain/resources.ts')}
rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    function signedIn() {
      return request.auth != null;
    }
    // The caller's Members document (roles, memberUUID, access links), as the Firestore rules read it.
    function member() {
      return firestore.get(/databases/(default)/documents/Members/$(request.auth.uid)).data;
    }
    function me(m) {
      return m.get('memberUUID', request.auth.uid);
    }
    function isStaff(m) {
      return m.get('roles', []).hasAny(${list(STAFF_ROLES)});
    }
    function isFacilitator(m) {
      return m.get('roles', []).hasAny(['facilitator']);
    }
    // isAllowedType and uploadProblem: not empty, at most ${MAX_UPLOAD_BYTES} bytes, a content type
    // on the list exactly as written (no prefix, no parameters: \`image/png,text/html\` is refused),
    // and a file name that ends in an extension of that type (a \`.exe\` declared as a PDF is
    // refused). The bytes themselves are sniffed in the browser (app/domain/file-sniff.ts).
    function allowedUpload() {
      return request.resource.size > 0
        && request.resource.size <= ${MAX_UPLOAD_BYTES}
        && request.resource.contentType in ${types}
        && request.resource.name.lower().matches(
          extensionPatterns().get(request.resource.contentType, '^$'));
    }
    // extensionAgrees: the names each content type may have (UPLOAD_TYPES).
    function extensionPatterns() {
      return ${extensionPatternsMap('      ')};
    }
    // The uploader is the uid in the file's custom metadata (the fake takes it from the ID token):
    // the caller on a first upload; on a replacement the caller or the first uploader again.
    function uploader() {
      return resource == null ? null : resource.metadata.get('uploadedBy', null);
    }
    function namesUploader() {
      return request.resource.metadata.get('uploadedBy', null) == request.auth.uid
        || (resource != null && request.resource.metadata.get('uploadedBy', null) == uploader());
    }

    match /resources/{resourceId}/{fileName} {
      function resourcePath() {
        return /databases/(default)/documents/resources/$(resourceId);
      }
      // canReadFile: staff, the uploader, the resource's author, or its audience (decision 046).
      function readable(m) {
        return isStaff(m)
          || (uploader() != null && uploader() == request.auth.uid)
          || (firestore.exists(resourcePath())
            && (firestore.get(resourcePath()).data.get('createdBy', '') == me(m)
              || firestore.get(resourcePath()).data.get('audienceKeys', []).hasAny(
                m.get(${literal(ACCESS_LINKS_FIELD)}, {}).get('audienceKeys', []))));
      }
      // canWriteFile: staff, or a facilitator on a resource they created, or on a file of a
      // resource not saved yet that nobody else uploaded.
      function writable(m) {
        return isStaff(m)
          || (isFacilitator(m)
            && (firestore.exists(resourcePath())
              ? firestore.get(resourcePath()).data.get('createdBy', '') == me(m)
              : (uploader() == null || uploader() == request.auth.uid)));
      }
      allow read: if signedIn() && readable(member());
      allow create, update: if signedIn() && allowedUpload() && namesUploader() && writable(member());
      allow delete: if signedIn() && writable(member());
    }

    // A document a family adds to its absence report (issue 32), such as a doctor's note.
    match /absenceDocuments/{reportId}/{fileName} {
      function reportPath() {
        return /databases/(default)/documents/absenceReports/$(reportId);
      }
      // A guardian of the report's family: the report exists and its familyId is among the
      // caller's families (the access links the triggers keep).
      function guardsReport(m) {
        return m.get('roles', []).hasAny(${list(guardians)})
          && firestore.exists(reportPath())
          && firestore.get(reportPath()).data.get('familyId', '') in
            m.get(${literal(ACCESS_LINKS_FIELD)}, {}).get('familyIds', []);
      }
      function uploadedByCaller() {
        return uploader() != null && uploader() == request.auth.uid;
      }
      // canReadAbsenceDocument: office staff, the uploader, or a guardian of the report's family.
      allow read: if signedIn() && (uploadedByCaller() || isStaff(member()) || guardsReport(member()));
      // canWriteAbsenceDocument: only a guardian of the report's family, naming themselves as the
      // uploader, with the resources' upload checks; not even the office.
      allow create, update: if signedIn() && allowedUpload()
        && request.resource.metadata.get('uploadedBy', null) == request.auth.uid
        && guardsReport(member());
      // The uploader or office staff remove one.
      allow delete: if signedIn() && (uploadedByCaller() || isStaff(member()));
    }
  }
}
`;
}
