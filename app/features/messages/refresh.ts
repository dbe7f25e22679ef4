// Fetching messages sooner than their 15-minute sync (decision 045): the inbox when the live
// notifications feed brings a new message's notification, and one conversation while its thread is
// open (so read receipts and replies appear without a reload). Offline, both are no-ops: the
// cache already shows everything this device knows.
import { syncEngine } from '~/data/sync-status';

/** Fetches the person's conversations, then every conversation's messages. */
export async function refreshInbox(): Promise<boolean> {
  if (!syncEngine.connectivity.isOnline()) return false;
  const conversations = await syncEngine.refresh('conversations');
  const messages = await syncEngine.refresh('messages');
  return conversations && messages;
}

/** Fetches one conversation's messages (an open thread polls this). */
export async function refreshThread(conversationId: string): Promise<boolean> {
  if (!syncEngine.connectivity.isOnline()) return false;
  return syncEngine.refreshChildren('messages', conversationId);
}
