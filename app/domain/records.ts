// One zod schema per record type (domain.md). Everything read from the backend or the cache is
// parsed with these; TypeScript types are derived from them, never written by hand. Timestamps and
// dates are ISO-8601 strings here: the backend adapter turns Firestore Timestamps into strings
// before parsing. Documents carry their id outside the data, so `id` is optional in each schema.
import { z } from 'zod';
import {
  ABSENCE_NOTE_MAX,
  ABSENCE_PARTS,
  ABSENCE_REASONS,
  ABSENCE_REPORT_STATUSES,
  MAX_ALERT_DELAY_MINUTES,
} from './absences';
import { MAX_AUDIENCE_KEYS } from './audience';
import { DEVICE_PLATFORM_MAX, DEVICE_TOKEN_MAX, reachPreferencesSchema } from './reach';
import { MAX_REPLY_PEOPLE, REPLY_ANSWERS, REPLY_KINDS } from './reply-fields';
import { UPLOAD_CONTENT_TYPES, WEB_LINK_PATTERN } from './resources';
import { ROLES } from './roles';

const isoDateTime = z.string().datetime({ offset: true });
/** A calendar date, YYYY-MM-DD. */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a YYYY-MM-DD date');
/** HH:MM on a 24-hour clock. */
const clockTime = z.string().regex(/^\d{2}:\d{2}$/, 'Expected HH:MM');
const role = z.enum(ROLES);

/** Fields every record has (domain.md): server timestamps and the last writer's memberUUID. */
const base = {
  id: z.string().optional(),
  createdAt: isoDateTime.optional(),
  updatedAt: isoDateTime.optional(),
  updatedBy: z.string().optional(),
};

export const campusSchema = z.object({
  ...base,
  name: z.string().min(1),
  address: z.string().default(''),
  phone: z.string().default(''),
  timezone: z.string().default('UTC'),
  /** Absence alerts to families (issue 32); absent = on, 10 minutes after the save, absent only. */
  absenceAlerts: z
    .object({
      enabled: z.boolean(),
      delayMinutes: z.number().int().min(0).max(MAX_ALERT_DELAY_MINUTES),
      includeLate: z.boolean(),
    })
    .optional(),
  /** Whether students aged STUDENT_REPORT_AGE or over report their own absences (issue 32). */
  studentsReportAbsences: z.boolean().optional(),
});
export type Campus = z.infer<typeof campusSchema>;

export const scheduleSlotSchema = z.object({
  /** 1 = Monday … 7 = Sunday (ISO weekday). */
  weekday: z.number().int().min(1).max(7),
  start: clockTime,
  end: clockTime,
  subjectId: z.string(),
});

export const classroomSchema = z.object({
  ...base,
  name: z.string().min(1),
  campusId: z.string(),
  subjectIds: z.array(z.string()).default([]),
  facilitatorIds: z.array(z.string()).default([]),
  capacity: z.number().int().nonnegative().default(0),
  schedule: z.array(scheduleSlotSchema).default([]),
});
export type Classroom = z.infer<typeof classroomSchema>;

export const subjectSchema = z.object({
  ...base,
  name: z.string().min(1),
  code: z.string().default(''),
  colour: z.string().default('#64748b'),
  description: z.string().default(''),
});
export type Subject = z.infer<typeof subjectSchema>;

export const guardianSchema = z.object({
  name: z.string().min(1),
  relationship: z.string().default(''),
  email: z.string().default(''),
  phone: z.string().default(''),
  memberUUID: z.string().optional(),
  isPrimary: z.boolean().default(false),
});
export type Guardian = z.infer<typeof guardianSchema>;

/** Most guardians a family lists (the rules check each position of the list: they cannot loop). */
export const MAX_GUARDIANS = 8;

export const familySchema = z.object({
  ...base,
  familyName: z.string().min(1),
  guardians: z.array(guardianSchema).max(MAX_GUARDIANS).default([]),
  address: z.string().default(''),
  notes: z.string().default(''),
});
export type Family = z.infer<typeof familySchema>;

export const STUDENT_STATUSES = ['enrolled', 'waitlisted', 'withdrawn', 'graduated'] as const;
export const studentSchema = z.object({
  ...base,
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  preferredName: z.string().optional(),
  dateOfBirth: isoDate,
  familyId: z.string(),
  campusId: z.string(),
  classroomIds: z.array(z.string()).default([]),
  status: z.enum(STUDENT_STATUSES),
  enrolledOn: isoDate.optional(),
  memberUUID: z.string().optional(),
  medicalNotes: z.string().optional(),
  notes: z.string().default(''),
});
export type Student = z.infer<typeof studentSchema>;

export const facilitatorSchema = z.object({
  ...base,
  memberUUID: z.string().default(''),
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  email: z.string().default(''),
  phone: z.string().default(''),
  campusId: z.string(),
  subjectIds: z.array(z.string()).default([]),
  classroomIds: z.array(z.string()).default([]),
  status: z.enum(['active', 'inactive']),
  bio: z.string().default(''),
});
export type Facilitator = z.infer<typeof facilitatorSchema>;

export const memberPreferencesSchema = z
  .object({
    persistLogin: z.boolean().default(true),
    theme: z.enum(['default', 'dark', 'accessible']).optional(),
    /** How the person is reached when the app is closed (app/domain/reach.ts, issue 31). */
    reach: reachPreferencesSchema.optional(),
  })
  .passthrough();

/** A Members document, keyed by the account's uid (spec §3). */
export const memberSchema = z.object({
  ...base,
  memberUUID: z.string(),
  email: z.string(),
  displayName: z.string().default(''),
  photoURL: z.string().default(''),
  roles: z.array(role).default([]),
  status: z.enum(['active', 'suspended']).default('active'),
  familyId: z.string().optional(),
  studentId: z.string().optional(),
  facilitatorId: z.string().optional(),
  preferences: memberPreferencesSchema.default({ persistLogin: true }),
  lastUpdated: isoDateTime.optional(),
  /** The key this member's unsent changes are encrypted with on a shared device (decision 051). */
  outboxKey: z.string().optional(),
});
export type Member = z.infer<typeof memberSchema>;

export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused'] as const;
export const attendanceEntrySchema = z.object({
  status: z.enum(ATTENDANCE_STATUSES),
  note: z.string().optional(),
  at: isoDateTime,
  by: z.string(),
});
export type AttendanceEntry = z.infer<typeof attendanceEntrySchema>;

/** One roll call: id = `${classroomId}_${date}`, so offline roll calls merge instead of duplicating. */
export const attendanceSchema = z.object({
  ...base,
  classroomId: z.string(),
  date: isoDate,
  entries: z.record(attendanceEntrySchema).default({}),
});
export type Attendance = z.infer<typeof attendanceSchema>;

export function attendanceId(classroomId: string, date: string): string {
  return `${classroomId}_${date}`;
}

/** Weekly, or every `interval` weeks, up to and including the campus-local date `until`. */
export const recurrenceSchema = z.object({
  freq: z.literal('weekly'),
  interval: z.number().int().min(1).max(52),
  until: isoDate,
});
export type Recurrence = z.infer<typeof recurrenceSchema>;

/**
 * An event (domain.md). A recurring series is one document with `recurrence`; `exdates` are the
 * campus-local dates of occurrences removed from it. An occurrence changed on its own ("this
 * event") is a separate event with `seriesId` (the series) and `occurrenceDate` (the date it
 * replaces, also in the series' exdates). `audienceKeys` is derived (app/domain/audience.ts) so a
 * query can ask for exactly the events a person may read (decision 046).
 */
export const eventSchema = z.object({
  ...base,
  title: z.string().min(1).max(200),
  description: z.string().max(5000).default(''),
  start: isoDateTime,
  end: isoDateTime,
  allDay: z.boolean().default(false),
  location: z.string().max(200).default(''),
  campusId: z.string().optional(),
  classroomIds: z.array(z.string()).default([]),
  audience: z.array(role).default([]),
  audienceKeys: z.array(z.string()).max(MAX_AUDIENCE_KEYS).default([]),
  recurrence: recurrenceSchema.optional(),
  exdates: z.array(isoDate).default([]),
  seriesId: z.string().optional(),
  occurrenceDate: isoDate.optional(),
  createdBy: z.string(),
  /**
   * Whether the event asks the families in its audience for a reply (issue 32): an RSVP or
   * consent, taken until `deadline` (epoch milliseconds, which the rules compare with the request's
   * time); `consentTo` completes "I give consent for Leo Whitfield to …".
   */
  reply: z
    .object({
      kind: z.enum(REPLY_KINDS),
      deadline: z.number().int().min(0),
      consentTo: z.string().max(200),
    })
    .optional(),
  /** When the organiser last asked to remind the families still to reply (the trigger sends). */
  replyReminderAt: isoDateTime.optional(),
});
export type CalendarEvent = z.infer<typeof eventSchema>;

/**
 * Conversations and messages are never deleted by a person: they are archived, and the archive
 * says who and when (server time). Office staff can still read what was archived.
 */
const archive = {
  archivedAt: isoDateTime.optional(),
  archivedBy: z.string().optional(),
};

export const conversationSchema = z.object({
  ...base,
  subject: z.string().min(1),
  participantIds: z.array(z.string()).min(1),
  studentId: z.string().optional(),
  lastMessageAt: isoDateTime.optional(),
  lastMessagePreview: z.string().default(''),
  /** Who started it (fixed once written; older conversations have none). */
  createdBy: z.string().optional(),
  /**
   * Each participant's name and role label, by participant id, kept by the trigger
   * (app/domain/server/participant-names.ts) and never written by a client: a person who cannot
   * read the others' records still sees who they are talking to.
   */
  participantNames: z.record(z.object({ name: z.string(), role: z.string() })).optional(),
  ...archive,
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * conversations/{id}/messages/{id}. `readBy` only ever grows (sent as an array union); `readAt`
 * says when each reader opened it (`readAt.<memberId>`, a field path). The cache adds
 * `conversationId` (decision 045); new messages carry it at the backend too.
 */
export const messageSchema = z.object({
  ...base,
  conversationId: z.string().optional(),
  senderId: z.string(),
  body: z.string().min(1),
  sentAt: isoDateTime,
  readBy: z.array(z.string()).default([]),
  readAt: z.record(isoDateTime).default({}),
  ...archive,
});
export type Message = z.infer<typeof messageSchema>;

/**
 * A Notifications document (spec §3). Old documents spell `description` as `descripton`; both
 * are read and the result always carries `description`.
 */
export const notificationSchema = z
  .object({
    ...base,
    notificationUUID: z.string(),
    memberUUID: z.string(),
    action: z.string().default(''),
    actionItem: z.string().default(''),
    description: z.string().optional(),
    descripton: z.string().optional(),
    date: isoDateTime,
    status: z.enum(['active', 'archived']),
    isNew: z.boolean(),
  })
  .transform(({ descripton, description, ...rest }) => ({
    ...rest,
    description: description ?? descripton ?? '',
  }));
export type Notification = z.infer<typeof notificationSchema>;

export const INQUIRY_STATUSES = [
  'new',
  'contacted',
  'tour scheduled',
  'applied',
  'waitlisted',
  'enrolled',
  'closed',
] as const;
export const inquiryHistoryEntrySchema = z.object({
  at: isoDateTime,
  by: z.string(),
  /** The status before a move; absent on the first entry, notes and assignments (and old records). */
  from: z.enum(INQUIRY_STATUSES).optional(),
  status: z.enum(INQUIRY_STATUSES),
  note: z.string().default(''),
});
export const parentInquirySchema = z.object({
  ...base,
  parentName: z.string().min(1),
  email: z.string(),
  phone: z.string().default(''),
  childName: z.string().min(1),
  childDateOfBirth: isoDate.optional(),
  campusId: z.string().optional(),
  message: z.string().default(''),
  status: z.enum(INQUIRY_STATUSES),
  assignedTo: z.string().optional(),
  history: z.array(inquiryHistoryEntrySchema).default([]),
  createdBy: z.string().optional(),
  /** Set by the conversion (app/domain/inquiries.ts): the family and student made from it. */
  familyId: z.string().optional(),
  studentId: z.string().optional(),
});
export type ParentInquiry = z.infer<typeof parentInquirySchema>;

/** A link or a file in Firebase Storage at `storagePath` (app/domain/resources.ts). */
export const resourceSchema = z.object({
  ...base,
  title: z.string().min(1).max(200),
  description: z.string().max(2000).default(''),
  kind: z.enum(['link', 'file']),
  // http: or https: only (issue 28): no javascript:/data: link is stored, by any enforcer.
  url: z.string().max(2000).regex(WEB_LINK_PATTERN).optional(),
  storagePath: z.string().optional(),
  // Exactly one of the upload allow-list's types (app/domain/resources.ts).
  mimeType: z.enum(UPLOAD_CONTENT_TYPES).optional(),
  size: z.number().nonnegative().optional(),
  subjectId: z.string().optional(),
  classroomIds: z.array(z.string()).default([]),
  audience: z.array(role).default([]),
  audienceKeys: z.array(z.string()).max(MAX_AUDIENCE_KEYS).default([]),
  createdBy: z.string(),
});
export type Resource = z.infer<typeof resourceSchema>;

/** system/collectionVersions (spec §3): versions are major.minor.patch strings. */
export const collectionVersionsSchema = z.object({
  collections: z
    .record(
      z.object({
        version: z.string().regex(/^\d+\.\d+\.\d+$/),
        updatedAt: isoDateTime.optional(),
      }),
    )
    .default({}),
  lastUpdated: isoDateTime.optional(),
});
export type CollectionVersions = z.infer<typeof collectionVersionsSchema>;

/** A Google sign-in with an unregistered or unexpected address, logged by the backend. */
export const unregisteredSigninSchema = z.object({
  id: z.string().optional(),
  email: z.string(),
  displayName: z.string().nullable().optional(),
  photoURL: z.string().nullable().optional(),
  uid: z.string().optional(),
  providerData: z.array(z.unknown()).default([]),
  expectedEmail: z.string().nullable().optional(),
  timestamp: z.union([z.string(), z.number()]).optional(),
  warning: z.string().optional(),
  at: isoDateTime,
});
export type UnregisteredSignin = z.infer<typeof unregisteredSigninSchema>;

/**
 * One entry of the audit trail (auditLog/{id}), written only by the backend's triggers after a write
 * to students, families, Members, attendance or parentInquiries, or an archive (decision 050).
 * `changes` names every changed field; `before`/`after` are kept for small scalar values only.
 */
export const AUDITED_COLLECTIONS = [
  'students',
  'families',
  'Members',
  'attendance',
  'parentInquiries',
  'conversations',
  'messages',
  'guardianRequests',
  // Issue 32: a family's word to the school, and a consent kept as evidence.
  'absenceReports',
  'eventReplies',
] as const;
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  after: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;
export const auditEntrySchema = z.object({
  id: z.string().optional(),
  at: isoDateTime,
  /** memberUUID of the writer ('system' for the backend itself). */
  by: z.string(),
  collection: z.enum(AUDITED_COLLECTIONS),
  /** The document's id within its collection (messages: `conversationId/messageId`). */
  docId: z.string(),
  action: z.enum(['create', 'update', 'delete', 'archive']),
  changes: z.array(auditChangeSchema).default([]),
  createdAt: isoDateTime.optional(),
  updatedAt: isoDateTime.optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * A parent's request to add or remove a guardian of their own family (guardianRequests/{id}).
 * Parents create it (status `pending`); office staff approve or refuse it, and an approval's change
 * to the family is written by staff, then audited.
 */
export const GUARDIAN_REQUEST_STATUSES = ['pending', 'approved', 'refused'] as const;
export const guardianRequestSchema = z.object({
  ...base,
  familyId: z.string(),
  kind: z.enum(['add', 'remove']),
  /** add: the person to add; remove: who is to be removed (name, and memberUUID when linked). */
  guardian: z.object({
    name: z.string().min(1).max(120),
    relationship: z.string().max(60).default(''),
    email: z.string().max(200).default(''),
    phone: z.string().max(40).default(''),
    memberUUID: z.string().optional(),
  }),
  note: z.string().max(1000).default(''),
  status: z.enum(GUARDIAN_REQUEST_STATUSES),
  createdBy: z.string(),
  decidedBy: z.string().optional(),
  decidedAt: isoDateTime.optional(),
  decisionNote: z.string().max(1000).default(''),
});
export type GuardianRequest = z.infer<typeof guardianRequestSchema>;

/**
 * A device a member receives pushes on, `Members/{uid}/devices/{deviceId}` (issue 31): written by
 * its owner only; the token is the push service's (`demo:<deviceId>` in the demo).
 */
export const deviceSchema = z.object({
  ...base,
  token: z.string().min(1).max(DEVICE_TOKEN_MAX),
  platform: z.string().max(DEVICE_PLATFORM_MAX),
  lastSeen: isoDateTime,
  createdAt: isoDateTime,
});
export type Device = z.infer<typeof deviceSchema>;

/**
 * An absence a family reports ahead (issue 32), or after the fact. `familyId`, `campusId` and
 * `classroomIds` are the student's when it is written (the rules check them against the student), so
 * the office's and the facilitators' queries find it; `reporterName` is the writer's display name
 * (checked against their profile), for the roll call's "Reported by Grace Whitfield: ill".
 */
export const absenceReportSchema = z.object({
  ...base,
  studentId: z.string().min(1),
  familyId: z.string().min(1),
  campusId: z.string(),
  classroomIds: z.array(z.string()).default([]),
  from: isoDate,
  to: isoDate,
  part: z.enum(ABSENCE_PARTS),
  /** Arriving (late) or leaving (early) at, campus time; none for the whole day. */
  time: clockTime.optional(),
  reason: z.enum(ABSENCE_REASONS),
  note: z.string().max(ABSENCE_NOTE_MAX).default(''),
  status: z.enum(ABSENCE_REPORT_STATUSES),
  createdBy: z.string(),
  reporterName: z.string().max(200),
  acknowledgedBy: z.string().optional(),
  acknowledgedAt: isoDateTime.optional(),
  documentRequestedBy: z.string().optional(),
  documentRequestedAt: isoDateTime.optional(),
  /** A doctor's note the family uploaded (Storage, the resources' checks). */
  document: z
    .object({
      storagePath: z.string().max(500),
      name: z.string().max(200),
      mimeType: z.string().max(100),
      size: z.number().int().min(0),
    })
    .optional(),
});
export type AbsenceReport = z.infer<typeof absenceReportSchema>;

/**
 * A family's reply to an event for one child (issue 32), `eventReplies/${eventId}_${studentId}`,
 * written only by a guardian of the child before the event's deadline. The child's family and
 * classrooms are copied from the student record (the rules check them) so the organiser and the
 * office can list replies; a consent keeps `wording`, the exact sentence the guardian agreed to or
 * refused, `guardianName` (their profile's) and the time (`updatedAt`, the server's).
 */
export const eventReplySchema = z.object({
  ...base,
  eventId: z.string().min(1),
  studentId: z.string().min(1),
  familyId: z.string().min(1),
  classroomIds: z.array(z.string()).default([]),
  kind: z.enum(REPLY_KINDS),
  answer: z.enum(REPLY_ANSWERS),
  people: z.number().int().min(0).max(MAX_REPLY_PEOPLE).optional(),
  wording: z.string().max(400).default(''),
  guardianName: z.string().max(200),
  repliedBy: z.string(),
  createdBy: z.string(),
});
export type EventReply = z.infer<typeof eventReplySchema>;

/** Collection name (as stored in Firestore) → schema of its documents. */
export const RECORD_SCHEMAS = {
  campuses: campusSchema,
  classrooms: classroomSchema,
  subjects: subjectSchema,
  families: familySchema,
  students: studentSchema,
  facilitators: facilitatorSchema,
  Members: memberSchema,
  attendance: attendanceSchema,
  events: eventSchema,
  conversations: conversationSchema,
  messages: messageSchema,
  Notifications: notificationSchema,
  parentInquiries: parentInquirySchema,
  resources: resourceSchema,
  collectionVersions: collectionVersionsSchema,
  unregisteredSignins: unregisteredSigninSchema,
  auditLog: auditEntrySchema,
  guardianRequests: guardianRequestSchema,
  devices: deviceSchema,
  absenceReports: absenceReportSchema,
  eventReplies: eventReplySchema,
} as const;
export type RecordCollection = keyof typeof RECORD_SCHEMAS;
export type RecordOf<C extends RecordCollection> = z.infer<(typeof RECORD_SCHEMAS)[C]>;
