// Resource rules shared by the library page, the upload, the fake's Storage service and (issue 17)
// storage.rules: which files may be uploaded, where a file lives, and who may read or write it.
// A file lives at `resources/{resourceId}/{file name}`; its resource document says who may read it.
// The file is uploaded before its document is saved, so until then only its uploader (and staff)
// may touch it.
import { inAudience } from './audience';
import type { Principal } from './permissions';

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** Documents people share in a school: PDF, office formats (Microsoft, OpenDocument), text. */
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/rtf',
  'text/plain',
  'text/csv',
] as const;

/** image/*, audio/* and video/* are accepted as families. */
export const MEDIA_TYPE_FAMILIES = ['image/', 'audio/', 'video/'] as const;

/** For the file input's `accept`. */
export const UPLOAD_ACCEPT = [...DOCUMENT_MIME_TYPES, 'image/*', 'audio/*', 'video/*'].join(',');

export const UPLOAD_MESSAGES = {
  tooLarge: 'This file is larger than 25 MB. Share a smaller file, or add it as a link.',
  wrongType:
    'This kind of file cannot be shared here. Choose a document (PDF, Word, Excel, PowerPoint, text), an image, audio or video.',
  empty: 'This file is empty. Choose another file.',
  offline:
    'You are offline. Files can be uploaded when you are back online; a link can be added now.',
} as const;

export function isAllowedType(contentType: string): boolean {
  const type = contentType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (type === 'image/svg+xml') return false; // scripts inside an SVG would run when opened
  return (
    (DOCUMENT_MIME_TYPES as readonly string[]).includes(type) ||
    MEDIA_TYPE_FAMILIES.some((family) => type.startsWith(family))
  );
}

/** Why this file may not be uploaded, or null. */
export function uploadProblem(file: { size: number; type: string }): string | null {
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (!isAllowedType(file.type)) return UPLOAD_MESSAGES.wrongType;
  return null;
}

/** A file name safe as one path segment: no slashes or control characters, at most 120 chars. */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\#?[\]*]+/g, '_').trim();
  return (cleaned || 'file').slice(-120);
}

export function storagePathFor(resourceId: string, fileName: string): string {
  return `resources/${resourceId}/${safeFileName(fileName)}`;
}

/** The resource id of a file path, or null when the path is not a resource file. */
export function resourceIdOfPath(path: string): string | null {
  const match = /^resources\/([^/]+)\/[^/]+$/.exec(path);
  return match?.[1] ?? null;
}

const STAFF = ['admin', 'superAdmin', 'administration'];
const isStaff = (p: Principal) => p.roles.some((r) => STAFF.includes(r));
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * May this person read the file at `path`? `resource` is its resource document (null before it is
 * saved), `uploader` the uid that uploaded it (from the file's metadata).
 */
export function canReadFile(
  p: Principal,
  path: string,
  resource: Record<string, unknown> | null,
  uploader: string | null,
): boolean {
  if (resourceIdOfPath(path) === null) return false;
  if (isStaff(p)) return true;
  if (uploader !== null && uploader === p.uid) return true;
  if (!resource) return false;
  if (resource.createdBy === p.memberUUID) return true;
  return inAudience(p, {
    audience: strings(resource.audience),
    classroomIds: strings(resource.classroomIds),
    campusId: typeof resource.campusId === 'string' ? resource.campusId : null,
  });
}

/**
 * May this person write (upload, replace, delete) the file at `path`? `upload` is the new file's
 * size and type (null for a delete). Staff and facilitators may upload; a facilitator only to a
 * resource that is not saved yet or that they created (the matrix's "W own").
 */
export function canWriteFile(
  p: Principal,
  path: string,
  upload: { size: number; contentType: string } | null,
  resource: Record<string, unknown> | null,
  uploader: string | null,
): boolean {
  if (resourceIdOfPath(path) === null) return false;
  if (upload && uploadProblem({ size: upload.size, type: upload.contentType }) !== null) {
    return false;
  }
  if (isStaff(p)) return true;
  if (!p.roles.includes('facilitator')) return false;
  if (resource) return resource.createdBy === p.memberUUID;
  return uploader === null || uploader === p.uid;
}

/**
 * The notification the "new resource" trigger writes for one member of its audience. The id is
 * deterministic, so a create that is applied again (a re-send after a lost acknowledgement)
 * writes nothing twice.
 */
export function resourceNotification(input: {
  resourceId: string;
  recipient: string;
  title: string;
  date: string;
}): { id: string; data: Record<string, unknown> } {
  const id = `res-${input.resourceId}-${input.recipient}`;
  return {
    id,
    data: {
      notificationUUID: id,
      memberUUID: input.recipient,
      action: 'resource',
      actionItem: `resources/${input.resourceId}`,
      description: `New resource: ${input.title}`,
      date: input.date,
      status: 'active',
      isNew: true,
    },
  };
}
