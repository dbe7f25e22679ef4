// Contract tests: the real Firebase SDK (firebase/auth, firebase/firestore/lite,
// firebase/functions) against the fake. If these pass, the app's backend adapter can rely on the
// fake behaving like Firebase for everything it uses.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  deleteUser,
  getAuth,
  GoogleAuthProvider,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  updateProfile,
  type Auth,
} from 'firebase/auth';
import {
  and,
  arrayRemove,
  arrayUnion,
  collection,
  deleteDoc,
  doc,
  documentId,
  endAt,
  endBefore,
  getCount,
  getDoc,
  getDocs,
  getFirestore,
  increment,
  limit,
  limitToLast,
  or,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  setLogLevel,
  startAfter,
  startAt,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
  type Query,
} from 'firebase/firestore/lite';
import { getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_FIREBASE_CONFIG } from '../app/config/demo';
import { allowConsoleErrors } from '../test/console';
import { createFakeGoogleIdToken, DEMO_PASSWORD, demoAccount } from './demo-accounts';
import { fake } from './index';
import type { Role } from '../app/domain/roles';

// ---- helpers ----------------------------------------------------------------------------------

let counter = 0;
const apps: FirebaseApp[] = [];

interface Client {
  auth: Auth;
  db: Firestore;
  functions: Functions;
}

function newClient(): Client {
  const app = initializeApp(DEMO_FIREBASE_CONFIG, `contract-${++counter}`);
  apps.push(app);
  return { auth: getAuth(app), db: getFirestore(app), functions: getFunctions(app, 'asia-south1') };
}

async function as(who: Role | string): Promise<Client> {
  const client = newClient();
  const email = who.includes('@') ? who : demoAccount(who as Role).email;
  await signInWithEmailAndPassword(client.auth, email, DEMO_PASSWORD);
  return client;
}

/** The writer and the server's time every client write carries (decision 050). */
function stampOf(uid: string) {
  return { updatedBy: uid, updatedAt: serverTimestamp() };
}

async function ids(q: Query): Promise<string[]> {
  return (await getDocs(q)).docs.map((d) => d.id);
}

async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (e) {
    if (e && typeof e === 'object' && 'code' in e && typeof e.code === 'string') return e.code;
    throw e;
  }
  throw new Error('Expected the call to fail');
}

// The SDK logs every failed RPC; the failures here are deliberate.
setLogLevel('silent');

afterAll(async () => {
  for (const app of apps.splice(0)) await deleteApp(app);
});

beforeEach(async () => {
  await fake.reset();
});

// ---- auth ----------------------------------------------------------------------------------

describe('auth against the fake', () => {
  it('signs in with e-mail and password and exposes the custom claims in getIdTokenResult', async () => {
    const client = await as('facilitator');
    const result = await client.auth.currentUser?.getIdTokenResult();
    expect(result?.claims.roles).toEqual(['facilitator']);
    expect(result?.claims.memberUUID).toBe(demoAccount('facilitator').uid);
    expect(result?.signInProvider).toBe('password');
    expect(client.auth.currentUser?.email).toBe(demoAccount('facilitator').email);
  });

  it('answers a wrong password with auth/invalid-credential', async () => {
    const client = newClient();
    const code = await errorCode(
      signInWithEmailAndPassword(client.auth, demoAccount('parent').email, 'wrong-password'),
    );
    expect(code).toBe('auth/invalid-credential');
  });

  it('answers an unknown e-mail like a wrong password (e-mail enumeration protection)', async () => {
    const code = await errorCode(
      signInWithEmailAndPassword(newClient().auth, 'nobody@demo-learning.example', DEMO_PASSWORD),
    );
    expect(code).toBe('auth/invalid-credential');
  });

  it('answers a suspended account with auth/user-disabled', async () => {
    const code = await errorCode(
      signInWithEmailAndPassword(
        newClient().auth,
        'former.office@demo-learning.example',
        DEMO_PASSWORD,
      ),
    );
    expect(code).toBe('auth/user-disabled');
  });

  it('locks an account after five wrong passwords with auth/too-many-requests', async () => {
    const client = newClient();
    for (let i = 0; i < 5; i++) {
      await errorCode(
        signInWithEmailAndPassword(client.auth, demoAccount('student').email, 'nope'),
      );
    }
    const code = await errorCode(
      signInWithEmailAndPassword(client.auth, demoAccount('student').email, DEMO_PASSWORD),
    );
    expect(code).toBe('auth/too-many-requests');
  });

  it('signs in with a Google credential and creates a profile-less account for an unknown address', async () => {
    const client = newClient();
    const credential = GoogleAuthProvider.credential(
      createFakeGoogleIdToken('someone.new@gmail.example', 'Someone New'),
    );
    const result = await signInWithCredential(client.auth, credential);
    expect(result.user.email).toBe('someone.new@gmail.example');
    expect(result.user.providerData[0]?.providerId).toBe('google.com');
    expect(fake.accounts.list().some((a) => a.email === 'someone.new@gmail.example')).toBe(true);
    expect(fake.getDocument(`Members/${result.user.uid}`)).toBeNull();
  });

  it('gives a staff-domain Google account admin rights on the backend', async () => {
    const client = newClient();
    await signInWithCredential(
      client.auth,
      GoogleAuthProvider.credential(
        createFakeGoogleIdToken('principal@staff.demo-learning.example'),
      ),
    );
    // unregisteredSignins is readable by admins only.
    fake.setDocument('unregisteredSignins/one', { email: 'x@gmail.example' });
    const snapshot = await getDocs(collection(client.db, 'unregisteredSignins'));
    expect(snapshot.size).toBeGreaterThan(0);
  });

  it('sends a password-reset e-mail, updates the profile and deletes the account', async () => {
    const client = await as('student');
    await sendPasswordResetEmail(client.auth, demoAccount('student').email);
    const user = client.auth.currentUser;
    if (!user) throw new Error('not signed in');
    await updateProfile(user, { displayName: 'Leo W.', photoURL: 'https://example.org/leo.png' });
    expect(client.auth.currentUser?.displayName).toBe('Leo W.');
    await deleteUser(user);
    expect(fake.accounts.list().some((a) => a.uid === demoAccount('student').uid)).toBe(false);
    expect(
      await errorCode(
        signInWithEmailAndPassword(newClient().auth, demoAccount('student').email, DEMO_PASSWORD),
      ),
    ).toBe('auth/invalid-credential');
  });

  it('reads and stamps the signed-in member’s own Members profile', async () => {
    const client = await as('parent');
    const ref = doc(client.db, 'Members', demoAccount('parent').uid);
    expect((await getDoc(ref)).get('familyId')).toBe('fam-0000');
    await updateDoc(ref, { lastUpdated: serverTimestamp(), ...stampOf(demoAccount('parent').uid) });
    expect(
      await errorCode(updateDoc(ref, { roles: ['admin'], ...stampOf(demoAccount('parent').uid) })),
    ).toBe('permission-denied');
    expect(await errorCode(getDoc(doc(client.db, 'Members', demoAccount('admin').uid)))).toBe(
      'permission-denied',
    );
  });

  it('updates the password of the signed-in user so the new one works', async () => {
    const client = await as('parent');
    const user = client.auth.currentUser;
    if (!user) throw new Error('not signed in');
    await updatePassword(user, 'a-new-password');
    await signOut(client.auth);
    const again = newClient();
    await signInWithEmailAndPassword(again.auth, demoAccount('parent').email, 'a-new-password');
    expect(again.auth.currentUser?.uid).toBe(demoAccount('parent').uid);
  });
});

// ---- Firestore -------------------------------------------------------------------------------

describe('firestore/lite queries against the fake', () => {
  const SUBJECT_FIXTURES: Record<string, Record<string, unknown>> = {
    a: { name: 'a', n: 1, tags: ['x', 'y'], group: 'g1', colour: 'red', opt: null },
    b: { name: 'b', n: 2, tags: ['y'], group: 'g1', colour: 'blue', score: Number.NaN },
    c: { name: 'c', n: 3, tags: ['z'], group: 'g2', colour: 'green' },
    d: { name: 'd', n: 4, tags: [], group: 'g2', colour: 'red' },
    e: { name: 'e', n: 5.5, group: 'g3', colour: 'blue' },
  };
  let db: Firestore;

  beforeEach(async () => {
    for (const { id } of fake.listDocuments('subjects')) fake.deleteDocument(`subjects/${id}`);
    for (const [id, data] of Object.entries(SUBJECT_FIXTURES))
      fake.setDocument(`subjects/${id}`, data);
    db = (await as('admin')).db;
  });

  const subjects = () => collection(db, 'subjects');
  const sorted = async (q: Query) => (await ids(q)).sort();

  it('filters with ==, !=, <, <=, > and >=', async () => {
    expect(await sorted(query(subjects(), where('group', '==', 'g1')))).toEqual(['a', 'b']);
    expect(await sorted(query(subjects(), where('colour', '!=', 'red')))).toEqual(['b', 'c', 'e']);
    expect(await sorted(query(subjects(), where('n', '<', 3)))).toEqual(['a', 'b']);
    expect(await sorted(query(subjects(), where('n', '<=', 3)))).toEqual(['a', 'b', 'c']);
    expect(await sorted(query(subjects(), where('n', '>', 3)))).toEqual(['d', 'e']);
    expect(await sorted(query(subjects(), where('n', '>=', 3)))).toEqual(['c', 'd', 'e']);
  });

  it('filters with in, not-in, array-contains and array-contains-any', async () => {
    expect(await sorted(query(subjects(), where('n', 'in', [1, 5.5])))).toEqual(['a', 'e']);
    expect(await sorted(query(subjects(), where('colour', 'not-in', ['red', 'blue'])))).toEqual([
      'c',
    ]);
    expect(await sorted(query(subjects(), where('tags', 'array-contains', 'y')))).toEqual([
      'a',
      'b',
    ]);
    expect(
      await sorted(query(subjects(), where('tags', 'array-contains-any', ['x', 'z']))),
    ).toEqual(['a', 'c']);
  });

  it('filters on null and NaN with the unary operators', async () => {
    expect(await ids(query(subjects(), where('opt', '==', null)))).toEqual(['a']);
    expect(await ids(query(subjects(), where('score', '==', Number.NaN)))).toEqual(['b']);
    expect(await ids(query(subjects(), where('opt', '!=', null)))).toEqual([]);
  });

  it('combines filters with and() and or()', async () => {
    expect(await sorted(query(subjects(), or(where('n', '==', 1), where('n', '==', 4))))).toEqual([
      'a',
      'd',
    ]);
    expect(
      await ids(query(subjects(), and(where('group', '==', 'g2'), where('n', '>', 3)))),
    ).toEqual(['d']);
  });

  it('orders, limits and pages with cursors', async () => {
    expect(await ids(query(subjects(), orderBy('n', 'desc'), limit(2)))).toEqual(['e', 'd']);
    expect(await ids(query(subjects(), orderBy('n'), limitToLast(2)))).toEqual(['d', 'e']);
    expect(await ids(query(subjects(), orderBy('n'), startAfter(2), endAt(4)))).toEqual(['c', 'd']);
    expect(await ids(query(subjects(), orderBy('n'), startAt(2), endBefore(4)))).toEqual([
      'b',
      'c',
    ]);
    expect(await ids(query(subjects(), orderBy('colour'), orderBy('name', 'desc')))).toEqual([
      'e',
      'b',
      'c',
      'd',
      'a',
    ]);
  });

  it('excludes documents that lack the orderBy field', async () => {
    expect(await ids(query(subjects(), orderBy('tags')))).not.toContain('e');
  });

  it('filters by document id with in', async () => {
    expect(await sorted(query(subjects(), where(documentId(), 'in', ['a', 'c', 'zz'])))).toEqual([
      'a',
      'c',
    ]);
  });

  it('refuses value lists and disjunctions beyond the service’s limits, as a bad request', async () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => i);
    // firestore/lite reports an HTTP 400 as failed-precondition, with the service's message.
    const refusal = async (q: Query) => {
      try {
        await getDocs(q);
      } catch (e) {
        return e instanceof Error && 'code' in e ? `${String(e.code)}: ${e.message}` : String(e);
      }
      return 'answered';
    };
    expect(await sorted(query(subjects(), where('n', 'in', values(30))))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(await refusal(query(subjects(), where('n', 'in', values(31))))).toMatch(
      /^failed-precondition: .*'IN' supports up to 30 comparison values/,
    );
    expect(
      await refusal(query(subjects(), where('tags', 'array-contains-any', values(31)))),
    ).toMatch(/'ARRAY_CONTAINS_ANY' supports up to 30 comparison values/);
    expect(await refusal(query(subjects(), where('n', 'not-in', values(11))))).toMatch(
      /'NOT_IN' supports up to 10 comparison values/,
    );
    const twoLists = or(where('n', 'in', values(20)), where('group', 'in', ['g1', ...values(15)]));
    expect(await refusal(query(subjects(), twoLists))).toMatch(/at most 30 disjunctions/);
  });

  it('counts with an aggregation query', async () => {
    const snapshot = await getCount(query(subjects(), where('group', 'in', ['g1', 'g2'])));
    expect(snapshot.data().count).toBe(4);
  });

  it('queries a subcollection through its parent path', async () => {
    const parent = await as('parent');
    const messages = await getDocs(
      query(
        collection(parent.db, 'conversations', 'conv-leo-progress', 'messages'),
        orderBy('sentAt'),
      ),
    );
    expect(messages.size).toBe(3);
  });
});

describe('firestore/lite writes against the fake', () => {
  let db: Firestore;
  let uid: string;
  beforeEach(async () => {
    const admin = await as('admin');
    db = admin.db;
    uid = admin.auth.currentUser?.uid ?? '';
  });
  // Every client write names its writer and the server's time, as app/backend/documents.ts sends
  // them (the matrix refuses any other: decision 050); the mechanics below are about the rest.
  const stamped = <T extends object>(data: T) => ({
    ...data,
    updatedBy: uid,
    updatedAt: serverTimestamp(),
  });
  const unstamped = (data: Record<string, unknown> | undefined) => {
    const { updatedBy: _by, updatedAt: _at, ...rest } = data ?? {};
    return rest;
  };

  it('overwrites with set and merges with set({merge: true})', async () => {
    const ref = doc(db, 'subjects', 'merge-test');
    await setDoc(ref, stamped({ name: 'One', code: 'A', colour: 'red' }));
    await setDoc(ref, stamped({ code: 'B' }), { merge: true });
    expect(unstamped((await getDoc(ref)).data())).toEqual({
      name: 'One',
      code: 'B',
      colour: 'red',
    });
    await setDoc(ref, stamped({ name: 'Two' }));
    expect(unstamped((await getDoc(ref)).data())).toEqual({ name: 'Two' });
  });

  it('fails an update of a missing document with not-found', async () => {
    expect(await errorCode(updateDoc(doc(db, 'subjects', 'missing'), stamped({ name: 'x' })))).toBe(
      'not-found',
    );
    expect(fake.getDocument('subjects/missing')).toBeNull();
  });

  it('applies a batch atomically: one failing precondition applies nothing', async () => {
    const batch = writeBatch(db);
    batch.set(doc(db, 'subjects', 'batch-new'), stamped({ name: 'New' }));
    batch.update(doc(db, 'subjects', 'math'), stamped({ colour: '#000000' }));
    batch.update(doc(db, 'subjects', 'does-not-exist'), stamped({ name: 'x' }));
    expect(await errorCode(batch.commit())).toBe('not-found');
    expect(fake.getDocument('subjects/batch-new')).toBeNull();
    expect(fake.getDocument('subjects/math')?.colour).toBe('#2563eb');
  });

  it('deletes documents', async () => {
    await deleteDoc(doc(db, 'subjects', 'art'));
    expect(fake.getDocument('subjects/art')).toBeNull();
    expect((await getDoc(doc(db, 'subjects', 'art'))).exists()).toBe(false);
  });

  it('stamps server timestamps with the commit time', async () => {
    const before = Date.now();
    await setDoc(doc(db, 'subjects', 'stamped'), stamped({ name: 'S' }));
    const snapshot = await getDoc(doc(db, 'subjects', 'stamped'));
    const stamp = snapshot.get('updatedAt');
    expect(stamp).toBeInstanceOf(Timestamp);
    expect(stamp.toMillis()).toBeGreaterThanOrEqual(before - 1);
    expect(fake.getDocument('subjects/stamped')?.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  // Only fields a record schema names: the fake refuses other keys, as the rules' keys().hasOnly do.
  it('applies increment, arrayUnion and arrayRemove transforms', async () => {
    const ref = doc(db, 'classrooms', 'transforms');
    await setDoc(
      ref,
      stamped({ name: 'T', campusId: 'north', capacity: 1, subjectIds: ['a', 'b'] }),
    );
    await updateDoc(
      ref,
      stamped({
        capacity: increment(2),
        subjectIds: arrayUnion('b', 'c'),
        // A union into a field the document does not have yet makes the array.
        facilitatorIds: arrayUnion('x'),
      }),
    );
    await updateDoc(ref, stamped({ subjectIds: arrayRemove('a') }));
    expect(unstamped((await getDoc(ref)).data())).toEqual({
      name: 'T',
      campusId: 'north',
      capacity: 3,
      subjectIds: ['b', 'c'],
      facilitatorIds: ['x'],
    });
  });

  it('adds a fractional increment as a double', async () => {
    // Most record numbers must be integers; the resource schema lets `size` be any number, so the
    // double increment is checked there.
    const ref = doc(db, 'resources', 'fractional');
    await setDoc(ref, stamped({ title: 'F', kind: 'link', createdBy: 'admin', size: 0.5 }));
    await updateDoc(ref, stamped({ size: increment(0.25) }));
    expect((await getDoc(ref)).get('size')).toBe(0.75);
    expect(fake.getDocument('resources/fractional')?.size).toBe(0.75);
  });

  it('updates nested fields through their dotted path only', async () => {
    const AT = '2020-01-06T08:00:00.000Z';
    const ref = doc(db, 'attendance', 'north-sunflowers_2020-01-06');
    await setDoc(
      ref,
      stamped({
        classroomId: 'north-sunflowers',
        date: '2020-01-06',
        entries: { s1: { status: 'present', at: AT, by: 'fac' } },
      }),
    );
    await updateDoc(ref, stamped({ 'entries.s2': { status: 'late', at: AT, by: 'fac' } }));
    expect(fake.getDocument('attendance/north-sunflowers_2020-01-06')?.entries).toEqual({
      s1: { status: 'present', at: AT, by: 'fac' },
      s2: { status: 'late', at: AT, by: 'fac' },
    });
  });

  it('runs a transaction with read-then-write preconditions', async () => {
    const ref = doc(db, 'classrooms', 'counter');
    await setDoc(ref, stamped({ name: 'Counter', campusId: 'north', capacity: 1 }));
    await runTransaction(db, async (tx) => {
      const snap = await tx.get(ref);
      tx.update(ref, stamped({ capacity: Number(snap.get('capacity')) + 1 }));
    });
    expect(fake.getDocument('classrooms/counter')?.capacity).toBe(2);
  });

  it('refuses a document that does not match its record schema, and keeps the stored one', async () => {
    allowConsoleErrors();
    const ref = doc(db, 'students', 'stu-00000');
    const before = fake.getDocument('students/stu-00000');
    const refusal = await updateDoc(
      ref,
      stamped({ firstName: 7, classroomIds: 'not-an-array' }),
    ).then(
      () => null,
      (error: unknown) => error,
    );
    // firestore/lite words every HTTP 400 as failed-precondition; the message names the problem.
    expect(refusal).toMatchObject({ code: 'failed-precondition' });
    expect(String(refusal)).toMatch(/students\/stu-00000 does not match its schema: firstName/);
    expect(fake.getDocument('students/stu-00000')).toEqual(before);
    // A create missing required fields is refused too; a well-formed update still goes through.
    await expect(
      setDoc(doc(db, 'students', 'half-made'), stamped({ firstName: 'Half' })),
    ).rejects.toThrow(/does not match its schema/);
    expect(fake.getDocument('students/half-made')).toBeNull();
    await updateDoc(ref, stamped({ preferredName: 'Lee' }));
    expect(fake.getDocument('students/stu-00000')?.preferredName).toBe('Lee');
  });

  it('fires change events for every applied write', async () => {
    const events: string[] = [];
    const stop = fake.onChange((e) => events.push(`${e.kind}:${e.path}`));
    await setDoc(doc(db, 'subjects', 'evt'), stamped({ name: 'E' }));
    await deleteDoc(doc(db, 'subjects', 'evt'));
    stop();
    expect(events).toEqual(['set:subjects/evt', 'delete:subjects/evt']);
  });
});

// ---- permissions through the SDK -----------------------------------------------------------

describe('rules as the SDK meets them', () => {
  it('lets a parent read their own child but not another family’s student', async () => {
    const { db } = await as('parent');
    expect((await getDoc(doc(db, 'students', 'stu-00000'))).get('firstName')).toBe('Leo');
    expect(await errorCode(getDoc(doc(db, 'students', 'stu-00100')))).toBe('permission-denied');
  });

  it('refuses a whole query that would return a document the caller may not read', async () => {
    const { db } = await as('parent');
    expect(await errorCode(getDocs(collection(db, 'students')))).toBe('permission-denied');
    expect(
      await ids(query(collection(db, 'students'), where('familyId', '==', 'fam-0000'))),
    ).toHaveLength(2);
  });

  it('lets a facilitator read the families of their students by id, and no other family', async () => {
    const { db } = await as('facilitator');
    const taught = fake
      .listDocuments('classrooms')
      .filter(
        (c) => Array.isArray(c.data.facilitatorIds) && c.data.facilitatorIds.includes('fac-000'),
      )
      .map((c) => c.id);
    const theirs = new Set<string>();
    for (const s of fake.listDocuments('students')) {
      const rooms = Array.isArray(s.data.classroomIds) ? s.data.classroomIds : [];
      if (rooms.some((r) => taught.includes(r)) && typeof s.data.familyId === 'string') {
        theirs.add(s.data.familyId);
      }
    }
    const some = [...theirs].slice(0, 30);
    const families = collection(db, 'families');
    expect((await ids(query(families, where(documentId(), 'in', some)))).sort()).toEqual(
      some.sort(),
    );
    const other = fake.listDocuments('families').find((f) => !theirs.has(f.id))?.id ?? '';
    expect(await errorCode(getDoc(doc(db, 'families', other)))).toBe('permission-denied');
    expect(
      await errorCode(
        getDocs(query(families, where(documentId(), 'in', [...some.slice(0, 3), other]))),
      ),
    ).toBe('permission-denied');
  });

  it('lets a parent and a student list the facilitators of their classrooms, and no wider', async () => {
    const parent = await as('parent');
    const facilitators = (db: Firestore, rooms: string[]) =>
      ids(
        query(collection(db, 'facilitators'), where('classroomIds', 'array-contains-any', rooms)),
      );
    const children = fake
      .listDocuments('students')
      .filter((s) => s.data.familyId === 'fam-0000')
      .flatMap((s) => (Array.isArray(s.data.classroomIds) ? s.data.classroomIds : []));
    expect((await facilitators(parent.db, children)).length).toBeGreaterThan(0);
    expect(await errorCode(getDocs(collection(parent.db, 'facilitators')))).toBe(
      'permission-denied',
    );

    const student = await as('student');
    const own = fake.listDocuments('students').find((s) => s.id === 'stu-00000');
    const rooms = Array.isArray(own?.data.classroomIds) ? own.data.classroomIds : [];
    expect((await facilitators(student.db, rooms)).length).toBeGreaterThan(0);
    const otherRooms = fake
      .listDocuments('classrooms')
      .map((c) => c.id)
      .filter((c) => !rooms.includes(c));
    expect(await errorCode(facilitators(student.db, otherRooms))).toBe('permission-denied');
  });

  it('shows a notification only to its own member', async () => {
    const parent = await as('parent');
    const mine = await getDocs(
      query(
        collection(parent.db, 'Notifications'),
        where('memberUUID', '==', demoAccount('parent').uid),
        where('status', '==', 'active'),
        orderBy('date', 'desc'),
      ),
    );
    expect(mine.size).toBeGreaterThan(0);
    const someoneElses = fake
      .listDocuments('Notifications')
      .find((n) => n.data.memberUUID === demoAccount('student').uid);
    expect(await errorCode(getDoc(doc(parent.db, 'Notifications', someoneElses?.id ?? 'x')))).toBe(
      'permission-denied',
    );
  });

  it('lets a member mark a notification read and delete it only once read', async () => {
    const { db } = await as('student');
    const fresh = fake
      .listDocuments('Notifications')
      .find((n) => n.data.memberUUID === demoAccount('student').uid && n.data.isNew === true);
    const ref = doc(db, 'Notifications', fresh?.id ?? 'x');
    expect(await errorCode(deleteDoc(ref))).toBe('permission-denied');
    const stamp = stampOf(demoAccount('student').uid);
    expect(await errorCode(updateDoc(ref, { description: 'hacked', ...stamp }))).toBe(
      'permission-denied',
    );
    await updateDoc(ref, { isNew: false, ...stamp });
    await deleteDoc(ref);
    expect(fake.getDocument(`Notifications/${fresh?.id ?? 'x'}`)).toBeNull();
  });

  it('lets a parent start a conversation and send its first message in one batch', async () => {
    const { db } = await as('parent');
    const batch = writeBatch(db);
    const parent = demoAccount('parent').uid;
    batch.set(doc(db, 'conversations', 'conv-new'), {
      subject: 'Swimming kit',
      participantIds: [parent, demoAccount('facilitator').uid],
      createdBy: parent,
      ...stampOf(parent),
    });
    batch.set(doc(db, 'conversations', 'conv-new', 'messages', 'm1'), {
      senderId: parent,
      body: 'Does Ivy need a swimming kit on Friday?',
      sentAt: new Date().toISOString(),
      readBy: [parent],
      ...stampOf(parent),
    });
    await batch.commit();
    expect(fake.listDocuments('conversations/conv-new/messages')).toHaveLength(1);
  });

  it('refuses every read without a signed-in user', async () => {
    const { db } = newClient();
    expect(await errorCode(getDoc(doc(db, 'campuses', 'campus-north')))).toBe('permission-denied');
  });
});

// ---- faults ---------------------------------------------------------------------------------

describe('injected faults', () => {
  it('fails every request as a network error while the browser is offline', async () => {
    allowConsoleErrors(); // the SDK logs the status-less failure with console.error
    const { db } = await as('admin');
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const code = await errorCode(getDoc(doc(db, 'campuses', 'campus-north')));
    online.mockRestore();
    expect(code).not.toBe('permission-denied');
    expect((await getDoc(doc(db, 'campuses', 'campus-north'))).exists()).toBe(true);
  });

  it('fails the next matching requests with the injected status, then recovers', async () => {
    const { db } = await as('admin');
    fake.faults.failNext('documents:batchGet', 2, 503);
    expect(await errorCode(getDoc(doc(db, 'campuses', 'campus-north')))).toBe('unavailable');
    expect(await errorCode(getDoc(doc(db, 'campuses', 'campus-north')))).toBe('unavailable');
    expect((await getDoc(doc(db, 'campuses', 'campus-north'))).exists()).toBe(true);
    fake.faults.failNext(/:commit$|:commit\?/, 1, 500);
    expect(await errorCode(setDoc(doc(db, 'subjects', 'x'), { name: 'X' }))).toBe('unknown');
    expect(fake.getDocument('subjects/x')).toBeNull();
  });

  it('applies a commit whose acknowledgement is lost, and a retried set with the same id leaves one record', async () => {
    allowConsoleErrors();
    const { db } = await as('admin');
    const before = fake.listDocuments('subjects').length;
    fake.faults.loseNextCommitAck();
    const ref = doc(db, 'subjects', 'client-generated-id');
    const stamp = stampOf(demoAccount('admin').uid);
    await expect(setDoc(ref, { name: 'Drama', ...stamp })).rejects.toThrow();
    expect(fake.getDocument('subjects/client-generated-id')).toMatchObject({ name: 'Drama' });
    await setDoc(ref, { name: 'Drama', ...stamp });
    expect(fake.listDocuments('subjects')).toHaveLength(before + 1);
  });

  it('logs requests and adds latency', async () => {
    const { db } = await as('admin');
    fake.clearRequestLog();
    // An order, not a duration: the read slowed by a latency that matches only it answers after
    // a query sent later.
    fake.faults.setLatency(1_000, 'batchGet');
    const answered: string[] = [];
    const slowRead = getDoc(doc(db, 'campuses', 'campus-north')).then(() => answered.push('read'));
    await getDocs(collection(db, 'campuses'));
    answered.push('query');
    await slowRead;
    expect(answered).toEqual(['query', 'read']);
    expect(fake.requests('batchGet')).toHaveLength(1);
    fake.faults.clear();
  });
});

// ---- callables ------------------------------------------------------------------------------

describe('callable functions', () => {
  it('logs an unregistered sign-in and answers with a warning message', async () => {
    const { functions } = newClient();
    const log = httpsCallable(functions, 'logUnregisterdSignin');
    const result = await log({
      email: 'wrong@gmail.example',
      displayName: 'Wrong',
      photoURL: null,
      uid: 'u1',
      providerData: [],
      expectedEmail: 'right@demo-learning.example',
      timestamp: Date.now(),
      warning: 'mismatch',
    });
    expect(result.data).toEqual({
      type: 'warning',
      message: 'Please sign in with the expected address',
    });
    expect(
      fake.listDocuments('unregisteredSignins').some((d) => d.data.email === 'wrong@gmail.example'),
    ).toBe(true);
  });

  it('lets an admin invite a member, creating the account, profile and claims', async () => {
    const { functions } = await as('admin');
    const invite = httpsCallable(functions, 'inviteMember');
    const result = await invite({
      email: 'new.parent@mail.example',
      displayName: 'New Parent',
      roles: ['parent'],
    });
    const created = fake.accounts.list().find((a) => a.email === 'new.parent@mail.example');
    expect(created?.claims.roles).toEqual(['parent']);
    expect(fake.getDocument(`Members/${created?.uid ?? ''}`)?.roles).toEqual(['parent']);
    expect(result.data).toMatchObject({ uid: created?.uid });
  });

  it('refuses invitations from non-staff and admin grants from non-superAdmins', async () => {
    const parent = await as('parent');
    expect(
      await errorCode(
        httpsCallable(
          parent.functions,
          'inviteMember',
        )({ email: 'x@mail.example', roles: ['parent'] }),
      ),
    ).toBe('functions/permission-denied');
    const admin = await as('admin');
    expect(
      await errorCode(
        httpsCallable(
          admin.functions,
          'inviteMember',
        )({ email: 'y@mail.example', roles: ['admin'] }),
      ),
    ).toBe('functions/permission-denied');
    const superAdmin = await as('superAdmin');
    await httpsCallable(
      superAdmin.functions,
      'setMemberRoles',
    )({ uid: demoAccount('administration').uid, roles: ['administration', 'admin'] });
    expect(fake.getDocument(`Members/${demoAccount('administration').uid}`)?.roles).toEqual([
      'administration',
      'admin',
    ]);
  });

  it('suspends a member so they can no longer sign in', async () => {
    const { functions } = await as('admin');
    await httpsCallable(
      functions,
      'setMemberStatus',
    )({ uid: demoAccount('student').uid, status: 'suspended' });
    expect(
      await errorCode(
        signInWithEmailAndPassword(newClient().auth, demoAccount('student').email, DEMO_PASSWORD),
      ),
    ).toBe('auth/user-disabled');
  });
});
