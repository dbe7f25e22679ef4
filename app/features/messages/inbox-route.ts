// What the inbox route (/dash/messages) loads: the person's conversations from the cache (so it
// opens offline), filtered and searched by the view state in the URL, shaped for the list.
// Archived conversations are left out unless the Archived filter asks for them (then only they).
import { requireArea } from '~/auth/guards';
import {
  childName,
  childOptions,
  filterInbox,
  hasInboxFilters,
  otherParticipants,
  parseInboxQuery,
  type InboxQuery,
} from './inbox';
import { loadMessagesData, personOf, type InboxItem, type MessagesData } from './load';

export interface InboxRow {
  id: string;
  subject: string;
  /** The other participants' names, joined ("Daniel Mensah", "The office"). */
  participants: string;
  child: string | null;
  preview: string;
  lastAt: string;
  unread: number;
  /** Holds a message (or is itself new) that the backend has not accepted yet. */
  pending: boolean;
  /** Archived (shown only under the Archived filter). */
  archived: boolean;
}

export interface InboxPage {
  query: InboxQuery;
  filtered: boolean;
  rows: InboxRow[];
  /** Conversations that are not archived. */
  total: number;
  archivedTotal: number;
  unreadTotal: number;
  children: Array<{ id: string; name: string }>;
  /** The person's campus zone: the inbox's times are written in it. */
  timeZone: string;
}

function namesOf(data: MessagesData, item: InboxItem): string[] {
  return otherParticipants(item.conversation.participantIds, data.myIds, (id) =>
    personOf(data, id),
  ).map((p) => p.name);
}

export async function loadInboxPage(request: Request): Promise<InboxPage> {
  const user = await requireArea(request, 'messages');
  const data = await loadMessagesData(user);
  const query = parseInboxQuery(new URL(request.url).searchParams);
  const rows = filterInbox(data.inbox, query, (item) => namesOf(data, item)).map((item) => ({
    id: item.conversation.id,
    subject: item.conversation.subject,
    participants: namesOf(data, item).join(', '),
    child: item.student ? childName(item.student) : null,
    preview: item.preview,
    lastAt: item.lastAt,
    unread: item.unread,
    pending:
      data.pendingConversationIds.has(item.conversation.id) ||
      item.messages.some((m) => data.pendingMessageIds.has(m.id)),
    archived: item.archived !== null,
  }));
  const archivedTotal = data.inbox.filter((item) => item.archived).length;
  return {
    query,
    filtered: hasInboxFilters(query),
    rows,
    total: data.inbox.length - archivedTotal,
    archivedTotal,
    unreadTotal: data.unreadTotal,
    children: childOptions(data.inbox),
    timeZone: data.timeZone,
  };
}
