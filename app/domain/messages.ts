// Pure rules of messages and notifications (issue 13), shared by the screens, the data layer's
// messages collection and the fake backend's trigger. No I/O here.
//
// - A message lives at conversations/{conversationId}/messages/{messageId}. The cache keeps every
//   conversation's messages in one collection, `messages`, under the id
//   `${conversationId}/${messageId}` (decision 045), with `conversationId` on the record.
// - The office is a team: a conversation "with the office" has the participant OFFICE_PARTICIPANT,
//   and every admin, superAdmin and administration member takes part in it on the office's behalf.
// - Read receipts: `readBy` (member ids, only ever added to) and `readAt.<memberId>` (when).
import { ABSENCE_ALERTS_COLLECTION, parseAbsenceAlertId, reportFormHref } from './absence-fields';
import { FALLBACK_TIME_ZONE, schoolDay } from './clock';
import { isStaff, type Role } from './roles';

/** The participant id that stands for the office staff (admin, superAdmin, administration). */
export const OFFICE_PARTICIPANT = 'office';
/** A participant's role label, from their roles (the office's roles read as 'Office'). */
export function participantRole(roles: readonly string[]): string {
  if (isStaff(roles)) return 'Office';
  if (roles.includes('facilitator')) return 'Facilitator';
  if (roles.includes('parent')) return 'Parent';
  if (roles.includes('student')) return 'Student';
  return 'Member';
}

/** How the office appears as a participant. */
export const OFFICE_NAME = 'The office';

/** Longest message body, in characters. */
export const MESSAGE_MAX_LENGTH = 4000;
/** Longest conversation subject, in characters. */
export const SUBJECT_MAX_LENGTH = 120;
/** Characters of the last message kept on the conversation as its preview. */
export const PREVIEW_LENGTH = 80;
/** How many notifications the header panel lists. */
export const NOTIFICATION_PANEL_SIZE = 10;
/** Above this many new notifications the badge shows `9+` (spec §9). */
export const NOTIFICATION_BADGE_MAX = 9;

/**
 * The participant ids a person answers to: their own id, and the office's for office staff. The
 * office's conversations are read and answered by the staff (isStaff, STAFF_ROLES in roles.ts).
 */
export function participantIdsOf(memberUUID: string, roles: readonly Role[]): string[] {
  return isStaff(roles) ? [memberUUID, OFFICE_PARTICIPANT] : [memberUUID];
}

/** Does this person take part in a conversation with these participants? */
export function takesPart(
  participantIds: readonly string[],
  memberUUID: string,
  roles: readonly Role[],
): boolean {
  return participantIdsOf(memberUUID, roles).some((id) => participantIds.includes(id));
}

// ---- ids -------------------------------------------------------------------------------------

/** The cache id of a message: `${conversationId}/${messageId}` (decision 045). */
export function messageRecordId(conversationId: string, messageId: string): string {
  return `${conversationId}/${messageId}`;
}

/** The conversation and message ids of a message's cache id, or null for another shape. */
export function splitMessageRecordId(
  id: string,
): { conversationId: string; messageId: string } | null {
  const parts = id.split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  return { conversationId: parts[0], messageId: parts[1] };
}

/** A new message id: time-ordered, so ids sort like the messages, and unique per device. */
export function newMessageId(now: number, random: () => string = () => randomSuffix()): string {
  return `msg-${now.toString(36).padStart(9, '0')}-${random()}`;
}

function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 10).padEnd(8, '0');
}

// ---- read state ------------------------------------------------------------------------------

export interface MessageLike {
  senderId: string;
  sentAt: string;
  readBy?: readonly string[];
  readAt?: Readonly<Record<string, string>>;
}

/** Has this member read the message (their own messages count as read)? */
export function hasRead(message: MessageLike, memberUUID: string): boolean {
  return (
    message.senderId === memberUUID ||
    (message.readBy ?? []).includes(memberUUID) ||
    Boolean(message.readAt?.[memberUUID])
  );
}

export function unreadCount(messages: readonly MessageLike[], memberUUID: string): number {
  return messages.filter((m) => !hasRead(m, memberUUID)).length;
}

/**
 * The change that marks a message read for a member: their id added to `readBy` (the data layer
 * sends it as an array union, so two readers never drop each other) and `readAt.<member>` set.
 * Null when it is read already.
 */
export function readReceiptPatch(
  message: MessageLike,
  memberUUID: string,
  nowIso: string,
): Record<string, unknown> | null {
  if (hasRead(message, memberUUID)) return null;
  return {
    readBy: [...(message.readBy ?? []), memberUUID],
    [`readAt.${memberUUID}`]: nowIso,
  };
}

/** Who of the other participants has read the message, with when (when known), earliest first. */
export function readersOf(
  message: MessageLike,
  except: string,
): Array<{ memberUUID: string; at: string | null }> {
  const ids = new Set([...(message.readBy ?? []), ...Object.keys(message.readAt ?? {})]);
  ids.delete(message.senderId);
  ids.delete(except);
  return [...ids]
    .map((memberUUID) => ({ memberUUID, at: message.readAt?.[memberUUID] ?? null }))
    .sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
}

/** The conversation's preview text for a message body: one line, at most PREVIEW_LENGTH. */
export function previewOf(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}

/**
 * Messages grouped by their day (YYYY-MM-DD) in `timeZone` (the reader's), oldest first, each
 * day's messages in order.
 */
export function groupByDay<T extends { sentAt: string }>(
  messages: readonly T[],
  timeZone: string = FALLBACK_TIME_ZONE,
): Array<{ day: string; messages: T[] }> {
  const sorted = [...messages].sort((a, b) => a.sentAt.localeCompare(b.sentAt));
  const groups: Array<{ day: string; messages: T[] }> = [];
  for (const message of sorted) {
    const at = new Date(message.sentAt);
    const day = Number.isNaN(at.getTime()) ? message.sentAt.slice(0, 10) : schoolDay(timeZone, at);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.messages.push(message);
    else groups.push({ day, messages: [message] });
  }
  return groups;
}

// ---- notifications ---------------------------------------------------------------------------

/** The header badge's text: the count, `9+` above 9, and '' for none (spec §9). */
export function formatBadgeCount(count: number): string {
  if (count <= 0) return '';
  return count > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(count);
}

/**
 * Where a notification's `actionItem` leads in the app: a document path ('conversations/c1',
 * 'events/e1', 'students/s1', …) or a collection name ('attendance'). An absence alert
 * ('absenceAlerts/<studentId>_<date>') leads to the absence report form, filled in for that child
 * and day. Null when the app has no page for it.
 */
export function notificationHref(actionItem: string): string | null {
  const [collection, id] = actionItem.split('/');
  const withId = (base: string, param?: string) =>
    id
      ? param
        ? `${base}?${param}=${encodeURIComponent(id)}`
        : `${base}/${encodeURIComponent(id)}`
      : base;
  switch (collection) {
    case 'conversations':
      return withId('/dash/messages');
    case 'events':
      return withId('/dash/calendar', 'event');
    case 'students':
      return withId('/dash/students');
    case 'families':
      return withId('/dash/families');
    case 'facilitators':
      return withId('/dash/facilitators');
    case 'attendance':
      return '/dash/attendance';
    case 'parentInquiries':
      return withId('/dash/parent-inquiries', 'inquiry');
    case 'resources':
      return withId('/dash/resources', 'resource');
    case 'absenceReports':
      return '/dash/absences';
    case ABSENCE_ALERTS_COLLECTION: {
      const alert = id ? parseAbsenceAlertId(id) : null;
      return alert ? reportFormHref(alert.studentId, alert.date) : null;
    }
    default:
      return null;
  }
}

/** The notification the message trigger creates for one recipient (mocks/, and production's function). */
export function messageNotification(input: {
  conversationId: string;
  messageId: string;
  recipient: string;
  senderName: string;
  subject: string;
  date: string;
}): { id: string; data: Record<string, unknown> } {
  const id = `msg-${input.conversationId}-${input.messageId}-${input.recipient}`;
  return {
    id,
    data: {
      notificationUUID: id,
      memberUUID: input.recipient,
      action: 'message',
      actionItem: `conversations/${input.conversationId}`,
      description: `New message from ${input.senderName}: ${input.subject}`,
      date: input.date,
      status: 'active',
      isNew: true,
    },
  };
}
