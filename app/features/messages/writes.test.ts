import { describe, expect, it, vi } from 'vitest';
import type { BatchOperation } from '~/data/store';
import { MESSAGE_MAX_LENGTH } from '~/domain/messages';
import {
  ARCHIVE_FAILED,
  archiveConversation,
  archiveConversationItem,
  EMPTY_REPLY_MESSAGE,
  REPLY_FAILED,
  markThreadRead,
  newMessageItem,
  readReceiptOperations,
  submitReply,
} from './writes';

const now = new Date('2025-03-03T10:42:00.000Z');

function form(body: string) {
  const data = new FormData();
  data.set('body', body);
  return data;
}

describe('sending a reply', () => {
  it('writes one message with the conversation, the sender, the body and the sender as reader', async () => {
    const save = vi.fn(async (item: unknown) => item);
    const result = await submitReply(form('  Hello Daniel,\n\nthanks!  '), {
      conversationId: 'conv-leo',
      senderId: 'parent-1',
      now,
      online: true,
      save,
    });
    expect(result.ok).toBe(true);
    expect(save).toHaveBeenCalledTimes(1);
    const item = save.mock.calls[0]?.[0];
    expect(item).toMatchObject({
      conversationId: 'conv-leo',
      senderId: 'parent-1',
      body: 'Hello Daniel,\n\nthanks!',
      sentAt: now.toISOString(),
      readBy: ['parent-1'],
    });
    expect(item).not.toHaveProperty('readAt');
    expect(result.ok && result.id).toMatch(/^conv-leo\/msg-/);
    expect(result.ok && result.offline).toBe(false);
  });

  it('says when the message waits for the network', async () => {
    const result = await submitReply(form('Hi'), {
      conversationId: 'c',
      senderId: 'm',
      now,
      online: false,
      save: async (item) => item,
    });
    expect(result.ok && result.offline).toBe(true);
  });

  it('refuses an empty or too long message and saves nothing', async () => {
    const save = vi.fn(async (item: unknown) => item);
    const context = { conversationId: 'c', senderId: 'm', now, online: true, save };
    const empty = await submitReply(form('   \n '), context);
    expect(empty).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { body: EMPTY_REPLY_MESSAGE },
    });
    const long = await submitReply(form('x'.repeat(MESSAGE_MAX_LENGTH + 1)), context);
    expect(long.ok).toBe(false);
    // Nothing is cut: the person is told how far over the limit the text is, and keeps it.
    expect(long).toMatchObject({
      fieldErrors: {
        body: `A message can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en')} characters; this is ${(MESSAGE_MAX_LENGTH + 1).toLocaleString('en')}.`,
      },
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('tells the person when the device could not keep the message, and keeps what they typed', async () => {
    const result = await submitReply(form('Hi'), {
      conversationId: 'c',
      senderId: 'm',
      now,
      online: true,
      save: async () => null,
    });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { _form: REPLY_FAILED },
      values: { body: 'Hi' },
    });
  });

  it('gives each new message a time-ordered id inside its conversation', () => {
    const first = newMessageItem({
      conversationId: 'c',
      senderId: 'm',
      body: 'a',
      now,
      random: () => 'aaaa',
    });
    const later = newMessageItem({
      conversationId: 'c',
      senderId: 'm',
      body: 'b',
      now: new Date(now.getTime() + 1000),
      random: () => 'aaaa',
    });
    expect(first.id.startsWith('c/')).toBe(true);
    expect(first.id < later.id).toBe(true);
  });
});

describe('opening a thread', () => {
  const messages = [
    {
      id: 'c/m1',
      senderId: 'daniel',
      sentAt: '2025-03-03T09:00:00.000Z',
      readBy: ['daniel', 'parent-1'],
    },
    { id: 'c/m2', senderId: 'daniel', sentAt: '2025-03-03T09:10:00.000Z', readBy: ['daniel'] },
    { id: 'c/m3', senderId: 'parent-1', sentAt: '2025-03-03T09:20:00.000Z', readBy: ['parent-1'] },
    {
      id: 'c/m4',
      senderId: 'daniel',
      sentAt: '2025-03-03T09:30:00.000Z',
      readBy: ['daniel'],
      readAt: {},
    },
  ];

  it('marks only the unread messages of others, adding the reader and the time', () => {
    const operations = readReceiptOperations(messages, 'parent-1', now.toISOString());
    expect(operations).toEqual([
      {
        type: 'save',
        collection: 'messages',
        item: { id: 'c/m2', readBy: ['daniel', 'parent-1'], 'readAt.parent-1': now.toISOString() },
      },
      {
        type: 'save',
        collection: 'messages',
        item: { id: 'c/m4', readBy: ['daniel', 'parent-1'], 'readAt.parent-1': now.toISOString() },
      },
    ]);
  });

  it('writes the receipts in one batch, and nothing when everything is read', async () => {
    const batch = vi.fn(async (operations: BatchOperation[]) => operations.length);
    expect(await markThreadRead(messages, 'parent-1', now, batch)).toBe(2);
    expect(batch).toHaveBeenCalledTimes(1);
    batch.mockClear();
    expect(await markThreadRead(messages.slice(0, 1), 'parent-1', now, batch)).toBe(0);
    expect(batch).not.toHaveBeenCalled();
  });

  it('splits more than 500 receipts into batches the store accepts', async () => {
    const many = Array.from({ length: 501 }, (_, i) => ({
      id: `c/m${i}`,
      senderId: 'daniel',
      sentAt: now.toISOString(),
      readBy: [],
    }));
    const batch = vi.fn(async (operations: BatchOperation[]) => operations.length);
    expect(await markThreadRead(many, 'parent-1', now, batch)).toBe(501);
    expect(batch.mock.calls.map(([ops]) => ops.length)).toEqual([500, 1]);
  });
});

describe('archiving a conversation', () => {
  it('saves only who archived it and when, never a delete', async () => {
    const save = vi.fn(async (item: unknown) => item);
    const now = new Date('2026-11-27T10:00:00.000Z');
    expect(
      await archiveConversation({ conversationId: 'c1', memberUUID: 'm-me', now, save }),
    ).toEqual({ ok: true });
    expect(save).toHaveBeenCalledWith({
      id: 'c1',
      archivedAt: '2026-11-27T10:00:00.000Z',
      archivedBy: 'm-me',
    });
    expect(archiveConversationItem('c1', 'm-me', now)).toEqual(save.mock.calls[0]?.[0]);
  });

  it('says so when the device could not save it', async () => {
    expect(
      await archiveConversation({
        conversationId: 'c1',
        memberUUID: 'm-me',
        now: new Date(),
        save: async () => null,
      }),
    ).toEqual({ ok: false, error: ARCHIVE_FAILED });
  });
});
