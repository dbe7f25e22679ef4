// Demo mode: installs the fake Firebase inside the page (fetch + XHR interception answering with
// msw's getResponse), not as a service worker, because the PWA owns the service-worker scope.
// The store persists in its own IndexedDB database, one record per top-level collection plus one
// for the accounts, so demo data survives reloads. Until the saved state is loaded, no request is
// answered: answering from the empty store would look like a wiped backend, and the next save
// would really wipe it.
import { BatchInterceptor } from '@mswjs/interceptors';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest';
import { getResponse } from 'msw';
import { z } from 'zod';
import { FIREBASE_URL } from './faults';
import { store, type Account } from './store';
import { isFsFields, type FsFields } from './values';
import { fake, handlers, reseed, type FakeFirebaseControl } from './index';

/** The fake's own database; never LearningCenterDB, which belongs to the app. */
export const FAKE_DB_NAME = 'fake-firebase';
/** Layout version of FAKE_DB_NAME. Do not change the layout without adding migration logic. */
const FAKE_DB_VERSION = 1;
const STATE_STORE = 'state';
/**
 * Writes close together are saved together, but soon: a page load right after a write must find it
 * (a save started from `pagehide` is not guaranteed to finish).
 */
const PERSIST_DEBOUNCE_MS = 20;

const META_KEY = 'meta';
const ACCOUNTS_KEY = 'accounts';
const collectionKey = (name: string) => `collection:${name}`;

declare global {
  interface Window {
    __fakeFirebase?: FakeFirebaseControl;
  }
}

const storedDocumentSchema = z.object({
  fields: z.custom<FsFields>(isFsFields, 'Invalid stored fields'),
  createTime: z.string(),
  updateTime: z.string(),
});
const collectionRecordSchema = z.array(z.tuple([z.string(), z.unknown()]));
const accountSchema = z.object({
  uid: z.string(),
  email: z.string(),
  password: z.string().nullable(),
  displayName: z.string(),
  photoUrl: z.string(),
  disabled: z.boolean(),
  emailVerified: z.boolean(),
  claims: z.record(z.unknown()),
  providers: z.array(z.enum(['password', 'google.com'])),
  createdAt: z.number(),
  lastLoginAt: z.number(),
  passwordUpdatedAt: z.number(),
});
const metaSchema = z.object({ version: z.literal(1), seededAt: z.number() });

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** Opens (creating if needed) the fake's own database. */
export function openFakeDb(): Promise<IDBDatabase> {
  const req = indexedDB.open(FAKE_DB_NAME, FAKE_DB_VERSION);
  req.onupgradeneeded = () => {
    if (!req.result.objectStoreNames.contains(STATE_STORE))
      req.result.createObjectStore(STATE_STORE);
  };
  return request(req);
}

/** Replaces the store with the saved state; false when nothing (valid) was saved. */
export async function loadState(db: IDBDatabase): Promise<boolean> {
  const tx = db.transaction(STATE_STORE, 'readonly');
  const os = tx.objectStore(STATE_STORE);
  const meta = metaSchema.safeParse(await request(os.get(META_KEY)));
  if (!meta.success) return false;
  const keys = await request(os.getAllKeys());
  const accounts = z.array(accountSchema).safeParse(await request(os.get(ACCOUNTS_KEY)));
  if (!accounts.success) return false;
  store.clearDocuments();
  store.accounts.clear();
  for (const a of accounts.data) store.accounts.set(a.uid, a satisfies Account);
  for (const key of keys) {
    if (typeof key !== 'string' || !key.startsWith('collection:')) continue;
    const parsed = collectionRecordSchema.safeParse(await request(os.get(key)));
    if (!parsed.success) return false;
    // One unreadable document is skipped, not a reason to throw away every demo change.
    for (const [path, raw] of parsed.data) {
      const doc = storedDocumentSchema.safeParse(raw);
      if (doc.success) store.put(path, doc.data, false);
      else console.warn(`[fake-firebase] skipped an unreadable stored document: ${path}`);
    }
  }
  store.dirty.clear();
  return true;
}

/** Saves the collections written since the last save (or all), in one transaction. */
export async function saveState(db: IDBDatabase, all: boolean): Promise<void> {
  const names = all ? store.topLevelNames() : [...store.dirty];
  store.dirty.clear();
  const tx = db.transaction(STATE_STORE, 'readwrite');
  const os = tx.objectStore(STATE_STORE);
  if (all) os.clear();
  os.put({ version: 1, seededAt: Date.now() }, META_KEY);
  os.put([...store.accounts.values()], ACCOUNTS_KEY);
  for (const name of names) {
    const docs = store.exportTopLevel(name);
    if (docs.length === 0) os.delete(collectionKey(name));
    else os.put(docs, collectionKey(name));
  }
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

let installed: Promise<FakeFirebaseControl> | null = null;

/**
 * Installs the fake in this page (once). Call before any Firebase code runs. Requests to other
 * hosts pass through untouched.
 */
export function installFakeFirebase(): Promise<FakeFirebaseControl> {
  installed ??= install();
  return installed;
}

async function install(): Promise<FakeFirebaseControl> {
  const dbPromise = openFakeDb();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let fullSave = false;

  const flush = async () => {
    timer = null;
    const all = fullSave;
    fullSave = false;
    try {
      await saveState(await dbPromise, all);
    } catch (error) {
      console.warn('[fake-firebase] could not save demo data', error);
    }
  };
  const schedule = () => {
    if (timer === null) timer = setTimeout(() => void flush(), PERSIST_DEBOUNCE_MS);
  };

  store.setInitializer(async () => {
    const db = await dbPromise;
    if (!(await loadState(db).catch(() => false))) {
      reseed('demo');
      await saveState(db, true);
    }
  });
  store.onDirty(schedule);

  const interceptor = new BatchInterceptor({
    name: 'fake-firebase',
    interceptors: [new FetchInterceptor(), new XMLHttpRequestInterceptor()],
  });
  interceptor.on('request', async ({ request: req, controller }) => {
    if (!FIREBASE_URL.test(req.url)) return;
    const response = await getResponse(handlers, req);
    // Like a real server, an acknowledged write is durable: documents written by this request are
    // saved before the answer goes out, so a reload right after the acknowledgement cannot lose them.
    if (store.dirty.size > 0) {
      if (timer !== null) clearTimeout(timer);
      await flush();
    }
    controller.respondWith(response ?? Response.error());
    // Account changes (sign-up, password, claims) do not pass through put(): save after each call.
    schedule();
  });
  interceptor.apply();

  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => {
      if (timer !== null) {
        clearTimeout(timer);
        void flush();
      }
    });
    window.__fakeFirebase = fake;
  }

  const originalReset = fake.reset;
  fake.reset = async (options) => {
    await originalReset(options);
    // Saved before resolving: the demo banner (and tests) reload right after a reset.
    if (timer !== null) clearTimeout(timer);
    timer = null;
    fullSave = false;
    await saveState(await dbPromise, true);
  };

  await store.ready;
  return fake;
}
