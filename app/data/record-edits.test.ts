import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCollectionDefinition } from './collections';
import { freshestRecord, memberName } from './record-edits';
import { createStore, type Store } from './store';

let counter = 0;
const stores: Store[] = [];

async function newStore() {
  // No record schemas: these tests are about which copy wins, not about the records' shape.
  const { store } = createStore({
    dbName: `record-edits-${++counter}`,
    schemaFor: () => undefined,
  });
  await store.init({ uid: 'me' });
  stores.push(store);
  return store;
}

afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

const cached = { id: 's1', firstName: 'Leo', lastName: 'Whitfield', notes: '' };

describe('freshestRecord', () => {
  it('online, takes the backend’s copy, with this device’s pending change laid over it, and keeps it', async () => {
    const store = await newStore();
    // The record as the last sync fetched it, and a change of this device still pending.
    await store.applyRefresh(getCollectionDefinition('students'), [cached], '1.0.0');
    await store.save('students', { id: 's1', notes: 'Mine, not sent yet' });
    const readRemote = vi.fn(async () => ({ ...cached, lastName: 'Whitfield-Admin' }));
    const fresh = await freshestRecord('students', 's1', {
      store,
      isOnline: () => true,
      readRemote,
    });
    expect(readRemote).toHaveBeenCalledWith('students', 's1');
    expect(fresh).toMatchObject({ lastName: 'Whitfield-Admin', notes: 'Mine, not sent yet' });
    expect(await store.get('students', 's1')).toMatchObject({ lastName: 'Whitfield-Admin' });
  });

  it('offline, or when the backend is slow or fails, answers with the cache’s copy', async () => {
    const store = await newStore();
    await store.save('students', cached);
    const readRemote = vi.fn(async () => ({ ...cached, lastName: 'Remote' }));
    expect(
      await freshestRecord('students', 's1', { store, isOnline: () => false, readRemote }),
    ).toMatchObject({ lastName: 'Whitfield' });
    expect(readRemote).not.toHaveBeenCalled();
    const slow = () => new Promise<null>(() => {});
    expect(
      await freshestRecord('students', 's1', {
        store,
        isOnline: () => true,
        readRemote: slow,
        timeoutMs: 10,
      }),
    ).toMatchObject({ lastName: 'Whitfield' });
    const failing = async () => {
      throw new Error('Failed to get data');
    };
    expect(
      await freshestRecord('students', 's1', { store, isOnline: () => true, readRemote: failing }),
    ).toMatchObject({ lastName: 'Whitfield' });
  });
});

describe('memberName', () => {
  it('names a member from the profiles, else a facilitator, else "Someone"', async () => {
    const store = await newStore();
    await store.save('members', { id: 'u-admin', displayName: 'Amara Okafor' });
    await store.save('facilitators', {
      id: 'fac-1',
      firstName: 'Daniel',
      lastName: 'Mensah',
      memberUUID: 'u-fac',
    });
    expect(await memberName('u-admin', { store })).toBe('Amara Okafor');
    expect(await memberName('u-fac', { store })).toBe('Daniel Mensah');
    expect(await memberName('u-unknown', { store })).toBe('Someone');
    expect(await memberName(undefined, { store })).toBe('Someone');
  });
});
