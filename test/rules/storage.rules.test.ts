// The generated storage.rules in the Storage emulator: who may upload, replace, read and delete a
// resource file, with the upload limits of app/domain/resources.ts. The resource documents are read
// across services from the Firestore emulator. Run with `npm run test:rules` (Java 21).
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../app/domain/resources';
import { demoAccount } from '../../mocks/demo-accounts';
import { buildRulesWorld } from './cases';
import { emulatorAddress, RULES_PROJECT_ID, rulesFile } from './emulator';

let env: RulesTestEnvironment;
const world = await buildRulesWorld();
const staff = demoAccount('administration').uid;
const facilitator = demoAccount('facilitator').uid;
const parent = demoAccount('parent').uid;
const pdf = { contentType: 'application/pdf' };
const bytes = (size: number) => new Uint8Array(size).fill(37);

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: RULES_PROJECT_ID,
    firestore: {
      ...emulatorAddress('FIRESTORE_EMULATOR_HOST'),
      rules: rulesFile('firestore.rules'),
    },
    storage: {
      ...emulatorAddress('FIREBASE_STORAGE_EMULATOR_HOST'),
      rules: rulesFile('storage.rules'),
    },
  });
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    for (const { path, data } of world.documents) {
      if (!path.startsWith('Members/') && !path.startsWith('resources/')) continue;
      const { id: _id, ...fields } = data;
      await db.doc(path).set(fields);
    }
    await db.doc('resources/for-parents').set({
      title: 'Term dates',
      kind: 'file',
      classroomIds: [],
      audience: ['parent'],
      audienceKeys: ['parent'],
      createdBy: facilitator,
    });
    await context
      .storage()
      .ref('resources/for-parents/dates.pdf')
      .put(bytes(10), { ...pdf, customMetadata: { uploadedBy: facilitator } });
  });
});

afterAll(async () => {
  await env?.cleanup();
});

const upload = (uid: string, path: string, size: number, contentType: string) =>
  env
    .authenticatedContext(uid)
    .storage()
    .ref(path)
    .put(bytes(size), { contentType, customMetadata: { uploadedBy: uid } })
    // An upload task is only thenable; the assertions take a promise.
    .then((snapshot) => snapshot);

describe('storage.rules', () => {
  it('lets staff upload a document, and refuses an empty, too large or SVG file', async () => {
    await assertSucceeds(upload(staff, 'resources/new-1/notes.pdf', 100, 'application/pdf'));
    await assertFails(upload(staff, 'resources/new-1/empty.pdf', 0, 'application/pdf'));
    await assertFails(
      upload(staff, 'resources/new-1/big.pdf', MAX_UPLOAD_BYTES + 1, 'application/pdf'),
    );
    await assertFails(upload(staff, 'resources/new-1/logo.svg', 100, 'image/svg+xml'));
    await assertSucceeds(upload(staff, 'resources/new-1/photo.jpg', 100, 'image/jpeg'));
  });

  it('lets a facilitator upload to a resource not saved yet, and not a parent', async () => {
    await assertSucceeds(upload(facilitator, 'resources/new-2/plan.pdf', 100, 'application/pdf'));
    await assertFails(upload(parent, 'resources/new-3/plan.pdf', 100, 'application/pdf'));
  });

  it('refuses files outside resources/', async () => {
    await assertFails(upload(staff, 'elsewhere/file.pdf', 100, 'application/pdf'));
  });

  it('lets the audience read a file, and not others', async () => {
    const ref = (uid: string) =>
      env.authenticatedContext(uid).storage().ref('resources/for-parents/dates.pdf');
    await assertSucceeds(ref(parent).getMetadata());
    await assertFails(ref(demoAccount('student').uid).getMetadata());
  });

  it('lets only the author or staff delete a file', async () => {
    const ref = (uid: string) =>
      env.authenticatedContext(uid).storage().ref('resources/for-parents/dates.pdf');
    await assertFails(ref(parent).delete());
    await assertSucceeds(ref(facilitator).delete());
  });
});
