import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCollectionDefinition } from '~/data/collections';
import { outbox } from '~/data/outbox';
import { clearCache, initCache, store } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { OPENED_FIELD, openedForm, pickEditable, SEEN_FIELD } from '~/ui/form/edit-conflicts';
import {
  canEditOwnProfile,
  canManageFacilitators,
  isOwnFacilitator,
  STAFF_FORM_FIELDS,
} from './schemas';
import { SAVE_FAILED, saveFacilitatorAsStaff, saveOwnFacilitatorProfile } from './writes';

function form(entries: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

const valid: Array<[string, string]> = [
  ['firstName', 'Ada'],
  ['lastName', 'Byron'],
  ['email', 'ada@example.org'],
  ['phone', '+44 20 7946 0000'],
  ['campusId', 'campus-1'],
  ['status', 'active'],
  ['subjectIds', 'math'],
  ['classroomIds', 'room-1'],
  ['bio', 'Teaches maths.'],
];

function without(name: string, value?: string): Array<[string, string]> {
  const rest = valid.filter(([k]) => k !== name);
  return value === undefined ? rest : [...rest, [name, value]];
}

beforeEach(async () => {
  // Offline: an edit compares with the cache's copy (the backend's is record-edits.test.ts's).
  vi.spyOn(syncEngine.connectivity, 'isOnline').mockReturnValue(false);
  await initCache({ uid: 'facilitator-test' });
  await store.save('campuses', { id: 'campus-1', name: 'North' });
  await store.save('classrooms', {
    id: 'room-1',
    name: 'Room 1',
    campusId: 'campus-1',
    facilitatorIds: [],
  });
  await store.save('classrooms', {
    id: 'room-2',
    name: 'Room 2',
    campusId: 'campus-1',
    facilitatorIds: [],
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await clearCache();
});

describe('staff facilitator form', () => {
  it('creates a facilitator and adds them to the classrooms they teach', async () => {
    const result = await saveFacilitatorAsStaff(form(valid));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.item).toMatchObject({
      firstName: 'Ada',
      subjectIds: ['math'],
      classroomIds: ['room-1'],
      status: 'active',
    });
    expect(result.item.id).toMatch(/^temp_/);
    expect(await store.get('classrooms', 'room-1')).toMatchObject({
      facilitatorIds: [result.item.id],
    });

    // Moving them to room 2 takes them off room 1.
    const moved = await saveFacilitatorAsStaff(
      form(without('classroomIds', 'room-2')),
      result.item.id,
    );
    expect(moved.ok).toBe(true);
    expect(await store.get('classrooms', 'room-1')).toMatchObject({ facilitatorIds: [] });
    expect(await store.get('classrooms', 'room-2')).toMatchObject({
      facilitatorIds: [result.item.id],
    });
  });

  it.each([
    ['firstName', '', 'Enter the first name.'],
    ['lastName', ' ', 'Enter the last name.'],
    ['email', 'not-an-address', 'Enter an e-mail address.'],
    ['phone', 'ring ring', 'Enter a phone number, e.g. +91 98450 00000.'],
    ['campusId', 'campus-unknown', 'Choose the campus.'],
    ['status', 'retired', 'Choose active or inactive.'],
  ])(
    'refuses %s = %j with the message “%s”, keeps the typed values and saves nothing',
    async (field, value, message) => {
      const before = (await outbox.pendingChanges()).length;
      const result = await saveFacilitatorAsStaff(form(without(field, value)));
      expect(result).toMatchObject({
        ok: false,
        fieldErrors: { [field]: message },
        values: { [field]: value, firstName: field === 'firstName' ? value : 'Ada' },
      });
      expect((await outbox.pendingChanges()).length).toBe(before);
    },
  );

  it('refuses a missing campus and status with the same messages as wrong ones', async () => {
    const result = await saveFacilitatorAsStaff(
      form(valid.filter(([k]) => k !== 'campusId' && k !== 'status')),
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { campusId: 'Choose the campus.', status: 'Choose active or inactive.' },
    });
  });

  it('shows a write the store refuses as a form-wide message with status 400', async () => {
    vi.spyOn(store, 'batch').mockResolvedValue(0);
    const result = await saveFacilitatorAsStaff(form(valid));
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { _form: SAVE_FAILED },
      values: { firstName: 'Ada', classroomIds: 'room-1' },
    });
  });
});

describe('own profile form', () => {
  it('changes only the own-profile fields, leaving the rest of the record as it was', async () => {
    // As the sync engine stores it: a record from the backend, with no pending change of its own.
    await store.applyRefresh(
      getCollectionDefinition('facilitators'),
      [
        {
          id: 'fac-9',
          memberUUID: 'member-9',
          firstName: 'Dan',
          lastName: 'Mensah',
          email: 'dan@example.org',
          phone: '',
          campusId: 'campus-1',
          subjectIds: [],
          status: 'active',
          classroomIds: ['room-1'],
          bio: '',
        },
      ],
      '1.0.0',
    );
    const result = await saveOwnFacilitatorProfile(
      form([
        ['firstName', 'Daniel'],
        ['lastName', 'Mensah'],
        ['phone', '+91 98450 11111'],
        ['bio', 'Loves fractions.'],
        // Fields outside the own profile are ignored, not written.
        ['status', 'inactive'],
        ['email', 'other@example.org'],
      ]),
      'fac-9',
    );
    expect(result.ok).toBe(true);
    expect(await store.get('facilitators', 'fac-9')).toMatchObject({
      firstName: 'Daniel',
      phone: '+91 98450 11111',
      bio: 'Loves fractions.',
      status: 'active',
      email: 'dan@example.org',
      classroomIds: ['room-1'],
    });
    // The queued update carries the own-profile fields the person changed only (the last name
    // stayed), which is what the backend allows and keeps a colleague's change elsewhere.
    const pending = await outbox.pendingChanges();
    const change = pending.find((c) => c.itemId === 'fac-9');
    expect(change?.operation).toBe('update');
    expect(Object.keys(change?.data ?? {}).sort()).toEqual(['bio', 'firstName', 'phone']);
  });

  it('stops a save of a field someone else changed since the form opened (decision 052)', async () => {
    // The record as the form opened it: the values of `valid`.
    const record = {
      id: 'fac-9',
      memberUUID: 'member-9',
      firstName: 'Ada',
      lastName: 'Byron',
      email: 'ada@example.org',
      phone: '+44 20 7946 0000',
      campusId: 'campus-1',
      subjectIds: ['math'],
      status: 'active' as const,
      classroomIds: ['room-1'],
      bio: 'Teaches maths.',
    };
    await store.applyRefresh(getCollectionDefinition('facilitators'), [record], '1.0.0');
    const opened = JSON.stringify(openedForm(record, pickEditable(record, STAFF_FORM_FIELDS)));
    // Someone else's change (bio and status) reached this device after the form opened.
    await store.applyRefresh(
      getCollectionDefinition('facilitators'),
      [{ ...record, bio: 'Theirs', status: 'inactive', updatedBy: 'member-1' }],
      '1.0.0',
    );
    const staffForm = (extra: Array<[string, string]> = []) =>
      form([...without('bio', 'Mine'), [OPENED_FIELD, opened], ...extra]);
    const stopped = await saveFacilitatorAsStaff(staffForm(), 'fac-9');
    expect(stopped).toMatchObject({
      ok: false,
      status: 412,
      conflicts: [{ field: 'bio', message: 'Someone changed Bio since you opened this form' }],
    });
    expect((await outbox.pendingChanges()).filter((c) => c.itemId === 'fac-9')).toEqual([]);

    const kept = await saveFacilitatorAsStaff(
      staffForm([
        [SEEN_FIELD, JSON.stringify({ bio: 'Theirs' })],
        ['_keep.bio', 'mine'],
      ]),
      'fac-9',
    );
    expect(kept.ok).toBe(true);
    // Their status stays; the bio the person kept is written, and nothing they did not change.
    expect(await store.get('facilitators', 'fac-9')).toMatchObject({
      bio: 'Mine',
      status: 'inactive',
    });
    const change = (await outbox.pendingChanges()).find((c) => c.itemId === 'fac-9');
    expect(change?.data).toHaveProperty('bio', 'Mine');
    expect(change?.data).not.toHaveProperty('status');
    expect(change?.data).not.toHaveProperty('classroomIds');
  });

  it('reports an empty name and a malformed phone beside their fields', async () => {
    const result = await saveOwnFacilitatorProfile(
      form([
        ['firstName', ''],
        ['lastName', 'Mensah'],
        ['phone', 'abc'],
        ['bio', ''],
      ]),
      'fac-9',
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        firstName: 'Enter the first name.',
        phone: 'Enter a phone number, e.g. +91 98450 00000.',
      },
    });
  });

  it('refuses a bio longer than 1000 characters', async () => {
    const result = await saveOwnFacilitatorProfile(
      form([
        ['firstName', 'Dan'],
        ['lastName', 'Mensah'],
        ['bio', 'x'.repeat(1001)],
      ]),
      'fac-9',
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { bio: 'Use at most 1,000 characters; this is 1,001.' },
    });
  });
});

describe('who may edit facilitators', () => {
  it('lets admins manage every facilitator, but not administration, facilitators or families', () => {
    expect(canManageFacilitators(['admin'])).toBe(true);
    expect(canManageFacilitators(['superAdmin'])).toBe(true);
    expect(canManageFacilitators(['administration'])).toBe(false);
    expect(canManageFacilitators(['facilitator'])).toBe(false);
    expect(canManageFacilitators(['parent', 'student'])).toBe(false);
  });

  it('lets a facilitator edit only the record whose memberUUID is theirs', () => {
    expect(canEditOwnProfile(['facilitator'])).toBe(true);
    expect(canEditOwnProfile(['parent'])).toBe(false);
    const record = {
      memberUUID: 'm-1',
      firstName: 'A',
      lastName: 'B',
      email: '',
      phone: '',
      campusId: 'c',
      subjectIds: [],
      classroomIds: [],
      status: 'active' as const,
      bio: '',
    };
    expect(isOwnFacilitator(record, { memberUUID: 'm-1', member: null })).toBe(true);
    expect(isOwnFacilitator(record, { memberUUID: 'm-2', member: null })).toBe(false);
    expect(isOwnFacilitator({ ...record, memberUUID: '' }, { memberUUID: '', member: null })).toBe(
      false,
    );
  });
});
