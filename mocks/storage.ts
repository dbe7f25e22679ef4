// Firebase Storage's REST API (v0) as `firebase/storage` v12 speaks it: multipart and resumable
// uploads, GET of an object's metadata or bytes (`?alt=media`) and DELETE. Every request is checked
// with the storage rules for the caller of the ID token (`Authorization: Firebase <token>`): a
// resource file (`resources/{id}/…`) with app/domain/resources.ts (canReadFile / canWriteFile) and
// the resource document `resources/{id}` in the store; an absence document (`absenceDocuments/
// {reportId}/…`, issue 32) with canReadAbsenceDocument / canWriteAbsenceDocument below and the
// report `absenceReports/{reportId}`. scripts/rules/storage.ts writes the same rules for the real
// service. Any other path is refused. Objects live in the store (`store.objects`; the browser persists them in the fake's
// IndexedDB). Open resumable sessions live here, in memory: an upload belongs to the tab (or the
// server process) that started it, as an upload URL belongs to one client.
//
//   POST   /v0/b/{bucket}/o?name=…   X-Goog-Upload-Protocol: multipart | resumable (start)
//   POST   {upload URL}              X-Goog-Upload-Command: upload | upload, finalize | finalize |
//                                    query | cancel, with X-Goog-Upload-Offset
//   GET    /v0/b/{bucket}/o/{name}   metadata JSON; `?alt=media` the bytes
//   DELETE /v0/b/{bucket}/o/{name}   204
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { PERMISSION_MATRIX, type Principal } from '../app/domain/permissions';
import {
  canReadFile,
  canWriteFile,
  resourceIdOfPath,
  uploadProblem,
} from '../app/domain/resources';
import { isStaff, ROLES, type Role } from '../app/domain/roles';
import { principalFromCaller } from './principal';
import { store, type StoredObject } from './store';
import { callerFromIdToken } from './tokens';
import { decodeFields } from './values';

export const STORAGE_HOST = 'https://firebasestorage.googleapis.com';
const STORAGE_URL = /^https:\/\/firebasestorage\.googleapis\.com\/v0\/b\/([^/?]+)\/o(?:\/([^?]*))?/;
/**
 * Server mode tells the handlers the origin the browser used (`http://host:port`), so the upload
 * URL handed out points back at the fake server, not at Google.
 */
export const ORIGIN_HEADER = 'x-fake-firebase-origin';
/** The granularity the real service announces; the SDK's chunks are multiples of it. */
export const UPLOAD_CHUNK_GRANULARITY = 256 * 1024;

// ---- errors, shaped like the service's (the SDK maps the HTTP status) -------------------------

function storageError(code: number, message: string): Response {
  return HttpResponse.json({ error: { code, message } }, { status: code });
}
const permissionDenied = () =>
  storageError(403, 'Permission denied. Could not perform this operation');
const notFound = () => storageError(404, 'Not Found.');
const unauthenticated = () => storageError(401, 'Invalid HTTP method/URL pair or invalid token.');
const badRequest = (message: string) => storageError(400, message);

// ---- MD5 (the service reports md5Hash; WebCrypto has no MD5) -----------------------------------

const SHIFTS = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14,
  20, 5, 9, 14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6,
  10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];
const CONSTANTS = Array.from(
  { length: 64 },
  (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0,
);

/** The MD5 digest of `bytes` (RFC 1321). */
export function md5(bytes: Uint8Array): Uint8Array {
  const padded = new Uint8Array(((bytes.length + 8) >> 6) * 64 + 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = bytes.length * 8;
  view.setUint32(padded.length - 8, bits >>> 0, true);
  view.setUint32(padded.length - 4, Math.floor(bits / 2 ** 32), true);
  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  const words: number[] = new Array<number>(16).fill(0);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let j = 0; j < 16; j++) words[j] = view.getUint32(offset + j * 4, true);
    let a = state[0] ?? 0;
    let b = state[1] ?? 0;
    let c = state[2] ?? 0;
    let d = state[3] ?? 0;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      f = (f + a + (CONSTANTS[i] ?? 0) + (words[g] ?? 0)) >>> 0;
      const shift = SHIFTS[i] ?? 0;
      a = d;
      d = c;
      c = b;
      b = (b + ((f << shift) | (f >>> (32 - shift)))) >>> 0;
    }
    state[0] = ((state[0] ?? 0) + a) >>> 0;
    state[1] = ((state[1] ?? 0) + b) >>> 0;
    state[2] = ((state[2] ?? 0) + c) >>> 0;
    state[3] = ((state[3] ?? 0) + d) >>> 0;
  }
  const out = new Uint8Array(16);
  const outView = new DataView(out.buffer);
  state.forEach((word, i) => outView.setUint32(i * 4, word, true));
  return out;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

// ---- callers, resources, objects ---------------------------------------------------------------

type Caller = { ok: true; principal: Principal | null } | { ok: false };

/** The caller of `Authorization: Firebase <token>` (the SDK's form) or `Bearer <token>`. */
function callerOf(request: Request): Caller {
  const header = request.headers.get('authorization');
  if (!header) return { ok: true, principal: null };
  const token = /^(?:Firebase|Bearer)\s+(.+)$/i.exec(header)?.[1];
  if (!token) return { ok: false };
  const resolved = principalFromCaller(callerFromIdToken(token));
  return resolved.ok ? { ok: true, principal: resolved.principal } : { ok: false };
}

/** The resource document a file belongs to (null before it is saved, or for other paths). */
function resourceOf(name: string): Record<string, unknown> | null {
  const id = resourceIdOfPath(name);
  const doc = id === null ? undefined : store.get(`resources/${id}`);
  return doc ? decodeFields(doc.fields) : null;
}

// ---- absence documents (issue 32) ----------------------------------------------------------------

/**
 * A doctor's note (or any document) a family adds to an absence report lives at
 * `absenceDocuments/{reportId}/{file name}`; the report says whose it is.
 */
export const ABSENCE_DOCUMENTS_FOLDER = 'absenceDocuments';

/** The report id of an absence document's path, or null when the path is not one. */
export function absenceReportIdOfPath(path: string): string | null {
  const match = /^absenceDocuments\/([^/]+)\/[^/]+$/.exec(path);
  return match?.[1] ?? null;
}

/**
 * The roles that write their own family's absence reports (the matrix's `reportOwnChildren`): the
 * guardians. Only they add a document to a report.
 */
export const REPORT_GUARDIAN_ROLES: readonly Role[] = ROLES.filter(
  (role) => PERMISSION_MATRIX.absenceReports[role].write === 'reportOwnChildren',
);

/** Is this person a guardian of the report's family (the report's familyId among their families)? */
function guardsReport(p: Principal, report: Record<string, unknown> | null): boolean {
  if (!report || typeof report.familyId !== 'string') return false;
  return (
    p.roles.some((role) => REPORT_GUARDIAN_ROLES.includes(role)) &&
    p.familyIds.includes(report.familyId)
  );
}

/**
 * May this person read the absence document at `path`? Office staff, whoever uploaded it, and a
 * guardian of the report's family; not a facilitator, a student or another family. `report` is the
 * report document (null when there is none), `uploader` the uid that uploaded the file.
 */
export function canReadAbsenceDocument(
  p: Principal,
  path: string,
  report: Record<string, unknown> | null,
  uploader: string | null,
): boolean {
  if (absenceReportIdOfPath(path) === null) return false;
  if (isStaff(p.roles)) return true;
  if (uploader !== null && uploader === p.uid) return true;
  return guardsReport(p, report);
}

/**
 * May this person upload (`upload` is the file's size and type) or delete (`upload` null) the
 * absence document at `path`? An upload: a guardian of the family of a report that exists, as the
 * uploader (the token's uid), of a file that passes the resources' checks (not empty, at most
 * MAX_UPLOAD_BYTES, a type on the list whose extensions the name ends in). Not even the office
 * uploads one: the document is the family's word. A delete: whoever uploaded it, or office staff.
 */
export function canWriteAbsenceDocument(
  p: Principal,
  path: string,
  upload: { size: number; contentType: string } | null,
  report: Record<string, unknown> | null,
  uploader: string | null,
): boolean {
  if (absenceReportIdOfPath(path) === null) return false;
  if (upload === null) return isStaff(p.roles) || (uploader !== null && uploader === p.uid);
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (uploadProblem({ name, size: upload.size, type: upload.contentType }) !== null) return false;
  return guardsReport(p, report);
}

/** The absence report a document belongs to (null when it does not exist, or for other paths). */
function reportOf(name: string): Record<string, unknown> | null {
  const id = absenceReportIdOfPath(name);
  const doc = id === null ? undefined : store.get(`absenceReports/${id}`);
  return doc ? decodeFields(doc.fields) : null;
}

/** The rules' verdict on reading the file at `name` (resource files and absence documents). */
function mayRead(principal: Principal, name: string, uploader: string | null): boolean {
  if (absenceReportIdOfPath(name) !== null) {
    return canReadAbsenceDocument(principal, name, reportOf(name), uploader);
  }
  return canReadFile(principal, name, resourceOf(name), uploader);
}

const uploadMetadataSchema = z
  .object({
    name: z.string().optional(),
    contentType: z.string().optional(),
    metadata: z.record(z.string()).nullable().optional(),
  })
  .passthrough();
type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

function parseMetadata(text: string): UploadMetadata | null {
  try {
    const parsed = uploadMetadataSchema.safeParse(text.trim() === '' ? {} : JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The metadata resource the service answers with (sizes as strings, as the JSON API sends them). */
export function objectResource(object: StoredObject): Record<string, unknown> {
  const fileName = object.name.slice(object.name.lastIndexOf('/') + 1);
  return {
    name: object.name,
    bucket: object.bucket,
    generation: object.generation,
    metageneration: '1',
    contentType: object.contentType,
    timeCreated: object.timeCreated,
    updated: object.updated,
    storageClass: 'STANDARD',
    size: String(object.size),
    md5Hash: object.md5Hash,
    contentEncoding: 'identity',
    contentDisposition: `inline; filename*=utf-8''${encodeURIComponent(fileName)}`,
    etag: object.md5Hash,
    downloadTokens: object.downloadTokens,
    metadata: object.metadata,
  };
}

let generationCounter = 0;

async function storeObject(
  bucket: string,
  name: string,
  bytes: Blob,
  contentType: string,
  uploader: string,
  metadata: Record<string, string>,
): Promise<StoredObject> {
  const now = new Date().toISOString();
  const existing = store.objects.get(name);
  generationCounter += 1;
  const object: StoredObject = {
    bucket,
    name,
    bytes: new Blob([bytes], { type: contentType }),
    size: bytes.size,
    contentType,
    uploadedBy: uploader,
    // The uploader is the token's uid, whatever the client wrote into its metadata.
    metadata: { ...metadata, uploadedBy: uploader },
    md5Hash: base64(md5(new Uint8Array(await bytes.arrayBuffer()))),
    downloadTokens: crypto.randomUUID(),
    generation: String(Date.now() * 1000 + (generationCounter % 1000)),
    timeCreated: existing?.timeCreated ?? now,
    updated: now,
  };
  store.putObject(object);
  return object;
}

/**
 * The rules' verdict on writing `upload` to `name`, or deleting it (`upload` null). A resource
 * file's replacement may keep its first uploader; an absence document names its new uploader.
 */
function mayWrite(
  principal: Principal,
  name: string,
  upload: { size: number; contentType: string } | null,
): boolean {
  const uploader = store.objects.get(name)?.uploadedBy ?? null;
  if (absenceReportIdOfPath(name) !== null) {
    return canWriteAbsenceDocument(principal, name, upload, reportOf(name), uploader);
  }
  return canWriteFile(principal, name, upload, resourceOf(name), uploader);
}

// ---- uploads -----------------------------------------------------------------------------------

interface UploadSession {
  id: string;
  bucket: string;
  name: string;
  uploader: string;
  declaredSize: number;
  contentType: string;
  metadata: Record<string, string>;
  chunks: Blob[];
  received: number;
  state: 'active' | 'final' | 'cancelled';
  result: StoredObject | null;
}

/** Open resumable uploads by upload id. */
const sessions = new Map<string, UploadSession>();

function sessionHeaders(session: UploadSession): Record<string, string> {
  return {
    'X-Goog-Upload-Status': session.state,
    'X-Goog-Upload-Size-Received': String(session.received),
  };
}

async function multipartUpload(
  request: Request,
  principal: Principal,
  bucket: string,
  name: string,
): Promise<Response> {
  const boundary = /boundary=("?)([^";]+)\1/i.exec(request.headers.get('content-type') ?? '')?.[2];
  if (!boundary) return badRequest('Multipart upload without a boundary.');
  const body = new Uint8Array(await request.arrayBuffer());
  const parts = splitMultipart(body, boundary);
  const [metadataPart, dataPart] = parts;
  if (!metadataPart || !dataPart) return badRequest('A multipart upload needs metadata and media.');
  const metadata = parseMetadata(new TextDecoder().decode(metadataPart.body));
  if (!metadata) return badRequest('The metadata part is not valid JSON.');
  const contentType = metadata.contentType ?? dataPart.contentType ?? 'application/octet-stream';
  const upload = { size: dataPart.body.length, contentType };
  if (!mayWrite(principal, name, upload)) return permissionDenied();
  const object = await storeObject(
    bucket,
    name,
    new Blob([new Uint8Array(dataPart.body)]),
    contentType,
    principal.uid,
    metadata.metadata ?? {},
  );
  return HttpResponse.json(objectResource(object));
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** The parts of a multipart/related body: each part's Content-Type and bytes. */
export function splitMultipart(
  body: Uint8Array,
  boundary: string,
): Array<{ contentType: string | null; body: Uint8Array }> {
  const encoder = new TextEncoder();
  const delimiter = encoder.encode(`--${boundary}`);
  const headerEnd = encoder.encode('\r\n\r\n');
  const parts: Array<{ contentType: string | null; body: Uint8Array }> = [];
  let start = indexOf(body, delimiter, 0);
  while (start >= 0) {
    const afterDelimiter = start + delimiter.length;
    // `--boundary--` closes the body.
    if (body[afterDelimiter] === 0x2d && body[afterDelimiter + 1] === 0x2d) break;
    const headersEnd = indexOf(body, headerEnd, afterDelimiter);
    if (headersEnd < 0) break;
    const next = indexOf(body, encoder.encode(`\r\n--${boundary}`), headersEnd);
    if (next < 0) break;
    const headers = new TextDecoder().decode(body.subarray(afterDelimiter, headersEnd));
    const contentType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? null;
    parts.push({ contentType, body: body.subarray(headersEnd + headerEnd.length, next) });
    start = next + 2;
  }
  return parts;
}

async function startResumable(
  request: Request,
  principal: Principal,
  bucket: string,
  name: string,
): Promise<Response> {
  const metadata = parseMetadata(await request.text());
  if (!metadata) return badRequest('The metadata is not valid JSON.');
  const declaredSize = Number(request.headers.get('x-goog-upload-header-content-length'));
  if (!Number.isSafeInteger(declaredSize) || declaredSize < 0) {
    return badRequest('X-Goog-Upload-Header-Content-Length is missing or invalid.');
  }
  const contentType =
    request.headers.get('x-goog-upload-header-content-type') ??
    metadata.contentType ??
    'application/octet-stream';
  // Size and type as declared are checked before a byte is sent, and again at finalize.
  if (!mayWrite(principal, name, { size: declaredSize, contentType })) return permissionDenied();
  const session: UploadSession = {
    id: crypto.randomUUID().replace(/-/g, ''),
    bucket,
    name,
    uploader: principal.uid,
    declaredSize,
    contentType,
    metadata: metadata.metadata ?? {},
    chunks: [],
    received: 0,
    state: 'active',
    result: null,
  };
  sessions.set(session.id, session);
  const origin = request.headers.get(ORIGIN_HEADER) ?? STORAGE_HOST;
  const uploadUrl = `${origin}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(name)}&upload_id=${session.id}&upload_protocol=resumable`;
  return new HttpResponse(null, {
    status: 200,
    headers: {
      'X-Goog-Upload-Status': 'active',
      'X-Goog-Upload-URL': uploadUrl,
      'X-Goog-Upload-Chunk-Granularity': String(UPLOAD_CHUNK_GRANULARITY),
      'X-Goog-Upload-Control-URL': uploadUrl,
    },
  });
}

async function continueResumable(
  request: Request,
  principal: Principal,
  uploadId: string,
): Promise<Response> {
  const session = sessions.get(uploadId);
  if (!session) return notFound();
  if (session.uploader !== principal.uid) return permissionDenied();
  const commands = (request.headers.get('x-goog-upload-command') ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);
  const headers = () => ({ headers: sessionHeaders(session) });

  if (commands.includes('query')) return new HttpResponse(null, headers());
  if (commands.includes('cancel')) {
    session.state = 'cancelled';
    sessions.delete(session.id);
    return new HttpResponse(null, headers());
  }
  if (session.state === 'final' && session.result) {
    return HttpResponse.json(objectResource(session.result), headers());
  }
  if (session.state !== 'active') return badRequest('This upload was cancelled.');

  if (commands.includes('upload')) {
    const offset = Number(request.headers.get('x-goog-upload-offset'));
    if (offset !== session.received) {
      return badRequest(`Expected offset ${session.received}, got ${String(offset)}.`);
    }
    const chunk = await request.blob();
    if (session.received + chunk.size > session.declaredSize) {
      sessions.delete(session.id);
      return badRequest('More bytes than the declared size.');
    }
    session.chunks.push(chunk);
    session.received += chunk.size;
  }
  if (!commands.includes('finalize')) return new HttpResponse(null, headers());

  sessions.delete(session.id);
  const bytes = new Blob(session.chunks, { type: session.contentType });
  if (bytes.size !== session.declaredSize) {
    session.state = 'cancelled';
    return badRequest('The upload ended before its declared size.');
  }
  // The rules again, on the bytes that arrived (the resource may have changed meanwhile).
  if (!mayWrite(principal, session.name, { size: bytes.size, contentType: session.contentType })) {
    session.state = 'cancelled';
    return permissionDenied();
  }
  session.result = await storeObject(
    session.bucket,
    session.name,
    bytes,
    session.contentType,
    session.uploader,
    session.metadata,
  );
  session.state = 'final';
  return HttpResponse.json(objectResource(session.result), headers());
}

// ---- the handler ------------------------------------------------------------------------------

async function handle(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const match = STORAGE_URL.exec(request.url);
  if (!match) return notFound();
  const bucket = decodeURIComponent(match[1] ?? '');
  const objectPart = match[2];
  const caller = callerOf(request);
  if (!caller.ok) return unauthenticated();
  const { principal } = caller;

  if (objectPart === undefined || objectPart === '') {
    if (request.method !== 'POST') return badRequest('Listing is not served by the fake.');
    if (!principal) return permissionDenied();
    const uploadId = url.searchParams.get('upload_id');
    if (uploadId) return continueResumable(request, principal, uploadId);
    const name = url.searchParams.get('name');
    if (!name) return badRequest('Missing the object name.');
    const protocol = request.headers.get('x-goog-upload-protocol')?.toLowerCase();
    if (protocol === 'multipart') return multipartUpload(request, principal, bucket, name);
    if (protocol === 'resumable') {
      if (request.headers.get('x-goog-upload-command')?.toLowerCase() !== 'start') {
        return badRequest('A resumable upload starts with X-Goog-Upload-Command: start.');
      }
      return startResumable(request, principal, bucket, name);
    }
    return badRequest('Unsupported upload protocol.');
  }

  const name = decodeURIComponent(objectPart);
  const object = store.objects.get(name);
  if (request.method === 'GET') {
    // Rules come first, as in the real service: a refused read does not tell whether a file exists.
    if (!principal || !mayRead(principal, name, object?.uploadedBy ?? null)) {
      return permissionDenied();
    }
    if (!object) return notFound();
    if (url.searchParams.get('alt') === 'media') {
      return new HttpResponse(object.bytes, {
        status: 200,
        headers: { 'Content-Type': object.contentType, 'Content-Length': String(object.size) },
      });
    }
    return HttpResponse.json(objectResource(object));
  }
  if (request.method === 'DELETE') {
    if (!principal || !mayWrite(principal, name, null)) return permissionDenied();
    if (!store.removeObject(name)) return notFound();
    return new HttpResponse(null, { status: 204 });
  }
  return badRequest(`${request.method} is not served by the fake.`);
}

export const storageHandlers = [
  http.all(/^https:\/\/firebasestorage\.googleapis\.com\/v0\/b\//, ({ request }) =>
    handle(request),
  ),
];

/** Forgets open resumable uploads (tests). */
export function clearUploadSessions(): void {
  sessions.clear();
}
