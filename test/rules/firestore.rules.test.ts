// The generated firestore.rules in the Firestore emulator: every cell of the permission matrix (each
// role and collection, an allowed and a refused read and write, generated in ./cases.ts with the
// matrix as the oracle), plus the shape checks. Run with `npm run test:rules` (Java 21).
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, it } from 'vitest';
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

function perform(uid: string, operation: RulesOperation): Promise<unknown> {
  const db = env.authenticatedContext(uid).firestore();
  const ref = db.doc(operation.path);
  switch (operation.kind) {
    case 'get':
      return ref.get();
    case 'create': {
      const { id: _id, ...fields } = operation.data;
      return ref.set(fields);
    }
    case 'update':
      return ref.update(operation.patch);
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
