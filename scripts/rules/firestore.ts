// firestore.rules, generated from the permission matrix (app/domain/permissions.ts) and the record
// schemas (app/domain/records.ts). Each read and write scope of the matrix is written here once, as a
// rules expression; a collection's `allow` is the OR, over the roles, of "has the role and its scope
// holds". The person's roles and links come from one get() of their Members document: the roles the
// callables set, and `access` (app/domain/access-links.ts) the triggers keep up to date, because
// rules cannot list collections to find a parent's children or a facilitator's classrooms.
import {
  FAMILY_REPORT_FIELDS,
  OFFICE_REPORT_FIELDS,
  STUDENT_REPORT_AGE,
} from '../../app/domain/absences';
import { OFFICE_PARTICIPANT } from '../../app/domain/messages';
import {
  ACCESS_LINKS_FIELD,
  ARCHIVE_FIELDS,
  GUARDIAN_LINK_FIELDS,
  INQUIRY_OFFICE_FIELDS,
  MESSAGE_SENDER_FIELDS,
  BOOKKEEPING_FIELDS,
  CONVERSATION_PARTNER_ROLES,
  FACILITATOR_PROFILE_FIELDS,
  FAMILY_CONTACT_FIELDS,
  MAX_STARTED_PARTICIPANTS,
  MEMBER_ACCOUNT_FIELDS,
  MEMBER_PROFILE_FIELDS,
  NOTIFICATION_STATE_FIELDS,
  PERMISSION_COLLECTIONS,
  PERMISSION_MATRIX,
  READ_RECEIPT_FIELDS,
  writersOf,
  type PermissionCollection,
  type ReadScope,
  type WriteScope,
} from '../../app/domain/permissions';
import { MAX_GUARDIANS, RECORD_SCHEMAS } from '../../app/domain/records';
import { REPLY_FAMILY_FIELDS } from '../../app/domain/reply-fields';
import { ROLES, STAFF_ROLES, type Role } from '../../app/domain/roles';
import { EXTRA_STORED_FIELDS } from '../../app/domain/stored-keys';
import { createInvariant, INVARIANT_FUNCTIONS, updateInvariant } from './invariants';
import { DATE_TIME_FUNCTION, documentChecks, list, literal } from './shape';
import type { AccessLinks } from '../../app/domain/access-links';

export type WriteOp = 'create' | 'update' | 'delete';
export const WRITE_OPS: readonly WriteOp[] = ['create', 'update', 'delete'];

/** The rules expressions a scope is written with, inside one collection's match block. */
export interface ScopeContext {
  collection: PermissionCollection;
  /** The caller's Members document data. */
  m: string;
  /** The document id. */
  id: string;
  /** The stored document (reads, updates, deletes). */
  before: string;
  /** The document as it would be after the write (creates, updates). */
  after: string;
  /** The conversation a message belongs to (messages), or the document itself (conversations). */
  conversation: string;
  /** The member whose subcollection holds the document (devices), as a rules variable. */
  owner?: string;
}

// ---- small pieces -----------------------------------------------------------------------------

/** The caller's memberUUID: the Members document's, or the uid (they are equal in this product). */
const me = (c: ScopeContext) => `me(${c.m})`;
/** One of the caller's access links (a list), app/domain/access-links.ts. */
const link = (c: ScopeContext, key: keyof AccessLinks) =>
  `${c.m}.get(${literal(ACCESS_LINKS_FIELD)}, {}).get(${literal(key)}, [])`;
/** One of the caller's single access links (a string or null). */
const linkId = (c: ScopeContext, key: 'studentId' | 'facilitatorId') =>
  `${c.m}.get(${literal(ACCESS_LINKS_FIELD)}, {}).get(${literal(key)}, null)`;
const field = (doc: string, name: string, fallback: string) =>
  `${doc}.get(${literal(name)}, ${fallback})`;
/** Only these fields (and the bookkeeping ones) differ between the stored and the new document. */
const onlyChanges = (c: ScopeContext, fields: readonly string[]) =>
  `${c.after}.diff(${c.before}).affectedKeys().hasOnly(${list([...fields, ...BOOKKEEPING_FIELDS])})`;
const keeps = (c: ScopeContext, fields: readonly string[]) =>
  `!${c.after}.diff(${c.before}).affectedKeys().hasAny(${list(fields)})`;
const or = (...parts: string[]) => `(${parts.join(' || ')})`;
const and = (...parts: string[]) => parts.join(' && ');

/** The documents a write touches: the new one, both, or the stored one. */
function versions(op: WriteOp, c: ScopeContext): string[] {
  if (op === 'create') return [c.after];
  if (op === 'delete') return [c.before];
  return [c.before, c.after];
}
const every = (op: WriteOp, c: ScopeContext, test: (doc: string) => string) =>
  versions(op, c).map(test).join(' && ');

// ---- the scopes ---------------------------------------------------------------------------------

/** Each read scope as a condition on the stored document `before`. */
export const READ_SCOPES: Record<ReadScope, (c: ScopeContext) => string> = {
  none: () => 'false',
  all: () => 'true',
  ownClassroomStudents: (c) =>
    `${field(c.before, 'classroomIds', '[]')}.hasAny(${link(c, 'classroomIds')})`,
  ownChildren: (c) =>
    or(
      `${field(c.before, 'familyId', "''")} in ${link(c, 'familyIds')}`,
      `${c.id} in ${link(c, 'childIds')}`,
    ),
  self: (c) => `${c.id} == ${linkId(c, 'studentId')}`,
  familiesOfOwnStudents: (c) => `${c.id} in ${link(c, 'studentFamilyIds')}`,
  ownFamily: (c) => `${c.id} in ${link(c, 'familyIds')}`,
  facilitatorsOfOwnChildren: (c) =>
    `${field(c.before, 'classroomIds', '[]')}.hasAny(${link(c, 'childClassroomIds')})`,
  ownFacilitators: (c) =>
    `${field(c.before, 'classroomIds', '[]')}.hasAny(${link(c, 'classroomIds')})`,
  ownDoc: (c) => `${c.id} == request.auth.uid`,
  ownClassrooms: (c) => `${field(c.before, 'classroomId', "''")} in ${link(c, 'classroomIds')}`,
  childrenClassrooms: (c) =>
    `${field(c.before, 'classroomId', "''")} in ${link(c, 'childClassroomIds')}`,
  selfClassrooms: (c) => `${field(c.before, 'classroomId', "''")} in ${link(c, 'classroomIds')}`,
  // Decision 046: the record's derived keys meet the person's, or they wrote it.
  audience: (c) =>
    or(
      `${field(c.before, 'audienceKeys', '[]')}.hasAny(${link(c, 'audienceKeys')})`,
      `${field(c.before, 'createdBy', "''")} == ${me(c)}`,
    ),
  participant: (c) => `participates(${c.m}, ${c.conversation})`,
  participantOrArchived: (c) =>
    or(
      `participates(${c.m}, ${c.conversation})`,
      `${field(c.conversation, 'archivedAt', 'null')} != null`,
      `${field(c.before, 'archivedAt', 'null')} != null`,
    ),
  ownNotification: (c) => `${field(c.before, 'memberUUID', "''")} == ${me(c)}`,
  ownInquiry: (c) => `${field(c.before, 'createdBy', "''")} == ${me(c)}`,
  ownFamilyRequests: (c) => `${field(c.before, 'familyId', "''")} in ${link(c, 'familyIds')}`,
  ownDevice: (c) => `${c.owner ?? 'null'} == request.auth.uid`,
  ownClassroomReports: (c) =>
    `${field(c.before, 'classroomIds', '[]')}.hasAny(${link(c, 'classroomIds')})`,
  ownFamilyReports: (c) => `${field(c.before, 'familyId', "''")} in ${link(c, 'familyIds')}`,
  selfReports: (c) => `${field(c.before, 'studentId', "''")} == ${linkId(c, 'studentId')}`,
};

/** The student record an absence report is about (one get), as a rules expression. */
const reportedStudent = (c: ScopeContext) =>
  `get(/databases/$(database)/documents/students/$(${field(c.after, 'studentId', "''")})).data`;

/**
 * permissions.ts selfReportAllowed, as a rules expression (two gets: the student, their campus):
 * the campus lets students report, and the student is STUDENT_REPORT_AGE or over.
 */
function selfReport(op: WriteOp, c: ScopeContext): string {
  if (op === 'delete') return 'false';
  const student = `get(/databases/$(database)/documents/students/$(${linkId(c, 'studentId')})).data`;
  const campus = `get(/databases/$(database)/documents/campuses/$(${student}.get('campusId', ''))).data`;
  const dob = `${student}.get('dateOfBirth', '0000-01-01')`;
  const allowed = and(
    `${linkId(c, 'studentId')} is string`,
    `${campus}.get('studentsReportAbsences', false) == true`,
    `timestamp.date(int(${dob}[0:4]) + ${STUDENT_REPORT_AGE}, int(${dob}[5:7]), int(${dob}[8:10])) <= request.time`,
  );
  if (op === 'update') {
    return and(
      allowed,
      `${field(c.before, 'studentId', "''")} == ${linkId(c, 'studentId')}`,
      onlyChanges(c, FAMILY_REPORT_FIELDS),
      `(${field(c.after, 'status', "''")} == ${field(c.before, 'status', "''")} || ${field(c.after, 'status', "''")} == 'withdrawn')`,
    );
  }
  return and(
    allowed,
    `${field(c.after, 'studentId', "''")} == ${linkId(c, 'studentId')}`,
    `${field(c.after, 'familyId', "''")} == ${student}.get('familyId', null)`,
    `${field(c.after, 'campusId', "''")} == ${student}.get('campusId', null)`,
    `${field(c.after, 'classroomIds', '[]')} == ${student}.get('classroomIds', [])`,
    `${field(c.after, 'createdBy', "''")} == ${me(c)}`,
    `${field(c.after, 'reporterName', "''")} == ${c.m}.get('displayName', '')`,
    `${field(c.after, 'status', "''")} == 'reported'`,
    `!${c.after}.keys().hasAny(${list(OFFICE_REPORT_FIELDS)})`,
  );
}

/** permissions.ts familyReplyAllowed, as a rules expression (two gets: the student, the event). */
function familyReply(op: WriteOp, c: ScopeContext): string {
  if (op === 'delete') return 'false';
  const student = reportedStudent(c);
  const event = `get(/databases/$(database)/documents/events/$(${field(c.after, 'eventId', "''")})).data`;
  const asked = `${event}.get('reply', {})`;
  return and(
    `${c.id} == ${field(c.after, 'eventId', "''")} + '_' + ${field(c.after, 'studentId', "''")}`,
    `${field(c.after, 'studentId', "''")} in ${link(c, 'childIds')}`,
    `${field(c.after, 'familyId', "''")} in ${link(c, 'familyIds')}`,
    `${field(c.after, 'familyId', "''")} == ${student}.get('familyId', null)`,
    `${field(c.after, 'classroomIds', '[]')} == ${student}.get('classroomIds', [])`,
    `${field(c.after, 'kind', "''")} == ${asked}.get('kind', null)`,
    `request.time.toMillis() < ${asked}.get('deadline', 0)`,
    `${field(c.after, 'repliedBy', "''")} == ${me(c)}`,
    `${field(c.after, 'guardianName', "''")} == ${c.m}.get('displayName', '')`,
    op === 'create'
      ? `${field(c.after, 'createdBy', "''")} == ${me(c)}`
      : onlyChanges(c, REPLY_FAMILY_FIELDS),
  );
}

/** permissions.ts familyReportAllowed, as a rules expression. */
function familyReport(op: WriteOp, c: ScopeContext): string {
  if (op === 'delete') return 'false';
  if (op === 'update') {
    return and(
      `${field(c.before, 'familyId', "''")} in ${link(c, 'familyIds')}`,
      onlyChanges(c, FAMILY_REPORT_FIELDS),
      `(${field(c.after, 'status', "''")} == ${field(c.before, 'status', "''")} || ${field(c.after, 'status', "''")} == 'withdrawn')`,
    );
  }
  const student = reportedStudent(c);
  return and(
    `${field(c.after, 'studentId', "''")} in ${link(c, 'childIds')}`,
    `${field(c.after, 'familyId', "''")} in ${link(c, 'familyIds')}`,
    `${field(c.after, 'familyId', "''")} == ${student}.get('familyId', null)`,
    `${field(c.after, 'campusId', "''")} == ${student}.get('campusId', null)`,
    `${field(c.after, 'classroomIds', '[]')} == ${student}.get('classroomIds', [])`,
    `${field(c.after, 'createdBy', "''")} == ${me(c)}`,
    `${field(c.after, 'reporterName', "''")} == ${c.m}.get('displayName', '')`,
    `${field(c.after, 'status', "''")} == 'reported'`,
    `!${c.after}.keys().hasAny(${list(OFFICE_REPORT_FIELDS)})`,
  );
}

/** The read receipts gain at most the caller's own (permissions.ts isOwnReadReceipt). */
function receiptOnlyMine(c: ScopeContext): string {
  const readBefore = field(c.before, 'readBy', '[]');
  const readAfter = field(c.after, 'readBy', '[]');
  return and(
    `${readAfter}.hasAll(${readBefore})`,
    `${readAfter}.removeAll(${readBefore}).hasOnly([${me(c)}])`,
    `${field(c.after, 'readAt', '{}')}.diff(${field(c.before, 'readAt', '{}')}).affectedKeys().hasOnly([${me(c)}])`,
  );
}

/** A read receipt by someone who did not send the message: nothing else changes. */
function ownReadReceipt(c: ScopeContext): string {
  return and(onlyChanges(c, READ_RECEIPT_FIELDS), receiptOnlyMine(c));
}

/**
 * A parent keeps who is linked: the same number of guardians, each keeping name, relationship,
 * linked account and primary flag (permissions.ts keepsGuardianLinks); one check per position.
 */
function keepsGuardianLinks(c: ScopeContext): string {
  const positions = Array.from(
    { length: MAX_GUARDIANS },
    (_, i) => `guardianKept(${c.before}, ${c.after}, ${i})`,
  );
  return and(
    `${field(c.after, 'guardians', '[]')}.size() == ${field(c.before, 'guardians', '[]')}.size()`,
    ...positions,
  );
}

/**
 * A conversation a parent or student starts: every other participant, up to
 * MAX_STARTED_PARTICIPANTS in all, is a member with one of the partner roles (or the office, for
 * parents). Rules cannot loop, so each list position is checked on its own.
 */
function startsWithPartners(c: ScopeContext, scope: keyof typeof CONVERSATION_PARTNER_ROLES) {
  const ids = field(c.after, 'participantIds', '[]');
  const office = scope === 'participantWithStaff';
  const roles = list(CONVERSATION_PARTNER_ROLES[scope]);
  const positions = Array.from(
    { length: MAX_STARTED_PARTICIPANTS },
    (_, i) => `partnerAt(${c.m}, ${ids}, ${i}, ${office}, ${roles})`,
  );
  return and(`${ids}.size() <= ${MAX_STARTED_PARTICIPANTS}`, ...positions);
}

/** Each write scope per operation; 'false' where the scope never allows that operation. */
export const WRITE_SCOPES: Record<WriteScope, (op: WriteOp, c: ScopeContext) => string> = {
  none: () => 'false',
  all: () => 'true',
  membersExceptAccount: (op, c) => (op === 'update' ? keeps(c, MEMBER_ACCOUNT_FIELDS) : 'false'),
  ownFamilyContact: (op, c) =>
    op === 'update'
      ? and(
          `${c.id} in ${link(c, 'familyIds')}`,
          onlyChanges(c, FAMILY_CONTACT_FIELDS),
          keepsGuardianLinks(c),
        )
      : 'false',
  ownFacilitatorProfile: (op, c) =>
    op === 'update'
      ? and(
          `${field(c.before, 'memberUUID', "''")} == ${me(c)}`,
          onlyChanges(c, FACILITATOR_PROFILE_FIELDS),
        )
      : 'false',
  ownDocProfile: (op, c) =>
    op === 'update'
      ? and(`${c.id} == request.auth.uid`, onlyChanges(c, MEMBER_PROFILE_FIELDS))
      : 'false',
  ownClassroomAttendance: (op, c) =>
    every(
      op,
      c,
      (d) =>
        `${field(d, 'classroomId', "''")} in ${link(c, 'classroomIds')} && notFuture(${field(d, 'date', "''")})`,
    ),
  ownClassroomEvents: (op, c) =>
    every(op, c, (d) => {
      const classrooms = field(d, 'classroomIds', '[]');
      return `${classrooms}.size() > 0 && ${classrooms}.hasOnly(${link(c, 'classroomIds')})`;
    }),
  participant: (op, c) => {
    // Nobody deletes a conversation or a message: they are archived (ARCHIVE_FIELDS).
    if (op === 'delete') return 'false';
    if (c.collection === 'messages') {
      const takesPart = `participates(${c.m}, ${c.conversation})`;
      if (op === 'create') return and(takesPart, `${field(c.after, 'senderId', "''")} == ${me(c)}`);
      const sender = and(
        `${field(c.before, 'senderId', "''")} == ${me(c)}`,
        onlyChanges(c, [...MESSAGE_SENDER_FIELDS, ...READ_RECEIPT_FIELDS]),
        receiptOnlyMine(c),
      );
      return and(takesPart, or(`(${sender})`, `(${ownReadReceipt(c)})`));
    }
    const takesPart = every(op, c, (d) => `participates(${c.m}, ${d})`);
    return op === 'update'
      ? and(takesPart, onlyChanges(c, ARCHIVE_FIELDS))
      : and(takesPart, `${field(c.after, 'createdBy', "''")} == ${me(c)}`);
  },
  participantWithStaff: (op, c) => startedOrKept(op, c, 'participantWithStaff'),
  participantWithFacilitators: (op, c) => startedOrKept(op, c, 'participantWithFacilitators'),
  ownNotificationState: (op, c) => {
    if (op === 'create') return 'false';
    const own = `${field(c.before, 'memberUUID', "''")} == ${me(c)}`;
    if (op === 'delete') return and(own, `${field(c.before, 'isNew', 'true')} == false`);
    return and(own, onlyChanges(c, NOTIFICATION_STATE_FIELDS));
  },
  createOwnInquiry: (op, c) =>
    op === 'create'
      ? and(
          `${field(c.after, 'createdBy', "''")} == ${me(c)}`,
          `${field(c.after, 'status', "''")} == 'new'`,
          `(${field(c.after, 'history', '[]')}.size() == 0 || ${c.after}.history[0].get('status', '') == 'new')`,
          `!${c.after}.keys().hasAny(${list(INQUIRY_OFFICE_FIELDS)})`,
        )
      : 'false',
  ownResources: (op, c) => every(op, c, (d) => `${field(d, 'createdBy', "''")} == ${me(c)}`),
  ownDevices: (_op, c) => `${c.owner ?? 'null'} == request.auth.uid`,
  reportOwnChildren: familyReport,
  replyForOwnChildren: familyReply,
  reportSelf: selfReport,
  createOwnFamilyRequest: (op, c) =>
    op === 'create'
      ? and(
          `${field(c.after, 'createdBy', "''")} == ${me(c)}`,
          `${field(c.after, 'status', "''")} == 'pending'`,
          `${field(c.after, 'familyId', "''")} in ${link(c, 'familyIds')}`,
          `!${c.after}.keys().hasAny(['decidedBy', 'decidedAt'])`,
        )
      : 'false',
};

function startedOrKept(
  op: WriteOp,
  c: ScopeContext,
  scope: keyof typeof CONVERSATION_PARTNER_ROLES,
): string {
  if (op === 'delete') return 'false';
  const takesPart = every(op, c, (d) => `participates(${c.m}, ${d})`);
  if (op === 'update') return and(takesPart, onlyChanges(c, ARCHIVE_FIELDS));
  return and(
    takesPart,
    `${field(c.after, 'createdBy', "''")} == ${me(c)}`,
    startsWithPartners(c, scope),
  );
}

// ---- one collection -----------------------------------------------------------------------------

/** The conversation a message belongs to, as a rules path. */
const CONVERSATION_PATH = '/databases/$(database)/documents/conversations/$(conversationId)';

/** Where a collection's documents live, and the expressions its scopes are written with. */
export function matchOf(collection: PermissionCollection): { path: string; context: ScopeContext } {
  const base = { collection, m: 'm', before: 'before', after: 'after' };
  if (collection === 'collectionVersions') {
    return {
      path: '/system/{docId}',
      context: { ...base, id: 'docId', conversation: 'before' },
    };
  }
  if (collection === 'messages') {
    return {
      path: '/conversations/{conversationId}/messages/{docId}',
      context: { ...base, id: 'docId', conversation: `get(${CONVERSATION_PATH}).data` },
    };
  }
  if (collection === 'devices') {
    return {
      path: '/Members/{memberId}/devices/{docId}',
      context: { ...base, id: 'docId', conversation: '', owner: 'memberId' },
    };
  }
  return { path: `/${collection}/{docId}`, context: { ...base, id: 'docId', conversation: '' } };
}

/**
 * The OR over roles of "has the role and the scope holds", roles with the same condition grouped.
 * Roles whose scope never holds are left out; no role at all gives `false`.
 */
export function byRoles(conditions: ReadonlyArray<readonly [Role, string]>): string {
  const groups = new Map<string, Role[]>();
  for (const [role, condition] of conditions) {
    if (condition === 'false') continue;
    groups.set(condition, [...(groups.get(condition) ?? []), role]);
  }
  if (groups.size === 0) return 'false';
  return [...groups]
    .map(([condition, roles]) => {
      const has = `hasRole(m, ${list(roles)})`;
      return condition === 'true' ? has : `(${has} && (${condition}))`;
    })
    .join('\n        || ');
}

function contextFor(
  collection: PermissionCollection,
  conversationFromDoc: string,
  op?: WriteOp,
): ScopeContext {
  const { context } = matchOf(collection);
  if (collection === 'conversations') return { ...context, conversation: conversationFromDoc };
  // A new conversation and its first message are saved in one batch (new-conversation.ts), and
  // get() reads the database as it was before the batch, where the conversation does not exist
  // yet: a message's create reads the conversation as the batch leaves it (getAfter), which is
  // the stored one when the batch does not touch it.
  if (collection === 'messages' && op === 'create') {
    return { ...context, conversation: `getAfter(${CONVERSATION_PATH}).data` };
  }
  return context;
}

/** The read condition of a collection on `before` (the stored document). */
export function readCondition(collection: PermissionCollection): string {
  const context = contextFor(collection, 'before');
  return byRoles(
    ROLES.map((role) => [role, READ_SCOPES[PERMISSION_MATRIX[collection][role].read](context)]),
  );
}

/** The write condition of a collection for one operation. */
export function writeCondition(collection: PermissionCollection, op: WriteOp): string {
  const context = contextFor(collection, op === 'create' ? 'after' : 'before', op);
  return byRoles(
    ROLES.map((role) => [
      role,
      WRITE_SCOPES[PERMISSION_MATRIX[collection][role].write](op, context),
    ]),
  );
}

/** Roles with any read access: a missing document reveals only its absence to them (canRead). */
function readersOf(collection: PermissionCollection): Role[] {
  return ROLES.filter((role) => PERMISSION_MATRIX[collection][role].read !== 'none');
}

/**
 * Fields a document holds beyond its record schema (the access links the triggers keep on Members),
 * each with the type check of its kind; the list is app/domain/stored-keys.ts's, the fake's too.
 */
function extraFields(collection: PermissionCollection): Record<string, string> {
  const fields = EXTRA_STORED_FIELDS[collection] ?? {};
  return Object.fromEntries(
    Object.entries(fields).map(([key, kind]) => [key, `d.${key} is ${kind}`]),
  );
}

function shapeFunction(collection: PermissionCollection): string {
  const checks = documentChecks(collection, RECORD_SCHEMAS[collection], extraFields(collection));
  return `      function validShape(d) {\n        return ${checks.join('\n          && ')};\n      }`;
}

function collectionBlock(collection: PermissionCollection): string {
  const { path } = matchOf(collection);
  const systemGuard =
    collection === 'collectionVersions' ? "docId == 'collectionVersions' && " : '';
  const readers = readersOf(collection);
  const lines = [
    `    // ${collection}: ${ROLES.map((role) => `${role} ${PERMISSION_MATRIX[collection][role].read}/${PERMISSION_MATRIX[collection][role].write}`).join(', ')}`,
    `    match ${path} {`,
    shapeFunction(collection),
    `      function keepsOnCreate(after) {\n        return ${createInvariant(collection)};\n      }`,
    `      function keepsOnUpdate(before, after) {\n        return ${updateInvariant(collection)};\n      }`,
    `      function readable(m, before) {\n        return ${readCondition(collection)};\n      }`,
    `      function creatable(m, after) {\n        return ${writeCondition(collection, 'create')};\n      }`,
    `      function updatable(m, before, after) {\n        return ${writeCondition(collection, 'update')};\n      }`,
    `      function deletable(m, before) {\n        return ${writeCondition(collection, 'delete')};\n      }`,
    // A get of a missing document is answered to anyone who may read the collection at all.
    `      allow get: if ${systemGuard}signedIn() && active() && (resource == null ? hasRole(member(), ${list(readers)}) : readable(member(), resource.data));`,
    `      allow list: if ${systemGuard}signedIn() && active() && readable(member(), resource.data);`,
    `      allow create: if ${systemGuard}signedIn() && active() && validShape(request.resource.data) && keepsOnCreate(request.resource.data) && creatable(member(), request.resource.data);`,
    `      allow update: if ${systemGuard}signedIn() && active() && validShape(request.resource.data) && keepsOnUpdate(resource.data, request.resource.data) && updatable(member(), resource.data, request.resource.data);`,
    // A delete of a missing document changes nothing: anyone who may write the collection may.
    `      allow delete: if ${systemGuard}signedIn() && active() && (resource == null ? hasRole(member(), ${list(writersOf(collection))}) : deletable(member(), resource.data));`,
    '    }',
  ];
  return lines.join('\n');
}

// ---- the file -------------------------------------------------------------------------------------

export const GENERATED_HEADER =
  '// GENERATED by scripts/generate-rules.ts from app/domain/permissions.ts and app/domain/records.ts.\n// Do not edit: change the matrix or a schema and run `npm run rules`.';

export function generateFirestoreRules(): string {
  const helpers = `    function signedIn() {
      return request.auth != null;
    }
    // The caller's Members document: roles (set by the callables) and access links (the triggers).
    function member() {
      return get(/databases/$(database)/documents/Members/$(request.auth.uid)).data;
    }
    // Suspension bites at once: a member whose status is not active is refused everything.
    function active() {
      return member().get('status', 'active') == 'active';
    }
    function me(m) {
      return m.get('memberUUID', request.auth.uid);
    }
    function hasRole(m, roles) {
      return m.get('roles', []).hasAny(roles);
    }
    // The ids a person answers to in conversations: their own, and the office's for office staff.
    function participates(m, conversation) {
      return conversation.get('participantIds', []).hasAny(
        m.get('roles', []).hasAny(${list(STAFF_ROLES)}) ? [me(m), ${literal(OFFICE_PARTICIPANT)}] : [me(m)]);
    }
    // Position i of a new conversation's participants: absent, the starter, the office (when
    // allowed), or a member with one of the roles.
    function partnerAt(m, ids, i, office, roles) {
      return ids.size() <= i
        || ids[i] == me(m)
        || (office && ids[i] == ${literal(OFFICE_PARTICIPANT)})
        || get(/databases/$(database)/documents/Members/$(ids[i])).data.get('roles', []).hasAny(roles);
    }
    // Guardian i of a family keeps who they are and whom they link (a parent edits contacts only).
    function guardianKept(before, after, i) {
      return before.get('guardians', []).size() <= i
        || (${GUARDIAN_LINK_FIELDS.map((f) => `after.guardians[i].get(${literal(f)}, null) == before.guardians[i].get(${literal(f)}, null)`).join(' && ')});
    }
    // A YYYY-MM-DD date not after today (UTC), as the fake compares it with today's date.
    function notFuture(date) {
      return date is string && date.matches('^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
        && timestamp.date(int(date.split('-')[0]), int(date.split('-')[1]), int(date.split('-')[2])) <= request.time;
    }
    // An ISO-8601 date-time string as the record schemas accept it, or a server timestamp.
${DATE_TIME_FUNCTION}
${INVARIANT_FUNCTIONS}`;
  const blocks = PERMISSION_COLLECTIONS.map(collectionBlock);
  return `${GENERATED_HEADER}
rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
${helpers}

${blocks.join('\n\n')}
  }
}
`;
}
