// @vitest-environment node
// The new-conversation action refuses a conversation that is too big before the store queues it:
// the backend refuses such a write for good, so a queued one would only fail once the device is
// back online. The session, the messages data and the store are replaced; the plan is the real one.
// Node's environment: the action reads the request with Node's FormData, which jsdom's replaces.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '~/auth/session-user';
import type { Role } from '~/domain/roles';
import { startConversationFromRequest } from './new-conversation-route';
import type * as Recipients from './recipients';
import type { RecipientOption } from './recipients';

const session = vi.hoisted(() => ({ roles: ['parent'] as Role[], online: false }));
const batch = vi.hoisted(() => vi.fn(async (operations: unknown[]) => operations.length));

const people: RecipientOption[] = Array.from({ length: 8 }, (_, i) => ({
  id: `m-fac-${i}`,
  name: `Facilitator ${i}`,
  role: 'Facilitator',
  detail: 'Facilitator',
  studentIds: [],
}));

vi.mock('~/auth/guards', () => ({
  requireArea: async (): Promise<Partial<SessionUser>> => ({
    uid: 'm-me',
    memberUUID: 'm-me',
    roles: session.roles,
  }),
}));
vi.mock('./load', () => ({ loadMessagesData: async () => ({}) }));
vi.mock('./recipients', async (importOriginal) => ({
  ...(await importOriginal<typeof Recipients>()),
  recipientOptions: () => people,
  childChoices: () => [],
}));
vi.mock('~/data/store', () => ({ store: { batch } }));
vi.mock('~/data/sync-status', () => ({
  syncEngine: { connectivity: { isOnline: () => session.online } },
}));

afterEach(() => {
  batch.mockClear();
});

function post(recipients: readonly string[]): Request {
  const body = new FormData();
  for (const id of recipients) body.append('recipients', id);
  body.set('subject', 'Class trip');
  body.set('body', 'Hello all');
  return new Request('http://localhost/dash/messages/new', { method: 'POST', body });
}

const ids = (count: number) => people.slice(0, count).map((p) => p.id);

describe('starting a conversation offline', () => {
  it('refuses six people for a parent with an error beside the list, and queues nothing', async () => {
    session.roles = ['parent'];
    const result = await startConversationFromRequest(post(ids(6)));
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        recipients:
          'Choose at most 5 people. A conversation you start can have 6 people, you included.',
      },
    });
    expect(batch).not.toHaveBeenCalled();
  });

  it('queues five people for a parent, and any number for a facilitator', async () => {
    session.roles = ['parent'];
    const five = await startConversationFromRequest(post(ids(5)));
    expect(five).toBeInstanceOf(Response);
    expect(batch).toHaveBeenCalledTimes(1);

    session.roles = ['facilitator'];
    const eight = await startConversationFromRequest(post(ids(8)));
    expect(eight).toBeInstanceOf(Response);
    expect(batch).toHaveBeenCalledTimes(2);
    const conversation = batch.mock.calls[1]?.[0][0];
    expect(conversation).toMatchObject({ item: { participantIds: ['m-me', ...ids(8)] } });
  });
});
