// A small in-memory stand-in for the parts of firebase-admin the functions use (Firestore doc and
// collection reads, batched set/merge/delete with server timestamps; Auth users and claims), so
// the offline tests run the real function code without a project or an emulator. Tests install it
// with vi.mock('firebase-admin/firestore' | 'firebase-admin/auth' | 'firebase-admin/app').
import { matchesWhere, type WhereOp } from '~/domain/permissions';

/** The server-time sentinel FieldValue.serverTimestamp() returns here. */
const SERVER_TIME = Symbol('serverTimestamp');
type ServerTime = { [SERVER_TIME]: true };
const isServerTime = (value: unknown): value is ServerTime =>
  typeof value === 'object' && value !== null && SERVER_TIME in value;

export const FieldValue = {
  serverTimestamp: (): ServerTime => ({ [SERVER_TIME]: true }),
};

type Data = Record<string, unknown>;

function isPlainObject(value: unknown): value is Data {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

function resolveTimes(value: unknown, now: Date): unknown {
  if (isServerTime(value)) return new Date(now);
  if (Array.isArray(value)) return value.map((v) => resolveTimes(v, now));
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveTimes(v, now)]));
  }
  return value;
}

/** Firestore's set-merge: maps merged key by key, everything else replaced. */
function deepMerge(target: Data, patch: Data): Data {
  const out: Data = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    out[key] = isPlainObject(value) && isPlainObject(current) ? deepMerge(current, value) : value;
  }
  return out;
}

export interface BatchOperation {
  kind: 'set' | 'merge' | 'delete';
  path: string;
  data?: Data;
}

class MemoryDocumentRef {
  constructor(
    private readonly store: MemoryFirestore,
    readonly path: string,
  ) {
    if (path.split('/').length % 2 !== 0) throw new Error(`Not a document path: ${path}`);
  }
  get id(): string {
    return this.path.split('/').pop() ?? '';
  }
  async get() {
    const data = this.store.docs.get(this.path);
    return { id: this.id, exists: data !== undefined, data: () => structuredClone(data) };
  }
}

class MemoryBatch {
  private readonly operations: BatchOperation[] = [];
  constructor(private readonly store: MemoryFirestore) {}
  set(ref: MemoryDocumentRef, data: Data, options?: { merge?: boolean }) {
    this.operations.push({ kind: options?.merge ? 'merge' : 'set', path: ref.path, data });
    return this;
  }
  delete(ref: MemoryDocumentRef) {
    this.operations.push({ kind: 'delete', path: ref.path });
    return this;
  }
  async commit() {
    this.store.apply(this.operations);
    return [];
  }
}

export class MemoryFirestore {
  readonly docs = new Map<string, Data>();
  /** Every committed batch, in order (what the functions wrote, before server times resolved). */
  readonly commits: BatchOperation[][] = [];
  /** The time server timestamps resolve to. */
  now = new Date('2025-03-03T12:00:00.000Z');

  doc(path: string) {
    return new MemoryDocumentRef(this, path);
  }
  /** Every read a decision made: a collection's path, or a query's path and filter. */
  readonly reads: string[] = [];

  collection(path: string) {
    const depth = path.split('/').length + 1;
    const read = (keep: (data: Data) => boolean) => ({
      docs: [...this.docs.entries()]
        .filter(([p]) => p.startsWith(`${path}/`) && p.split('/').length === depth)
        .filter(([, data]) => keep(data))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([p, data]) => ({
          id: p.split('/').pop() ?? '',
          data: () => structuredClone(data),
        })),
    });
    return {
      get: async () => {
        this.reads.push(path);
        return read(() => true);
      },
      // Firestore's equality and array-contains filters, on a dotted field path.
      where: (field: string, op: WhereOp, value: string) => ({
        get: async () => {
          this.reads.push(`${path} where ${field} ${op} ${value}`);
          return read((data) => matchesWhere(data, field, op, value));
        },
      }),
    };
  }
  batch() {
    return new MemoryBatch(this);
  }
  apply(operations: readonly BatchOperation[]) {
    this.commits.push(operations.map((op) => ({ ...op })));
    for (const op of operations) {
      if (op.kind === 'delete') {
        this.docs.delete(op.path);
        continue;
      }
      const data = resolveTimes(op.data ?? {}, this.now);
      if (!isPlainObject(data)) throw new Error(`Invalid data for ${op.path}`);
      const before = this.docs.get(op.path);
      this.docs.set(op.path, op.kind === 'merge' && before ? deepMerge(before, data) : data);
    }
  }
  /** Seeds documents (plain data, as a client would have written them). */
  seed(docs: Record<string, Data>) {
    for (const [path, data] of Object.entries(docs)) this.docs.set(path, structuredClone(data));
  }
  reset() {
    this.docs.clear();
    this.commits.length = 0;
    this.reads.length = 0;
  }
}

export interface MemoryUser {
  uid: string;
  email: string;
  displayName?: string;
  customClaims?: Record<string, unknown>;
  disabled: boolean;
  /** How often revokeRefreshTokens was called for the user. */
  revocations?: number;
}

function authError(code: string, message: string): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}

export class MemoryAuth {
  readonly users = new Map<string, MemoryUser>();
  private counter = 0;

  async getUserByEmail(email: string): Promise<MemoryUser> {
    const wanted = email.toLowerCase();
    const user = [...this.users.values()].find((u) => u.email.toLowerCase() === wanted);
    if (!user) throw authError('auth/user-not-found', `No user record for ${email}.`);
    return user;
  }
  async createUser(input: { email: string; displayName?: string }): Promise<MemoryUser> {
    if ([...this.users.values()].some((u) => u.email === input.email)) {
      throw authError('auth/email-already-exists', 'The email address is already in use.');
    }
    const user: MemoryUser = { uid: `invited-${++this.counter}`, disabled: false, ...input };
    this.users.set(user.uid, user);
    return user;
  }
  async setCustomUserClaims(uid: string, claims: Record<string, unknown>): Promise<void> {
    const user = this.users.get(uid);
    if (!user) throw authError('auth/user-not-found', `No user record for ${uid}.`);
    user.customClaims = claims;
  }
  async updateUser(uid: string, patch: { disabled?: boolean }): Promise<MemoryUser> {
    const user = this.users.get(uid);
    if (!user) throw authError('auth/user-not-found', `No user record for ${uid}.`);
    if (patch.disabled !== undefined) user.disabled = patch.disabled;
    return user;
  }
  /** Every password-reset link asked for: the address and the continue URL. */
  readonly resetLinks: Array<{ email: string; continueUrl: string | null; link: string }> = [];
  /** Stubbed at its edge: a link of the Auth handler's shape, with a counter for its code. */
  async generatePasswordResetLink(email: string, settings?: { url: string }): Promise<string> {
    if (![...this.users.values()].some((u) => u.email.toLowerCase() === email.toLowerCase())) {
      throw authError('auth/email-not-found', `No user record for ${email}.`);
    }
    const url = new URL('https://school.example/auth/action');
    url.searchParams.set('mode', 'resetPassword');
    url.searchParams.set('oobCode', `code-${this.resetLinks.length + 1}`);
    url.searchParams.set('apiKey', 'test-key');
    if (settings) url.searchParams.set('continueUrl', settings.url);
    const link = url.toString();
    this.resetLinks.push({ email, continueUrl: settings?.url ?? null, link });
    return link;
  }
  /** Like the Admin SDK: sets tokensValidAfterTime, so refresh tokens issued before it fail. */
  async revokeRefreshTokens(uid: string): Promise<void> {
    const user = this.users.get(uid);
    if (!user) throw authError('auth/user-not-found', `No user record for ${uid}.`);
    user.revocations = (user.revocations ?? 0) + 1;
  }
  reset() {
    this.users.clear();
    this.resetLinks.length = 0;
    this.counter = 0;
  }
}

/** The one instance the mocked modules hand out. */
export const memory = { db: new MemoryFirestore(), auth: new MemoryAuth() };
