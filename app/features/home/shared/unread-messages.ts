// The "unread messages" tile shared by the home dashboards: how many messages the person has not
// read (counted by the same countUnread as the navigation badge, so the two figures agree) and the
// latest conversations holding them, each a link to its thread.
import type { SessionUser } from '~/auth/session-user';
import { loadMessagesData, personOf, type MessagesData } from '~/features/messages';
import { countUnread } from '~/features/messages';

export const MESSAGES_PATH = '/dash/messages';

export interface UnreadSummary {
  count: number;
  /** Conversations with unread messages, newest first, at most `limit`. */
  conversations: { id: string; subject: string; from: string; at: string; href: string }[];
}

/** The unread figure and the latest `limit` conversations with unread messages. */
export function unreadSummary(
  data: Pick<MessagesData, 'inbox' | 'principal' | 'people' | 'myIds'>,
  limit = 3,
): UnreadSummary {
  const count = countUnread(
    data.inbox.map((item) => item.conversation),
    data.inbox.flatMap((item) => item.messages),
    { memberUUID: data.principal.memberUUID, roles: data.principal.roles },
  );
  const conversations = data.inbox
    .filter((item) => item.unread > 0)
    .slice(0, limit)
    .map((item) => ({
      id: item.conversation.id,
      subject: item.conversation.subject,
      from: item.last ? personOf(data, item.last.senderId).name : '',
      at: item.lastAt,
      href: `${MESSAGES_PATH}/${encodeURIComponent(item.conversation.id)}`,
    }));
  return { count, conversations };
}

/** The person's unread messages from the cache (refreshed first when due). */
export async function loadUnreadMessages(user: SessionUser): Promise<UnreadSummary> {
  return unreadSummary(await loadMessagesData(user));
}
