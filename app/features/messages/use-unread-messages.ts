// The navigation's unread total: how many cached messages the signed-in person has not read, in
// the conversations they take part in. One count per tab, kept here and shared by every component
// that shows it; it is counted again from the cache whenever the store says messages or
// conversations changed (this tab's writes, another tab's, or a sync), so opening a thread or a
// sync that brings a new message updates the badge without a reload.
import { useCallback, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { store } from '~/data/store';
import { hasRead, takesPart } from '~/domain/messages';
import { isRole, type Role } from '~/domain/roles';

/** Only what counting needs, so one odd record does not hide the others. */
const conversationShape = z.object({
  id: z.string(),
  participantIds: z.array(z.string()),
  archivedAt: z.string().nullish(),
});
const messageShape = z.object({
  id: z.string(),
  conversationId: z.string().optional(),
  senderId: z.string(),
  sentAt: z.string(),
  readBy: z.array(z.string()).optional(),
  readAt: z.record(z.string()).optional(),
});

export interface Reader {
  memberUUID: string;
  roles: readonly Role[];
}

/**
 * Unread messages of the conversations the reader takes part in (their own count as read), except
 * archived ones: an archived conversation no longer asks to be read.
 */
export function countUnread(
  conversations: readonly unknown[],
  messages: readonly unknown[],
  reader: Reader,
): number {
  const mine = new Set<string>();
  for (const raw of conversations) {
    const c = conversationShape.safeParse(raw);
    if (
      c.success &&
      !c.data.archivedAt &&
      takesPart(c.data.participantIds, reader.memberUUID, reader.roles)
    ) {
      mine.add(c.data.id);
    }
  }
  let count = 0;
  for (const raw of messages) {
    const m = messageShape.safeParse(raw);
    if (!m.success) continue;
    const conversationId = m.data.conversationId ?? m.data.id.split('/')[0] ?? '';
    if (mine.has(conversationId) && !hasRead(m.data, reader.memberUUID)) count += 1;
  }
  return count;
}

// ---- the shared count ----------------------------------------------------------------------

const WATCHED = new Set(['messages', 'conversations']);

let snapshot: { key: string; count: number } = { key: '', count: 0 };
let reader: Reader | null = null;
let readerKey = '';
let generation = 0;
let stopWatching: (() => void) | null = null;
const listeners = new Set<() => void>();

function keyOf(who: Reader): string {
  return `${who.memberUUID}|${[...who.roles].sort().join(',')}`;
}

async function recount(): Promise<void> {
  const who = reader;
  if (!who) return;
  const key = readerKey;
  // A newer count started meanwhile (another change): only the newest one may publish.
  const mine = ++generation;
  const [conversations, messages] = await Promise.all([
    store.list('conversations', { limit: Infinity }),
    store.list('messages', { limit: Infinity }),
  ]);
  if (mine !== generation || key !== readerKey) return;
  const count = countUnread(conversations, messages, who);
  if (snapshot.key === key && snapshot.count === count) return;
  snapshot = { key, count };
  for (const listener of listeners) listener();
}

function watch(who: Reader, listener: () => void): () => void {
  const key = keyOf(who);
  if (key !== readerKey) {
    reader = who;
    readerKey = key;
    void recount();
  }
  listeners.add(listener);
  stopWatching ??= store.subscribe((event) => {
    if (event.collections.some((c) => WATCHED.has(c))) void recount();
  });
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopWatching?.();
      stopWatching = null;
      reader = null;
      readerKey = '';
      generation += 1;
    }
  };
}

/** The signed-in person's unread messages (0 while signed out or until the first count). */
export function useUnreadMessages(who: Reader | null): number {
  const memberUUID = who?.memberUUID ?? '';
  // The roles by value, so a new array with the same roles does not subscribe again.
  const rolesKey = who ? [...who.roles].sort().join(',') : '';
  const key = memberUUID ? `${memberUUID}|${rolesKey}` : '';
  const subscribe = useCallback(
    (listener: () => void) =>
      memberUUID
        ? watch({ memberUUID, roles: rolesKey.split(',').filter(isRole) }, listener)
        : () => undefined,
    [memberUUID, rolesKey],
  );
  const getSnapshot = () => (key && snapshot.key === key ? snapshot.count : 0);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
