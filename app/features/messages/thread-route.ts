// What the thread route (/dash/messages/$conversationId) loads and saves: the conversation as the
// page shows it (messages by day, senders, "Waiting to send", read receipts), the read receipts that
// opening it writes, the reply action and the archive action (nobody deletes a conversation: a
// participant archives it, and office staff can still open it). A conversation the person does not
// take part in is "not found", exactly like one that does not exist, so a URL leaks nothing; office
// staff also open archived conversations they do not take part in, read-only.
import { redirect } from '@remix-run/react';
import { requireArea } from '~/auth/guards';
import type { SessionUser } from '~/auth/session-user';
import { store } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { canOpenArea } from '~/domain/areas';
import {
  groupByDay,
  OFFICE_NAME,
  OFFICE_PARTICIPANT,
  readersOf,
  takesPart,
} from '~/domain/messages';
import { isStaff } from '~/domain/roles';
import { settingsStore } from '~/settings/store';
import { notAllowed, notFound } from '~/ui/responses';
import { childName, formatDayHeading, otherParticipants } from './inbox';
import {
  conversationRecordSchema,
  loadMessagesData,
  personOf,
  type InboxItem,
  type MessagesData,
  type Person,
} from './load';
import {
  ARCHIVE_INTENT,
  archiveConversation,
  CONVERSATION_ARCHIVED,
  markThreadRead,
  REPLY_SAVED_OFFLINE,
  submitReply,
} from './writes';

export interface ThreadMessageView {
  id: string;
  mine: boolean;
  senderName: string;
  senderRole: string;
  sentAt: string;
  body: string;
  /** The backend has not accepted it yet ("Waiting to send"). */
  pending: boolean;
}

export interface ThreadView {
  conversationId: string;
  subject: string;
  memberUUID: string;
  /** Everyone in it but the person. */
  participants: Person[];
  child: { name: string; href: string | null } | null;
  days: Array<{ day: string; heading: string; messages: ThreadMessageView[] }>;
  /** The person's campus zone: the thread's days and times are written in it. */
  timeZone: string;
  /** Who has read the person's own latest message, under that message. */
  receipts: { messageId: string; readers: Array<{ name: string; at: string | null }> } | null;
  /** When and by whom it was archived (the archiver's name); null while it is not. */
  archived: { at: string; byName: string } | null;
  /** A participant may reply and archive while it is not archived. */
  canReply: boolean;
  canArchive: boolean;
}

function threadItem(data: MessagesData, conversationId: string): InboxItem | null {
  return data.inbox.find((item) => item.conversation.id === conversationId) ?? null;
}

function threadView(data: MessagesData, item: InboxItem, user: SessionUser): ThreadView {
  const me = user.memberUUID;
  const { conversation } = item;
  const withOffice = conversation.participantIds.includes(OFFICE_PARTICIPANT);
  // A reader the person cannot name (an office colleague, to a parent) answered for the office.
  const readerName = (id: string) =>
    data.people.get(id)?.name ?? (withOffice ? OFFICE_NAME : personOf(data, id).name);
  const days = groupByDay(item.messages, data.timeZone).map(({ day, messages }) => ({
    day,
    heading: formatDayHeading(day, data.today),
    messages: messages.map((m) => {
      const sender = personOf(data, m.senderId);
      return {
        id: m.id,
        mine: m.senderId === me,
        senderName: m.senderId === me ? 'You' : sender.name,
        senderRole: sender.role,
        sentAt: m.sentAt,
        body: m.body,
        pending: data.pendingMessageIds.has(m.id),
      };
    }),
  }));
  const ownLatest = item.messages.filter((m) => m.senderId === me).pop();
  const student = item.student;
  return {
    conversationId: conversation.id,
    subject: conversation.subject,
    memberUUID: me,
    participants: otherParticipants(conversation.participantIds, data.myIds, (id) =>
      personOf(data, id),
    ),
    child: student
      ? {
          name: childName(student),
          href: canOpenArea(user.roles, 'students')
            ? `/dash/students/${encodeURIComponent(student.id)}`
            : null,
        }
      : null,
    days,
    timeZone: data.timeZone,
    archived: item.archived
      ? {
          at: item.archived.at,
          byName: item.archived.by === me ? 'you' : personOf(data, item.archived.by).name,
        }
      : null,
    canReply: item.participant && !item.archived,
    canArchive: item.participant && !item.archived,
    receipts: ownLatest
      ? {
          messageId: ownLatest.id,
          readers: readersOf(ownLatest, me).map((r) => ({
            name: readerName(r.memberUUID),
            at: r.at,
          })),
        }
      : null,
  };
}

/**
 * The thread for the page. Opening it marks its unread messages read for the person (through the
 * queue, offline too); the page then shows the data after that write. When nothing is unread,
 * nothing is written, so the revalidations that follow new data never loop.
 */
export async function loadThreadPage(
  request: Request,
  conversationId: string,
): Promise<ThreadView> {
  const user = await requireArea(request, 'messages');
  let data = await loadMessagesData(user);
  const item = threadItem(data, conversationId);
  if (!item) throw notFound(request);
  // Only a participant writes read receipts (office staff reading an archive leave no trace).
  if (!item.participant) return threadView(data, item, user);
  const marked = await markThreadRead(item.messages, user.memberUUID, new Date(), (operations) =>
    store.batch(operations),
  );
  if (marked > 0) data = await loadMessagesData(user);
  return threadView(data, threadItem(data, conversationId) ?? item, user);
}

/**
 * The thread's actions: a reply, or archiving the conversation. Only a participant may do either,
 * and not once it is archived; the writes go through the store (queued, so they work offline).
 */
/**
 * The conversation a reply or an archive writes to, as the cache holds it: null when the person may
 * not see it (as the inbox would not list it), else whether they take part and whether it is archived.
 */
async function replyTarget(
  user: SessionUser,
  conversationId: string,
): Promise<{ participant: boolean; archived: boolean } | null> {
  const cached = await store.get('conversations', conversationId);
  const parsed = cached ? conversationRecordSchema.safeParse(cached) : null;
  if (!parsed?.success) return null;
  const conversation = parsed.data;
  const participant = takesPart(conversation.participantIds, user.memberUUID, user.roles);
  // Office staff also open archived conversations they are not in (issue 28).
  if (!participant && !(isStaff(user.roles) && conversation.archivedAt)) return null;
  return { participant, archived: Boolean(conversation.archivedAt) };
}

export async function replyFromRequest(request: Request, conversationId: string) {
  const user = await requireArea(request, 'messages');
  // Only the one conversation the write goes to is read, not the whole inbox (issue 29).
  const item = await replyTarget(user, conversationId);
  if (!item) throw notFound(request);
  if (!item.participant || item.archived) throw notAllowed();
  const formData = await request.formData();
  if (formData.get('intent') === ARCHIVE_INTENT) {
    const archived = await archiveConversation({
      conversationId,
      memberUUID: user.memberUUID,
      now: new Date(),
      save: (patch) => store.save('conversations', patch),
    });
    if (!archived.ok) {
      settingsStore.setError(archived.error);
      return {
        ok: false as const,
        status: 400 as const,
        fieldErrors: { _form: archived.error },
        values: {},
      };
    }
    settingsStore.notify(CONVERSATION_ARCHIVED, 'success');
    throw redirect('/dash/messages');
  }
  const result = await submitReply(formData, {
    conversationId,
    senderId: user.memberUUID,
    now: new Date(),
    online: syncEngine.connectivity.isOnline(),
    save: (item) => store.save('messages', item),
  });
  if (!result.ok) {
    if (result.fieldErrors._form) settingsStore.setError(result.fieldErrors._form);
    return result;
  }
  if (result.offline) settingsStore.notify(REPLY_SAVED_OFFLINE, 'success');
  return result;
}
