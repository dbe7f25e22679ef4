// @vitest-environment node
// The thread route with an archived conversation: office staff who never took part open it
// read-only (no reply, no archive, and no read receipt written in their name); a participant's
// archive goes through the store and back to the inbox; nobody replies to or re-archives an
// archived conversation. The session, the messages data and the store are replaced.
// Node's environment: the action reads the request with Node's FormData.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '~/auth/session-user';
import { loadThreadPage, replyFromRequest } from './thread-route';
import type * as Load from './load';
import type { InboxItem, MessagesData } from './load';

const session = vi.hoisted(() => ({ item: null as unknown }));
const store = vi.hoisted(() => ({
  batch: vi.fn(async (operations: unknown[]) => operations.length),
  save: vi.fn(async (_collection: string, item: { id: string }) => item),
  // The reply action reads only its conversation from the cache (issue 29): the session's one,
  // with the person among its participants (as the office) when the item says they take part.
  get: vi.fn(async (_collection: string, _id: string) => {
    const current = session.item as InboxItem;
    const { conversation } = current;
    return {
      ...conversation,
      participantIds: current.participant
        ? [...conversation.participantIds, 'office']
        : conversation.participantIds,
      ...(current.archived
        ? { archivedAt: current.archived.at, archivedBy: current.archived.by }
        : {}),
    };
  }),
}));

vi.mock('~/auth/guards', () => ({
  requireArea: async (): Promise<Partial<SessionUser>> => ({
    uid: 'm-admin',
    memberUUID: 'm-admin',
    roles: ['admin'],
  }),
}));
vi.mock('./load', async (importOriginal) => ({
  ...(await importOriginal<typeof Load>()),
  loadMessagesData: async (): Promise<Partial<MessagesData>> => ({
    today: '2026-11-27',
    myIds: ['m-admin', 'office'],
    people: new Map([['m-parent', { name: 'Grace Whitfield', role: 'Parent' }]]),
    inbox: [session.item as InboxItem],
    pendingMessageIds: new Set(),
    pendingConversationIds: new Set(),
  }),
}));
vi.mock('~/data/store', () => ({ store }));
vi.mock('~/data/sync-status', () => ({ syncEngine: { connectivity: { isOnline: () => true } } }));

afterEach(() => {
  store.batch.mockClear();
  store.save.mockClear();
});

function item(over: Partial<InboxItem>): InboxItem {
  const message = {
    id: 'c1/m1',
    conversationId: 'c1',
    senderId: 'm-parent',
    body: 'Someone took Leo’s bag again.',
    sentAt: '2026-11-26T09:00:00.000Z',
    readBy: ['m-parent'],
    readAt: {},
  };
  return {
    conversation: {
      id: 'c1',
      subject: 'A worry about Leo',
      participantIds: ['m-parent', 'm-fac'],
      lastMessagePreview: '',
    },
    messages: [message],
    last: message,
    lastAt: message.sentAt,
    preview: message.body,
    unread: 1,
    student: null,
    participant: false,
    archived: { at: '2026-11-26T10:00:00.000Z', by: 'm-parent' },
    ...over,
  };
}

const url = 'http://localhost/dash/messages/c1';
function post(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return new Request(url, { method: 'POST', body });
}

describe('an archived conversation', () => {
  it('opens read-only for office staff who never took part, and writes no receipt for them', async () => {
    session.item = item({});
    const view = await loadThreadPage(new Request(url), 'c1');
    expect(view).toMatchObject({
      archived: { at: '2026-11-26T10:00:00.000Z', byName: 'Grace Whitfield' },
      canReply: false,
      canArchive: false,
    });
    expect(store.batch).not.toHaveBeenCalled();
  });

  it('refuses a reply or a second archive', async () => {
    session.item = item({ participant: true });
    const attempts: Array<Record<string, string>> = [{ body: 'Hello' }, { intent: 'archive' }];
    for (const fields of attempts) {
      const refused = await replyFromRequest(post(fields), 'c1').catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).status).toBe(403);
    }
    expect(store.save).not.toHaveBeenCalled();
  });
});

describe('archiving from the thread', () => {
  it('saves the archive through the store for a participant and goes back to the inbox', async () => {
    session.item = item({ participant: true, archived: null });
    const answer = await replyFromRequest(post({ intent: 'archive' }), 'c1').catch(
      (e: unknown) => e,
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('Location')).toBe('/dash/messages');
    expect(store.save).toHaveBeenCalledWith('conversations', {
      id: 'c1',
      archivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      archivedBy: 'm-admin',
    });
  });
});
