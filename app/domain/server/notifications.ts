// Who is told about a new message, event or resource, and the notifications written for them: the
// decisions of the onDocumentCreated triggers (conversations/{c}/messages/{m}, events/{e},
// resources/{r}). Notifications are created only here, never by clients (the rules refuse them).
// Pure over a read context of the state after the write. Notification ids are deterministic and
// existing ones are left alone, so a trigger that runs again (at-least-once delivery) writes nothing
// twice and never turns a read notification back into a new one.
import { audienceRolesOf, inAudience } from '~/domain/audience';
import { messageNotification, OFFICE_PARTICIPANT, previewOf } from '~/domain/messages';
import { collectionOfPath, resolvePrincipal, type DocData } from '~/domain/permissions';
import { resourceNotification } from '~/domain/resources';
import { isStaff, ROLES, type Role } from '~/domain/roles';
import type { ServerContext, ServerWrite } from './outcome';

/** A document a write created, as stored after the write. */
export interface CreatedDocument {
  path: string;
  data: DocData;
}

/** The name a notification gives the sender when their profile has none. */
export const UNKNOWN_SENDER = 'Someone';

export function str(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Active members with an office role, by memberUUID. */
function officeMemberIds(ctx: ServerContext): string[] {
  return ctx
    .list('Members')
    .filter((m) => m.data.status !== 'suspended')
    .filter((m) => isStaff(strings(m.data.roles)))
    .map((m) => str(m.data.memberUUID) ?? m.id);
}

function senderName(senderId: string, ctx: ServerContext): string {
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
  ctx: ServerContext,
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
  // Sorted, so every host writes the notifications in the same order whatever order it lists in.
  return [...recipients].sort();
}

/**
 * What the backend writes after messages were created: a notification for every other participant
 * ('office' stands for every active admin, superAdmin and administration member; the sender never
 * gets one), and the conversation's lastMessageAt (only moving forward) and lastMessagePreview.
 */
export function messageCreatedWrites(
  created: readonly CreatedDocument[],
  ctx: ServerContext,
  nowIso: string,
): ServerWrite[] {
  const writes: ServerWrite[] = [];
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
      merge: true,
    });
  }
  return writes;
}

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * Who is told about a new resource or event: every active member in its audience (their roles, and
 * their or their children's classrooms and campuses, as the read rule decides) but the author.
 * Staff read every resource and event, so they are told only when one of their roles is named.
 */
export function audienceRecipients(record: DocData, ctx: ServerContext): string[] {
  const target = {
    audience: strings(record.audience),
    classroomIds: strings(record.classroomIds),
    campusId: str(record.campusId),
  };
  const author = str(record.createdBy);
  const recipients = new Set<string>();
  for (const member of ctx.list('Members')) {
    if (member.data.status === 'suspended') continue;
    const memberUUID = str(member.data.memberUUID) ?? member.id;
    if (memberUUID === author) continue;
    const roles = strings(member.data.roles).filter(isRole);
    if (roles.length === 0) continue;
    const staff = isStaff(roles);
    const told = staff
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

/** A resource's recipients (the audience rule above). */
export const resourceRecipients = audienceRecipients;

/** The notification of a new event for one recipient. */
export function eventNotification(input: {
  eventId: string;
  recipient: string;
  title: string;
  date: string;
}): { id: string; data: Record<string, unknown> } {
  const id = `evt-${input.eventId}-${input.recipient}`;
  return {
    id,
    data: {
      notificationUUID: id,
      memberUUID: input.recipient,
      action: 'event',
      actionItem: `events/${input.eventId}`,
      description: `New event: ${input.title}`,
      date: input.date,
      status: 'active',
      isNew: true,
    },
  };
}

/**
 * One notification per audience member of each new document of `collection` that `tells` (none
 * written twice): `notify` makes a recipient's notification from the document's id and title.
 */
function audienceWrites(
  created: readonly CreatedDocument[],
  ctx: ServerContext,
  collection: 'events' | 'resources',
  tells: (data: Readonly<Record<string, unknown>>) => boolean,
  notify: (id: string, recipient: string, title: string) => { id: string; data: DocData },
): ServerWrite[] {
  const writes: ServerWrite[] = [];
  for (const doc of created) {
    if (collectionOfPath(doc.path) !== collection || !tells(doc.data)) continue;
    const id = doc.path.split('/')[1] ?? '';
    const title = str(doc.data.title) ?? '';
    for (const recipient of audienceRecipients(doc.data, ctx)) {
      const notification = notify(id, recipient, title);
      const path = `Notifications/${notification.id}`;
      if (ctx.get(path)) continue;
      writes.push({ path, data: notification.data });
    }
  }
  return writes;
}

/** Notifications for new resources: one per recipient, none written twice. */
export function resourceCreatedWrites(
  created: readonly CreatedDocument[],
  ctx: ServerContext,
  nowIso: string,
): ServerWrite[] {
  return audienceWrites(
    created,
    ctx,
    'resources',
    () => true,
    (resourceId, recipient, title) =>
      resourceNotification({ resourceId, recipient, title, date: nowIso }),
  );
}

/**
 * Notifications for new events. An occurrence split off a recurring series (it carries
 * `seriesId`) is an edit of an event people were already told about, so it tells no one again.
 */
export function eventCreatedWrites(
  created: readonly CreatedDocument[],
  ctx: ServerContext,
  nowIso: string,
): ServerWrite[] {
  return audienceWrites(
    created,
    ctx,
    'events',
    (data) => !str(data.seriesId),
    (eventId, recipient, title) => eventNotification({ eventId, recipient, title, date: nowIso }),
  );
}

/** Every notification trigger's writes for documents created together (messages, events, resources). */
export function createdWrites(
  created: readonly CreatedDocument[],
  ctx: ServerContext,
  nowIso: string,
): ServerWrite[] {
  return [
    ...messageCreatedWrites(created, ctx, nowIso),
    ...eventCreatedWrites(created, ctx, nowIso),
    ...resourceCreatedWrites(created, ctx, nowIso),
  ];
}
