// A shared computer stays clean (issue 28, item 8; decision 051), with fake-indexeddb: a session that
// was not remembered leaves nothing readable after the browser closes (the next start cleans the
// device), its unsent changes stay sealed and reach the backend when the same person signs in
// again (never when someone else does), and a remembered session keeps its cache.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '~/config/constants';
import type { Connectivity } from '~/data/connectivity';
import { openDatabase, replaceCollection, writeMetadata, type LocalDatabase } from '~/data/db';
import { createMemoryBackend } from '~/data/memory-backend';
import { importOutboxKey, newOutboxKeyText, type OutboxSealing } from '~/data/outbox-seal';
import { createStore } from '~/data/store';
import { createSyncEngine } from '~/data/sync-engine';
import { BROWSER_SESSION_COOKIE, OUTBOX_KEY_WRAPPED_KEY, prepareSignIn } from './browser-session';
import { OUTBOX_KEY_SESSION_KEY, outboxSealingFor } from './outbox-key';
import {
  cleanUpAfterClosedSession,
  markSignedInTab,
  SIGNED_IN_LOCK,
  type LockManagerLike,
} from './shared-device';

const SECRET_NOTE = 'Allergic to peanuts, EpiPen in bag';
const SECRET_NAME = 'Zoë Marchetti';
const SECRET_PHONE = '+44 7700 900123';

let counter = 0;
const disposers: (() => void)[] = [];

afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
  document.cookie = `${BROWSER_SESSION_COOKIE}=; path=/; Max-Age=0`;
  localStorage.clear();
  sessionStorage.clear();
});

const online: Connectivity = {
  isOnline: () => true,
  subscribe: () => () => {},
  check: async () => true,
  start: () => {},
  stop: () => {},
};

async function sealingFor(owner: string, keyText: string, seal = true): Promise<OutboxSealing> {
  return { owner, key: await importOutboxKey(keyText), seal };
}

/** A tab's data layer for `uid` on database `dbName` (records unchecked: shapes are not the point). */
async function openTab(dbName: string, uid: string, sealing: OutboxSealing | null) {
  const { store, outbox } = createStore({ dbName, schemaFor: () => undefined });
  expect(await store.init({ uid, sealing })).toBe(true);
  disposers.push(() => store.dispose());
  return { store, outbox };
}

/** Every value of every store of the cache's database, as text: what anyone could read on disk. */
async function everythingOnDisk(db: LocalDatabase): Promise<{ text: string; counts: number[] }> {
  const values: unknown[] = [];
  const counts: number[] = [];
  for (const store of [db.collections, db.metadata, db.pendingChanges]) {
    let count = 0;
    await store.iterate((value) => {
      values.push(value);
      count++;
    });
    counts.push(count);
  }
  return { text: JSON.stringify(values), counts };
}

/** A signed-in session that is not remembered: synced records, a pending change, personal keys. */
async function sharedComputerSession(dbName: string, uid: string, keyText: string) {
  const tab = await openTab(dbName, uid, await sealingFor(uid, keyText));
  const db = await openDatabase(dbName);
  await replaceCollection(db, 'families', [
    {
      id: 'fam-1',
      collectionName: 'families',
      guardians: [{ name: SECRET_NAME, phone: SECRET_PHONE }],
    },
  ]);
  await writeMetadata(db, {
    name: 'families',
    version: '1.0.0',
    lastSynced: 1,
    syncFrequency: 1,
    requiresAuth: true,
    cacheDuration: 1,
    prioritySync: true,
  });
  const saved = await tab.store.save('students', {
    firstName: 'Zoë',
    lastName: 'Marchetti',
    notes: SECRET_NOTE,
  });
  expect(saved?.id).toBeTruthy();
  localStorage.setItem(STORAGE_KEYS.lastPage, '/dash/students/stu-1');
  localStorage.setItem(`lc.recentSearches.${uid}`, JSON.stringify(['Marchetti']));
  localStorage.setItem(STORAGE_KEYS.theme, 'dark');
  sessionStorage.setItem(`lc.messageDraft.v1.${uid}.conv-1`, 'Half-written note about Zoë');
  return { tab, db, savedId: saved?.id ?? '' };
}

/** The browser closes: this tab's storage and its connections go. */
function closeBrowser() {
  for (const dispose of disposers.splice(0)) dispose();
  sessionStorage.clear();
}

const notRemembered = { locks: null, userKept: async () => false };

describe('after a browser session that was not remembered', () => {
  it('leaves no readable record of the person at the next start (store, metadata, lastPage, drafts)', async () => {
    const dbName = `shared-${++counter}`;
    const { db } = await sharedComputerSession(dbName, 'parent-1', newOutboxKeyText());
    // While the session lasts, the pending change is already sealed on disk.
    const queued: unknown[] = [];
    await db.pendingChanges.iterate((value) => void queued.push(value));
    expect(queued).toHaveLength(1);
    expect(JSON.stringify(queued)).not.toContain(SECRET_NOTE);
    closeBrowser();

    expect(await cleanUpAfterClosedSession({ ...notRemembered, dbName })).toBe('cleaned');

    const disk = await everythingOnDisk(await openDatabase(dbName));
    const [collections, metadata, pending] = disk.counts;
    expect(collections).toBe(0);
    expect(metadata).toBe(0);
    expect(pending).toBe(1);
    for (const secret of [SECRET_NOTE, SECRET_NAME, SECRET_PHONE, 'Marchetti', 'Zoë']) {
      expect(disk.text).not.toContain(secret);
    }
    expect(localStorage.getItem(STORAGE_KEYS.lastPage)).toBeNull();
    expect(localStorage.getItem('lc.recentSearches.parent-1')).toBeNull();
    expect(Object.keys(sessionStorage)).toEqual([]);
    // A device setting is not the person's.
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
  });

  it('sends the sealed changes when the same person signs in again, never for someone else', async () => {
    const dbName = `shared-${++counter}`;
    const parentKey = newOutboxKeyText();
    const { savedId } = await sharedComputerSession(dbName, 'parent-1', parentKey);
    closeBrowser();
    await cleanUpAfterClosedSession({ ...notRemembered, dbName });

    // Another person signs in on the shared computer: nothing of the parent's is theirs to see.
    const other = await openTab(
      dbName,
      'teacher-1',
      await sealingFor('teacher-1', newOutboxKeyText()),
    );
    expect(await other.outbox.pendingChanges()).toEqual([]);
    await other.store.clear();
    closeBrowser();
    await cleanUpAfterClosedSession({ ...notRemembered, dbName });
    const disk = await everythingOnDisk(await openDatabase(dbName));
    expect(disk.counts[2]).toBe(1);
    expect(disk.text).not.toContain(SECRET_NOTE);

    // The parent again, with the key from their Members document: the change is back and is sent.
    const parent = await openTab(dbName, 'parent-1', await sealingFor('parent-1', parentKey));
    const pending = await parent.outbox.pendingChanges();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ itemId: savedId, data: { notes: SECRET_NOTE } });

    const remote = createMemoryBackend();
    const engine = createSyncEngine({
      store: parent.store,
      outbox: parent.outbox,
      backend: remote.backend,
      connectivity: online,
      scopeFor: () => null,
    });
    disposers.push(() => engine.stop());
    await engine.sync();
    expect(remote.documents('students').get(savedId)).toMatchObject({ notes: SECRET_NOTE });
    expect(await parent.outbox.pendingChanges()).toEqual([]);
  });

  it('keeps a sealed queue the key cannot open aside, untouched, until its owner comes back', async () => {
    const dbName = `shared-${++counter}`;
    const parentKey = newOutboxKeyText();
    await sharedComputerSession(dbName, 'parent-1', parentKey);
    closeBrowser();
    await cleanUpAfterClosedSession({ ...notRemembered, dbName });
    // The same person while their key could not be had (offline): nothing of theirs is lost.
    const keyless = await openTab(dbName, 'parent-1', { owner: 'parent-1', key: null, seal: true });
    expect(await keyless.outbox.pendingChanges()).toEqual([]);
    await keyless.store.save('subjects', { name: 'Art' });
    closeBrowser();
    const back = await openTab(dbName, 'parent-1', await sealingFor('parent-1', parentKey));
    const notes = (await back.outbox.pendingChanges()).map((c) => c.data?.notes ?? c.data?.name);
    expect(notes.sort()).toEqual([SECRET_NOTE, 'Art'].sort());
  });
});

describe('what the start keeps', () => {
  it('keeps a remembered session’s cache and its last page', async () => {
    const dbName = `shared-${++counter}`;
    const tab = await openTab(dbName, 'admin-1', null);
    await tab.store.save('subjects', { name: 'Mathematics' });
    localStorage.setItem(STORAGE_KEYS.lastPage, '/dash/subjects');
    closeBrowser();

    expect(
      await cleanUpAfterClosedSession({ locks: null, userKept: async () => true, dbName }),
    ).toBe('kept');
    const again = await openTab(dbName, 'admin-1', null);
    expect(await again.store.list('subjects')).toEqual([
      expect.objectContaining({ name: 'Mathematics' }),
    ]);
    expect(localStorage.getItem(STORAGE_KEYS.lastPage)).toBe('/dash/subjects');
  });

  it('keeps the data while this tab’s own session is restored (a reload)', async () => {
    sessionStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{"uid":"parent-1"}');
    localStorage.setItem(STORAGE_KEYS.lastPage, '/dash/home');
    expect(await cleanUpAfterClosedSession(notRemembered)).toBe('kept');
    expect(localStorage.getItem(STORAGE_KEYS.lastPage)).toBe('/dash/home');
  });

  it('keeps the data while another tab of the browser is signed in', async () => {
    const held: string[] = [];
    const locks: LockManagerLike = {
      request: vi.fn((name: string, _options: unknown, callback: () => Promise<void>) => {
        held.push(name);
        return callback();
      }) as unknown as LockManager['request'],
      query: async () => ({ held: held.map((name) => ({ name, mode: 'shared' as const })) }),
    };
    markSignedInTab(true, locks);
    expect(held).toEqual([SIGNED_IN_LOCK]);
    localStorage.setItem(STORAGE_KEYS.lastPage, '/dash/home');
    expect(await cleanUpAfterClosedSession({ locks, userKept: async () => false })).toBe('kept');
    expect(localStorage.getItem(STORAGE_KEYS.lastPage)).toBe('/dash/home');
    markSignedInTab(false, locks);
    held.length = 0;
    expect(await cleanUpAfterClosedSession({ locks, userKept: async () => false })).toBe('cleaned');
    expect(localStorage.getItem(STORAGE_KEYS.lastPage)).toBeNull();
  });
});

describe('the outbox key', () => {
  beforeEach(() => sessionStorage.clear());

  it('is created once for a session that is not remembered, and kept in this tab only', async () => {
    const createKey = vi.fn(async () => newOutboxKeyText());
    const member = { outboxKey: undefined } as const;
    const sealing = await outboxSealingFor(
      { uid: 'parent-1', member: null },
      { remembered: async () => false, readStoredKey: async () => null, createKey },
    );
    expect(sealing).toMatchObject({ owner: 'parent-1', seal: true });
    expect(sealing.key).not.toBeNull();
    expect(createKey).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(OUTBOX_KEY_SESSION_KEY)).toMatch(/^parent-1:[A-Za-z0-9_-]{43}$/);
    expect(localStorage.length).toBe(0);
    // A reload of the tab (offline, no profile): the tab's copy serves, no second key is made.
    const again = await outboxSealingFor(
      { uid: 'parent-1', member: null },
      { remembered: async () => false, readStoredKey: async () => null, createKey },
    );
    expect(again.key).not.toBeNull();
    expect(createKey).toHaveBeenCalledTimes(1);
    expect(member.outboxKey).toBeUndefined();
  });

  it('is not created for a remembered session, and opens what an earlier one left', async () => {
    const createKey = vi.fn(async () => newOutboxKeyText());
    const none = await outboxSealingFor(
      { uid: 'admin-1', member: null },
      { remembered: async () => true, createKey },
    );
    expect(none).toEqual({ owner: 'admin-1', key: null, seal: false });
    const stored = newOutboxKeyText();
    const withKey = await outboxSealingFor(
      {
        uid: 'admin-1',
        member: {
          memberUUID: 'admin-1',
          email: 'a@example.com',
          displayName: '',
          photoURL: '',
          roles: [],
          status: 'active',
          preferences: { persistLogin: true },
          outboxKey: stored,
        },
      },
      { remembered: async () => true, createKey },
    );
    expect(withKey.seal).toBe(false);
    expect(withKey.key).not.toBeNull();
    expect(createKey).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(OUTBOX_KEY_SESSION_KEY)).toBeNull();
  });
});

describe('the sealed queue of a browser session that is not remembered', () => {
  it('opens in a second tab of the same browser session, offline, and in no tab after it', async () => {
    const dbName = `shared-${++counter}`;
    const parentKey = newOutboxKeyText();
    expect(prepareSignIn(false)).toBe(true);
    // The first tab, online: the key comes from the profile.
    const first = await outboxSealingFor(
      { uid: 'parent-1', member: null },
      { readStoredKey: async () => parentKey, createKey: async () => null },
    );
    expect(first.seal).toBe(true);
    const tab = await openTab(dbName, 'parent-1', first);
    await tab.store.save('students', { firstName: 'Zoë', notes: SECRET_NOTE });
    // On disk the key is only wrapped, with the session's secret (which is not on disk).
    expect(localStorage.getItem(OUTBOX_KEY_WRAPPED_KEY)).not.toContain(parentKey);
    expect(JSON.stringify({ ...localStorage })).not.toContain(parentKey);

    // A second tab opened offline: no tab copy, no profile, no way to create a key.
    sessionStorage.clear();
    const offline = {
      readStoredKey: async () => {
        throw new Error('offline');
      },
      createKey: vi.fn(async () => null),
    };
    const second = await outboxSealingFor({ uid: 'parent-1', member: null }, offline);
    expect(second.key).not.toBeNull();
    expect(offline.createKey).not.toHaveBeenCalled();
    const other = await openTab(dbName, 'parent-1', second);
    expect((await other.outbox.pendingChanges()).map((c) => c.data?.notes)).toEqual([SECRET_NOTE]);

    // The browser closes (its session cookie goes): nothing on disk opens the queue any more.
    closeBrowser();
    document.cookie = `${BROWSER_SESSION_COOKIE}=; path=/; Max-Age=0`;
    const after = await outboxSealingFor({ uid: 'parent-1', member: null }, offline);
    expect(after.key).toBeNull();
  });
});
