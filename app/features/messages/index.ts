export { formatInboxTime } from './inbox';
export { loadMessagesData, personOf, type InboxItem, type MessagesData } from './load';
export { refreshInbox } from './refresh';
export { countUnread, useUnreadMessages } from './use-unread-messages';
