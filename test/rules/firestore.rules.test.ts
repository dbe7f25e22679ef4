// The generated firestore.rules in the Firestore emulator: every cell of the permission matrix (each
// role and collection, an allowed and a refused read and write, generated in ./cases.ts with the
// matrix as the oracle), plus the shape checks, the refresh queries the app runs (which Firestore
// must prove from their filters) and the batches it writes. Run with `npm run test:rules` (Java 21).
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { WRITER_STAMPED_COLLECTIONS } from '../../app/domain/permissions';
import { ROLES, type Role } from '../../app/domain/roles';
import { demoAccount } from '../../mocks/demo-accounts';
import { buildRulesWorld, type RulesCase, type RulesOperation } from './cases';
import { emulatorAddress, RULES_PROJECT_ID, rulesFile } from './emulator';

let env: RulesTestEnvironment;
const world = await buildRulesWorld();
if (world.missing.length > 0) {
  throw new Error(`Cells of the matrix without a case: ${world.missing.join(', ')}`);
}

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: RULES_PROJECT_ID,
    firestore: {
      ...emulatorAddress('FIRESTORE_EMULATOR_HOST'),
      rules: rulesFile('firestore.rules'),
    },
  });
});

afterAll(async () => {
  await env?.cleanup();
});

/** Loads the demo learning centre, as the fake seeds it, with the access links. */
async function seed(): Promise<void> {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    // Batches of at most 500 writes (Firestore's limit).
    for (let start = 0; start < world.documents.length; start += 500) {
      const batch = db.batch();
      for (const { path, data } of world.documents.slice(start, start + 500)) {
        const { id: _id, ...fields } = data;
        batch.set(db.doc(path), fields);
      }
      await batch.commit();
    }
  });
}

/**
 * The writer and the server's time, as the app stamps every write to a record that carries them
 * (app/backend/documents.ts; the rules refuse any other): the cases leave them to the performer.
 */
function stampFor(uid: string, path: string): Record<string, unknown> {
  const segments = path.split('/');
  const collection = segments[segments.length - 2] ?? '';
  const stamped: readonly string[] = WRITER_STAMPED_COLLECTIONS;
  return stamped.includes(collection)
    ? { updatedBy: uid, updatedAt: firebase.firestore.FieldValue.serverTimestamp() }
    : {};
}

function perform(uid: string, operation: RulesOperation): Promise<unknown> {
  const db = env.authenticatedContext(uid).firestore();
  const ref = db.doc(operation.path);
  switch (operation.kind) {
    case 'get':
      return ref.get();
    case 'create': {
      const { id: _id, ...fields } = operation.data;
      return ref.set({ ...fields, ...stampFor(uid, operation.path) });
    }
    case 'update':
      return ref.update({ ...operation.patch, ...stampFor(uid, operation.path) });
    case 'delete':
      return ref.delete();
  }
}

const label = (c: RulesCase) =>
  `${c.expected === 'allowed' ? 'allows' : 'refuses'} ${c.role} to ${c.what} (${c.collection}, ${c.side})`;

/** Puts a document back as seeded (or removes one the case created). */
async function restore(path: string): Promise<void> {
  const seeded = world.documents.find((d) => d.path === path);
  await env.withSecurityRulesDisabled(async (context) => {
    const ref = context.firestore().doc(path);
    if (!seeded) return ref.delete();
    const { id: _id, ...fields } = seeded.data;
    return ref.set(fields);
  });
}

describe('firestore.rules: every cell of the matrix', () => {
  beforeAll(seed);
  for (const c of world.cases) {
    it(label(c), async () => {
      const attempt = perform(c.uid, c.operation);
      await (c.expected === 'allowed' ? assertSucceeds(attempt) : assertFails(attempt));
      // The next case starts from the seeded data: an allowed write is undone.
      if (c.operation.kind !== 'get') await restore(c.operation.path);
    });
  }
});

describe('firestore.rules: shape checks', () => {
  const admin = demoAccount('admin').uid;
  const valid = {
    name: 'North campus',
    address: '1 Road',
    phone: '',
    timezone: 'Asia/Kolkata',
  };
  const student = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    dateOfBirth: '2015-12-10',
    familyId: 'fam-0000',
    campusId: 'campus-main',
    classroomIds: [],
    status: 'enrolled',
    notes: '',
  };

  beforeAll(seed);

  it('accepts a valid record', async () => {
    await assertSucceeds(
      perform(admin, { kind: 'create', path: 'campuses/shape-ok', data: valid }),
    );
    await assertSucceeds(
      perform(admin, { kind: 'create', path: 'students/shape-ok', data: student }),
    );
  });
  it('refuses a record without a required field', async () => {
    const { name: _name, ...withoutName } = valid;
    await assertFails(
      perform(admin, { kind: 'create', path: 'campuses/shape-1', data: withoutName }),
    );
  });
  it('refuses a field the schema does not have', async () => {
    await assertFails(
      perform(admin, { kind: 'create', path: 'campuses/shape-2', data: { ...valid, extra: 1 } }),
    );
  });
  it('refuses a value outside an enum', async () => {
    await assertFails(
      perform(admin, {
        kind: 'create',
        path: 'students/shape-3',
        data: { ...student, status: 'expelled' },
      }),
    );
  });
  it('refuses a string over its limit and an empty required string', async () => {
    const event = {
      title: 'x'.repeat(201),
      description: '',
      start: '2026-01-05T09:00:00.000Z',
      end: '2026-01-05T10:00:00.000Z',
      allDay: false,
      location: '',
      classroomIds: [],
      audience: ['admin'],
      audienceKeys: ['admin'],
      exdates: [],
      createdBy: admin,
    };
    await assertFails(perform(admin, { kind: 'create', path: 'events/shape-4', data: event }));
    await assertFails(
      perform(admin, {
        kind: 'create',
        path: 'students/shape-5',
        data: { ...student, firstName: '' },
      }),
    );
    await assertSucceeds(
      perform(admin, { kind: 'create', path: 'events/shape-6', data: { ...event, title: 'Ok' } }),
    );
  });
  it('checks an optional field only when present, and its type then', async () => {
    await assertSucceeds(
      perform(admin, {
        kind: 'create',
        path: 'students/shape-7',
        data: { ...student, preferredName: 'Ada' },
      }),
    );
    await assertFails(
      perform(admin, {
        kind: 'create',
        path: 'students/shape-8',
        data: { ...student, preferredName: 7 },
      }),
    );
  });
  it('refuses a wrongly typed date', async () => {
    await assertFails(
      perform(admin, {
        kind: 'create',
        path: 'students/shape-9',
        data: { ...student, dateOfBirth: '10/12/2015' },
      }),
    );
  });
});

/** One refresh query as app/auth/user-data.ts (scopeForUser) writes it: one filter. */
interface AppQuery {
  collection: string;
  field: string;
  op: '==' | 'in' | 'array-contains' | 'array-contains-any';
  value: string | string[];
  expected: 'allowed' | 'refused';
}

/** A string list from a seeded document's field (the access links are lists of strings). */
function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * The refresh queries a demo member's app runs, built from the access links the rules read (the
 * app resolves the same links by reading records). Firestore allows a query only when its filters
 * prove every document it could return readable: these check that each query the app makes can be
 * proved, and the one it cannot (decision 048) is kept here as refused until the app changes it.
 */
function appQueries(role: Role): AppQuery[] {
  const uid = demoAccount(role).uid;
  const member = world.documents.find((d) => d.path === `Members/${uid}`)?.data ?? {};
  const access: Record<string, unknown> =
    typeof member.access === 'object' && member.access !== null ? { ...member.access } : {};
  // Firestore takes at most 30 values in one `in` / `array-contains-any` filter; the app splits.
  const upTo30 = (values: string[]) => values.slice(0, 30);
  const queries: AppQuery[] = [
    { collection: 'Notifications', field: 'memberUUID', op: '==', value: uid, expected: 'allowed' },
    role === 'admin' || role === 'superAdmin' || role === 'administration'
      ? {
          collection: 'conversations',
          field: 'participantIds',
          op: 'array-contains-any',
          value: [uid, 'office'],
          expected: 'allowed',
        }
      : {
          collection: 'conversations',
          field: 'participantIds',
          op: 'array-contains',
          value: uid,
          expected: 'allowed',
        },
  ];
  const any = (collection: string, field: string, op: AppQuery['op'], values: string[]) => {
    if (values.length > 0) {
      queries.push({ collection, field, op, value: upTo30(values), expected: 'allowed' });
    }
  };
  const classroomIds = strings(access.classroomIds);
  const childClassroomIds = strings(access.childClassroomIds);
  const audienceKeys = strings(access.audienceKeys);
  if (role === 'facilitator' || role === 'parent' || role === 'student') {
    any('events', 'audienceKeys', 'array-contains-any', audienceKeys);
    any('resources', 'audienceKeys', 'array-contains-any', audienceKeys);
    queries.push({
      collection: 'events',
      field: 'createdBy',
      op: '==',
      value: uid,
      expected: 'allowed',
    });
  }
  if (role === 'facilitator') {
    any('students', 'classroomIds', 'array-contains-any', classroomIds);
    any('attendance', 'classroomId', 'in', classroomIds);
    any('families', '__name__', 'in', strings(access.studentFamilyIds));
  }
  if (role === 'parent') {
    const familyId = typeof member.familyId === 'string' ? member.familyId : null;
    if (familyId) {
      queries.push({
        collection: 'students',
        field: 'familyId',
        op: '==',
        value: familyId,
        expected: 'allowed',
      });
      any('families', '__name__', 'in', [familyId]);
    }
    any('facilitators', 'classroomIds', 'array-contains-any', childClassroomIds);
    any('attendance', 'classroomId', 'in', childClassroomIds);
    queries.push({
      collection: 'parentInquiries',
      field: 'createdBy',
      op: '==',
      value: uid,
      expected: 'allowed',
    });
  }
  if (role === 'student') {
    any('facilitators', 'classroomIds', 'array-contains-any', classroomIds);
    any('attendance', 'classroomId', 'in', classroomIds);
    const studentId = typeof access.studentId === 'string' ? access.studentId : null;
    if (studentId) any('students', '__name__', 'in', [studentId]);
    // The `self` scope is the document id; a filter on memberUUID proves nothing about it, so
    // Firestore refuses the whole query (user-data.ts should read the student by id).
    queries.push({
      collection: 'students',
      field: 'memberUUID',
      op: '==',
      value: uid,
      expected: 'refused',
    });
  }
  return queries;
}

describe('firestore.rules: the queries the app runs', () => {
  beforeAll(seed);
  for (const role of ROLES) {
    for (const q of appQueries(role)) {
      it(`${q.expected === 'allowed' ? 'allows' : 'refuses'} ${role}: ${q.collection} where ${q.field} ${q.op} …`, async () => {
        const db = env.authenticatedContext(demoAccount(role).uid).firestore();
        const attempt = db.collection(q.collection).where(q.field, q.op, q.value).get();
        await (q.expected === 'allowed' ? assertSucceeds(attempt) : assertFails(attempt));
      });
    }
  }
});

describe('firestore.rules: batches the app writes', () => {
  beforeAll(seed);
  // new-conversation.ts saves the conversation and its first message in one batch; the message's
  // rule must see the conversation the same batch creates (getAfter, not get).
  it('allows a parent to start a conversation and send its first message in one batch', async () => {
    const parent = demoAccount('parent').uid;
    const db = env.authenticatedContext(parent).firestore();
    const conversation = db.doc('conversations/rules-batch-conversation');
    const batch = db.batch();
    batch.set(conversation, { subject: 'Pick-up time', participantIds: [parent, 'office'] });
    batch.set(conversation.collection('messages').doc('rules-batch-message'), {
      conversationId: conversation.id,
      senderId: parent,
      body: 'Can I collect at 3?',
      sentAt: '2026-01-05T09:00:00.000Z',
      readBy: [parent],
    });
    await assertSucceeds(batch.commit());
  });

  // The CSV import writes batches of 500. Each write's rule reads the caller's Members document:
  // a batch may make at most 20 document reads in its rules, so this holds only because Firestore
  // counts repeated reads of one document once (decision 048).
  it('allows an admin to create 500 students in one batch', async () => {
    const db = env.authenticatedContext(demoAccount('admin').uid).firestore();
    const batch = db.batch();
    for (let i = 0; i < 500; i++) {
      batch.set(db.doc(`students/rules-import-${i}`), {
        firstName: 'Imported',
        lastName: `Student ${i}`,
        dateOfBirth: '2015-12-10',
        familyId: 'fam-0000',
        campusId: 'campus-main',
        classroomIds: [],
        status: 'enrolled',
      });
    }
    await assertSucceeds(batch.commit());
  });
});
