// The fake's stand-in for the Cloud Functions production needs:
// onDocumentCreated('conversations/{conversationId}/messages/{messageId}') and
// onDocumentCreated('resources/{resourceId}'). After a client commit that creates messages, the
// backend (no rules) writes
// - a notification for every other participant: 'office' stands for every active admin,
//   superAdmin and administration member; the sender never gets one;
// - the conversation's lastMessageAt (only moving forward) and lastMessagePreview.
// After one that creates a resource: a notification ("New resource: <title>") for every active
// member in its audience but its author; staff only when one of their roles is in the audience.
// This module decides WHAT to write from the committed state (pure over a PermissionContext);
// mocks/firestore.ts applies it inside the same request, so the change events, the in-page
// cross-tab persistence and the server mode's save all include it. Notification ids are
// deterministic and existing ones are left alone, so a create that is applied again writes nothing
// twice and never turns a read notification back into a new one.
import { audienceRolesOf, inAudience } from '../app/domain/audience';
import {
  messageNotification,
  OFFICE_PARTICIPANT,
  OFFICE_ROLES,
  previewOf,
} from '../app/domain/messages';
import {
  collectionOfPath,
  resolvePrincipal,
  type DocData,
  type PermissionContext,
} from '../app/domain/permissions';
import { resourceNotification } from '../app/domain/resources';
import { ROLES, type Role } from '../app/domain/roles';

/** A document the backend writes: whole (a new document) or only `fields` of an existing one. */
export interface TriggerWrite {
  path: string;
  data: Record<string, unknown>;
  /** Only these top-level fields are written, the rest of the document kept. */
  fields?: string[];
}

/** A document a client commit created, as stored after the commit. */
export interface CreatedDocument {
  path: string;
  data: DocData;
}

/** The name a notification gives the sender when their profile has none. */
export const UNKNOWN_SENDER = 'Someone';

function str(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Active members with an office role, by memberUUID. */
function officeMemberIds(ctx: PermissionContext): string[] {
  return ctx
    .list('Members')
    .filter((m) => m.data.status !== 'suspended')
    .filter((m) => OFFICE_ROLES.some((role) => strings(m.data.roles).includes(role)))
    .map((m) => str(m.data.memberUUID) ?? m.id);
}

function senderName(senderId: string, ctx: PermissionContext): string {
  const member =
    ctx.get(`Members/${senderId}`) ??
    ctx.list('Members').find((m) => m.data.memberUUID === senderId)?.data ??
    null;
  return str(member?.displayName)?.trim() || UNKNOWN_SENDER;
}

/** Who is told about a message: every participant but the sender, the office expanded. */
export function messageRecipients(
  participantIds: readonly string[],
  senderId: string,
  ctx: PermissionContext,
): string[] {
  const recipients = new Set<string>();
  for (const id of participantIds) {
    if (id === OFFICE_PARTICIPANT) {
      for (const member of officeMemberIds(ctx)) recipients.add(member);
    } else {
      recipients.add(id);
    }
  }
  recipients.delete(senderId);
  return [...recipients];
}

/**
 * What the backend writes after a client commit created these documents (only messages count).
 * `ctx` reads the state after the commit; `nowIso` is the notifications' date.
 */
export function messageTriggerWrites(
  created: readonly CreatedDocument[],
  ctx: PermissionContext,
  nowIso: string,
): TriggerWrite[] {
  const writes: TriggerWrite[] = [];
  const notified = new Set<string>();
  // The conversation's last message as this run leaves it, so two messages of one commit agree.
  const lastOf = new Map<string, { at: string; preview: string }>();

  for (const doc of created) {
    if (collectionOfPath(doc.path) !== 'messages') continue;
    const [, conversationId = '', , messageId = ''] = doc.path.split('/');
    const conversationPath = `conversations/${conversationId}`;
    const conversation = ctx.get(conversationPath);
    const senderId = str(doc.data.senderId);
    const sentAt = str(doc.data.sentAt);
    const body = typeof doc.data.body === 'string' ? doc.data.body : '';
    if (!conversation || !senderId || !sentAt) continue;

    const name = senderName(senderId, ctx);
    const subject = str(conversation.subject) ?? '';
    for (const recipient of messageRecipients(
      strings(conversation.participantIds),
      senderId,
      ctx,
    )) {
      const notification = messageNotification({
        conversationId,
        messageId,
        recipient,
        senderName: name,
        subject,
        date: nowIso,
      });
      const path = `Notifications/${notification.id}`;
      if (notified.has(path) || ctx.get(path)) continue;
      notified.add(path);
      writes.push({ path, data: notification.data });
    }

    const current = lastOf.get(conversationPath)?.at ?? str(conversation.lastMessageAt);
    if (current === null || sentAt > current) {
      lastOf.set(conversationPath, { at: sentAt, preview: previewOf(body) });
    }
  }

  for (const [path, last] of lastOf) {
    writes.push({
      path,
      data: { lastMessageAt: last.at, lastMessagePreview: last.preview },
      fields: ['lastMessageAt', 'lastMessagePreview'],
    });
  }
  return writes;
}

const STAFF_ROLES: readonly string[] = ['admin', 'superAdmin', 'administration'];
const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * Who is told about a new resource: every active member in its audience (their roles, and their
 * or their children's classrooms and campuses, as the read rule decides) but the author. Staff read
 * every resource, so they are told only when one of their roles is named in the audience.
 */
export function resourceRecipients(resource: DocData, ctx: PermissionContext): string[] {
  const target = {
    audience: strings(resource.audience),
    classroomIds: strings(resource.classroomIds),
    campusId: str(resource.campusId),
  };
  const author = str(resource.createdBy);
  const recipients = new Set<string>();
  for (const member of ctx.list('Members')) {
    if (member.data.status === 'suspended') continue;
    const memberUUID = str(member.data.memberUUID) ?? member.id;
    if (memberUUID === author) continue;
    const roles = strings(member.data.roles).filter(isRole);
    if (roles.length === 0) continue;
    const isStaff = roles.some((role) => STAFF_ROLES.includes(role));
    const told = isStaff
      ? audienceRolesOf(roles).some((role) => target.audience.includes(role))
      : inAudience(
          resolvePrincipal(
            { uid: member.id, email: str(member.data.email), roles, memberUUID },
            ctx,
          ),
          target,
        );
    if (told) recipients.add(memberUUID);
  }
  return [...recipients].sort();
}

/** What the backend writes after a client commit created resources: their notifications. */
export function resourceTriggerWrites(
  created: readonly CreatedDocument[],
  ctx: PermissionContext,
  nowIso: string,
): TriggerWrite[] {
  const writes: TriggerWrite[] = [];
  for (const doc of created) {
    if (collectionOfPath(doc.path) !== 'resources') continue;
    const resourceId = doc.path.split('/')[1] ?? '';
    const title = str(doc.data.title) ?? '';
    for (const recipient of resourceRecipients(doc.data, ctx)) {
      const notification = resourceNotification({ resourceId, recipient, title, date: nowIso });
      const path = `Notifications/${notification.id}`;
      if (ctx.get(path)) continue;
      writes.push({ path, data: notification.data });
    }
  }
  return writes;
}

/** Every trigger's writes for one client commit (messages, then resources). */
export function commitTriggerWrites(
  created: readonly CreatedDocument[],
  ctx: PermissionContext,
  nowIso: string,
): TriggerWrite[] {
  return [
    ...messageTriggerWrites(created, ctx, nowIso),
    ...resourceTriggerWrites(created, ctx, nowIso),
  ];
}
