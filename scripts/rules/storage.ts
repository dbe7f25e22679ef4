// storage.rules, generated from app/domain/resources.ts (the upload limits and who may touch a
// resource file) and the permission matrix's staff roles. A file lives at
// resources/{resourceId}/{file name}; its resource document (read across services with
// firestore.get) says who may read it, the way canReadFile and canWriteFile decide in the fake.
import { ACCESS_LINKS_FIELD, STAFF_ROLES } from '../../app/domain/permissions';
import {
  DOCUMENT_MIME_TYPES,
  MAX_UPLOAD_BYTES,
  MEDIA_TYPE_FAMILIES,
} from '../../app/domain/resources';
import { GENERATED_HEADER } from './firestore';
import { list, literal } from './shape';

/** The content type as isAllowedType reads it: lower case, without parameters. */
const BARE_TYPE = "request.resource.contentType.lower().split(';')[0].trim()";

/** A regex matching the media families (image/*, audio/*, video/*), RE2 syntax. */
export function mediaFamiliesPattern(): string {
  const names = MEDIA_TYPE_FAMILIES.map((family) => family.replace(/\/$/, ''));
  return `^(${names.join('|')})/.+$`;
}

export function generateStorageRules(): string {
  const documentTypes = list(DOCUMENT_MIME_TYPES);
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
    // isAllowedType and uploadProblem: not empty, at most ${MAX_UPLOAD_BYTES} bytes, a document type or
    // an image, audio or video file, and never SVG (scripts inside an SVG would run when opened).
    function allowedUpload() {
      return request.resource.size > 0
        && request.resource.size <= ${MAX_UPLOAD_BYTES}
        && ${BARE_TYPE} != 'image/svg+xml'
        && (${BARE_TYPE} in ${documentTypes}
          || ${BARE_TYPE}.matches(${literal(mediaFamiliesPattern())}));
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
  }
}
`;
}
