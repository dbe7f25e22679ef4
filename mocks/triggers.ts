// The fake's stand-in for the Cloud Function production needs:
// onDocumentCreated('conversations/{conversationId}/messages/{messageId}'). After a client commit
// that creates messages, the backend (no rules) writes
// - a notification for every other participant: 'office' stands for every active admin,
//   superAdmin and administration member; the sender never gets one;
// - the conversation's lastMessageAt (only moving forward) and lastMessagePreview.
// This module decides WHAT to write from the committed state (pure over a PermissionContext);
// mocks/firestore.ts applies it inside the same request, so the change events, the in-page
// cross-tab persistence and the server mode's save all include it. Notification ids are
// deterministic and existing ones are left alone, so a create that is applied again writes nothing
// twice and never turns a read notification back into a new one.
import {
  messageNotification,
  OFFICE_PARTICIPANT,
  OFFICE_ROLES,
  previewOf,
} from '../app/domain/messages';
import { collectionOfPath, type DocData, type PermissionContext } from '../app/domain/permissions';

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
