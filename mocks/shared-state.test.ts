// The in-page fake shared by every tab: each "tab" here is a fresh copy of the mocks modules (its
// own store in memory, as a browser tab has) over one IndexedDB database, with a tiny stand-in for
// navigator.locks so the tabs contend for the lock as they do in Chromium.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PROJECT_ID } from '../app/config/demo';
import { DEMO_PASSWORD, demoAccount } from './demo-accounts';
import { FAKE_DB_NAME, type SharedFakeState } from './shared-state';
import type { FakeFirebaseControl } from './index';
import type { FakeStore } from './store';

interface Tab {
  shared: SharedFakeState;
  fake: FakeFirebaseControl;
  store: FakeStore;
}

const DOCS = `https://firestore.googleapis.com/v1/projects/${DEMO_PROJECT_ID}/databases/(default)/documents`;
const docName = (path: string) =>
  `projects/${DEMO_PROJECT_ID}/databases/(default)/documents/${path}`;

/** A navigator.locks stand-in: one queue per lock name, shared by every tab of the test. */
function installLocks(): void {
  const tails = new Map<string, Promise<unknown>>();
  const locks = {
    request(name: string, callback: () => Promise<unknown>) {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
}

let dbCounter = 0;
const tabs: Tab[] = [];

/** Opens one more tab on `dbName`: fresh modules, fresh memory, the shared database. */
async function openTab(dbName: string, options: { broadcast?: boolean } = {}): Promise<Tab> {
  vi.resetModules();
  return openTabWithCurrentModules(dbName, options);
}

/** `openTab` without fresh modules: the caller has just reset them (and configured some). */
async function openTabWithCurrentModules(
  dbName: string,
  options: { broadcast?: boolean } = {},
): Promise<Tab> {
  const browser = await import('./shared-state');
  const { fake } = await import('./index');
  const { store } = await import('./store');
  const shared = new browser.SharedFakeState({ dbName, broadcast: options.broadcast });
  const tab = { shared, fake, store };
  tabs.push(tab);
  await store.ready;
  return tab;
}

async function signIn(tab: Tab): Promise<string> {
  const response = await tab.shared.handle(
    new Request(
      'https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: demoAccount('admin').email,
          password: DEMO_PASSWORD,
          returnSecureToken: true,
        }),
      },
    ),
  );
  const body: unknown = await response.json();
  const token: unknown = typeof body === 'object' && body ? Reflect.get(body, 'idToken') : null;
  if (typeof token !== 'string') throw new Error('no idToken');
  return token;
}

/** Sends one Firestore commit of `writes` from `tab`, as the SDK does. */
function commit(tab: Tab, token: string, writes: unknown[]): Promise<Response> {
  return tab.shared.handle(
    new Request(`${DOCS}:commit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ writes }),
    }),
  );
}

/** The writer (the demo admin every tab signs in as) and the server's time (decision 050). */
const WRITER = { updatedBy: { stringValue: demoAccount('admin').uid } };
const SERVER_TIME = [{ fieldPath: 'updatedAt', setToServerValue: 'REQUEST_TIME' }];

/** A create of a student shaped like the seeded ones (copied from stu-00000), named `firstName`. */
function createStudent(tab: Tab, id: string, firstName: string) {
  const seeded = tab.store.get('students/stu-00000');
  if (!seeded) throw new Error('no seeded student');
  return {
    update: {
      name: docName(`students/${id}`),
      fields: { ...seeded.fields, firstName: { stringValue: firstName }, ...WRITER },
    },
    updateTransforms: SERVER_TIME,
    currentDocument: { exists: false },
  };
}

function updateFirstName(id: string, firstName: string) {
  return {
    update: {
      name: docName(`students/${id}`),
      fields: { firstName: { stringValue: firstName }, ...WRITER },
    },
    updateMask: { fieldPaths: ['firstName', 'updatedBy'] },
    updateTransforms: SERVER_TIME,
    currentDocument: { exists: true },
  };
}

/** What the database holds for one document path, read straight from IndexedDB. */
async function storedDocument(dbName: string, path: string): Promise<unknown> {
  const { openFakeDb, DOCUMENTS_STORE } = await import('./shared-state');
  const db = await openFakeDb(dbName);
  const value = await new Promise<unknown>((resolve, reject) => {
    const req = db.transaction(DOCUMENTS_STORE).objectStore(DOCUMENTS_STORE).get(path);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  db.close();
  return value;
}

const byPath = (a: [string, unknown], b: [string, unknown]) => a[0].localeCompare(b[0]);

const firstName = (tab: Tab, id: string) => tab.fake.getDocument(`students/${id}`)?.firstName;

beforeAll(installLocks);
afterEach(async () => {
  for (const tab of tabs.splice(0)) await tab.shared.dispose();
});
afterAll(() => {
  Reflect.deleteProperty(navigator, 'locks');
});

describe('the fake shared by every tab', () => {
  it('uses its own database, never the app’s LearningCenterDB', () => {
    expect(FAKE_DB_NAME).toBe('fake-firebase');
  });

  it('seeds once, and a second tab loads what the first one saved', async () => {
    const dbName = `fake-test-${++dbCounter}`;
    const a = await openTab(dbName);
    const b = await openTab(dbName);
    expect(a.fake.listDocuments('students')).toHaveLength(300);
    expect(b.fake.listDocuments('students')).toHaveLength(300);
    expect(b.fake.listDocuments('conversations/conv-leo-progress/messages').length).toBe(
      a.fake.listDocuments('conversations/conv-leo-progress/messages').length,
    );
    const byUid = (x: { uid: string }, y: { uid: string }) => x.uid.localeCompare(y.uid);
    expect(b.fake.accounts.list().sort(byUid)).toEqual(a.fake.accounts.list().sort(byUid));
  });

  it('seeds, saves and loads the school in slices, yielding to the page between them', async () => {
    const dbName = `fake-test-${++dbCounter}`;
    /** Opens a tab whose slices run on a counting clock (1 ms a read) and records its yields. */
    const openSlicedTab = async () => {
      vi.resetModules();
      const slices = await import('./slices');
      let now = 0;
      slices.configureSlices({ budgetMs: 25, now: () => (now += 1) });
      const yields: string[] = [];
      slices.onSliceYield((label) => yields.push(label));
      return { tab: await openTabWithCurrentModules(dbName), yields };
    };
    const first = await openSlicedTab();
    const count = (label: string) => first.yields.filter((l) => l === label).length;
    expect(count('seed')).toBeGreaterThan(10);
    // The first save (every seeded document) queued a slice at a time.
    expect(count('persist')).toBeGreaterThan(10);
    const second = await openSlicedTab();
    expect(second.yields.filter((l) => l === 'load').length).toBeGreaterThan(10);
    expect(second.tab.store.allDocuments().sort(byPath)).toEqual(
      first.tab.store.allDocuments().sort(byPath),
    );
    expect(second.tab.fake.listDocuments('students')).toHaveLength(300);
  });

  it('keeps every create acknowledged by either tab, and a new tab finds all of them', async () => {
    const dbName = `fake-test-${++dbCounter}`;
    const a = await openTab(dbName);
    const b = await openTab(dbName);
    const [tokenA, tokenB] = [await signIn(a), await signIn(b)];
    const sent: Array<Promise<Response>> = [];
    for (let i = 0; i < 5; i++) {
      sent.push(commit(a, tokenA, [createStudent(a, `from-a-${i}`, `A${i}`)]));
      sent.push(commit(b, tokenB, [createStudent(b, `from-b-${i}`, `B${i}`)]));
    }
    const statuses = (await Promise.all(sent)).map((r) => r.status);
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));

    const c = await openTab(dbName);
    const ids = c.fake.listDocuments('students').map((s) => s.id);
    expect(ids).toHaveLength(310);
    for (let i = 0; i < 5; i++)
      expect(ids).toEqual(expect.arrayContaining([`from-a-${i}`, `from-b-${i}`]));
  });

  it("saves a new message's trigger writes with the message, for every tab to see", async () => {
    const dbName = `fake-test-${++dbCounter}`;
    const a = await openTab(dbName, { broadcast: false });
    const b = await openTab(dbName, { broadcast: false });
    const token = await signIn(a);
    const message = `conversations/conv-staff-planning/messages/m-tabs`;
    const fields = {
      senderId: { stringValue: demoAccount('admin').uid },
      body: { stringValue: 'Agenda updated' },
      sentAt: { stringValue: new Date(Date.now() + 60_000).toISOString() },
      readBy: { arrayValue: { values: [{ stringValue: demoAccount('admin').uid }] } },
      ...WRITER,
    };
    const response = await commit(a, token, [
      { update: { name: docName(message), fields }, updateTransforms: SERVER_TIME },
    ]);
    expect(response.status).toBe(200);
    const notification = `Notifications/msg-conv-staff-planning-m-tabs-${demoAccount('facilitator').uid}`;
    expect(await storedDocument(dbName, notification)).toBeTruthy();
    // B catches up inside the lock of its next request.
    await signIn(b);
    expect(b.fake.getDocument(notification)).toMatchObject({ isNew: true });
    expect(b.fake.getDocument('conversations/conv-staff-planning')).toMatchObject({
      lastMessagePreview: 'Agenda updated',
    });
  });

  it('lets a tab update a document another tab created a moment ago', async () => {
    const dbName = `fake-test-${++dbCounter}`;
    const a = await openTab(dbName, { broadcast: false });
    const b = await openTab(dbName, { broadcast: false });
    const token = await signIn(b);
    expect((await commit(a, await signIn(a), [createStudent(a, 'new-one', 'Ada')])).status).toBe(
      200,
    );
    // B's memory has never seen new-one: it catches up inside the lock before the update runs.
    expect(firstName(b, 'new-one')).toBeUndefined();
    expect((await commit(b, token, [updateFirstName('new-one', 'Adele')])).status).toBe(200);
    expect(firstName(b, 'new-one')).toBe('Adele');
    await a.fake.ready();
    const c = await openTab(dbName);
    expect(firstName(c, 'new-one')).toBe('Adele');
  });

  it('never lets a stale tab undo an acknowledged write', async () => {
    const dbName = `fake-test-${++dbCounter}`;
    const a = await openTab(dbName, { broadcast: false });
    const stale = await openTab(dbName, { broadcast: false });
    const tokenA = await signIn(a);
    const tokenStale = await signIn(stale);
    expect((await commit(a, tokenA, [createStudent(a, 'kept', 'Kit')])).status).toBe(200);
    expect((await commit(a, tokenA, [updateFirstName('stu-00001', 'Ivana')])).status).toBe(200);
    // The acknowledged writes are on disk before the answer.
    expect(await storedDocument(dbName, 'students/kept')).toBeTruthy();

    // The stale tab writes other documents of the same collection, and deletes one.
    expect((await commit(stale, tokenStale, [updateFirstName('stu-00002', 'Zed')])).status).toBe(
      200,
    );
    expect(
      (await commit(stale, tokenStale, [{ delete: docName('students/stu-00003') }])).status,
    ).toBe(200);

    const c = await openTab(dbName);
    expect(firstName(c, 'kept')).toBe('Kit');
    expect(firstName(c, 'stu-00001')).toBe('Ivana');
    expect(firstName(c, 'stu-00002')).toBe('Zed');
    expect(c.fake.getDocument('students/stu-00003')).toBeNull();
    expect(c.fake.listDocuments('students')).toHaveLength(300);
  });

  it('sends the change feed to every tab: the other tab’s onChange listeners fire', async () => {
    const dbName = `fake-test-${++dbCounter}`;
    const a = await openTab(dbName);
    const b = await openTab(dbName);
    const seen: string[] = [];
    b.fake.onChange((event) => seen.push(`${event.kind} ${event.path}`));
    await a.fake.setDocument('subjects/drama', { name: 'Drama' });
    await a.fake.deleteDocument('campuses/campus-river');
    await vi.waitFor(() =>
      expect(seen).toEqual(['set subjects/drama', 'delete campuses/campus-river']),
    );
    expect(b.fake.getDocument('subjects/drama')).toEqual({ name: 'Drama' });
    expect(b.fake.getDocument('campuses/campus-river')).toBeNull();
  });

  it('keeps account changes (a new password) for every tab', async () => {
    const dbName = `fake-test-${++dbCounter}`;
    const a = await openTab(dbName, { broadcast: false });
    const b = await openTab(dbName, { broadcast: false });
    const token = await signIn(a);
    const update = await a.shared.handle(
      new Request('https://identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          idToken: token,
          password: 'a-new-password',
          returnSecureToken: true,
        }),
      }),
    );
    expect(update.status).toBe(200);
    const signInB = await b.shared.handle(
      new Request(
        'https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            email: demoAccount('admin').email,
            password: 'a-new-password',
            returnSecureToken: true,
          }),
        },
      ),
    );
    expect(signInB.status).toBe(200);
  });

  it('a reset in one tab reaches the other tabs, which reload everything', async () => {
    const dbName = `fake-test-${++dbCounter}`;
    const a = await openTab(dbName);
    const b = await openTab(dbName, { broadcast: false });
    await b.fake.setDocument('subjects/drama', { name: 'Drama' });
    await a.fake.ready();
    await a.fake.reset({ profile: 'empty' });
    // B has not heard of the reset; its next request catches up from the log's full entry.
    expect((await b.shared.handle(new Request(`${DOCS}/subjects/drama`))).status).not.toBe(200);
    expect(b.fake.listDocuments('students')).toHaveLength(0);
    expect(b.fake.getDocument('subjects/drama')).toBeNull();
  });

  it('reloads everything when the change log no longer reaches back to the tab’s revision', async () => {
    const dbName = `fake-test-${++dbCounter}`;
    const { CHANGE_LOG_LIMIT } = await import('./shared-state');
    const a = await openTab(dbName, { broadcast: false });
    const b = await openTab(dbName, { broadcast: false });
    for (let i = 0; i <= CHANGE_LOG_LIMIT; i++) {
      await a.fake.setDocument(`subjects/s-${i % 3}`, { name: `Subject ${i}` });
    }
    await b.fake.setDocument('subjects/from-b', { name: 'B' });
    expect(b.fake.getDocument('subjects/s-0')).not.toBeNull();
    expect(b.fake.getDocument('subjects/s-1')?.name).toBe(`Subject ${CHANGE_LOG_LIMIT - 1}`);
    expect(b.shared.currentRevision).toBe(a.shared.currentRevision + 1);
  }, 30_000);

  it('fails a request at once while offline, without waiting for the lock or the saved state', async () => {
    const tab = await openTab(`fake-test-${++dbCounter}`);
    // Another tab holds the lock for as long as this test runs: a request that went through it
    // would never answer.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    void navigator.locks.request('fake-firebase:state', () => held);
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const response = await tab.shared.handle(new Request(`${DOCS}/subjects/none`));
      expect(response.type).toBe('error');
      expect(tab.fake.requests().at(-1)?.url).toBe(`${DOCS}/subjects/none`);
    } finally {
      offline.mockRestore();
      release();
    }
  });

  it('waits out injected latency outside the lock, so another tab is not held up', async () => {
    const dbName = `fake-test-${++dbCounter}`;
    const slow = await openTab(dbName);
    const quick = await openTab(dbName);
    // An order, not a duration: the request sent second, to the other tab, answers first. Were
    // the wait inside the lock, the quick tab would answer only after the slow one.
    slow.fake.faults.setLatency(2_000);
    const answered: string[] = [];
    const slowRequest = slow.shared
      .handle(new Request(`${DOCS}/subjects/none`))
      .then(() => answered.push('slow'));
    await quick.shared.handle(new Request(`${DOCS}/subjects/none`));
    answered.push('quick');
    await slowRequest;
    expect(answered).toEqual(['quick', 'slow']);
  });
});

describe('migration from layout 1 (one record per collection)', () => {
  it('keeps every saved document and account', async () => {
    const dbName = `fake-test-${++dbCounter}`;
    const first = await openTab(dbName);
    const documents = first.store.allDocuments();
    const accounts = [...first.store.accounts.values()];
    await first.shared.dispose();
    tabs.splice(0);
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.deleteDatabase(dbName);
      req.onsuccess = () => resolve();
      req.onerror = () => reject(req.error);
    });

    // Write the old layout exactly as layout 1 did: meta, accounts, collection:<top-level name>.
    const byTopLevel = new Map<string, Array<[string, unknown]>>();
    for (const [path, doc] of documents) {
      const name = path.split('/')[0] ?? '';
      byTopLevel.set(name, [...(byTopLevel.get(name) ?? []), [path, doc]]);
    }
    byTopLevel.set('subjects', [
      ...(byTopLevel.get('subjects') ?? []),
      [
        'subjects/legacy',
        {
          fields: { name: { stringValue: 'Legacy' } },
          createTime: '2024-01-01T00:00:00.000000Z',
          updateTime: '2024-01-01T00:00:00.000000Z',
        },
      ],
    ]);
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.open(dbName, 1);
      req.onupgradeneeded = () => req.result.createObjectStore('state');
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        const db = req.result;
        const tx = db.transaction('state', 'readwrite');
        const os = tx.objectStore('state');
        os.put({ version: 1, seededAt: 1 }, 'meta');
        os.put(accounts, 'accounts');
        for (const [name, docs] of byTopLevel) os.put(docs, `collection:${name}`);
        tx.oncomplete = () => {
          db.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });

    const migrated = await openTab(dbName);
    expect(migrated.fake.getDocument('subjects/legacy')).toEqual({ name: 'Legacy' });
    expect(migrated.store.allDocuments()).toHaveLength(documents.length + 1);
    expect(migrated.fake.listDocuments('conversations/conv-leo-progress/messages').length).toBe(
      documents.filter(([p]) => p.startsWith('conversations/conv-leo-progress/messages/')).length,
    );
    expect(migrated.fake.accounts.list()).toHaveLength(accounts.length);
    expect(await storedDocument(dbName, 'subjects/legacy')).toBeTruthy();
  });
});
