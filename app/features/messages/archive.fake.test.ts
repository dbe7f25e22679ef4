// Archiving a conversation through the real data layer (cache, pending-changes queue, sync engine)
// and the real firestore/lite SDK against the fake Firebase (msw/node): a participant archives it
// instead of deleting it, the backend records who and the server's time, and office staff who never
// took part then receive it with their conversations (the scope the app gives them) and its
// messages, so a report about a child stays readable by the office.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scopeForUser } from '~/auth/user-data';
import { signInAs } from '~/backend/test-helpers';
import type { Connectivity } from '~/data/connectivity';
import { createStore } from '~/data/store';
import { createSyncEngine } from '~/data/sync-engine';
import { memberSchema } from '~/domain/records';
import type { Role } from '~/domain/roles';
import { fake } from '../../../mocks/index';
import { archiveConversation } from './writes';

// The demo parent and facilitator talk about Leo; no office member takes part.
const CONVERSATION = 'conv-leo-progress';

let counter = 0;
const disposers: (() => void)[] = [];
const online: Connectivity = {
  isOnline: () => true,
  subscribe: () => () => {},
  check: async () => true,
  start: () => {},
  stop: () => {},
};

/** A device refreshing conversations and messages with the scopes the app gives `role`. */
async function device(role: Role) {
  const uid = await signInAs(role);
  const member = memberSchema.parse(fake.getDocument(`Members/${uid}`));
  const user = { roles: member.roles, member, memberUUID: uid, uid };
  const { store, outbox } = createStore({ dbName: `archive-${++counter}` });
  await store.init({ uid });
  const engine = createSyncEngine({
    store,
    outbox,
    connectivity: online,
    scopeFor: (collection) =>
      collection === 'conversations' || collection === 'messages'
        ? scopeForUser(user, collection)
        : null,
  });
  disposers.push(() => store.dispose());
  return { uid, store, outbox, engine };
}

beforeAll(async () => {
  await fake.reset({ profile: 'demo' });
});
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

describe('archiving a conversation against the fake Firebase', () => {
  it('records who archived it and the server time, and office staff who never took part can read it', async () => {
    const office = await device('admin');
    await office.engine.sync();
    // Before: not the office's conversation, so not on its device.
    expect(await office.store.get('conversations', CONVERSATION)).toBeNull();

    const parent = await device('parent');
    await parent.engine.sync();
    // The device's clock is an hour behind: the backend keeps its own time, not this one.
    const deviceNow = new Date(Date.now() - 3_600_000);
    const archived = await archiveConversation({
      conversationId: CONVERSATION,
      memberUUID: parent.uid,
      now: deviceNow,
      save: (item) => parent.store.save('conversations', item),
    });
    expect(archived).toEqual({ ok: true });
    expect(await parent.store.get('conversations', CONVERSATION)).toMatchObject({
      archivedBy: parent.uid,
    });
    const before = Date.now();
    await parent.engine.sync();
    expect(await parent.outbox.pendingChanges()).toEqual([]);

    const stored = fake.getDocument(`conversations/${CONVERSATION}`);
    expect(stored).toMatchObject({ archivedBy: parent.uid, subject: "Leo's maths progress" });
    const archivedAt = new Date(String(stored?.archivedAt)).getTime();
    expect(archivedAt).toBeGreaterThan(before - 60_000);
    expect(archivedAt).not.toBe(deviceNow.getTime());
    // Nothing was deleted.
    expect(fake.listDocuments(`conversations/${CONVERSATION}/messages`).length).toBeGreaterThan(0);

    const again = await device('administration');
    await again.engine.sync();
    expect(await again.store.get('conversations', CONVERSATION)).toMatchObject({
      archivedBy: parent.uid,
    });
    const messages = await again.store.list('messages', { limit: Infinity });
    expect(messages.some((m) => m.id.startsWith(`${CONVERSATION}/`))).toBe(true);
  });
});
