import { describe, expect, it } from 'vitest';
import {
  CHOOSE_ONE,
  conflictFailure,
  isEditConflict,
  openedForm,
  OPENED_FIELD,
  planEdit,
  readOpened,
  readResolutions,
  sameValue,
  SEEN_FIELD,
} from './edit-conflicts';

const opened = { lastName: 'Schmidt', notes: 'Likes chess', classroomIds: ['a', 'b'] };

describe('planEdit', () => {
  it('writes only the fields the person changed, not the ones someone else changed', () => {
    const plan = planEdit({
      opened,
      submitted: { ...opened, notes: 'Likes chess and go' },
      current: { ...opened, lastName: 'Schmidt-Admin' },
    });
    expect(plan).toEqual({ write: ['notes'], conflicts: [], unchosen: [] });
  });

  it('stops on a field both changed, differently', () => {
    const plan = planEdit({
      opened,
      submitted: { ...opened, notes: 'Mine' },
      current: { ...opened, notes: 'Theirs' },
    });
    expect(plan).toEqual({ write: [], conflicts: ['notes'], unchosen: [] });
  });

  it('needs no write when both made the same change', () => {
    const plan = planEdit({
      opened,
      submitted: { ...opened, notes: 'Same' },
      current: { ...opened, notes: 'Same' },
    });
    expect(plan).toEqual({ write: [], conflicts: [], unchosen: [] });
  });

  it('applies a choice only to the value the person was shown', () => {
    const base = { opened, submitted: { ...opened, notes: 'Mine' } };
    const current = { ...opened, notes: 'Theirs' };
    expect(
      planEdit({ ...base, current, seen: { notes: 'Theirs' }, choices: { notes: 'mine' } }).write,
    ).toEqual(['notes']);
    expect(
      planEdit({ ...base, current, seen: { notes: 'Theirs' }, choices: { notes: 'theirs' } }),
    ).toEqual({ write: [], conflicts: [], unchosen: [] });
    // Changed again after the panel showed it: asked again, the old choice does not apply.
    expect(
      planEdit({
        ...base,
        current: { ...opened, notes: 'Theirs, again' },
        seen: { notes: 'Theirs' },
        choices: { notes: 'mine' },
      }),
    ).toEqual({ write: [], conflicts: ['notes'], unchosen: [] });
    // Shown, saved without a choice: still a conflict, marked so the panel says "choose".
    expect(planEdit({ ...base, current, seen: { notes: 'Theirs' } })).toEqual({
      write: [],
      conflicts: ['notes'],
      unchosen: ['notes'],
    });
  });

  it('compares lists and maps by value', () => {
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue({ x: 1, y: [2] }, { y: [2], x: 1 })).toBe(true);
    expect(sameValue(['a'], ['a', 'b'])).toBe(false);
    expect(sameValue(undefined, '')).toBe(false);
    const plan = planEdit({
      opened,
      submitted: { ...opened, classroomIds: ['a'] },
      current: { ...opened, classroomIds: ['a', 'b'] },
    });
    expect(plan.write).toEqual(['classroomIds']);
  });
});

describe('the form’s hidden fields', () => {
  it('reads back what the form opened with, and refuses a damaged snapshot', () => {
    const snapshot = openedForm({ updatedAt: '2026-11-27T18:11:00.000Z' }, opened);
    expect(readOpened({ [OPENED_FIELD]: JSON.stringify(snapshot) })).toEqual(snapshot);
    expect(readOpened({ [OPENED_FIELD]: '{"values": 3}' })).toBeNull();
    expect(readOpened({ [OPENED_FIELD]: 'not json' })).toBeNull();
    expect(readOpened({})).toBeNull();
  });

  it('reads the choices and the values shown, ignoring anything else', () => {
    expect(
      readResolutions({
        [SEEN_FIELD]: JSON.stringify({ notes: 'Theirs' }),
        '_keep.notes': 'mine',
        '_keep.lastName': 'theirs',
        '_keep.status': 'both',
      }),
    ).toEqual({ seen: { notes: 'Theirs' }, choices: { notes: 'mine', lastName: 'theirs' } });
  });
});

describe('conflictFailure', () => {
  it('names who changed which field, with both values as text', () => {
    const submitted = { ...opened, notes: 'Mine', classroomIds: [] };
    const current = { ...opened, notes: 'Theirs', classroomIds: ['b'] };
    const plan = planEdit({ opened, submitted, current, seen: { classroomIds: ['b'] } });
    const failure = conflictFailure({ notes: 'Mine' }, plan, submitted, current, {
      labels: { notes: 'Notes', classroomIds: 'Classrooms' },
      by: 'Daniel Mensah',
      describe: (field, value) =>
        field === 'classroomIds' && Array.isArray(value) ? `${value.length} rooms` : undefined,
    });
    expect(isEditConflict(failure)).toBe(true);
    expect(failure.conflicts).toEqual([
      {
        field: 'notes',
        message: 'Daniel Mensah changed Notes since you opened this form',
        mine: 'Mine',
        theirs: 'Theirs',
        theirsValue: 'Theirs',
      },
      {
        field: 'classroomIds',
        message: 'Daniel Mensah changed Classrooms since you opened this form',
        mine: '0 rooms',
        theirs: '1 rooms',
        theirsValue: ['b'],
        error: CHOOSE_ONE,
      },
    ]);
    expect(isEditConflict({ ok: false, status: 400, fieldErrors: {} })).toBe(false);
  });

  it('says "Someone" when the writer is not known', () => {
    const submitted = { notes: 'Mine' };
    const plan = planEdit({ opened: { notes: '' }, submitted, current: { notes: 'Theirs' } });
    const failure = conflictFailure(
      {},
      plan,
      submitted,
      { notes: 'Theirs' },
      {
        labels: { notes: 'Notes' },
        by: '',
      },
    );
    expect(failure.conflicts[0]?.message).toBe('Someone changed Notes since you opened this form');
  });
});
