import { describe, expect, it } from 'vitest';
import { OFFICE_PARTICIPANT } from '~/domain/messages';
import { countUnread } from './use-unread-messages';

const conversations = [
  { id: 'c-mine', participantIds: ['me', 'm-daniel'] },
  { id: 'c-office', participantIds: ['m-parent', OFFICE_PARTICIPANT] },
  { id: 'c-others', participantIds: ['m-parent', 'm-daniel'] },
];
const message = (id: string, senderId: string, readBy: string[] = [], readAt = {}) => ({
  id,
  conversationId: id.split('/')[0],
  senderId,
  sentAt: '2026-03-09T10:00:00.000Z',
  readBy,
  readAt,
});
const messages = [
  message('c-mine/1', 'm-daniel'),
  message('c-mine/2', 'm-daniel', ['me']),
  message('c-mine/3', 'me'),
  message('c-mine/4', 'm-daniel', [], { me: '2026-03-09T10:42:00.000Z' }),
  message('c-office/1', 'm-parent'),
  message('c-others/1', 'm-parent'),
  { id: 'c-mine/5', body: 'not a message shape' },
];

describe('the unread total', () => {
  it('counts the messages of the reader’s conversations that others sent and they have not read', () => {
    expect(countUnread(conversations, messages, { memberUUID: 'me', roles: ['parent'] })).toBe(1);
  });

  it('counts the office’s conversations for office staff', () => {
    expect(
      countUnread(conversations, messages, { memberUUID: 'me', roles: ['administration'] }),
    ).toBe(2);
  });

  it('leaves out archived conversations: they no longer ask to be read', () => {
    const archived = conversations.map((c) =>
      c.id === 'c-office'
        ? { ...c, archivedAt: '2026-03-10T08:00:00.000Z', archivedBy: 'm-parent' }
        : c,
    );
    expect(countUnread(archived, messages, { memberUUID: 'me', roles: ['administration'] })).toBe(
      1,
    );
  });

  it('is zero with nothing cached', () => {
    expect(countUnread([], [], { memberUUID: 'me', roles: ['parent'] })).toBe(0);
  });
});
