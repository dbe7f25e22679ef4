// The probe suite's plumbing (issue 28, item 10): the fake's server mode (mocks/server.ts) started
// in this process on a free 127.0.0.1 port, seeded with the demo profile and kept in memory, and
// the few REST calls an attacker makes against it over real HTTP: sign in on the Auth emulator's
// path, then commit, GET, batchGet and runQuery on the Firestore emulator's, call a callable on
// the Functions emulator's path and upload on the Storage emulator's. Nothing here goes through
// the app or the SDK: a probe is the raw request a hand-written client would send.
//
// Setup and inspection (reseeding, reading what is stored after a refusal) use the in-process
// control object `fake`, not `/__fake/*`: those endpoints are fenced behind a per-start secret
// (issue 28, item 9), and the probes must not depend on that fence to run.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { FUNCTIONS_REGION } from '../../app/config/constants';
import { DEMO_FIREBASE_CONFIG, DEMO_PROJECT_ID } from '../../app/config/demo';
import { addDays } from '../../app/domain/clock';
import { DEMO_PASSWORD, demoAccount } from '../../mocks/demo-accounts';
import { fake } from '../../mocks/index';
import { rulesToday } from '../../mocks/principal';
import { startFakeFirebaseServer, type FakeFirebaseServer } from '../../mocks/server';
import { encodeFields, encodeValue } from '../../mocks/values';
import type { Role } from '../../app/domain/roles';

const DOCUMENTS = `projects/${DEMO_PROJECT_ID}/databases/(default)/documents`;

let server: FakeFirebaseServer | null = null;

/** The running server's origin (`http://127.0.0.1:<port>`); only inside a test. */
export function baseUrl(): string {
  if (!server)
    throw new Error('The fake server is not running: call startFakeServerPerFile() first');
  return server.url;
}

/**
 * Starts the server once for the test file and reseeds the demo school before each test, so every
 * probe meets the same data whatever the probe before it managed to write.
 */
export function startFakeServerPerFile(): void {
  beforeAll(async () => {
    server = await startFakeFirebaseServer({ host: '127.0.0.1', port: 0, stateFile: null });
  });
  afterAll(async () => {
    await server?.close();
    server = null;
  });
  beforeEach(async () => {
    await fake.reset({ profile: 'demo' });
  });
}

// ---- what is stored (the truth a refused write must not have changed) --------------------------

/** The stored document, decoded (timestamps as ISO strings), or null; read in-process, no rules. */
export function stored(path: string): Record<string, unknown> | null {
  return fake.getDocument(path);
}

/** The stored documents of a collection, decoded. */
export function storedList(
  collectionPath: string,
): Array<{ id: string; data: Record<string, unknown> }> {
  return fake.listDocuments(collectionPath);
}

/** Today and its neighbours as YYYY-MM-DD: the day the fake's rules use (the one clock's). */
export function isoDay(offsetDays = 0): string {
  return addDays(rulesToday(), offsetDays);
}

// ---- outcomes -----------------------------------------------------------------------------------

interface Outcome {
  status: number;
  /** The error's status word (`PERMISSION_DENIED`), or null when the body has none. */
  code: string | null;
  text: string;
}

async function outcomeOf(response: Response): Promise<Outcome> {
  const text = await response.text();
  let code: string | null = null;
  try {
    const body: unknown = JSON.parse(text);
    const error =
      typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined;
    if (typeof error === 'object' && error !== null && 'status' in error) {
      code = typeof error.status === 'string' ? error.status : null;
    }
  } catch {
    // Not JSON (an upload's empty body): the status alone says it.
  }
  return { status: response.status, code, text };
}

/** The request succeeded (a control: the allowed write or read still works). */
export async function expectAllowed(response: Response | Promise<Response>): Promise<void> {
  const outcome = await outcomeOf(await response);
  expect(outcome.status, `expected 200, got ${outcome.status}: ${outcome.text}`).toBe(200);
}

/** Refused by the rules: 403 PERMISSION_DENIED ("Missing or insufficient permissions."). */
export async function expectDenied(response: Response | Promise<Response>): Promise<void> {
  const outcome = await outcomeOf(await response);
  expect(
    { status: outcome.status, code: outcome.code },
    `expected 403 PERMISSION_DENIED, got ${outcome.status}: ${outcome.text}`,
  ).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
}

/**
 * Refused either by the rules (403 PERMISSION_DENIED) or by the record's shape (400
 * INVALID_ARGUMENT): where the contract puts a check in the schema (a link's scheme, a real
 * calendar date), the fake answers whichever comes first, and both mean "not written". The probe
 * beside it always checks that nothing was stored.
 */
export async function expectRefused(response: Response | Promise<Response>): Promise<void> {
  const outcome = await outcomeOf(await response);
  expect(
    [
      { status: 403, code: 'PERMISSION_DENIED' },
      { status: 400, code: 'INVALID_ARGUMENT' },
    ],
    `expected a refusal, got ${outcome.status}: ${outcome.text}`,
  ).toContainEqual({ status: outcome.status, code: outcome.code });
}

// ---- writes as the Firestore REST API takes them -----------------------------------------------

/** The document's full resource name, as a commit names it. */
export function documentName(path: string): string {
  return `${DOCUMENTS}/${path}`;
}

type FieldTransform = { fieldPath: string; setToServerValue: 'REQUEST_TIME' };
export interface CommitWrite {
  update?: { name: string; fields: Record<string, unknown> };
  delete?: string;
  updateMask?: { fieldPaths: string[] };
  updateTransforms?: FieldTransform[];
  currentDocument?: { exists: boolean };
}

const serverTime = (fieldPath: string): FieldTransform => ({
  fieldPath,
  setToServerValue: 'REQUEST_TIME',
});

/** A field's value that is the server's time of the commit (what `serverTimestamp()` sends). */
export const SERVER_TIME = Symbol('server time');

/**
 * The bookkeeping a well-behaved client adds (app/backend/documents.ts): `updatedBy` = the writer
 * and `updatedAt` (and on a create `createdAt`) = the server's time. A key present in `data`, even
 * as undefined (= left out), wins, so a probe can forge or omit any of them.
 */
function withBookkeeping(
  data: Record<string, unknown>,
  writer: string,
  timeFields: string[],
): { fields: Record<string, unknown>; transforms: FieldTransform[] } {
  const fields: Record<string, unknown> = { updatedBy: writer };
  const serverTimes = timeFields.filter((f) => !(f in data));
  for (const [key, value] of Object.entries(data)) {
    if (value === SERVER_TIME) serverTimes.push(key);
    else fields[key] = value;
  }
  return { fields: encodeFields(fields), transforms: serverTimes.map(serverTime) };
}

/** A create (the document must not exist yet). */
export function createWrite(
  path: string,
  data: Record<string, unknown>,
  writer: string,
): CommitWrite {
  const { fields, transforms } = withBookkeeping(data, writer, ['createdAt', 'updatedAt']);
  return {
    update: { name: documentName(path), fields },
    updateTransforms: transforms,
    currentDocument: { exists: false },
  };
}

/** A whole-document write that creates or replaces (a `set` without merge). */
export function setWrite(path: string, data: Record<string, unknown>, writer: string): CommitWrite {
  const { fields, transforms } = withBookkeeping(data, writer, ['createdAt', 'updatedAt']);
  return { update: { name: documentName(path), fields }, updateTransforms: transforms };
}

/**
 * An update of the named field paths of an existing document (an `updateDoc`); `mask` defaults
 * to the top-level keys of `data`. Nested paths (`` readAt.`demo-parent` ``) take their value from
 * the nested object in `data`.
 */
export function patchWrite(
  path: string,
  data: Record<string, unknown>,
  writer: string,
  mask?: string[],
): CommitWrite {
  const { fields, transforms } = withBookkeeping(data, writer, ['updatedAt']);
  // The bookkeeping joins the mask unless the probe left it out on purpose (`updatedBy: undefined`).
  const fieldPaths = [
    ...(mask ?? Object.keys(data).filter((key) => data[key] !== undefined)),
    ...(data.updatedBy === undefined && 'updatedBy' in data ? [] : ['updatedBy']),
  ].filter((p) => !transforms.some((t) => t.fieldPath === p));
  return {
    update: { name: documentName(path), fields },
    updateMask: { fieldPaths: [...new Set(fieldPaths)] },
    updateTransforms: transforms,
    currentDocument: { exists: true },
  };
}

/**
 * A merging set of the named field paths (`setDoc(…, {merge: true})`, how the app's store saves):
 * creates the document when it is missing, else changes only those paths.
 */
export function mergeWrite(
  path: string,
  data: Record<string, unknown>,
  writer: string,
  mask?: string[],
): CommitWrite {
  const { currentDocument: _exists, ...write } = patchWrite(path, data, writer, mask);
  return write;
}

export function deleteWrite(path: string): CommitWrite {
  return { delete: documentName(path) };
}

/** A literal Firestore timestamp (not the server's time), e.g. to back-date a field. */
export function timestamp(iso: string): Date {
  return new Date(iso);
}

// ---- a signed-in caller ---------------------------------------------------------------------------

export interface Session {
  uid: string;
  email: string;
  idToken: string;
}

async function postJson(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Signs in with e-mail and password on the Auth emulator's REST path; the raw answer. */
export function signInRequest(email: string, password = DEMO_PASSWORD): Promise<Response> {
  return postJson(
    `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${DEMO_FIREBASE_CONFIG.apiKey}`,
    { email, password, returnSecureToken: true },
  );
}

/** Signs in (must succeed) and keeps the ID token, as a client would for its Bearer header. */
export async function signIn(email: string, password = DEMO_PASSWORD): Promise<Session> {
  const response = await signInRequest(email, password);
  const text = await response.text();
  expect(response.status, `sign-in of ${email} failed: ${text}`).toBe(200);
  const body = JSON.parse(text) as { idToken?: unknown; localId?: unknown };
  if (typeof body.idToken !== 'string' || typeof body.localId !== 'string') {
    throw new Error(`sign-in of ${email} answered no token: ${text}`);
  }
  return { uid: body.localId, email, idToken: body.idToken };
}

/** Signs in as the demo account of a role (mocks/README.md). */
export function signInAs(role: Role): Promise<Session> {
  return signIn(demoAccount(role).email);
}

const bearer = (session: Session | null): Record<string, string> =>
  session ? { Authorization: `Bearer ${session.idToken}` } : {};

/** POST …/documents:commit with these writes, all or nothing. */
export function commit(session: Session | null, ...writes: CommitWrite[]): Promise<Response> {
  return postJson(`/v1/${DOCUMENTS}:commit`, { writes }, bearer(session));
}

/** Creates one document with the client's bookkeeping (see createWrite). */
export function create(
  session: Session,
  path: string,
  data: Record<string, unknown>,
): Promise<Response> {
  return commit(session, createWrite(path, data, session.uid));
}

/** Creates or replaces one document (see setWrite). */
export function set(
  session: Session,
  path: string,
  data: Record<string, unknown>,
): Promise<Response> {
  return commit(session, setWrite(path, data, session.uid));
}

/** Updates fields of one document (see patchWrite). */
export function patch(
  session: Session,
  path: string,
  data: Record<string, unknown>,
  mask?: string[],
): Promise<Response> {
  return commit(session, patchWrite(path, data, session.uid, mask));
}

/** Saves fields of one document, creating it when missing (see mergeWrite). */
export function merge(
  session: Session,
  path: string,
  data: Record<string, unknown>,
  mask?: string[],
): Promise<Response> {
  return commit(session, mergeWrite(path, data, session.uid, mask));
}

/** Deletes one document (a hard delete). */
export function remove(session: Session, path: string): Promise<Response> {
  return commit(session, deleteWrite(path));
}

/** GET of one document on the Firestore emulator's REST path. */
export function getDocument(session: Session | null, path: string): Promise<Response> {
  return fetch(`${baseUrl()}/v1/${DOCUMENTS}/${path}`, { headers: bearer(session) });
}

/** batchGet of documents by path. */
export function batchGet(session: Session | null, paths: string[]): Promise<Response> {
  return postJson(
    `/v1/${DOCUMENTS}:batchGet`,
    { documents: paths.map(documentName) },
    bearer(session),
  );
}

export type QueryFilter = [field: string, op: string, value: unknown];

/**
 * runQuery on a collection (under `parent`, a document path, for a subcollection), with field
 * filters ANDed: `['classroomIds', 'ARRAY_CONTAINS_ANY', ['a', 'b']]`.
 */
export function runQuery(
  session: Session | null,
  collectionId: string,
  filters: QueryFilter[] = [],
  parent = '',
): Promise<Response> {
  const fieldFilters = filters.map(([field, op, value]) => ({
    fieldFilter: { field: { fieldPath: field }, op, value: encodeValue(value) },
  }));
  const where =
    fieldFilters.length === 0
      ? undefined
      : fieldFilters.length === 1
        ? fieldFilters[0]
        : { compositeFilter: { op: 'AND', filters: fieldFilters } };
  return postJson(
    `/v1/${DOCUMENTS}${parent ? `/${parent}` : ''}:runQuery`,
    { structuredQuery: { from: [{ collectionId }], ...(where ? { where } : {}) } },
    bearer(session),
  );
}

/** A callable on the Functions emulator's path (`{data}` in, `{result}` or `{error}` out). */
export function callFunction(
  session: Session | null,
  name: string,
  data: unknown,
): Promise<Response> {
  return postJson(`/${DEMO_PROJECT_ID}/${FUNCTIONS_REGION}/${name}`, { data }, bearer(session));
}

// ---- Storage ------------------------------------------------------------------------------------

const BUCKET = DEMO_FIREBASE_CONFIG.storageBucket;

/** The Storage upload URL of an object (`POST /v0/b/{bucket}/o?name=…`). */
function uploadUrl(name: string): string {
  return `${baseUrl()}/v0/b/${encodeURIComponent(BUCKET)}/o?name=${encodeURIComponent(name)}`;
}

/** A multipart upload (the SDK's way for files up to 256 KiB), declaring `contentType`. */
export function uploadMultipart(
  session: Session,
  name: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<Response> {
  const boundary = 'probe-boundary-4f1c';
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n` +
      `${JSON.stringify({ name, contentType })}\r\n` +
      `--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(head.length + bytes.length + tail.length);
  body.set(head, 0);
  body.set(bytes, head.length);
  body.set(tail, head.length + bytes.length);
  return fetch(uploadUrl(name), {
    method: 'POST',
    headers: {
      Authorization: `Firebase ${session.idToken}`,
      'X-Goog-Upload-Protocol': 'multipart',
      'Content-Type': `multipart/related; boundary=${boundary}`,
    },
    body,
  });
}

/** The start of a resumable upload (larger files): size and type are declared, and checked, here. */
export function startResumableUpload(
  session: Session,
  name: string,
  size: number,
  contentType: string,
): Promise<Response> {
  return fetch(uploadUrl(name), {
    method: 'POST',
    headers: {
      Authorization: `Firebase ${session.idToken}`,
      'Content-Type': 'application/json; charset=utf-8',
      'X-Goog-Upload-Protocol': 'resumable',
      'X-Goog-Upload-Command': 'start',
      'X-Goog-Upload-Header-Content-Length': String(size),
      'X-Goog-Upload-Header-Content-Type': contentType,
    },
    body: JSON.stringify({ name, contentType }),
  });
}

/** GET of an object's metadata (`GET /v0/b/{bucket}/o/{name}`): 404 when nothing was stored. */
export function getObject(session: Session, name: string): Promise<Response> {
  return fetch(`${baseUrl()}/v0/b/${encodeURIComponent(BUCKET)}/o/${encodeURIComponent(name)}`, {
    headers: { Authorization: `Firebase ${session.idToken}` },
  });
}
