// The audit trail (issue 28, decision 050): after a write to a student, a family, a member, a roll
// call, an inquiry or a guardian request, and after a conversation or a message is archived (or
// deleted by the backend), one auditLog entry says who changed which fields, when, and for small
// values from what to what. This is the one decision; the fake (mocks/triggers.ts) runs it after a
// client's commit and the Cloud Functions (firebase/functions) after each document write, so both
// keep the same trail. Pure over the change and a read context (only to see whether the entry of a
// repeated event is already there).
//
// What is recorded:
// - every changed field by its path: top-level fields, and nested maps key by key down to three
//   levels (a roll call's `entries.stu-00001.status`, a member's `preferences.theme`), so the entry
//   says which child's mark changed. Arrays are compared whole and named by their field; a family's
//   guardians are compared guardian by guardian when their number is unchanged (`guardians.0.phone`).
// - `before`/`after` only when both sides are small scalars (strings up to 200 characters, numbers,
//   booleans, null; an absent field counts as null). Anything else is named without its values.
//   A field that has no value on either side (absent, null, '', [], {}) has not changed.
// - never the values of sensitive fields (SENSITIVE_FIELDS): medical notes, free-text notes (they
//   carry health, family and safeguarding details, and a student's status history), an inquiry's
//   message, a roll-call mark's note (reasons for absence), guardian requests' notes, a message's
//   body, and a member's outbox key (a secret). They are named, so the trail still says they changed.
// - nothing for bookkeeping alone (BOOKKEEPING_FIELDS): server stamps, the writer's id (that is
//   `by`), the access links and last-message fields the triggers maintain, a mark's own at/by. A
//   write that changes only these writes no entry, so the triggers' own writes never fill the log.
//
// Who (`by`): the writer the host knows (the fake's caller; the function's auth context for a
// Firebase Auth user), else the written document's `updatedBy` (the rules and the fake force it to
// the caller's uid; the callables set it to theirs), else 'system' for a backend write without one,
// or 'unknown (deleted)' for a delete whose author the host cannot know.
//
// The entry's id is derived from the document, the event time and the change itself, so a trigger
// delivered twice (at-least-once) finds its entry and writes nothing more.
import { ACCESS_LINKS_FIELD, OUTBOX_KEY_FIELD, type DocData } from '~/domain/permissions';
import { AUDITED_COLLECTIONS, type AuditChange } from '~/domain/records';
import type { DocumentChange } from './access';
import type { ServerContext, ServerWrite } from './outcome';

export type AuditedCollection = (typeof AUDITED_COLLECTIONS)[number];
export type AuditAction = 'create' | 'update' | 'delete' | 'archive';

/** A document write as the triggers see it, with its writer when the host knows who made it. */
export interface WrittenChange extends DocumentChange {
  /** The writer's memberUUID (the fake's caller; a function's Firebase Auth user); else unknown. */
  writer?: string | null;
}

export const AUDIT_LOG_COLLECTION = 'auditLog';
/** `by` of a backend write that names no writer. */
export const SYSTEM_WRITER = 'system';
/** `by` of a delete whose author the host cannot know (the document keeps no updatedBy). */
export const UNKNOWN_DELETER = 'unknown (deleted)';
/** Longest string kept as a before/after value. */
export const AUDIT_MAX_VALUE_LENGTH = 200;
/** How long an entry is kept: `expireAt` (a Timestamp, for the TTL policy in docs/deploy.md). */
export const AUDIT_RETENTION_YEARS = 2;
/** How deep nested maps are compared key by key (`entries.<studentId>.status`). */
const MAX_DEPTH = 3;

/** Fields never worth an entry on their own, in every collection. */
const BOOKKEEPING_FIELDS: readonly string[] = [
  'id',
  'createdAt',
  'updatedAt',
  'updatedBy',
  'lastUpdated',
  ACCESS_LINKS_FIELD,
];

/** Bookkeeping of one collection, by field path (`*` matches one map key). */
const COLLECTION_BOOKKEEPING: Partial<Record<AuditedCollection, readonly string[]>> = {
  // Each mark carries when and by whom it was made; the entry's `at` and `by` already say so.
  attendance: ['entries.*.at', 'entries.*.by'],
  // Kept by the message trigger, not by people.
  conversations: ['lastMessageAt', 'lastMessagePreview'],
  // Read receipts are not edits of the message.
  messages: ['readBy', 'readAt'],
};

/**
 * Fields whose values are never copied into the trail (named only), by field path (`*` matches
 * one map key or guardian index). See the header for why each is sensitive.
 */
export const SENSITIVE_FIELDS: Readonly<Record<AuditedCollection, readonly string[]>> = {
  students: ['medicalNotes', 'notes'],
  families: ['notes'],
  Members: [OUTBOX_KEY_FIELD],
  attendance: ['entries.*.note'],
  parentInquiries: ['message', 'history'],
  conversations: [],
  messages: ['body'],
  guardianRequests: ['note', 'decisionNote'],
  // A family's note may say more about a child's health than the reason does.
  absenceReports: ['note'],
  eventReplies: [],
};

/** Collections where only archives (and backend deletes) are audited, not every edit. */
const ARCHIVE_ONLY: readonly AuditedCollection[] = ['conversations', 'messages'];

type Scalar = string | number | boolean | null;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    const at = a instanceof Date ? a.toISOString() : a;
    const bt = b instanceof Date ? b.toISOString() : b;
    return at === bt;
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/** No value: absent, null, '', [] or {} (a form's empty field is not a change from absent). */
function empty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isPlainObject(value) && Object.keys(value).length === 0;
}

function matches(pattern: string, path: string): boolean {
  const p = pattern.split('.');
  const f = path.split('.');
  return p.length === f.length && p.every((segment, i) => segment === '*' || segment === f[i]);
}

/** True when the path or one of its parents is in the list. */
function listed(patterns: readonly string[], path: string): boolean {
  const segments = path.split('.');
  for (let n = 1; n <= segments.length; n++) {
    const prefix = segments.slice(0, n).join('.');
    if (patterns.some((pattern) => matches(pattern, prefix))) return true;
  }
  return false;
}

/** The audited collection and the document id (messages: `conversationId/messageId`). */
export function auditTargetOf(
  path: string,
): { collection: AuditedCollection; docId: string } | null {
  const segments = path.split('/');
  if (segments.length === 4 && segments[0] === 'conversations' && segments[2] === 'messages') {
    return { collection: 'messages', docId: `${segments[1]}/${segments[3]}` };
  }
  if (segments.length !== 2 || !segments[1]) return null;
  const collection = AUDITED_COLLECTIONS.find((c) => c === segments[0] && c !== 'messages');
  return collection ? { collection, docId: segments[1] } : null;
}

/** A value small enough to keep: strings up to 200 characters, finite numbers, booleans, null. */
export function smallScalar(value: unknown): value is Scalar {
  if (value === null) return true;
  if (typeof value === 'string') return value.length <= AUDIT_MAX_VALUE_LENGTH;
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'boolean';
}

/** Leaf values keyed by field path: maps opened down to MAX_DEPTH, guardians by index. */
function leaves(
  before: unknown,
  after: unknown,
  path: string,
  depth: number,
  out: Map<string, { before: unknown; after: unknown }>,
): void {
  if (same(before, after) || (empty(before) && empty(after))) return;
  const bothMaps =
    (isPlainObject(before) || before === undefined) &&
    (isPlainObject(after) || after === undefined);
  // Guardians compared one by one while their number stays: a phone change names the guardian.
  const sameLengthLists =
    Array.isArray(before) &&
    Array.isArray(after) &&
    before.length === after.length &&
    path === 'guardians';
  if (depth < MAX_DEPTH && bothMaps && (before !== undefined || after !== undefined)) {
    const b = isPlainObject(before) ? before : {};
    const a = isPlainObject(after) ? after : {};
    // An empty map on one side is a value of its own (a field set to {}), not a set of keys.
    if (Object.keys(b).length + Object.keys(a).length > 0) {
      for (const key of [...new Set([...Object.keys(b), ...Object.keys(a)])].sort()) {
        leaves(b[key], a[key], path ? `${path}.${key}` : key, depth + 1, out);
      }
      return;
    }
  }
  if (sameLengthLists && depth < MAX_DEPTH) {
    const list = before as unknown[];
    for (let i = 0; i < list.length; i++) {
      leaves(list[i], (after as unknown[])[i], `${path}.${i}`, depth + 1, out);
    }
    return;
  }
  out.set(path, { before, after });
}

/**
 * The changed fields of a write, bookkeeping left out, each with its values when both sides are
 * small scalars and the field is not sensitive. Sorted by field path (stable across hosts).
 */
export function auditChanges(
  collection: AuditedCollection,
  before: DocData | null,
  after: DocData | null,
): AuditChange[] {
  const found = new Map<string, { before: unknown; after: unknown }>();
  leaves(before ?? {}, after ?? {}, '', 0, found);
  const ignored = [...BOOKKEEPING_FIELDS, ...(COLLECTION_BOOKKEEPING[collection] ?? [])];
  const sensitive = SENSITIVE_FIELDS[collection];
  const changes: AuditChange[] = [];
  for (const [field, values] of [...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (listed(ignored, field)) continue;
    const b = values.before === undefined ? null : values.before;
    const a = values.after === undefined ? null : values.after;
    if (!listed(sensitive, field) && smallScalar(b) && smallScalar(a)) {
      changes.push({ field, before: b, after: a });
    } else {
      changes.push({ field });
    }
  }
  return changes;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** What kind of write this is for the trail, or null when it is not audited. */
function actionOf(collection: AuditedCollection, change: DocumentChange): AuditAction | null {
  const { before, after } = change;
  if (!before && !after) return null;
  const archived = Boolean(after && present(after.archivedAt) && !present(before?.archivedAt));
  if (ARCHIVE_ONLY.includes(collection)) {
    if (archived) return 'archive';
    // Clients cannot hard-delete conversations or messages; a backend delete leaves a trace.
    return before && !after ? 'delete' : null;
  }
  if (!before) return 'create';
  if (!after) return 'delete';
  return archived ? 'archive' : 'update';
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Who made the write (see the header). */
export function auditWriter(change: WrittenChange): string {
  return (
    str(change.writer) ??
    (change.after
      ? (str(change.after.updatedBy) ?? str(change.after.archivedBy) ?? SYSTEM_WRITER)
      : UNKNOWN_DELETER)
  );
}

/** FNV-1a, 32 bits, as 8 hex digits: a short, stable fingerprint for the entry's id. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * The entry's id: the document, the event time (to the millisecond) and a fingerprint of the
 * change, so a repeated delivery of one event finds its entry, and two writes in one millisecond
 * still get two.
 */
export function auditEntryId(
  collection: AuditedCollection,
  docId: string,
  atIso: string,
  action: AuditAction,
  changes: readonly AuditChange[],
): string {
  const time = atIso.replace(/[^0-9]/g, '');
  const safeDocId = docId.replace(/[^A-Za-z0-9_-]/g, '_');
  return `${collection}_${safeDocId}_${time}_${fingerprint(JSON.stringify([action, changes]))}`;
}

function expiryOf(at: Date): Date {
  const expiry = new Date(at.getTime());
  expiry.setUTCFullYear(expiry.getUTCFullYear() + AUDIT_RETENTION_YEARS);
  return expiry;
}

/**
 * The auditLog write for one document write, or none: not an audited collection or action, only
 * bookkeeping changed, or the entry is already there (a repeated event). `at` and `expireAt` are
 * Timestamps (Dates here), so the log sorts by time and a TTL policy can delete old entries.
 */
export function auditWrites(
  change: WrittenChange,
  ctx: ServerContext,
  nowIso: string,
): ServerWrite[] {
  const target = auditTargetOf(change.path);
  if (!target) return [];
  const action = actionOf(target.collection, change);
  if (!action) return [];
  const changes = auditChanges(target.collection, change.before, change.after);
  if (action === 'update' && changes.length === 0) return [];
  const at = new Date(nowIso);
  if (Number.isNaN(at.getTime())) return [];
  const id = auditEntryId(target.collection, target.docId, nowIso, action, changes);
  const path = `${AUDIT_LOG_COLLECTION}/${id}`;
  if (ctx.get(path)) return [];
  return [
    {
      path,
      data: {
        at,
        by: auditWriter(change),
        collection: target.collection,
        docId: target.docId,
        action,
        changes,
        expireAt: expiryOf(at),
      },
    },
  ];
}

/** The audit writes for the documents of one commit (each path once). */
export function auditTrailWrites(
  changes: readonly WrittenChange[],
  ctx: ServerContext,
  nowIso: string,
): ServerWrite[] {
  return changes.flatMap((change) => auditWrites(change, ctx, nowIso));
}
