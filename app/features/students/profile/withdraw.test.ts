import { describe, expect, it, vi } from 'vitest';
import { splitNotes } from '../forms/status-history';
import { withdrawStudent } from './withdraw';
import type { StudentRecord } from '../forms/student-form';

const student: StudentRecord = {
  id: 'stu-1',
  firstName: 'Leo',
  lastName: 'Whitfield',
  dateOfBirth: '2014-05-06',
  familyId: 'fam-1',
  campusId: 'campus-north',
  classroomIds: ['room-a'],
  status: 'enrolled',
  notes: 'Likes chess',
};

describe('withdrawing a student', () => {
  it('needs a real leaving date and a short note, and saves nothing otherwise', async () => {
    const save = vi.fn();
    expect(await withdrawStudent({ date: '', note: '' }, { student, save })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { date: 'Enter the date the student leaves.' },
    });
    expect(
      await withdrawStudent({ date: '2026-13-01', note: 'x'.repeat(501) }, { student, save }),
    ).toMatchObject({
      status: 400,
      fieldErrors: {
        date: 'Use a real date (YYYY-MM-DD).',
        note: 'Use at most 500 characters; this is 501.',
      },
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('sets the status to withdrawn, leaves the classrooms and records the date and note in the history', async () => {
    const save = vi.fn(async () => ({ id: 'stu-1' }));
    const result = await withdrawStudent(
      { date: '2026-11-20', note: 'Moved to another city' },
      { student, save },
    );
    expect(result).toEqual({ ok: true, id: 'stu-1' });
    const item: unknown = save.mock.calls[0]?.at(0);
    expect(item).toMatchObject({ id: 'stu-1', status: 'withdrawn', classroomIds: [] });
    const notes = item && typeof item === 'object' && 'notes' in item ? String(item.notes) : '';
    expect(splitNotes(notes)).toEqual({
      text: 'Likes chess',
      history: [{ date: '2026-11-20', status: 'withdrawn', note: 'Moved to another city' }],
    });
  });

  it('refuses to withdraw a student twice', async () => {
    const save = vi.fn();
    const result = await withdrawStudent(
      { date: '2026-11-20' },
      { student: { ...student, status: 'withdrawn' }, save },
    );
    expect(result).toMatchObject({ fieldErrors: { _form: 'This student is withdrawn already.' } });
    expect(save).not.toHaveBeenCalled();
  });
});
