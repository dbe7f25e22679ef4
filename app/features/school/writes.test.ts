import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCollectionDefinition } from '~/data/collections';
import { outbox } from '~/data/outbox';
import { clearCache, initCache, store } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { OPENED_FIELD, openedForm, pickEditable } from '~/ui/form/edit-conflicts';
import {
  ALERT_DELAY_MESSAGE,
  ALERT_DELAY_TOO_LONG,
  editableRecord,
  SCHOOL_FORM_FIELDS,
} from './schemas';
import { deleteFromForm, deleteSchoolRecord, SAVE_FAILED, saveSchoolRecord } from './writes';

function form(entries: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

async function pendingCount(): Promise<number> {
  return (await outbox.pendingChanges()).length;
}

const validCampus: Array<[string, string]> = [
  ['name', 'North Campus'],
  ['address', '1 Long Road'],
  ['phone', '+91 98450 00000'],
  ['timezone', 'Asia/Kolkata'],
  // The alert fieldset as it opens: "Send absence alerts" ticked, 10 minutes, late unticked.
  ['absenceAlerts.enabled', 'on'],
  ['absenceAlerts.delayMinutes', '10'],
];

/** The campus as stored, with its alert settings named. */
const storedCampus = {
  name: 'North Campus',
  address: '1 Long Road',
  phone: '+91 98450 00000',
  timezone: 'Asia/Kolkata',
  absenceAlerts: { enabled: true, delayMinutes: 10, includeLate: false },
};

beforeEach(async () => {
  // Offline: an edit compares with the cache's copy (the backend's is record-edits.test.ts's).
  vi.spyOn(syncEngine.connectivity, 'isOnline').mockReturnValue(false);
  await initCache({ uid: 'school-test' });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await clearCache();
});

describe('campus form', () => {
  it('saves a valid campus through the cache with a temp_ id and a queued create', async () => {
    const result = await saveSchoolRecord('campuses', form(validCampus));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.item.id).toMatch(/^temp_/);
    expect(await store.get('campuses', result.item.id)).toMatchObject({
      name: 'North Campus',
      timezone: 'Asia/Kolkata',
    });
    expect(await pendingCount()).toBe(1);
  });

  it('reports a missing name, a malformed phone and an unknown time zone, and saves nothing', async () => {
    const result = await saveSchoolRecord(
      'campuses',
      form([
        ['name', '  '],
        ['phone', 'call me'],
        ['timezone', 'Mars/Olympus'],
      ]),
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        name: 'Enter the campus name.',
        phone: 'Enter a phone number, e.g. +91 98450 00000.',
        timezone: 'Choose a time zone from the list.',
      },
      values: { name: '  ', phone: 'call me', timezone: 'Mars/Olympus' },
    });
    expect(await pendingCount()).toBe(0);
  });

  it('answers status 400 with the field errors and what was typed', async () => {
    const result = await saveSchoolRecord('campuses', form([['name', '']]));
    expect(result).toMatchObject({ ok: false, status: 400, values: { name: '' } });
  });

  it('shows a write the store refuses as a form-wide message, keeping what was typed', async () => {
    vi.spyOn(store, 'save').mockResolvedValue(null);
    const result = await saveSchoolRecord('campuses', form(validCampus));
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { _form: SAVE_FAILED },
      values: { name: 'North Campus' },
    });
  });

  it('updates an existing campus in place when given its id', async () => {
    const created = await saveSchoolRecord('campuses', form(validCampus));
    if (!created.ok) throw new Error('setup failed');
    const updated = await saveSchoolRecord(
      'campuses',
      form([...validCampus.filter(([k]) => k !== 'name'), ['name', 'North Campus (main)']]),
      created.item.id,
    );
    expect(updated.ok && updated.item.id).toBe(created.item.id);
    expect(await store.list('campuses', { limit: Infinity })).toHaveLength(1);
  });

  it('writes only the changed fields, keeps a colleague’s change, and stops on the same field (decision 052)', async () => {
    const campus = { id: 'campus-9', ...storedCampus };
    await store.applyRefresh(getCollectionDefinition('campuses'), [campus], '1.0.0');
    const opened = JSON.stringify(
      openedForm(campus, pickEditable(campus, SCHOOL_FORM_FIELDS.campuses)),
    );
    // A colleague changed the phone and the address after the form opened.
    await store.applyRefresh(
      getCollectionDefinition('campuses'),
      [{ ...campus, phone: '+91 98450 99999', address: '2 Short Road' }],
      '1.0.0',
    );
    const edited = (changes: Record<string, string>) =>
      form([
        ...validCampus.filter(([k]) => !(k in changes)),
        ...Object.entries(changes),
        [OPENED_FIELD, opened],
      ]);
    const renamed = await saveSchoolRecord('campuses', edited({ name: 'North' }), 'campus-9');
    expect(renamed.ok).toBe(true);
    expect(await store.get('campuses', 'campus-9')).toMatchObject({
      name: 'North',
      phone: '+91 98450 99999',
      address: '2 Short Road',
    });
    const [change] = await outbox.pendingChanges();
    expect(Object.keys(change?.data ?? {})).toEqual(['name']);

    const stopped = await saveSchoolRecord(
      'campuses',
      edited({ address: '3 Mid Road' }),
      'campus-9',
    );
    expect(stopped).toMatchObject({
      ok: false,
      status: 412,
      conflicts: [
        {
          field: 'address',
          message: 'Someone changed Address since you opened this form',
          mine: '3 Mid Road',
          theirs: '2 Short Road',
        },
      ],
    });
  });
});

describe('a campus’s absence alerts', () => {
  /** The campus form with the alert fields replaced by `alerts` (absent keys: unticked boxes). */
  const withAlerts = (alerts: Array<[string, string]>) =>
    form([...validCampus.filter(([k]) => !k.startsWith('absenceAlerts.')), ...alerts]);

  async function seedCampus(record: { id: string } & Record<string, unknown>) {
    await store.applyRefresh(getCollectionDefinition('campuses'), [record], '1.0.0');
  }

  /** The form as an editor opened it on `record`, with `changes` and its opening snapshot. */
  function editForm(record: Record<string, unknown>, fields: Array<[string, string]>) {
    const opened = openedForm(
      record,
      pickEditable(editableRecord('campuses', record), SCHOOL_FORM_FIELDS.campuses),
    );
    return form([...fields, [OPENED_FIELD, JSON.stringify(opened)]]);
  }

  it('stores all three settings on a new campus, the defaults as the form opens', async () => {
    const result = await saveSchoolRecord('campuses', form(validCampus));
    expect(result.ok && result.item.absenceAlerts).toEqual({
      enabled: true,
      delayMinutes: 10,
      includeLate: false,
    });
  });

  it('reads an unticked box as off, a ticked one as on, and 0 as at once', async () => {
    const result = await saveSchoolRecord(
      'campuses',
      withAlerts([
        ['absenceAlerts.delayMinutes', ' 0 '],
        ['absenceAlerts.includeLate', 'on'],
      ]),
    );
    expect(result.ok && result.item.absenceAlerts).toEqual({
      enabled: false,
      delayMinutes: 0,
      includeLate: true,
    });
  });

  it.each([
    ['', ALERT_DELAY_MESSAGE],
    ['ten', ALERT_DELAY_MESSAGE],
    ['-5', ALERT_DELAY_MESSAGE],
    ['2.5', ALERT_DELAY_MESSAGE],
    ['241', ALERT_DELAY_TOO_LONG],
  ])('refuses a delay of “%s” beside its field, keeping what was typed', async (delay, message) => {
    const result = await saveSchoolRecord(
      'campuses',
      withAlerts([
        ['absenceAlerts.enabled', 'on'],
        ['absenceAlerts.delayMinutes', delay],
      ]),
    );
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { 'absenceAlerts.delayMinutes': message },
      values: { 'absenceAlerts.delayMinutes': delay, 'absenceAlerts.enabled': 'on' },
    });
    expect(await pendingCount()).toBe(0);
  });

  it('accepts the longest delay, 240 minutes', async () => {
    const result = await saveSchoolRecord(
      'campuses',
      withAlerts([['absenceAlerts.delayMinutes', '240']]),
    );
    expect(result.ok && result.item.absenceAlerts).toMatchObject({ delayMinutes: 240 });
  });

  it('asks for the delay when a form sends none of the alert fields', async () => {
    const result = await saveSchoolRecord('campuses', withAlerts([]));
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { 'absenceAlerts.delayMinutes': ALERT_DELAY_MESSAGE },
    });
  });

  it('names the settings of an older campus at its first save, all three together', async () => {
    const { absenceAlerts: _none, ...older } = storedCampus;
    const campus = { id: 'campus-old', ...older };
    await seedCampus(campus);
    const renamed = await saveSchoolRecord(
      'campuses',
      editForm(campus, [
        ...validCampus.filter(([k]) => k !== 'name'),
        ['name', 'North Campus (old)'],
      ]),
      'campus-old',
    );
    expect(renamed.ok).toBe(true);
    const [change] = await outbox.pendingChanges();
    expect(change?.data).toEqual({
      name: 'North Campus (old)',
      absenceAlerts: { enabled: true, delayMinutes: 10, includeLate: false },
    });
  });

  it('writes the three settings as one object when one changes, and nothing when none does', async () => {
    const campus = { id: 'campus-set', ...storedCampus };
    await seedCampus(campus);
    const unchanged = await saveSchoolRecord(
      'campuses',
      editForm(campus, validCampus),
      'campus-set',
    );
    expect(unchanged.ok).toBe(true);
    expect(await pendingCount()).toBe(0);

    const later = await saveSchoolRecord(
      'campuses',
      editForm(campus, [
        ...validCampus.filter(([k]) => k !== 'absenceAlerts.delayMinutes'),
        ['absenceAlerts.delayMinutes', '30'],
      ]),
      'campus-set',
    );
    expect(later.ok).toBe(true);
    const [change] = await outbox.pendingChanges();
    expect(change?.data).toEqual({
      absenceAlerts: { enabled: true, delayMinutes: 30, includeLate: false },
    });
  });

  it('keeps a colleague’s new setting when this form left the settings alone', async () => {
    const { absenceAlerts: _none, ...older } = storedCampus;
    const campus = { id: 'campus-two', ...older };
    await seedCampus(campus);
    const opened = editForm(campus, [
      ...validCampus.filter(([k]) => k !== 'name'),
      ['name', 'North'],
    ]);
    // A colleague set a 5-minute delay after this form opened on the defaults.
    await seedCampus({
      ...campus,
      absenceAlerts: { enabled: true, delayMinutes: 5, includeLate: false },
    });
    const saved = await saveSchoolRecord('campuses', opened, 'campus-two');
    expect(saved.ok).toBe(true);
    expect(await store.get('campuses', 'campus-two')).toMatchObject({
      name: 'North',
      absenceAlerts: { enabled: true, delayMinutes: 5, includeLate: false },
    });
  });

  it('stops on a colleague’s change to the settings, saying both in words', async () => {
    const campus = { id: 'campus-both', ...storedCampus };
    await seedCampus(campus);
    const opened = editForm(campus, [...validCampus, ['absenceAlerts.includeLate', 'on']]);
    await seedCampus({
      ...campus,
      absenceAlerts: { enabled: false, delayMinutes: 10, includeLate: false },
    });
    const stopped = await saveSchoolRecord('campuses', opened, 'campus-both');
    expect(stopped).toMatchObject({
      ok: false,
      status: 412,
      conflicts: [
        {
          field: 'absenceAlerts',
          message: 'Someone changed Absence alerts to families since you opened this form',
          mine: 'Absence alerts 10 minutes after the roll call, for absent and late marks',
          theirs: 'Absence alerts off',
        },
      ],
    });
  });
});

describe('subject form', () => {
  const validSubject: Array<[string, string]> = [
    ['name', 'Mathematics'],
    ['code', 'math'],
    ['colour', '#2563EB'],
    ['description', ''],
  ];

  it('saves a valid subject with its code in capitals and its colour in lower case', async () => {
    const result = await saveSchoolRecord('subjects', form(validSubject));
    expect(result.ok && result.item).toMatchObject({ code: 'MATH', colour: '#2563eb' });
  });

  it('requires a name and a code and a hex colour', async () => {
    const result = await saveSchoolRecord(
      'subjects',
      form([
        ['name', ''],
        ['code', ''],
        ['colour', 'blue'],
      ]),
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        name: 'Enter the subject name.',
        code: 'Enter the subject code.',
        colour: 'Enter a colour as a hex value, e.g. #2563eb.',
      },
    });
  });

  it('refuses a code with spaces or symbols', async () => {
    const result = await saveSchoolRecord(
      'subjects',
      form([...validSubject.filter(([k]) => k !== 'code'), ['code', 'MA TH!']]),
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { code: 'Use letters, digits and hyphens only.' },
    });
  });

  it('refuses a code another subject already uses, whatever its case, but keeps a subject its own code', async () => {
    const first = await saveSchoolRecord('subjects', form(validSubject));
    if (!first.ok) throw new Error('setup failed');
    const duplicate = await saveSchoolRecord(
      'subjects',
      form([
        ['name', 'Maths again'],
        ['code', 'MATH'],
        ['colour', '#000'],
      ]),
    );
    expect(duplicate).toMatchObject({
      ok: false,
      fieldErrors: { code: 'Another subject already uses this code.' },
    });
    const sameSubject = await saveSchoolRecord('subjects', form(validSubject), first.item.id);
    expect(sameSubject.ok).toBe(true);
  });
});

describe('classroom form', () => {
  async function campusAndSubject() {
    const campus = await saveSchoolRecord('campuses', form(validCampus));
    const subject = await saveSchoolRecord(
      'subjects',
      form([
        ['name', 'Science'],
        ['code', 'SCI'],
        ['colour', '#16a34a'],
      ]),
    );
    if (!campus.ok || !subject.ok) throw new Error('setup failed');
    return { campusId: campus.item.id, subjectId: subject.item.id };
  }

  it('saves a classroom with schedule rows and puts it on its facilitators', async () => {
    const { campusId, subjectId } = await campusAndSubject();
    await store.save('facilitators', {
      id: 'fac-1',
      firstName: 'Ada',
      lastName: 'Byron',
      campusId,
      status: 'active',
      classroomIds: [],
    });
    const result = await saveSchoolRecord(
      'classrooms',
      form([
        ['name', 'Explorers'],
        ['campusId', campusId],
        ['capacity', '24'],
        ['subjectIds', subjectId],
        ['facilitatorIds', 'fac-1'],
        ['schedule.0.weekday', '2'],
        ['schedule.0.start', '09:00'],
        ['schedule.0.end', '09:45'],
        ['schedule.0.subjectId', subjectId],
      ]),
      undefined,
      { linkFacilitators: true },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.item).toMatchObject({
      name: 'Explorers',
      capacity: 24,
      subjectIds: [subjectId],
      facilitatorIds: ['fac-1'],
      schedule: [{ weekday: 2, start: '09:00', end: '09:45', subjectId }],
    });
    expect(await store.get('facilitators', 'fac-1')).toMatchObject({
      classroomIds: [result.item.id],
    });

    // Deleting the classroom takes it off the facilitator as well.
    expect(
      await deleteSchoolRecord('classrooms', result.item.id, { linkFacilitators: true }),
    ).toEqual({ ok: true });
    expect(await store.get('facilitators', 'fac-1')).toMatchObject({ classroomIds: [] });
  });

  it('leaves facilitators untouched for a role that may not write them (administration)', async () => {
    const { campusId } = await campusAndSubject();
    await store.save('facilitators', {
      id: 'fac-2',
      firstName: 'Bo',
      lastName: 'Lee',
      campusId,
      status: 'active',
      classroomIds: [],
    });
    const before = (await outbox.pendingChanges()).filter(
      (c) => c.collectionName === 'facilitators',
    ).length;
    const result = await saveSchoolRecord(
      'classrooms',
      form([
        ['name', 'Office-made room'],
        ['campusId', campusId],
        ['capacity', '10'],
        ['facilitatorIds', 'fac-2'],
      ]),
    );
    expect(result.ok && result.item).toMatchObject({ facilitatorIds: ['fac-2'] });
    expect(await store.get('facilitators', 'fac-2')).toMatchObject({ classroomIds: [] });
    const after = (await outbox.pendingChanges()).filter(
      (c) => c.collectionName === 'facilitators',
    ).length;
    expect(after).toBe(before);
  });

  it('requires a name and an existing campus', async () => {
    const result = await saveSchoolRecord(
      'classrooms',
      form([
        ['name', ''],
        ['campusId', 'no-such-campus'],
        ['capacity', '10'],
      ]),
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { name: 'Enter the classroom name.', campusId: 'Choose the campus.' },
    });
  });

  it.each(['0', '-3', '2.5', 'twenty', ''])(
    'refuses the capacity %j because it is not a positive whole number',
    async (capacity) => {
      const { campusId } = await campusAndSubject();
      const result = await saveSchoolRecord(
        'classrooms',
        form([
          ['name', 'Room'],
          ['campusId', campusId],
          ['capacity', capacity],
        ]),
      );
      expect(result).toMatchObject({
        ok: false,
        fieldErrors: { capacity: 'Enter the capacity as a whole number above 0.' },
      });
    },
  );

  it('reports each invalid schedule row beside its own field and saves nothing', async () => {
    const { campusId, subjectId } = await campusAndSubject();
    const before = await pendingCount();
    const result = await saveSchoolRecord(
      'classrooms',
      form([
        ['name', 'Room'],
        ['campusId', campusId],
        ['capacity', '12'],
        // Row 0: ends before it starts. Row 1: no subject. Row 2: malformed time.
        ['schedule.0.weekday', '1'],
        ['schedule.0.start', '10:00'],
        ['schedule.0.end', '09:30'],
        ['schedule.0.subjectId', subjectId],
        ['schedule.1.weekday', '3'],
        ['schedule.1.start', '11:00'],
        ['schedule.1.end', '11:45'],
        ['schedule.1.subjectId', ''],
        ['schedule.2.weekday', '9'],
        ['schedule.2.start', '25:00'],
        ['schedule.2.end', '12:00'],
        ['schedule.2.subjectId', subjectId],
      ]),
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        'schedule.0.end': 'The end must be after the start.',
        'schedule.1.subjectId': 'Choose the subject.',
        'schedule.2.weekday': 'Choose the day.',
        'schedule.2.start': 'Enter a time as HH:MM.',
      },
    });
    expect(await pendingCount()).toBe(before);
  });

  it('keeps the schedule rows in the order they were typed, whatever their numbers', async () => {
    const { campusId, subjectId } = await campusAndSubject();
    // Row 1 was removed before saving: rows 0 and 2 are the schedule.
    const result = await saveSchoolRecord(
      'classrooms',
      form([
        ['name', 'Room'],
        ['campusId', campusId],
        ['capacity', '12'],
        ['schedule.0.weekday', '1'],
        ['schedule.0.start', '09:00'],
        ['schedule.0.end', '09:45'],
        ['schedule.0.subjectId', subjectId],
        ['schedule.2.weekday', '5'],
        ['schedule.2.start', '13:00'],
        ['schedule.2.end', '13:30'],
        ['schedule.2.subjectId', subjectId],
      ]),
    );
    expect(result.ok && result.item.schedule).toEqual([
      { weekday: 1, start: '09:00', end: '09:45', subjectId },
      { weekday: 5, start: '13:00', end: '13:30', subjectId },
    ]);
  });

  it('keeps a campus or subject that a classroom still uses', async () => {
    const { campusId, subjectId } = await campusAndSubject();
    const classroom = await saveSchoolRecord(
      'classrooms',
      form([
        ['name', 'Room'],
        ['campusId', campusId],
        ['capacity', '12'],
        ['subjectIds', subjectId],
      ]),
    );
    expect(classroom.ok).toBe(true);
    expect(await deleteSchoolRecord('campuses', campusId)).toMatchObject({
      ok: false,
      message: expect.stringContaining('1 classroom uses it'),
    });
    expect(await deleteSchoolRecord('subjects', subjectId)).toMatchObject({ ok: false });
    expect(await store.get('campuses', campusId)).not.toBeNull();
  });
});

describe('the delete form', () => {
  it('deletes the record it names and says which kind it was', async () => {
    const campus = await saveSchoolRecord('campuses', form(validCampus));
    if (!campus.ok) throw new Error('setup failed');
    const result = await deleteFromForm(
      form([
        ['intent', 'delete'],
        ['kind', 'campuses'],
        ['id', campus.item.id],
      ]),
    );
    expect(result).toEqual({ ok: true, kind: 'campuses' });
    expect(await store.get('campuses', campus.item.id)).toBeNull();
  });

  it('refuses a form that names no known kind or record', async () => {
    expect(
      await deleteFromForm(
        form([
          ['intent', 'delete'],
          ['kind', 'students'],
          ['id', 'x'],
        ]),
      ),
    ).toEqual({ ok: false, message: 'Unknown action' });
  });
});
