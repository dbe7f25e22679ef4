// What a thread does to the data: the reply a send writes (one new message, through the store's
// pending queue, so it goes once and works offline) and the read receipts opening it writes (one
// batch of readReceiptPatch saves for the messages the person has not read yet). The builders are
// pure; the writes take the store's functions, so tests can watch what would be written.
import { z } from 'zod';
import type { BatchOperation } from '~/data/store';
import {
  MESSAGE_MAX_LENGTH,
  messageRecordId,
  newMessageId,
  readReceiptPatch,
  type MessageLike,
} from '~/domain/messages';
import { tooLongMessage } from '~/ui/form/fields';
import { formFailure, parseForm, type FormFailure } from '~/ui/form/parse-form';

/** The store's operations cap one batch at this many (spec: 500-operation batches). */
const BATCH_SIZE = 500;

export const EMPTY_REPLY_MESSAGE = 'Write a message before sending.';
export const REPLY_SAVED_OFFLINE =
  'Message saved on this device. It will be sent when you are back online.';
export const REPLY_FAILED = 'The message could not be saved on this device. Please try again.';

/** The reply form: the body keeps its line breaks (only the ends are trimmed). */
export const replySchema = z.object({
  body: z
    .string({ required_error: EMPTY_REPLY_MESSAGE, invalid_type_error: EMPTY_REPLY_MESSAGE })
    .trim()
    .min(1, EMPTY_REPLY_MESSAGE)
    .superRefine((body, ctx) => {
      if (body.length > MESSAGE_MAX_LENGTH) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: tooLongMessage(MESSAGE_MAX_LENGTH, body.length, 'a message'),
        });
      }
    }),
});

/** The message record a reply saves (its cache id is `${conversationId}/${messageId}`). */
export function newMessageItem(input: {
  conversationId: string;
  senderId: string;
  body: string;
  now: Date;
  random?: () => string;
}) {
  const messageId = newMessageId(input.now.getTime(), input.random);
  return {
    id: messageRecordId(input.conversationId, messageId),
    conversationId: input.conversationId,
    senderId: input.senderId,
    body: input.body,
    sentAt: input.now.toISOString(),
    // The sender has read their own message; nobody else has yet. No `readAt`: a create sent again
    // after a lost acknowledgement must not wipe a reader's time (it is a merging set).
    readBy: [input.senderId],
  };
}

/** The saves that mark every message the member has not read as read now (none when all are). */
export function readReceiptOperations(
  messages: ReadonlyArray<MessageLike & { id: string }>,
  memberUUID: string,
  nowIso: string,
): BatchOperation[] {
  return messages.flatMap((message) => {
    const patch = readReceiptPatch(message, memberUUID, nowIso);
    return patch
      ? [{ type: 'save', collection: 'messages', item: { id: message.id, ...patch } }]
      : [];
  });
}

/**
 * Marks the thread read for the member: one store batch (per 500) of the unread messages'
 * receipts. Returns how many messages were marked. Nothing is written when all are read, so the
 * revalidation that follows the write finds nothing left to mark and stops there.
 */
export async function markThreadRead(
  messages: ReadonlyArray<MessageLike & { id: string }>,
  memberUUID: string,
  now: Date,
  batch: (operations: BatchOperation[]) => Promise<number>,
): Promise<number> {
  const operations = readReceiptOperations(messages, memberUUID, now.toISOString());
  let marked = 0;
  for (let i = 0; i < operations.length; i += BATCH_SIZE) {
    marked += await batch(operations.slice(i, i + BATCH_SIZE));
  }
  return marked;
}

export type ReplyResult = { ok: true; id: string; offline: boolean } | FormFailure;

/** Parses the reply form and saves the new message; the caller says who, where and how to save. */
export async function submitReply(
  input: FormData | URLSearchParams,
  context: {
    conversationId: string;
    senderId: string;
    now: Date;
    online: boolean;
    save: (item: ReturnType<typeof newMessageItem>) => Promise<unknown>;
  },
): Promise<ReplyResult> {
  const parsed = parseForm(replySchema, input);
  if (!parsed.ok) return parsed;
  const item = newMessageItem({
    conversationId: context.conversationId,
    senderId: context.senderId,
    body: parsed.data.body,
    now: context.now,
  });
  const saved = await context.save(item);
  if (saved === null) {
    return formFailure(parsed.values, { _form: REPLY_FAILED });
  }
  return { ok: true, id: item.id, offline: !context.online };
}

// ---- Archive ----------------------------------------------------------------------------------

export const ARCHIVE_INTENT = 'archive';
export const CONVERSATION_ARCHIVED =
  'Conversation archived. It is kept: find it with the Archived filter; the office can still read it.';
export const ARCHIVE_FAILED =
  'The conversation could not be archived on this device. Please try again.';

/**
 * The save that archives a conversation: nobody deletes one (a parent's report must stay). The
 * backend is sent the server's time for `archivedAt` (app/backend/documents.ts); the device's
 * time is what the cache shows until the next refresh.
 */
export function archiveConversationItem(conversationId: string, memberUUID: string, now: Date) {
  return { id: conversationId, archivedAt: now.toISOString(), archivedBy: memberUUID };
}

/** Archives the conversation through the store (queued, so it works offline). */
export async function archiveConversation(context: {
  conversationId: string;
  memberUUID: string;
  now: Date;
  save: (item: ReturnType<typeof archiveConversationItem>) => Promise<unknown>;
}): Promise<{ ok: true } | { ok: false; error: string }> {
  const saved = await context.save(
    archiveConversationItem(context.conversationId, context.memberUUID, context.now),
  );
  return saved === null ? { ok: false, error: ARCHIVE_FAILED } : { ok: true };
}
