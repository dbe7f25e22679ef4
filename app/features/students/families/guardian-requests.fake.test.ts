// Guardian requests through the real data layer (cache, pending-changes queue, sync engine) and the
// real firestore/lite SDK against the fake Firebase (msw/node): a parent asks the office to add
// their partner, an administrator approves, and the partner's account gains the family through the
// access trigger; the parent asks to remove the partner, the approval takes the access away at once
// (Members/{uid}.access.familyIds, which the production rules read); a refusal changes nothing but
// the request, and the parent's device reads the answer back within its own scope.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scopeForUser } from '~/auth/user-data';
import { signInAs } from '~/backend/test-helpers';
import type { Connectivity } from '~/data/connectivity';
import { createStore } from '~/data/store';
import { createSyncEngine, type RefreshScope } from '~/data/sync-engine';
import { guardianSchema, memberSchema } from '~/domain/records';
import { fake } from '../../../../mocks/index';
import {
  decisionOperations,
  guardianRequestRecordSchema,
  submitGuardianRequest,
  type ParentAccount,
} from './guardian-requests';
import type { FamilyRecord } from '../forms/family-form';

const PARTNER = 'partner-sam';
const PARTNER_EMAIL = 'sam.partner@mail.example';
const FAMILY = 'fam-0000';

let counter = 0;
const disposers: (() => void)[] = [];

const online: Connectivity = {
  isOnline: () => true,
  subscribe: () => () => {},
  check: async () => true,
  start: () => {},
  stop: () => {},
};

/** One person's device: their own cache, queue and sync engine, refreshing only `scopes`. */
async function device(
  role: 'parent' | 'admin' | 'administration',
  scopes: (uid: string) => (collection: string) => RefreshScope | null | undefined,
) {
  const uid = await signInAs(role);
  const { store, outbox } = createStore({ dbName: `guardian-requests-${++counter}` });
  await store.init({ uid });
  const engine = createSyncEngine({ store, outbox, connectivity: online, scopeFor: scopes(uid) });
  disposers.push(() => store.dispose());
  return { uid, store, outbox, engine };
}

/** The parent's device refreshes their requests with the scope the app gives a parent. */
const parentScopes = (uid: string) => {
  const member = memberSchema.parse(fake.getDocument(`Members/${uid}`));
  return (collection: string) =>
    collection === 'guardianRequests'
      ? scopeForUser({ roles: ['parent'], member, memberUUID: uid, uid }, collection)
      : null;
};
const officeScopes = () => (collection: string) =>
  ['guardianRequests', 'families', 'members'].includes(collection) ? undefined : null;

/** The family as the backend holds it now (the page would load it from the cache). */
function familyNow(): FamilyRecord {
  const data = z
    .object({
      familyName: z.string(),
      guardians: z.array(guardianSchema),
      address: z.string(),
      notes: z.string(),
    })
    .parse(fake.getDocument(`families/${FAMILY}`));
  return { id: FAMILY, ...data };
}

const accessOf = (uid: string) =>
  z
    .object({ access: z.object({ familyIds: z.array(z.string()) }) })
    .parse(fake.getDocument(`Members/${uid}`)).access.familyIds;

/** The parent asks; their device queues the request and sends it. Returns the request's id. */
async function parentAsks(values: Record<string, string>) {
  const parent = await device('parent', parentScopes);
  const result = await submitGuardianRequest(values, {
    family: familyNow(),
    createdBy: parent.uid,
    online: true,
    save: (item) => parent.store.save('guardianRequests', item),
  });
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  await parent.engine.sync();
  expect(await parent.outbox.pendingChanges()).toEqual([]);
  return { parent, id: result.id };
}

/** An office member decides the request on their device, in one batch, and it syncs. */
async function officeDecides(
  role: 'admin' | 'administration',
  id: string,
  decision: 'approve' | 'refuse',
  note = '',
) {
  const office = await device(role, officeScopes);
  await office.engine.sync();
  const request = guardianRequestRecordSchema.parse(await office.store.get('guardianRequests', id));
  const members = z
    .array(memberSchema.extend({ id: z.string() }))
    .parse(await office.store.list('members', { limit: Infinity }));
  const accounts: ParentAccount[] = members
    .filter((m) => m.roles.includes('parent'))
    .map((m) => ({ id: m.id, email: m.email, familyId: m.familyId, label: m.email }));
  const plan = decisionOperations(request, decision, note, {
    family: familyNow(),
    accounts,
    decidedBy: office.uid,
    now: new Date(),
    canLinkMembers: role === 'admin',
  });
  if (!plan.ok) throw new Error(plan.error);
  expect(await office.store.batch(plan.operations)).toBe(plan.operations.length);
  await office.engine.sync();
  expect(await office.outbox.pendingChanges()).toEqual([]);
  return office;
}

beforeAll(async () => {
  await fake.reset({ profile: 'demo' });
  // A parent account with no family yet: the partner the demo parent will ask to add.
  fake.setDocument(`Members/${PARTNER}`, {
    memberUUID: PARTNER,
    email: PARTNER_EMAIL,
    displayName: 'Sam Whitfield',
    photoURL: '',
    roles: ['parent'],
    status: 'active',
    preferences: { persistLogin: true },
  });
});
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

describe('guardian requests against the fake Firebase', () => {
  it('adds the partner on approval, then removing them takes their access to the family away at once', async () => {
    const asked = await parentAsks({
      kind: 'add',
      name: 'Sam Whitfield',
      relationship: 'Partner',
      email: 'Sam.Partner@mail.example',
      note: 'My partner: please let them see the children.',
    });
    expect(fake.getDocument(`guardianRequests/${asked.id}`)).toMatchObject({
      familyId: FAMILY,
      kind: 'add',
      status: 'pending',
      createdBy: asked.parent.uid,
    });

    const admin = await officeDecides('admin', asked.id, 'approve');
    expect(fake.getDocument(`guardianRequests/${asked.id}`)).toMatchObject({
      status: 'approved',
      decidedBy: admin.uid,
    });
    expect(familyNow().guardians.at(-1)).toMatchObject({
      name: 'Sam Whitfield',
      email: PARTNER_EMAIL,
      memberUUID: PARTNER,
      isPrimary: false,
    });
    expect(fake.getDocument(`Members/${PARTNER}`)).toMatchObject({ familyId: FAMILY });
    expect(accessOf(PARTNER)).toContain(FAMILY);

    const position = familyNow().guardians.findIndex((g) => g.memberUUID === PARTNER);
    const removal = await parentAsks({ kind: 'remove', remove: String(position) });
    expect(fake.getDocument(`guardianRequests/${removal.id}`)).toMatchObject({
      kind: 'remove',
      guardian: { memberUUID: PARTNER },
      status: 'pending',
    });
    await officeDecides('admin', removal.id, 'approve');

    expect(familyNow().guardians.map((g) => g.memberUUID)).not.toContain(PARTNER);
    expect(fake.getDocument(`Members/${PARTNER}`)).toMatchObject({ familyId: '' });
    expect(accessOf(PARTNER)).not.toContain(FAMILY);
    // The parent who asked keeps theirs.
    expect(accessOf(asked.parent.uid)).toContain(FAMILY);
  });

  it('refuses a request: only the request changes, and the parent reads the answer on their device', async () => {
    const before = familyNow().guardians;
    const asked = await parentAsks({ kind: 'add', name: 'Ann Other', phone: '+91 98 7654 3210' });
    await officeDecides('administration', asked.id, 'refuse', 'Please come to the office with ID.');
    expect(fake.getDocument(`guardianRequests/${asked.id}`)).toMatchObject({
      status: 'refused',
      decisionNote: 'Please come to the office with ID.',
    });
    expect(familyNow().guardians).toEqual(before);

    const parent = await device('parent', parentScopes);
    await parent.engine.sync();
    expect(await parent.store.get('guardianRequests', asked.id)).toMatchObject({
      status: 'refused',
      decisionNote: 'Please come to the office with ID.',
    });
  });
});
