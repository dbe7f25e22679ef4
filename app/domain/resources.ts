// Resource rules shared by the library page, the upload, the fake's Storage service and (issue 17)
// storage.rules: which files may be uploaded, where a file lives, and who may read or write it.
// A file lives at `resources/{resourceId}/{file name}`; its resource document says who may read it.
// The file is uploaded before its document is saved, so until then only its uploader (and staff)
// may touch it.
import { inAudience } from './audience';
import { isStaff } from './roles';
import type { Principal } from './permissions';

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/**
 * Every content type a file may be uploaded with, its name in messages, and the file-name
 * extensions that go with it. The one allow-list: the upload form, the fake's Storage service (canWriteFile), the generated
 * storage.rules and the resource record's `mimeType` all read it. A type is matched exactly (no
 * prefix, no parameters, no case folding), so `image/png,text/html` or `image/png; x=y` is refused;
 * browsers report these types in lower case. No SVG (scripts inside it would run when opened) and
 * no HTML. Each type's first bytes are known to app/domain/file-sniff.ts.
 */
export const UPLOAD_TYPES = {
  'application/pdf': { label: 'a PDF', extensions: ['pdf'] },
  'application/msword': { label: 'a Word document', extensions: ['doc', 'dot'] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    label: 'a Word document',
    extensions: ['docx'],
  },
  'application/vnd.ms-excel': { label: 'an Excel spreadsheet', extensions: ['xls'] },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    label: 'an Excel spreadsheet',
    extensions: ['xlsx'],
  },
  'application/vnd.ms-powerpoint': {
    label: 'a PowerPoint presentation',
    extensions: ['ppt', 'pps'],
  },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    label: 'a PowerPoint presentation',
    extensions: ['pptx'],
  },
  'application/vnd.oasis.opendocument.text': { label: 'an OpenDocument text', extensions: ['odt'] },
  'application/vnd.oasis.opendocument.spreadsheet': {
    label: 'an OpenDocument spreadsheet',
    extensions: ['ods'],
  },
  'application/vnd.oasis.opendocument.presentation': {
    label: 'an OpenDocument presentation',
    extensions: ['odp'],
  },
  'application/rtf': { label: 'an RTF document', extensions: ['rtf'] },
  'text/plain': { label: 'a text file', extensions: ['txt', 'text'] },
  'text/csv': { label: 'a CSV file', extensions: ['csv'] },
  'image/png': { label: 'a PNG image', extensions: ['png'] },
  'image/jpeg': { label: 'a JPEG image', extensions: ['jpg', 'jpeg'] },
  'image/gif': { label: 'a GIF image', extensions: ['gif'] },
  'image/webp': { label: 'a WebP image', extensions: ['webp'] },
  'audio/mpeg': { label: 'an MP3 audio file', extensions: ['mp3'] },
  'audio/mp4': { label: 'an M4A audio file', extensions: ['m4a'] },
  // Chrome and Safari name .m4a files so.
  'audio/x-m4a': { label: 'an M4A audio file', extensions: ['m4a'] },
  'audio/wav': { label: 'a WAV audio file', extensions: ['wav'] },
  // Older browsers name .wav files so.
  'audio/x-wav': { label: 'a WAV audio file', extensions: ['wav'] },
  'audio/ogg': { label: 'an Ogg audio file', extensions: ['ogg', 'oga', 'opus'] },
  'audio/webm': { label: 'a WebM audio file', extensions: ['weba', 'webm'] },
  'video/mp4': { label: 'an MP4 video', extensions: ['mp4', 'm4v'] },
  'video/webm': { label: 'a WebM video', extensions: ['webm'] },
  'video/ogg': { label: 'an Ogg video', extensions: ['ogv', 'ogg'] },
  'video/quicktime': { label: 'a QuickTime video', extensions: ['mov'] },
} as const satisfies Record<string, { label: string; extensions: readonly string[] }>;

export type UploadContentType = keyof typeof UPLOAD_TYPES;

/** The allowed content types, as a tuple for z.enum (the resource record's `mimeType`). */
export const UPLOAD_CONTENT_TYPES = Object.keys(UPLOAD_TYPES) as [
  UploadContentType,
  ...UploadContentType[],
];

/** For the file input's `accept`: the types and their extensions (some systems know only one). */
export const UPLOAD_ACCEPT = [
  ...UPLOAD_CONTENT_TYPES,
  ...new Set(Object.values(UPLOAD_TYPES).flatMap((t) => t.extensions.map((e) => `.${e}`))),
].join(',');

/**
 * A link a resource may hold: http: or https: and something after `//`, so no `javascript:`,
 * `data:` or `file:` link is stored, whoever writes it (the record schema, hence the fake's shape
 * check and the generated firestore.rules). Written without backslashes so the rules generator
 * copies it as is (scripts/rules/shape.ts rulesRegex).
 */
export const WEB_LINK_PATTERN = /^https?:[/][/][^/]/;

export const UPLOAD_MESSAGES = {
  tooLarge: 'This file is larger than 25 MB. Share a smaller file, or add it as a link.',
  wrongType:
    'This kind of file cannot be shared here. Choose a document (PDF, Word, Excel, PowerPoint, text), an image, audio or video.',
  empty: 'This file is empty. Choose another file.',
  offline:
    'You are offline. Files can be uploaded when you are back online; a link can be added now.',
} as const;

/** Is `contentType` exactly one of the allowed types? */
export function isAllowedType(contentType: string): contentType is UploadContentType {
  return Object.hasOwn(UPLOAD_TYPES, contentType);
}

/** The extension of a file name or path, lower case, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** Does the file's name end in an extension of its declared (allowed) type? */
export function extensionAgrees(name: string, contentType: string): boolean {
  if (!isAllowedType(contentType)) return false;
  const extensions: readonly string[] = UPLOAD_TYPES[contentType].extensions;
  return extensions.includes(extensionOf(name));
}

/** "a PDF", "a Word document": the declared type, as the messages name it. */
export function typeLabel(contentType: UploadContentType): string {
  return UPLOAD_TYPES[contentType].label;
}

/** The refusal of a file whose name does not agree with its declared type. */
export function wrongExtensionMessage(name: string, contentType: UploadContentType): string {
  const extensions = UPLOAD_TYPES[contentType].extensions.map((e) => `.${e}`).join(' or ');
  return `“${name}” says it is ${typeLabel(contentType)}, but its name does not end in ${extensions}. Choose the right file, or rename it.`;
}

/**
 * The type a picked file declares. Browsers give the type from the extension; where they give none
 * (an extension the system does not know), the extension's own type stands in, and Windows with
 * Excel installed calls a .csv file `application/vnd.ms-excel`, which is read as text/csv. Either
 * way the first bytes are then checked against the type (file-sniff.ts).
 */
export function declaredTypeOf(file: { name: string; type: string }): string {
  const extension = extensionOf(file.name);
  if (file.type === 'application/vnd.ms-excel' && extension === 'csv') return 'text/csv';
  if (file.type !== '') return file.type;
  const matching = UPLOAD_CONTENT_TYPES.filter((type) =>
    (UPLOAD_TYPES[type].extensions as readonly string[]).includes(extension),
  );
  return matching[0] ?? '';
}

/**
 * Why this file may not be uploaded, or null: empty, too large, a type outside the list, or a name
 * that does not agree with the type (a `.exe` declared as a PDF).
 */
export function uploadProblem(file: { name: string; size: number; type: string }): string | null {
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (!isAllowedType(file.type)) return UPLOAD_MESSAGES.wrongType;
  if (!extensionAgrees(file.name, file.type)) return wrongExtensionMessage(file.name, file.type);
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
  if (isStaff(p.roles)) return true;
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
 * resource that is not saved yet or that they created (the matrix's "W own"). The upload's type must
 * be on the list and agree with the file name's extension, for staff too.
 */
export function canWriteFile(
  p: Principal,
  path: string,
  upload: { size: number; contentType: string } | null,
  resource: Record<string, unknown> | null,
  uploader: string | null,
): boolean {
  if (resourceIdOfPath(path) === null) return false;
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (upload && uploadProblem({ name, size: upload.size, type: upload.contentType }) !== null) {
    return false;
  }
  if (isStaff(p.roles)) return true;
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
