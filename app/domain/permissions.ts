// THE permission matrix (domain.md): which role may read and write which collection, and within
// which scope. The UI uses it to hide and guard, the fake backend (mocks/) uses it to refuse every
// read and write with PERMISSION_DENIED, and production Firestore rules must say the same thing.
// The matrix is data (./matrix.ts, on every page's first load for the navigation); the scopes are
// small predicates, here, that may look up other documents through a context, the way Firestore
// rules use get().
import {
  FAMILY_REPORT_FIELDS,
  MAX_ABSENCE_DAYS,
  OFFICE_REPORT_FIELDS,
  STUDENT_REPORT_AGE,
} from './absence-fields';
import { audienceKeysMatch, inAudience } from './audience';
import { now as clockNow } from './clock';
import { isCalendarDate } from './dates';
import {
  collectionAccess,
  PERMISSION_COLLECTIONS,
  PERMISSION_MATRIX,
  type Access,
  type AccessRule,
  type PermissionCollection,
  type ReadScope,
  type WriteScope,
} from './matrix';
import { OFFICE_PARTICIPANT, takesPart } from './messages';
import { REPLY_FAMILY_FIELDS } from './reply-fields';
import { UPLOAD_CONTENT_TYPES } from './resources';
import { ROLES, STAFF_ROLES, type Role } from './roles';

export {
  collectionAccess,
  PERMISSION_COLLECTIONS,
  PERMISSION_MATRIX,
  type Access,
  type AccessRule,
  type PermissionCollection,
  type ReadScope,
  type WriteScope,
};


/**
 * Collections only the backend reads and writes (issue 31): e-mails for the Trigger Email extension
 * (`mail`), pushes held by quiet hours (`pushQueue`), digest markers (`digests`), and the fake's
 * record of the pushes it "sent" (`demoPushes`). No client, whatever its role, reads or writes
 * them: they are outside PERMISSION_COLLECTIONS, so collectionOfPath gives null (the fake refuses)
 * and the generated rules have no match for them (Firestore refuses).
 */
export const SERVER_ONLY_COLLECTIONS = [
  'mail',
  'pushQueue',
  'digests',
  'demoPushes',
  // Absence alerts waiting for their delay, or sent (issue 32, app/domain/server/absence-alerts.ts).
  'absenceAlerts',
] as const;
export type ServerOnlyCollection = (typeof SERVER_ONLY_COLLECTIONS)[number];

// ---- facts the scopes share with the generated Firestore rules (scripts/rules) ----------------

/** Roles of the office staff: defined once, in roles.ts ("is this person staff?"). */
export { STAFF_ROLES };
/**
 * Fields of a Members document that only the callables (roles, status) and the triggers (the
 * access links) write: no client, not even an admin, changes them directly.
 */
/** The field of Members/{uid} that holds the access links (app/domain/access-links.ts). */
export const ACCESS_LINKS_FIELD = 'access';

export const MEMBER_ACCOUNT_FIELDS = [
  'memberUUID',
  'email',
  'roles',
  'status',
  ACCESS_LINKS_FIELD,
] as const;
/** The key a member's unsent changes are encrypted with (decision 051): written once, by its owner. */
export const OUTBOX_KEY_FIELD = 'outboxKey';
/** What a member may change on their own Members document (the outbox key only once, when absent). */
export const MEMBER_PROFILE_FIELDS = [
  'preferences',
  'displayName',
  'photoURL',
  OUTBOX_KEY_FIELD,
] as const;
/** What a parent may change on their own family: its address and its guardians' contact details. */
export const FAMILY_CONTACT_FIELDS = ['guardians', 'address'] as const;
/** The fields of a guardian entry a parent may change; the rest (who is linked) is the office's. */
export const GUARDIAN_CONTACT_FIELDS = ['email', 'phone'] as const;
/** Who is linked: fixed for a parent (a guardianRequests record asks the office to change it). */
export const GUARDIAN_LINK_FIELDS = ['name', 'relationship', 'memberUUID', 'isPrimary'] as const;
/** How a conversation or a message is archived instead of deleted (by whom, at server time). */
export const ARCHIVE_FIELDS = ['archivedAt', 'archivedBy'] as const;
/** What a message's sender may change after sending (besides their own read receipt). */
export const MESSAGE_SENDER_FIELDS = ['body', ...ARCHIVE_FIELDS] as const;
/**
 * Fields fixed once a document is written, for every client whatever their role: who wrote it,
 * when, what it is about, and the fields its id is made of.
 */
export const IMMUTABLE_FIELDS: Partial<Record<PermissionCollection, readonly string[]>> = {
  messages: ['senderId', 'createdAt', 'sentAt', 'conversationId'],
  conversations: [
    'createdBy',
    'createdAt',
    'participantIds',
    'subject',
    'studentId',
    'lastMessageAt',
    'lastMessagePreview',
    // Kept by the trigger alone (app/domain/server/participant-names.ts); never set on a create.
    'participantNames',
  ],
  Members: MEMBER_ACCOUNT_FIELDS,
  attendance: ['classroomId', 'date'],
  parentInquiries: ['createdBy'],
  events: ['createdBy'],
  resources: ['createdBy'],
  guardianRequests: ['familyId', 'kind', 'guardian', 'note', 'createdBy'],
  Notifications: ['memberUUID', 'notificationUUID'],
  absenceReports: ['studentId', 'familyId', 'campusId', 'classroomIds', 'createdBy', 'reporterName'],
  eventReplies: ['eventId', 'studentId', 'familyId', 'classroomIds', 'kind', 'createdBy'],
};
/**
 * Collections whose client writes carry the writer and the server time (`updatedBy` = the caller,
 * `updatedAt` = request time): app/backend/documents.ts adds both to every write.
 */
export const WRITER_STAMPED_COLLECTIONS: readonly PermissionCollection[] =
  PERMISSION_COLLECTIONS.filter(
    // The system document, the sign-in log and the audit trail carry no last writer.
    (c) => c !== 'collectionVersions' && c !== 'unregisteredSignins' && c !== 'auditLog',
  );
/** Collections whose `createdAt` is the server's time of the first write, and fixed after it. */
export const SERVER_DATED_COLLECTIONS: readonly PermissionCollection[] = [
  'messages',
  'conversations',
];
/** Most history entries one write may add to an inquiry (merged offline changes). */
export const MAX_HISTORY_APPEND = 10;
/** The first date a roll call may have: older dates are typing mistakes. */
export const FIRST_ATTENDANCE_DATE = '2000-01-01';
/** What a facilitator may change on their own facilitator record. */
export const FACILITATOR_PROFILE_FIELDS = ['firstName', 'lastName', 'phone', 'bio'] as const;
/** Bookkeeping fields any permitted writer may touch alongside the fields it owns. */
export const BOOKKEEPING_FIELDS = ['updatedAt', 'updatedBy', 'lastUpdated'] as const;
/** Fields of an inquiry only the office sets (assignment, and what a conversion made). */
export const INQUIRY_OFFICE_FIELDS = ['assignedTo', 'familyId', 'studentId'] as const;
/** Fields of a notification its recipient may change (marking it read). */
export const NOTIFICATION_STATE_FIELDS = ['isNew'] as const;
/** Fields a reader of someone else's message may change (their read receipt). */
export const READ_RECEIPT_FIELDS = ['readBy', 'readAt'] as const;
/**
 * Most participants (the starter included) of a conversation a parent or a student starts. Each
 * other participant's roles are looked up, and Firestore rules cannot loop: they check a fixed
 * number of list entries, each with one get(), within the 10 gets a request may make.
 */
export const MAX_STARTED_PARTICIPANTS = 6;
/** Whom a parent (with staff) or a student (with facilitators only) may start a conversation with. */
export const CONVERSATION_PARTNER_ROLES = {
  participantWithStaff: [...STAFF_ROLES, 'facilitator'],
  participantWithFacilitators: ['facilitator'],
} as const satisfies Record<string, readonly Role[]>;

// ---- principal and context ----------------------------------------------------------------

/** The signed-in member with the links that scopes are checked against. */
export interface Principal {
  uid: string;
  email: string | null;
  roles: readonly Role[];
  /** Equals the Members document id (uid) in this product; used in memberUUID fields. */
  memberUUID: string;
  familyIds: readonly string[];
  /** Students of the member's families (parents). */
  childIds: readonly string[];
  /** Classrooms of those children (parents). */
  childClassroomIds: readonly string[];
  studentId: string | null;
  facilitatorId: string | null;
  /** Classrooms a facilitator teaches, or a student attends. */
  classroomIds: readonly string[];
  /** Campuses of the person's own facilitator or student record (audiences, decision 046). */
  campusIds?: readonly string[];
  /** Campuses of a parent's children. */
  childCampusIds?: readonly string[];
}

export type DocData = Record<string, unknown>;

/** Rule-free reads of other documents, like `get()` in Firestore rules. */
/** The filters a context may run where the backend does (Firestore's `where`). */
export type WhereOp = '==' | 'array-contains';

export interface PermissionContext {
  get(path: string): DocData | null;
  list(collectionPath: string): Array<{ id: string; data: DocData }>;
  /**
   * The documents of a collection whose `field` (a dotted path) matches: a query where the
   * backend can run one (the deployed functions read only those documents), else `list` filtered
   * (contextWhere). Optional: the fake and the app hold every document already.
   */
  listWhere?(
    collectionPath: string,
    field: string,
    op: WhereOp,
    value: string,
  ): Array<{ id: string; data: DocData }>;
  /** Today's date as YYYY-MM-DD (attendance may not be written for future dates). */
  today: string;
  /**
   * The write's server time as an ISO string (Firestore's `request.time`), where the backend checks
   * a write; absent where the app asks the matrix only to show or hide a control.
   */
  requestTime?: string;
}

/** A dotted field path's value in a document (`preferences.reach.channels.messages`). */
export function fieldAt(data: DocData, field: string): unknown {
  let value: unknown = data;
  for (const key of field.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}

/** Whether a document passes one `where` filter, as Firestore evaluates it. */
export function matchesWhere(data: DocData, field: string, op: WhereOp, value: string): boolean {
  const actual = fieldAt(data, field);
  return op === '==' ? actual === value : Array.isArray(actual) && actual.includes(value);
}

/** `ctx.listWhere` where the context has it, else its `list` filtered the same way. */
export function contextWhere(
  ctx: PermissionContext,
  collectionPath: string,
  field: string,
  op: WhereOp,
  value: string,
): Array<{ id: string; data: DocData }> {
  if (ctx.listWhere) return ctx.listWhere(collectionPath, field, op, value);
  return ctx.list(collectionPath).filter((d) => matchesWhere(d.data, field, op, value));
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Fills in a principal's links (family, children, classrooms) from the stored documents. */
export function resolvePrincipal(
  base: { uid: string; email: string | null; roles: readonly Role[]; memberUUID?: string | null },
  ctx: PermissionContext,
): Principal {
  const member = ctx.get(`Members/${base.uid}`);
  const memberUUID = base.memberUUID ?? str(member?.memberUUID) ?? base.uid;
  const roles = base.roles;

  const familyIds = new Set<string>();
  const childIds = new Set<string>();
  const childClassroomIds = new Set<string>();
  const childCampusIds = new Set<string>();
  const campusIds = new Set<string>();
  if (roles.includes('parent')) {
    const memberFamily = str(member?.familyId);
    if (memberFamily) familyIds.add(memberFamily);
    for (const f of ctx.list('families')) {
      const guardians = Array.isArray(f.data.guardians) ? f.data.guardians : [];
      if (
        guardians.some(
          (g: unknown) =>
            typeof g === 'object' && g !== null && 'memberUUID' in g && g.memberUUID === memberUUID,
        )
      ) {
        familyIds.add(f.id);
      }
    }
    if (familyIds.size > 0) {
      for (const s of ctx.list('students')) {
        const familyId = str(s.data.familyId);
        if (familyId && familyIds.has(familyId)) {
          childIds.add(s.id);
          for (const c of strings(s.data.classroomIds)) childClassroomIds.add(c);
          const campus = str(s.data.campusId);
          if (campus) childCampusIds.add(campus);
        }
      }
    }
  }

  let studentId: string | null = null;
  const classroomIds = new Set<string>();
  if (roles.includes('student')) {
    studentId = str(member?.studentId);
    const student = studentId ? ctx.get(`students/${studentId}`) : null;
    for (const c of strings(student?.classroomIds)) classroomIds.add(c);
    const campus = str(student?.campusId);
    if (campus) campusIds.add(campus);
  }

  let facilitatorId: string | null = null;
  if (roles.includes('facilitator')) {
    facilitatorId = str(member?.facilitatorId);
    if (!facilitatorId) {
      facilitatorId =
        ctx.list('facilitators').find((f) => f.data.memberUUID === memberUUID)?.id ?? null;
    }
    const facilitator = facilitatorId ? ctx.get(`facilitators/${facilitatorId}`) : null;
    for (const c of strings(facilitator?.classroomIds)) classroomIds.add(c);
    const campus = str(facilitator?.campusId);
    if (campus) campusIds.add(campus);
    if (facilitatorId) {
      for (const c of ctx.list('classrooms')) {
        if (strings(c.data.facilitatorIds).includes(facilitatorId)) classroomIds.add(c.id);
      }
    }
  }

  return {
    uid: base.uid,
    email: base.email,
    roles,
    memberUUID,
    familyIds: [...familyIds],
    childIds: [...childIds],
    childClassroomIds: [...childClassroomIds],
    studentId,
    facilitatorId,
    classroomIds: [...classroomIds],
    campusIds: [...campusIds],
    childCampusIds: [...childCampusIds],
  };
}

/**
 * A principal resolved from records a page already holds (its cached lists, by collection name,
 * and the member's own profile): the same rules as the backend, without another read.
 */
export function principalFromLists(
  base: { uid: string; email: string | null; roles: readonly Role[]; memberUUID?: string | null },
  lists: Record<string, ReadonlyArray<{ id: string } & DocData>>,
  member: DocData | null,
  today: string,
): Principal {
  const entries: Record<string, Array<{ id: string; data: DocData }>> = {};
  const byPath = new Map<string, DocData>();
  for (const [collection, items] of Object.entries(lists)) {
    entries[collection] = items.map((item) => ({ id: item.id, data: item }));
    for (const item of items) byPath.set(`${collection}/${item.id}`, item);
  }
  if (member) byPath.set(`Members/${base.uid}`, member);
  return resolvePrincipal(base, {
    get: (path) => byPath.get(path) ?? null,
    list: (collection) => entries[collection] ?? [],
    today,
  });
}

// ---- path helpers ---------------------------------------------------------------------------

/** Which matrix row governs a document path, or null when no rule covers it (always refused). */
export function collectionOfPath(path: string): PermissionCollection | null {
  const segments = path.split('/');
  if (segments.length === 2) {
    const [collection, id] = segments;
    if (collection === 'system') return id === 'collectionVersions' ? 'collectionVersions' : null;
    const known = PERMISSION_COLLECTIONS.find((c) => c === collection);
    return known && known !== 'messages' && known !== 'collectionVersions' ? known : null;
  }
  if (segments.length === 4 && segments[0] === 'conversations' && segments[2] === 'messages') {
    return 'messages';
  }
  if (segments.length === 4 && segments[0] === 'Members' && segments[2] === 'devices') {
    return 'devices';
  }
  return null;
}

export interface DocumentRef {
  /** Full path, e.g. 'students/abc' or 'conversations/c1/messages/m1'. */
  path: string;
  id: string;
}

// ---- scope checks -----------------------------------------------------------------------------

function intersects(a: readonly string[], b: readonly string[]): boolean {
  return a.some((x) => b.includes(x));
}

/** In the record's audience (app/domain/audience.ts), or its author (who may edit it). */
function audienceMatches(p: Principal, data: DocData): boolean {
  if (data.createdBy === p.memberUUID) return true;
  return inAudience(p, {
    audience: strings(data.audience),
    classroomIds: strings(data.classroomIds),
    campusId: str(data.campusId),
  });
}

function conversationOf(
  path: string,
  data: DocData | null,
  ctx: PermissionContext,
): DocData | null {
  const segments = path.split('/');
  if (segments.length === 4) return ctx.get(`conversations/${segments[1]}`);
  return data;
}

/** Listed by their own id, or an office member in a conversation with the office. */
function isParticipant(p: Principal, conversation: DocData | null): boolean {
  return (
    conversation !== null && takesPart(strings(conversation.participantIds), p.memberUUID, p.roles)
  );
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A read receipt by someone who did not send the message: their own id added to `readBy` (nothing
 * removed, no one else added) and `readAt.<their id>` set (no other reader's time touched).
 */
function isOwnReadReceipt(p: Principal, before: DocData, after: DocData): boolean {
  if (!onlyChanged(before, after, READ_RECEIPT_FIELDS)) return false;
  const readBefore = strings(before.readBy);
  const readAfter = strings(after.readBy);
  if (!readBefore.every((id) => readAfter.includes(id))) return false;
  if (!readAfter.every((id) => readBefore.includes(id) || id === p.memberUUID)) return false;
  const atBefore = isMap(before.readAt) ? before.readAt : {};
  const atAfter = isMap(after.readAt) ? after.readAt : {};
  return changedKeys(atBefore, atAfter).every((id) => id === p.memberUUID);
}

/** The member whose device a `Members/{uid}/devices/{deviceId}` path names, or null. */
function ownerOfDevice(path: string): string | null {
  const segments = path.split('/');
  return segments.length === 4 && segments[0] === 'Members' && segments[2] === 'devices'
    ? (segments[1] ?? null)
    : null;
}

function isArchived(data: DocData | null): boolean {
  return data !== null && data.archivedAt !== undefined && data.archivedAt !== null;
}

/**
 * A parent's change to their family's guardians: the same people in the same order, each keeping
 * name, relationship, linked account and primary flag; only phone and e-mail may differ.
 */
function keepsGuardianLinks(before: DocData, after: DocData): boolean {
  const was = Array.isArray(before.guardians) ? before.guardians : [];
  const now = Array.isArray(after.guardians) ? after.guardians : [];
  if (was.length !== now.length) return false;
  return was.every((guardian: unknown, i) => {
    const next: unknown = now[i];
    if (!isMap(guardian) || !isMap(next)) return false;
    return GUARDIAN_LINK_FIELDS.every(
      (key) => JSON.stringify(guardian[key] ?? null) === JSON.stringify(next[key] ?? null),
    );
  });
}

function memberRoles(memberUUID: string, ctx: PermissionContext): string[] {
  const byId = ctx.get(`Members/${memberUUID}`);
  if (byId) return strings(byId.roles);
  const found = ctx.list('Members').find((m) => m.data.memberUUID === memberUUID);
  return found ? strings(found.data.roles) : [];
}

function readAllowed(
  scope: ReadScope,
  p: Principal,
  ref: DocumentRef,
  data: DocData,
  ctx: PermissionContext,
): boolean {
  switch (scope) {
    case 'none':
      return false;
    case 'all':
      return true;
    case 'ownClassroomStudents':
      return intersects(strings(data.classroomIds), p.classroomIds);
    case 'ownChildren':
      return p.familyIds.includes(str(data.familyId) ?? '') || p.childIds.includes(ref.id);
    case 'self':
      return p.studentId !== null && ref.id === p.studentId;
    case 'familiesOfOwnStudents':
      return ctx
        .list('students')
        .some(
          (s) =>
            s.data.familyId === ref.id && intersects(strings(s.data.classroomIds), p.classroomIds),
        );
    case 'ownFamily':
      return p.familyIds.includes(ref.id);
    case 'facilitatorsOfOwnChildren':
      return intersects(strings(data.classroomIds), p.childClassroomIds);
    case 'ownFacilitators':
      return intersects(strings(data.classroomIds), p.classroomIds);
    case 'ownDoc':
      return ref.id === p.uid;
    case 'ownClassrooms':
    case 'selfClassrooms':
      return p.classroomIds.includes(str(data.classroomId) ?? '');
    case 'childrenClassrooms':
      return p.childClassroomIds.includes(str(data.classroomId) ?? '');
    case 'audience':
      return audienceMatches(p, data);
    case 'participant':
      return isParticipant(p, conversationOf(ref.path, data, ctx));
    case 'participantOrArchived': {
      const conversation = conversationOf(ref.path, data, ctx);
      return isParticipant(p, conversation) || isArchived(conversation) || isArchived(data);
    }
    case 'ownNotification':
      return data.memberUUID === p.memberUUID;
    case 'ownInquiry':
      return data.createdBy === p.memberUUID;
    case 'ownFamilyRequests':
      return p.familyIds.includes(str(data.familyId) ?? '');
    case 'ownDevice':
      return ownerOfDevice(ref.path) === p.uid;
    case 'ownClassroomReports':
      return intersects(strings(data.classroomIds), p.classroomIds);
    case 'ownFamilyReports':
      return p.familyIds.includes(str(data.familyId) ?? '');
    case 'selfReports':
      return p.studentId !== null && data.studentId === p.studentId;
  }
}

/** Keys whose values differ between two versions of a document. */
export function changedKeys(before: DocData | null, after: DocData | null): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter(
    (k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after?.[k] ?? null),
  );
}

const BOOKKEEPING: readonly string[] = BOOKKEEPING_FIELDS;

function onlyChanged(
  before: DocData | null,
  after: DocData | null,
  allowed: readonly string[],
): boolean {
  return changedKeys(before, after).every((k) => allowed.includes(k) || BOOKKEEPING.includes(k));
}

/** A new conversation names its starter, who takes part in it. */
function startedBy(p: Principal, after: DocData): boolean {
  return after.createdBy === p.memberUUID;
}

/** `data` with `keys` as they are in `source` (absent where `source` lacks them). */
function withFieldsOf(data: DocData, source: DocData, keys: readonly string[]): DocData {
  const out: DocData = { ...data };
  for (const key of keys) {
    if (key in source) out[key] = source[key];
    else delete out[key];
  }
  return out;
}

export interface DocumentChange {
  ref: DocumentRef;
  before: DocData | null;
  after: DocData | null;
}

function writeAllowed(
  scope: WriteScope,
  p: Principal,
  change: DocumentChange,
  ctx: PermissionContext,
): boolean {
  const { ref, before, after } = change;
  const isCreate = before === null;
  const isDelete = after === null;
  const versions = [before, after].filter((d): d is DocData => d !== null);
  switch (scope) {
    case 'none':
      return false;
    case 'all':
      return true;
    case 'membersExceptAccount': {
      // Invitations (which create Members documents) and role and status changes are callables;
      // deleting a Members document would take its roles away, so it is theirs too.
      if (isCreate || isDelete) return false;
      const changed = changedKeys(before, after);
      return !MEMBER_ACCOUNT_FIELDS.some((field) => changed.includes(field));
    }
    case 'ownFamilyContact':
      return (
        !isCreate &&
        !isDelete &&
        p.familyIds.includes(ref.id) &&
        onlyChanged(before, after, FAMILY_CONTACT_FIELDS) &&
        keepsGuardianLinks(before, after)
      );
    case 'ownFacilitatorProfile':
      return (
        !isCreate &&
        !isDelete &&
        before.memberUUID === p.memberUUID &&
        onlyChanged(before, after, FACILITATOR_PROFILE_FIELDS)
      );
    case 'ownDocProfile':
      return (
        !isCreate &&
        !isDelete &&
        ref.id === p.uid &&
        onlyChanged(before, after, MEMBER_PROFILE_FIELDS)
      );
    case 'ownClassroomAttendance':
      return versions.every((d) => {
        const date = str(d.date);
        return (
          p.classroomIds.includes(str(d.classroomId) ?? '') && date !== null && date <= ctx.today
        );
      });
    case 'ownClassroomEvents':
      return versions.every((d) => {
        const classrooms = strings(d.classroomIds);
        return classrooms.length > 0 && classrooms.every((c) => p.classroomIds.includes(c));
      });
    case 'participant': {
      // Nobody deletes a conversation or a message: they are archived (ARCHIVE_FIELDS).
      if (isDelete) return false;
      if (collectionOfPath(ref.path) === 'messages') {
        const conversation = conversationOf(ref.path, null, ctx);
        if (!isParticipant(p, conversation)) return false;
        if (isCreate) return after?.senderId === p.memberUUID;
        // The sender may edit the text or archive it; everyone (the sender too) may add only their
        // own read receipt.
        if (before.senderId === p.memberUUID) {
          const receipt = withFieldsOf(after, before, MESSAGE_SENDER_FIELDS);
          return (
            onlyChanged(before, after, [...MESSAGE_SENDER_FIELDS, ...READ_RECEIPT_FIELDS]) &&
            (!changedKeys(before, receipt).length || isOwnReadReceipt(p, before, receipt))
          );
        }
        return isOwnReadReceipt(p, before, after);
      }
      if (!versions.every((d) => isParticipant(p, d))) return false;
      return isCreate
        ? after !== null && startedBy(p, after)
        : onlyChanged(before, after, ARCHIVE_FIELDS);
    }
    case 'participantWithStaff':
    case 'participantWithFacilitators': {
      if (!versions.every((d) => isParticipant(p, d))) return false;
      if (!isCreate) return !isDelete && onlyChanged(before, after, ARCHIVE_FIELDS);
      if (after === null || !startedBy(p, after)) return false;
      const withStaff = scope === 'participantWithStaff';
      const allowedRoles: readonly string[] = CONVERSATION_PARTNER_ROLES[scope];
      const participants = strings(after?.participantIds);
      if (participants.length > MAX_STARTED_PARTICIPANTS) return false;
      // The office counts as staff: a parent may write to it, a student may not.
      return participants
        .filter((id) => id !== p.memberUUID)
        .every((id) =>
          id === OFFICE_PARTICIPANT
            ? withStaff
            : memberRoles(id, ctx).some((r) => allowedRoles.includes(r)),
        );
    }
    case 'ownNotificationState':
      if (isCreate) return false;
      if (before.memberUUID !== p.memberUUID) return false;
      if (isDelete) return before.isNew === false;
      return onlyChanged(before, after, NOTIFICATION_STATE_FIELDS);
    case 'createOwnInquiry':
      // A family's own inquiry starts as new and unassigned, its one history entry saying so
      // (keepsInvariants: at most one, by the writer), with no conversion.
      return (
        isCreate &&
        after?.createdBy === p.memberUUID &&
        after.status === 'new' &&
        (!Array.isArray(after.history) ||
          after.history.every((entry: unknown) => isMap(entry) && entry.status === 'new')) &&
        !INQUIRY_OFFICE_FIELDS.some((field) => after[field] !== undefined)
      );
    case 'ownResources':
      return versions.every((d) => d.createdBy === p.memberUUID);
    case 'ownDevices':
      return ownerOfDevice(ref.path) === p.uid;
    case 'reportOwnChildren':
      return familyReportAllowed(p, change, ctx);
    case 'replyForOwnChildren':
      return familyReplyAllowed(p, change, ctx);
    case 'reportSelf':
      return selfReportAllowed(p, change, ctx);
    case 'createOwnFamilyRequest':
      return (
        isCreate &&
        after?.createdBy === p.memberUUID &&
        after.status === 'pending' &&
        p.familyIds.includes(str(after.familyId) ?? '') &&
        after.decidedBy === undefined &&
        after.decidedAt === undefined
      );
  }
}

/**
 * A guardian's write to an absence report (issue 32). A new report is about one of their children,
 * carries the child's family, campus and classrooms as the student record has them, names the
 * writer as its author under their profile's name, starts as `reported`, and holds nothing of the
 * office's. Later, any guardian of the family may change what it says or withdraw it; nobody deletes
 * one.
 */
function familyReportAllowed(p: Principal, change: DocumentChange, ctx: PermissionContext): boolean {
  const { before, after } = change;
  if (after === null) return false;
  if (before === null) {
    const studentId = str(after.studentId) ?? '';
    const student = ctx.get(`students/${studentId}`);
    const member = ctx.get(`Members/${p.uid}`);
    return (
      student !== null &&
      p.childIds.includes(studentId) &&
      p.familyIds.includes(str(after.familyId) ?? '') &&
      after.familyId === student.familyId &&
      after.campusId === student.campusId &&
      sameJson(after.classroomIds ?? [], student.classroomIds ?? []) &&
      after.createdBy === p.memberUUID &&
      after.reporterName === (str(member?.displayName) ?? '') &&
      after.status === 'reported' &&
      !OFFICE_REPORT_FIELDS.some((field) => after[field] !== undefined)
    );
  }
  return (
    p.familyIds.includes(str(before.familyId) ?? '') &&
    onlyChanged(before, after, FAMILY_REPORT_FIELDS) &&
    (after.status === before.status || after.status === 'withdrawn')
  );
}

/** Whether someone born on `dateOfBirth` (YYYY-MM-DD) is at least `years` old on `today`. */
export function agedAtLeast(dateOfBirth: string, years: number, today: string): boolean {
  const year = Number(dateOfBirth.slice(0, 4));
  if (!Number.isInteger(year)) return false;
  return `${String(year + years).padStart(4, '0')}${dateOfBirth.slice(4)}` <= today;
}

/**
 * A student's report of their own absence (issue 32): their campus lets students report, they are
 * STUDENT_REPORT_AGE or over, and the report is as a guardian's would be, about themselves. Later
 * they may change or withdraw it, as a family may.
 */
function selfReportAllowed(p: Principal, change: DocumentChange, ctx: PermissionContext): boolean {
  const { before, after } = change;
  if (after === null || p.studentId === null) return false;
  const student = ctx.get(`students/${p.studentId}`);
  const campus = student ? ctx.get(`campuses/${str(student.campusId) ?? ''}`) : null;
  const dateOfBirth = str(student?.dateOfBirth) ?? '';
  if (
    student === null ||
    campus?.studentsReportAbsences !== true ||
    !agedAtLeast(dateOfBirth, STUDENT_REPORT_AGE, ctx.today)
  ) {
    return false;
  }
  if (before !== null) {
    return (
      before.studentId === p.studentId &&
      onlyChanged(before, after, FAMILY_REPORT_FIELDS) &&
      (after.status === before.status || after.status === 'withdrawn')
    );
  }
  const member = ctx.get(`Members/${p.uid}`);
  return (
    after.studentId === p.studentId &&
    after.familyId === student.familyId &&
    after.campusId === student.campusId &&
    sameJson(after.classroomIds ?? [], student.classroomIds ?? []) &&
    after.createdBy === p.memberUUID &&
    after.reporterName === (str(member?.displayName) ?? '') &&
    after.status === 'reported' &&
    !OFFICE_REPORT_FIELDS.some((field) => after[field] !== undefined)
  );
}

/**
 * A guardian's reply for their child (issue 32): the document's id is the event's and the child's;
 * the child is theirs, with the family and classrooms the student record has; the event asks this
 * kind of reply and its deadline has not passed (by the request's time, where the backend checks
 * it); the reply names the writer, under their profile's name. Never deleted.
 */
function familyReplyAllowed(p: Principal, change: DocumentChange, ctx: PermissionContext): boolean {
  const { ref, before, after } = change;
  if (after === null) return false;
  const studentId = str(after.studentId) ?? '';
  const eventId = str(after.eventId) ?? '';
  const student = ctx.get(`students/${studentId}`);
  const event = ctx.get(`events/${eventId}`);
  const member = ctx.get(`Members/${p.uid}`);
  const reply = isMap(event?.reply) ? event.reply : null;
  const at = ctx.requestTime === undefined ? clockNow().getTime() : Date.parse(ctx.requestTime);
  return (
    ref.id === `${eventId}_${studentId}` &&
    student !== null &&
    reply !== null &&
    p.childIds.includes(studentId) &&
    p.familyIds.includes(str(after.familyId) ?? '') &&
    after.familyId === student.familyId &&
    sameJson(after.classroomIds ?? [], student.classroomIds ?? []) &&
    after.kind === reply.kind &&
    typeof reply.deadline === 'number' &&
    at < reply.deadline &&
    after.repliedBy === p.memberUUID &&
    after.guardianName === (str(member?.displayName) ?? '') &&
    (before === null
      ? after.createdBy === p.memberUUID
      : onlyChanged(before, after, REPLY_FAMILY_FIELDS))
  );
}

/** May this principal read this document (already stored, or null for a missing one)? */
export function canRead(
  principal: Principal,
  collection: PermissionCollection,
  doc: DocumentRef & { data: DocData | null },
  ctx: PermissionContext,
): boolean {
  const rules = principal.roles.map((role) => PERMISSION_MATRIX[collection][role]);
  // A missing document reveals nothing but its absence: any read access to the collection suffices.
  if (doc.data === null) return rules.some((r) => r.read !== 'none');
  const data = doc.data;
  return rules.some((r) => readAllowed(r.read, principal, doc, data, ctx));
}

/** Roles with any write access to a collection (a delete of a missing document is theirs). */
export function writersOf(collection: PermissionCollection): Role[] {
  return ROLES.filter((role) => PERMISSION_MATRIX[collection][role].write !== 'none');
}

// ---- invariants: what every client write keeps, whatever the role --------------------------------

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** An archive is set once, by the writer, at server time, and never taken back. */
function archivesHonestly(
  p: Principal,
  before: DocData | null,
  after: DocData,
  ctx: PermissionContext,
) {
  const was = before?.archivedAt ?? null;
  const now = after.archivedAt ?? null;
  if (was !== null) return sameJson(was, now) && sameJson(before?.archivedBy, after.archivedBy);
  if (now === null) return after.archivedBy === undefined || after.archivedBy === null;
  return (
    after.archivedBy === p.memberUUID && (ctx.requestTime === undefined || now === ctx.requestTime)
  );
}

/**
 * Staff append entries of their own to an inquiry's history; earlier entries never change. Several
 * may arrive in one write (changes made offline are merged before they are sent), up to
 * MAX_HISTORY_APPEND, as the rules check each new position on its own.
 */
function appendsOwnHistory(p: Principal, before: DocData | null, after: DocData): boolean {
  const was = Array.isArray(before?.history) ? before.history : [];
  const now = Array.isArray(after.history) ? after.history : [];
  // A new inquiry starts with at most its first entry, the writer's own.
  if (before === null) {
    return now.length <= 1 && now.every((entry: unknown) => isMap(entry) && entry.by === p.uid);
  }
  if (now.length < was.length || now.length > was.length + MAX_HISTORY_APPEND) return false;
  if (!sameJson(now.slice(0, was.length), was)) return false;
  return now.slice(was.length).every((entry: unknown) => isMap(entry) && entry.by === p.uid);
}

/** A roll call's id is `${classroomId}_${date}`, and its date a real day from 2000 to today. */
function isHonestRollCall(id: string, data: DocData, today: string): boolean {
  const date = str(data.date);
  const classroomId = str(data.classroomId);
  return (
    date !== null &&
    classroomId !== null &&
    id === `${classroomId}_${date}` &&
    isCalendarDate(date) &&
    date >= FIRST_ATTENDANCE_DATE &&
    date <= today
  );
}

/**
 * An absence report's days: real dates, `from` not after `to`, at most MAX_ABSENCE_DAYS; a part of
 * a day is one day with its time.
 */
function isHonestAbsenceReport(id: string, data: DocData): boolean {
  const from = str(data.from);
  const to = str(data.to);
  if (from === null || to === null || !isCalendarDate(from) || !isCalendarDate(to)) return false;
  if (from > to) return false;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days >= MAX_ABSENCE_DAYS) return false;
  if (isMap(data.document)) {
    // A document is a file of this report's own folder, of a type uploads allow.
    const { storagePath, mimeType } = data.document;
    if (typeof storagePath !== 'string' || !storagePath.startsWith(`absenceDocuments/${id}/`)) {
      return false;
    }
    if (!UPLOAD_CONTENT_TYPES.some((t) => t === mimeType)) return false;
  }
  return data.part === 'day' || (from === to && typeof data.time === 'string');
}

/** A new message: in the conversation of its path, read by no one but its sender so far. */
function isHonestNewMessage(path: string, data: DocData): boolean {
  const conversationId = path.split('/')[1];
  const sender = str(data.senderId);
  const readAt = isMap(data.readAt) ? Object.keys(data.readAt) : [];
  return (
    (data.conversationId === undefined || data.conversationId === conversationId) &&
    strings(data.readBy).every((id) => id === sender) &&
    readAt.every((id) => id === sender)
  );
}

/**
 * Field-level and identity rules every client write keeps, whatever the role's scope (decision
 * 050): fields fixed once written, the writer and the server time on the record, archives set
 * once, ids that encode fields, real dates, history that only grows, derived audience keys. The
 * generated rules say the same (scripts/rules/firestore.ts, `invariants`).
 */
export function keepsInvariants(
  p: Principal,
  collection: PermissionCollection,
  change: DocumentChange,
  ctx: PermissionContext,
): boolean {
  const { ref, before, after } = change;
  if (after === null) return true;
  const changed = before === null ? [] : changedKeys(before, after);
  if ((IMMUTABLE_FIELDS[collection] ?? []).some((field) => changed.includes(field))) return false;
  if (ctx.requestTime !== undefined) {
    if (
      WRITER_STAMPED_COLLECTIONS.includes(collection) &&
      (after.updatedBy !== p.uid || after.updatedAt !== ctx.requestTime)
    ) {
      return false;
    }
    // A message or a conversation is dated by the server (a whole-record set elsewhere may carry
    // the createdAt it was first saved with).
    if (
      SERVER_DATED_COLLECTIONS.includes(collection) &&
      before === null &&
      after.createdAt !== undefined &&
      after.createdAt !== ctx.requestTime
    ) {
      return false;
    }
  }
  switch (collection) {
    case 'messages':
      return (
        archivesHonestly(p, before, after, ctx) &&
        (before !== null || isHonestNewMessage(ref.path, after))
      );
    case 'conversations':
      // Participants' names come from the trigger: a client could otherwise name anyone anything.
      return (
        archivesHonestly(p, before, after, ctx) &&
        (before !== null || after.participantNames === undefined)
      );
    case 'attendance':
      return isHonestRollCall(ref.id, after, ctx.today);
    case 'Members':
      // The outbox key is written once, by its owner; how a person is reached is theirs alone (an
      // admin may otherwise change another member's preferences).
      return (
        (!changed.includes(OUTBOX_KEY_FIELD) ||
          (before?.[OUTBOX_KEY_FIELD] === undefined && ref.id === p.uid)) &&
        (ref.id === p.uid || sameJson(reachField(before), reachField(after)))
      );
    case 'parentInquiries':
      return appendsOwnHistory(p, before, after);
    case 'events':
    case 'resources':
      return audienceKeysMatch(after);
    case 'absenceReports':
      return isHonestAbsenceReport(ref.id, after);
    default:
      return true;
  }
}

/** The field of a Members document's preferences that holds how its owner is reached. */
export const REACH_PREFERENCES_FIELD = 'reach';

function reachField(data: DocData | null): unknown {
  const preferences = data?.preferences;
  return isMap(preferences) ? preferences[REACH_PREFERENCES_FIELD] : undefined;
}

/** May this principal make this change (create: before null; delete: after null)? */
export function canWrite(
  principal: Principal,
  collection: PermissionCollection,
  change: DocumentChange,
  ctx: PermissionContext,
): boolean {
  // Deleting a document that is not there changes nothing and reveals only its absence (an offline
  // create and its delete, merged into one delete before the create was sent): anyone who may write
  // the collection at all may do it. The generated rules say the same (`resource == null`).
  if (change.before === null && change.after === null) {
    return principal.roles.some((role) => writersOf(collection).includes(role));
  }
  return (
    keepsInvariants(principal, collection, change, ctx) &&
    principal.roles.some((role) =>
      writeAllowed(PERMISSION_MATRIX[collection][role].write, principal, change, ctx),
    )
  );
}
