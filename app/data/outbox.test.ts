import { afterEach, describe, expect, it } from 'vitest';
import { readMetadata, writeMetadata, openDatabase } from './db';
import { backoffDelay } from './pending-changes';
import { createStore, type Store } from './store';

let counter = 0;
const stores: Store[] = [];

async function open() {
  const clock = { t: 1_700_000_000_000 };
  const { store, outbox } = createStore({
    dbName: `outbox-test-${++counter}`,
    now: () => clock.t,
    schemaFor: () => undefined,
  });
  stores.push(store);
  await store.init({ uid: 'u1' });
  return { store, outbox, clock };
}

afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

describe('the outbox', () => {
  it('holds what the store wrote until the sync engine acknowledges it', async () => {
    const { store, outbox } = await open();
    await store.save('students', { firstName: 'A' });
    await store.save('families', { familyName: 'F' });
    const sent = await outbox.sendable('students', 500);
    expect(sent).toEqual([expect.objectContaining({ collectionName: 'students' })]);
    // Choosing what to send removes nothing: a tab that dies mid-send loses no change.
    expect(await outbox.pendingChanges()).toHaveLength(2);
    await outbox.acknowledge('students', sent);
    expect(await outbox.pendingChanges()).toEqual([
      expect.objectContaining({ collectionName: 'families' }),
    ]);
  });

  it('keeps a change that a later write was merged into while it was in flight', async () => {
    const { store, outbox } = await open();
    const saved = await store.save('students', { firstName: 'A' });
    const sent = await outbox.sendable('students', 500);
    await store.save('students', { id: saved?.id, firstName: 'B' });
    await outbox.acknowledge('students', sent);
    expect(await outbox.pendingChanges()).toEqual([
      expect.objectContaining({ itemId: saved?.id, data: { firstName: 'B' }, revision: 1 }),
    ]);
  });

  it('backs a change off after a transient failure and holds the changes behind it', async () => {
    const { store, outbox, clock } = await open();
    await store.save('students', { firstName: 'First' });
    await store.save('students', { firstName: 'Second' });
    const [first] = await outbox.sendable('students', 1);
    await outbox.fail('students', first ? [first] : [], { permanent: false, message: 'offline' });
    expect(await outbox.sendable('students', 500)).toEqual([]);
    clock.t += backoffDelay(1);
    expect(await outbox.sendable('students', 500)).toHaveLength(2);
  });

  it('marks a refused change, lets the others through, and sends it again after a retry', async () => {
    const { store, outbox } = await open();
    await store.save('students', { firstName: 'Refused' });
    await store.save('students', { firstName: 'Fine' });
    const [refused] = await outbox.sendable('students', 1);
    await outbox.fail('students', refused ? [refused] : [], {
      permanent: true,
      message: 'Failed to save item (permission-denied)',
      code: 'permission-denied',
    });
    expect(await outbox.sendable('students', 500)).toEqual([
      expect.objectContaining({ data: { firstName: 'Fine' } }),
    ]);
    expect(await outbox.retry(refused?.id ?? '')).toBe(true);
    const again = await outbox.sendable('students', 500);
    expect(again).toHaveLength(2);
    expect(again[0]).not.toHaveProperty('error');
    expect(await outbox.retry('no-such-change')).toBe(false);
  });

  it('returns a discarded change, so the store can remove a create it never sent', async () => {
    const { store, outbox } = await open();
    const saved = await store.save('students', { firstName: 'Gone' });
    const database = await openDatabase(store.dbName);
    await writeMetadata(database, {
      name: 'students',
      version: '1.0.0',
      lastSynced: 1,
      syncFrequency: 1,
      requiresAuth: true,
      cacheDuration: 1,
      prioritySync: true,
    });
    const [change] = await outbox.pendingChanges();
    const discarded = await outbox.discard(change?.id ?? '');
    expect(discarded).toMatchObject({ itemId: saved?.id, operation: 'create' });
    expect(await outbox.pendingChanges()).toEqual([]);
    expect(await outbox.discard(change?.id ?? '')).toBeNull();

    if (discarded) await store.revert(discarded);
    expect(await store.get('students', saved?.id ?? '')).toBeNull();
    expect((await readMetadata(database, 'students'))?.needsRefetch).toBe(true);
  });

  it('is not reachable through the store that routes use', async () => {
    const { store } = await open();
    for (const method of [
      'pendingChanges',
      'sendable',
      'acknowledge',
      'fail',
      'retry',
      'discard',
    ]) {
      expect(method in store).toBe(false);
    }
    // What a page may ask: which records still have changes on their way.
    const saved = await store.save('students', { firstName: 'Unsent' });
    expect(await store.pendingIds('students')).toEqual(new Set([saved?.id]));
  });
});
